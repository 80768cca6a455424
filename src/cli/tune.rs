//! `chuhan tune`: the evaluation weights fitted to game results (Texel's method).

use std::path::PathBuf;

use chuhan::tune::{TuneError, TuneOptions, data::Extraction};

use super::CliError;

#[derive(clap::Args)]
pub struct Args {
    /// Game records (.pgn; quiet positions are taken from each game) or position lists
    /// (other names; one `<FEN> ; <result>` per line, the result 1-0, 0-1, 1/2-1/2 or 0 to 1).
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Where to write the tuned weights (the source of src/tapered/tuned.rs).
    #[arg(long, default_value = "target/tune/tuned.rs")]
    out: PathBuf,
    /// Passes of gradient descent over the positions.
    #[arg(long, default_value_t = 400)]
    epochs: u32,
    /// Adam's step size, about the most a weight moves per pass, in evaluation units.
    #[arg(long, default_value_t = 0.5)]
    rate: f64,
    /// Penalty on each weight's squared change, against the summed squared error of the
    /// positions: keeps weights a small data set says little about near their old values.
    #[arg(long, default_value_t = 0.01)]
    l2: f64,
    /// Plies skipped at the start of each game.
    #[arg(long, default_value_t = 10)]
    skip_plies: usize,
    /// Every Nth game (or position line) validates instead of fitting; 0: none.
    #[arg(long, default_value_t = 10)]
    holdout: usize,
    /// Also write the positions used, as a position list.
    #[arg(long)]
    save_positions: Option<PathBuf>,
    /// Fit only these tables (their names in src/tapered/tuned.rs, comma-separated, such as
    /// ROOK_PIN,CANNON_PIN) and hold every other weight: how a new term is first weighed.
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Aim each position's prediction this much (0 to 1) at the score of the search that
    /// chose the next move, as `chuhan match` records it in the move's comment, and the
    /// rest at the game's result; positions without a score aim at the result alone.
    #[arg(long, default_value_t = 0.0)]
    lambda: f64,
}

impl Args {
    pub fn run(self) -> Result<(), CliError> {
        let opts = TuneOptions {
            inputs: self.inputs,
            out: self.out,
            save_positions: self.save_positions,
            epochs: self.epochs,
            rate: self.rate,
            l2: self.l2,
            only: self.only,
            lambda: self.lambda,
            extraction: Extraction { skip_plies: self.skip_plies, holdout: self.holdout },
        };
        chuhan::tune::run(&opts, &mut |line| out!("{line}")).map_err(|e| match e {
            TuneError::Input(line) => CliError::Usage(line),
            TuneError::Output(line) => CliError::Failed(line),
        })
    }
}

//! `chuhan wdl fit`: the win/draw/loss model refitted on the outcomes of finished games.

use std::path::PathBuf;

use chuhan::wdl::fit::{FitOptions, Sampling};

use super::CliError;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Evaluate positions of finished games, fit the model to their outcomes and print it (with
    /// held-out losses against two baselines and a table) as the source of `wdl::MODEL`.
    Fit(FitArgs),
}

#[derive(clap::Args)]
pub struct FitArgs {
    /// PGN files, or folders of them.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Search depth of each evaluation.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(i32).range(1..=20))]
    depth: i32,
    /// Plies skipped at the start of each game.
    #[arg(long, default_value_t = 10)]
    skip_plies: usize,
    /// Evaluate every Nth ply.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    every: u64,
    /// Every Nth game is held out to score the fit.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(2..))]
    holdout: u64,
    /// Read about this many games, spread over the inputs (0: all).
    #[arg(long, default_value_t = 0)]
    max_games: usize,
    /// Threads evaluating games.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    jobs: u64,
    /// Steps of gradient descent.
    #[arg(long, default_value_t = 1500)]
    steps: usize,
}

impl Command {
    pub fn run(self) -> Result<(), CliError> {
        let Command::Fit(args) = self;
        let opts = FitOptions {
            inputs: args.inputs,
            sampling: Sampling { depth: args.depth, skip_plies: args.skip_plies, every: args.every as usize },
            holdout: args.holdout as usize,
            jobs: args.jobs as usize,
            max_games: args.max_games,
            steps: args.steps,
        };
        chuhan::wdl::fit::run(&opts, &mut |line| out!("{line}")).map_err(CliError::usage)
    }
}

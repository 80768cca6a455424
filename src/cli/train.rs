//! `chuhan train`: the network fitted to `chuhan datagen`'s records, written as a CHNN file.

use std::path::PathBuf;

use chuhan::nnue::InputBuckets;
use chuhan::train::TrainOptions;

use super::CliError;

#[derive(clap::Args)]
pub struct Args {
    /// Record files written by `chuhan datagen` (docs/datagen.md), a sharded run's files all
    /// given (`run.shard-*-of-64.bin`): a file given twice is refused, a shard left out is said.
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Where the network goes (docs/nnue.md).
    #[arg(long)]
    out: PathBuf,
    /// Units of the hidden layer (per perspective): a multiple of 32 from 32 to 1024.
    #[arg(long, default_value_t = 256)]
    hidden: usize,
    #[arg(long, default_value_t = 30)]
    epochs: u32,
    /// Positions per step of Adam.
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// Adam's step at the start; it falls along a cosine to rate x final-rate.
    #[arg(long, default_value_t = 0.001)]
    rate: f32,
    #[arg(long, default_value_t = 0.05)]
    final_rate: f32,
    /// The game result's share of each target, against the searched score's (0 to 1).
    #[arg(long, default_value_t = 0.3)]
    wdl: f32,
    /// Every Nth game (by its number) validates instead of training; 0: none.
    #[arg(long, default_value_t = 20)]
    holdout: u32,
    /// Evaluation units per unit of output (the file's SCALE).
    #[arg(long, default_value_t = 400)]
    scale: i32,
    /// Seeds the initial weights and the batches' order.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Also draw the loss curve as SVG here.
    #[arg(long)]
    curve: Option<PathBuf>,
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Train on each position's left-right mirror image too (the same position by the rules).
    #[arg(long)]
    mirror: bool,
    /// Output layers, chosen by the pieces on the board (1 to 16, `docs/nnue.md` §3).
    #[arg(long, default_value_t = 1)]
    buckets: usize,
    /// Blocks of first-layer weights, chosen by each side's king and defenders
    /// (`docs/nnue.md` §2.1): single (one block, as every net before) or king-defenders (24).
    #[arg(long, default_value_t = InputBuckets::Single)]
    input_buckets: InputBuckets,
}

impl Args {
    pub fn run(self) -> Result<(), CliError> {
        // Each position once, and none left out without a word (`docs/cluster.md` §3).
        let (twice, missing) = chuhan::cluster::audit(&self.data);
        if let Some(first) = twice.first() {
            return Err(CliError::Usage(format!("{first}: its positions would count twice")));
        }
        for line in missing {
            eprintln!("warning: {line}; training without them");
        }
        let opts = TrainOptions {
            data: self.data,
            out: self.out,
            hidden: self.hidden,
            epochs: self.epochs,
            batch: self.batch,
            rate: self.rate,
            final_rate: self.final_rate,
            wdl: self.wdl,
            holdout: self.holdout,
            scale: self.scale,
            seed: self.seed,
            curve: self.curve,
            threads: self.threads,
            mirror: self.mirror,
            buckets: self.buckets,
            inputs: self.input_buckets,
        };
        chuhan::train::run(&opts, &mut |line| out!("{line}")).map_err(CliError::Failed)
    }
}

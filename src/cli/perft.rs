//! `chuhan perft`: the leaves of the legal move tree, with the rate.

use std::time::Instant;

use chuhan::engine::{Engine, perft_report};

use super::CliError;
use super::args::Fen;

#[derive(clap::Args)]
pub struct Args {
    /// Depth in plies.
    depth: u32,
    #[command(flatten)]
    fen: Fen,
    /// Print one `move: count` line per root move.
    #[arg(long)]
    divide: bool,
    /// Threads splitting the root moves.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    threads: u64,
}

impl Args {
    pub fn run(self) -> Result<(), CliError> {
        let pos = self.fen.position()?;
        let mut engine = Engine::new().map_err(CliError::failed)?;
        let threads = self.threads as usize;
        engine.set_threads(threads).map_err(|e| CliError::failed(format!("cannot start {threads} threads: {e}")))?;
        engine.set_position(pos);
        let start = Instant::now();
        let counts = engine.perft_now(self.depth);
        let (lines, total) = perft_report(&counts, self.depth);
        let elapsed = start.elapsed();
        if self.divide {
            for l in lines {
                out!("{l}");
            }
            out!("");
        }
        let ms = elapsed.as_millis();
        let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
        out!("Time (ms): {ms}  Nodes/second: {nps}");
        out!("Nodes searched: {total}");
        Ok(())
    }
}

//! `chuhan bench`: the bench positions searched to a fixed depth; the node count is the
//! signature `.ci/run` checks.

use chuhan::engine::Engine;

use super::CliError;

#[derive(clap::Args)]
pub struct Args {
    /// Depth in plies.
    #[arg(default_value_t = chuhan::bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(i32).range(1..=64))]
    depth: i32,
}

impl Args {
    pub fn run(self) -> Result<(), CliError> {
        let mut engine = Engine::new().map_err(CliError::failed)?;
        let (tx, rx) = std::sync::mpsc::channel();
        engine.bench(
            self.depth,
            |line| eprintln!("{line}"),
            move |r| {
                let _ = tx.send(r);
            },
        );
        let result =
            rx.recv().map_err(|_| CliError::failed("the bench ended without a result"))?.map_err(CliError::failed)?;
        for line in result.summary() {
            out!("{line}");
        }
        Ok(())
    }
}

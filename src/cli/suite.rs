//! `chuhan suite FILE`: an EPD suite of mate-in-N or perft lines.

use std::path::PathBuf;
use std::time::Duration;

use chuhan::suite::SuiteLimits;

use super::CliError;

#[derive(clap::Args)]
pub struct Args {
    /// The suite file, e.g. positions/mate.epd.
    file: PathBuf,
    /// Search depth for mate lines (default 2N+7 plies for a mate in N; no limit with
    /// --movetime), or deepest perft depth.
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=100))]
    depth: Option<i32>,
    /// Time per mate line in milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// Only mate lines announcing at most this many moves.
    #[arg(long)]
    max_mate: Option<u32>,
    /// Lines run in parallel.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: u64,
    /// Succeed when at least this percentage of lines pass (default: every line).
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=100))]
    min_pass: Option<u64>,
}

impl Args {
    /// Succeeds when every line passed, or with `--min-pass`, when at least that percentage did
    /// (`make suite` holds the engine to a target rate, not to every problem).
    pub fn run(self) -> Result<(), CliError> {
        let text = std::fs::read_to_string(&self.file)
            .map_err(|e| CliError::usage(format!("cannot read {}: {e}", self.file.display())))?;
        let limits = SuiteLimits {
            depth: self.depth,
            movetime: self.movetime.map(Duration::from_millis),
            max_mate: self.max_mate,
            jobs: self.jobs as usize,
        };
        let (passed, failed) = chuhan::suite::run(&text, &limits, &mut |r| {
            out!("line {}: {} {}", r.line, if r.passed { "ok" } else { "FAILED" }, r.text);
        });
        out!("{passed} passed, {failed} failed");
        let ok = match self.min_pass {
            None => failed == 0,
            Some(pct) => {
                let total = (passed + failed) as u64;
                let rate = if total == 0 { 100.0 } else { 100.0 * passed as f64 / total as f64 };
                out!("pass rate {rate:.1}%, at least {pct}% required");
                passed as u64 * 100 >= pct * total
            }
        };
        if ok { Ok(()) } else { Err(CliError::Unmet) }
    }
}

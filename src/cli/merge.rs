//! `chuhan match merge`: the ledgers of a match's shards pooled into its report
//! (`docs/cluster.md` §2).

use std::path::PathBuf;

use chuhan::arena::ledger;
use chuhan::arena::report;

use super::CliError;

#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The ledgers of the shards (`--out` of `chuhan match --shard`), in any order.
    #[arg(required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
    /// Fail (exit status 1) unless every shard is given and has finished its games.
    #[arg(long)]
    complete: bool,
}

impl MatchArgs {
    /// The report of the games pooled, then `Shards: ...` and the games' digest on stdout;
    /// a file not used is one line on stderr and exit status 1.
    pub fn run(self) -> Result<(), CliError> {
        let files: Vec<(String, Result<String, String>)> = self
            .files
            .iter()
            .map(|p| (p.display().to_string(), std::fs::read_to_string(p).map_err(|e| e.to_string())))
            .collect();
        let Some(merged) = ledger::merge(&files) else {
            let first = files.iter().find_map(|(n, t)| t.as_ref().err().map(|e| format!("{n}: {e}")));
            return Err(CliError::Failed(format!("no ledger read ({})", first.unwrap_or_default())));
        };
        for line in report(&merged.header, &merged.pool(), None, merged.header.games) {
            out!("{line}");
        }
        out!("{}", merged.shards_line());
        out!("Games digest: {:016x}", ledger::digest(merged.games.values()));
        for problem in &merged.problems {
            eprintln!("error: {problem}: not counted");
        }
        let short = self.complete && (!merged.missing().is_empty() || merged.games.len() < merged.header.games);
        if !merged.problems.is_empty() || short {
            return Err(CliError::Unmet);
        }
        Ok(())
    }
}

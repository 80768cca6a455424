//! `chuhan pgn`: game files read, every move checked, and the games written as clean PGN.

use std::io::Write;
use std::path::PathBuf;

use chuhan::notation::Notation;
use chuhan::pgn::{ConvertError, convert};

use super::CliError;
use super::args::NotationArg;

#[derive(clap::Args)]
pub struct Args {
    /// Files, or directories whose .pgn files are read at every depth.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The notation of the moves written.
    #[arg(long, value_enum, default_value_t = NotationArg(Notation::Iccs))]
    notation: NotationArg,
    /// Write the games here instead of to standard output.
    #[arg(long)]
    out: Option<PathBuf>,
}

impl Args {
    /// The games go to `--out` or stdout; skipped games and the summary to stderr.
    pub fn run(self) -> Result<(), CliError> {
        let mut sink: Box<dyn Write> = match &self.out {
            None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
            Some(path) => Box::new(std::io::BufWriter::new(
                std::fs::File::create(path)
                    .map_err(|e| CliError::failed(format!("cannot write {}: {e}", path.display())))?,
            )),
        };
        let stderr = &mut std::io::stderr().lock();
        let summary = convert(&self.paths, self.notation.0, &mut sink, &mut |e| {
            let _ = writeln!(stderr, "skipped {e}");
        });
        match summary {
            Ok(summary) => {
                let kinds: Vec<String> = summary.skipped.iter().map(|(kind, n)| format!("{n} {kind}")).collect();
                if !kinds.is_empty() {
                    let _ = writeln!(stderr, "skipped by reason: {}", kinds.join(", "));
                }
                let _ = writeln!(stderr, "{} games read, {} skipped", summary.read, summary.skipped_total());
                Ok(())
            }
            Err(ConvertError::Input(e)) => Err(CliError::usage(e)),
            // Standard output closed early (`chuhan pgn DIR | head`) ends the command quietly.
            Err(ConvertError::Output(e)) if self.out.is_none() && e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            Err(ConvertError::Output(e)) => Err(CliError::failed(format!("cannot write the games: {e}"))),
        }
    }
}

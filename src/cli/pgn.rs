//! `chuhan pgn`: game files read (PGN, XQF, DhtmlXQ), every move checked, and the games
//! written as clean PGN or as DhtmlXQ blocks.

use std::io::Write;
use std::path::PathBuf;

use chuhan::notation::Notation;
use chuhan::pgn::{ConvertError, Output, Report, convert};

use super::CliError;
use super::args::NotationArg;

#[derive(clap::Args)]
pub struct Args {
    /// Files (PGN, XQF or DhtmlXQ, told by their content), or directories whose .pgn, .xqf
    /// and .ubb files are read at every depth.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The format written: PGN, or DhtmlXQ blocks for posting on a forum.
    #[arg(long, value_enum, default_value_t = FormatArg::Pgn)]
    format: FormatArg,
    /// The notation of the moves written (PGN only).
    #[arg(long, value_enum, default_value_t = NotationArg(Notation::Iccs))]
    notation: NotationArg,
    /// Write the games here instead of to standard output.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// The format `chuhan pgn` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    Pgn,
    Dhtmlxq,
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
        let output = match self.format {
            FormatArg::Pgn => Output::Pgn(self.notation.0),
            FormatArg::Dhtmlxq => Output::DhtmlXq,
        };
        let summary = convert(&self.paths, output, &mut sink, &mut |report| {
            let _ = match report {
                Report::Skipped(e) => writeln!(stderr, "skipped {e}"),
                Report::Warning(e) => writeln!(stderr, "warning {e}; the rest of the game kept"),
            };
        });
        match summary {
            Ok(summary) => {
                let by_kind = |counts: &std::collections::BTreeMap<&str, usize>| {
                    counts.iter().map(|(kind, n)| format!("{n} {kind}")).collect::<Vec<_>>().join(", ")
                };
                if !summary.skipped.is_empty() {
                    let _ = writeln!(stderr, "skipped by reason: {}", by_kind(&summary.skipped));
                }
                if !summary.warnings.is_empty() {
                    let _ = writeln!(stderr, "warnings by reason: {}", by_kind(&summary.warnings));
                }
                let _ = writeln!(
                    stderr,
                    "{} games read, {} skipped; {} variations and {} comments kept; {} warnings",
                    summary.read,
                    summary.skipped_total(),
                    summary.variations,
                    summary.comments,
                    summary.warnings_total()
                );
                Ok(())
            }
            Err(ConvertError::Input(e)) => Err(CliError::usage(e)),
            // Standard output closed early (`chuhan pgn DIR | head`) ends the command quietly.
            Err(ConvertError::Output(e)) if self.out.is_none() && e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            Err(ConvertError::Output(e)) => Err(CliError::failed(format!("cannot write the games: {e}"))),
        }
    }
}

//! The `chuhan` binary: its command line (`cli/`, one file per subcommand) over the library.

mod cli;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser};

/// Chuhan (楚汉), a xiangqi engine. With no subcommand it speaks UCCI (or UCI) on stdin/stdout.
#[derive(Parser)]
#[command(version, about)]
struct Chuhan {
    #[command(subcommand)]
    command: Option<cli::Command>,
}

fn main() -> ExitCode {
    // The matches are kept beside the parsed arguments: `match` reads the order of its options.
    let parsed = Chuhan::command().try_get_matches().and_then(|m| Ok((Chuhan::from_arg_matches(&m)?, m)));
    let (chuhan, matches) = match parsed {
        Ok(parsed) => parsed,
        Err(e) => {
            // Help and version go to stdout with status 0; bad arguments exit 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let result = match chuhan.command {
        Some(command) => command.run(&matches),
        None => cli::protocol(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.report(),
    }
}

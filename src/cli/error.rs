//! The one error of the command line: one line on stderr and the exit status.

use std::fmt::Display;
use std::process::ExitCode;

/// Why a subcommand did not succeed.
#[derive(Debug)]
pub enum CliError {
    /// Bad arguments or input the user must fix: exit status 2, as for clap's own errors.
    Usage(String),
    /// The work could not be done (a file cannot be written, an engine failed): status 1.
    Failed(String),
    /// The command ran and its output already says what fell short (a suite below its pass
    /// rate): status 1 and no further line.
    Unmet,
}

impl CliError {
    pub fn usage(e: impl Display) -> CliError {
        CliError::Usage(e.to_string())
    }

    pub fn failed(e: impl Display) -> CliError {
        CliError::Failed(e.to_string())
    }

    /// Prints the line (`error: ...`) and gives the exit status.
    pub fn report(self) -> ExitCode {
        match self {
            CliError::Usage(line) => {
                eprintln!("error: {line}");
                ExitCode::from(2)
            }
            CliError::Failed(line) => {
                eprintln!("error: {line}");
                ExitCode::from(1)
            }
            CliError::Unmet => ExitCode::from(1),
        }
    }
}

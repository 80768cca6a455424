//! Helpers to run the built binary.

use std::process::{Command, Output};

pub fn chuhan() -> Command {
    Command::new(env!("CARGO_BIN_EXE_chuhan"))
}

/// Runs the binary with arguments and returns its output.
pub fn run(args: &[&str]) -> Output {
    chuhan().args(args).output().unwrap_or_else(|e| panic!("cannot run chuhan: {e}"))
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The binary under an address-space limit of `kb` kilobytes (`ulimit -v`), so that a large
/// allocation fails deterministically instead of depending on the machine's memory.
#[cfg(unix)]
pub fn chuhan_with_memory_limit(kb: u64) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c").arg("ulimit -v \"$1\" && exec \"$0\"").arg(env!("CARGO_BIN_EXE_chuhan")).arg(kb.to_string());
    c
}

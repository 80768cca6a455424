//! `chuhan play` driven through a pipe, as a script or another program would.

use std::io::Write;
use std::process::Stdio;

use crate::common::{chuhan, run, stderr, stdout};

/// Runs `chuhan play` with `args`, feeding `input` on standard input.
fn play(args: &[&str], input: &str) -> std::process::Output {
    let mut child = chuhan()
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run chuhan: {e}"));
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(input.as_bytes()).unwrap_or_else(|e| panic!("cannot write to chuhan: {e}"));
    }
    child.wait_with_output().unwrap_or_else(|e| panic!("chuhan did not finish: {e}"))
}

#[test]
fn piped_game_in_three_notations() {
    let o = play(&["--depth", "2"], "h2e2\nundo\n炮二平五\nundo\nC2.5\nfen\nquit\n");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(out.matches("Red plays 炮二平五 (h2e2)").count(), 3, "{out}");
    assert_eq!(out.matches("Chuhan (Black) plays ").count(), 3, "{out}");
    // Input is echoed after the prompt; no colour codes go down a pipe.
    assert!(out.contains("Red> C2.5\n"), "{out}");
    assert!(!out.contains('\x1b'), "{out}");
}

#[test]
fn black_side_and_end_of_input() {
    let o = play(&["--black", "--depth", "1", "--notation", "wxf"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Chuhan (Red) plays "), "{}", stdout(&o));
}

#[test]
fn bad_arguments_exit_with_status_2() {
    for args in [&["play", "--fen", "nonsense"][..], &["play", "--red", "--black"], &["play", "--depth", "0"]] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).is_empty());
    }
}

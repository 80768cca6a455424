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

/// A whole scripted game through a pipe: moves in ICCS, Chinese and WXF, an illegal move and
/// an unknown word (each answered, the game untouched), undo, then save, a new game and load:
/// the loaded game stands at the same position as the saved one.
#[test]
fn scripted_game_with_undo_save_and_load() {
    let dir = std::env::temp_dir().join(format!("chuhan-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("game.pgn");
    let file = file.to_str().expect("utf-8 path");
    let script = format!("h2e2\n马二进三\nR1+1\ne3e5\ndance\nundo\nfen\nsave {file}\nnew\nload {file}\nfen\nquit\n");
    let o = play(&["--depth", "1", "--notation", "iccs"], &script);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    for line in ["Red plays h2e2", "Red plays h0g2", "Red plays i0i1", "Took back 2 plies."] {
        assert!(out.lines().any(|l| l == line), "missing '{line}':\n{out}");
    }
    assert!(out.contains("'e3e5' is illegal (a soldier on e3 cannot move to e5)"), "{out}");
    assert!(out.contains("'dance' is not a move"), "{out}");
    assert_eq!(out.matches("Chuhan (Black) plays ").count(), 3, "{out}");
    assert!(out.contains(&format!("Loaded 4 moves from {file}.")), "{out}");
    // The two `fen` answers: after undo, and after loading the saved game.
    let fens: Vec<&str> = out.lines().filter(|l| l.split_whitespace().nth(1) == Some("w")).collect();
    assert_eq!(fens.len(), 2, "{out}");
    assert_eq!(fens[0], fens[1]);
    assert!(fens[0].ends_with(" w - - 4 3"), "{}", fens[0]);
    let pgn = std::fs::read_to_string(file).expect("saved PGN");
    assert!(pgn.contains("[Format \"ICCS\"]") && pgn.contains("1. h2e2 "), "{pgn}");
    let _ = std::fs::remove_dir_all(&dir);
}

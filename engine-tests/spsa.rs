//! `chuhan spsa` and the search parameters it sends (`docs/tuning.md` §12): a parameter set by
//! `setoption` reaches the search, a bad value is refused in one line, and a short run writes a
//! state that a second run continues.

use crate::common::{run, stderr, stdout};
use crate::session::Session;

/// The nodes of the last `info` line of `go depth 7` from the start position.
fn nodes(s: &mut Session) -> u64 {
    s.send("position startpos");
    s.send("go depth 7");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    let last = lines.iter().rev().find(|l| l.contains(" nodes ")).expect("an info line with nodes");
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "nodes").expect("nodes");
    words[at + 1].parse().expect("a count")
}

#[test]
fn a_search_parameter_reaches_the_search_and_a_bad_value_is_refused() {
    let mut s = Session::hello("uci");
    let default = nodes(&mut s);
    s.send("setoption name RFP_MARGIN value 500");
    s.expect("info string setoption: RFP_MARGIN: 500 is out of range (20 to 160)");
    s.send("setoption name lmp_base");
    s.expect("info string setoption: LMP_BASE: missing value (a number)");
    s.send("ucinewgame");
    assert_eq!(nodes(&mut s), default, "refused values change nothing");
    s.send("setoption name FUTILITY_MARGIN value 200");
    s.send("setoption name RFP_MARGIN value 20");
    s.send("ucinewgame");
    assert_ne!(nodes(&mut s), default);
    s.send("setoption name FUTILITY_MARGIN value 70");
    s.send("setoption name RFP_MARGIN value 60");
    s.send("ucinewgame");
    assert_eq!(nodes(&mut s), default, "the defaults are the engine's own values");
    s.send("quit");
}

#[test]
fn a_short_run_writes_its_state_and_a_second_run_continues_it() {
    let dir = std::env::temp_dir().join(format!("chuhan-spsa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let state = dir.join("state.txt").to_string_lossy().into_owned();
    let _ = std::fs::remove_file(&state);
    let args = ["spsa", "--state", &state, "--steps", "3", "--nodes", "200", "--params", "RFP_MARGIN", "SE_MARGIN"];
    let o = run(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("3 of 3 pairs"), "{}", stdout(&o));
    let text = std::fs::read_to_string(&state).expect("state written");
    assert!(text.contains("\nsteps 3\ndone 3\nRFP_MARGIN "), "{text}");
    // A longer run continues from the third pair (the file's steps win over --steps).
    std::fs::write(&state, text.replace("steps 3", "steps 4")).expect("write");
    let o = run(&args);
    assert!(stdout(&o).starts_with("4 of 4 pairs"), "{}", stdout(&o));
    std::fs::write(&state, "steps 3\nRFP_MARGIN x 20 160 7 0.002\n").expect("write");
    let o = run(&args);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 2: 'RFP_MARGIN x 20 160 7 0.002'"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

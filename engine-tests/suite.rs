//! `chuhan suite` over the mate file: every mate in at most 3 moves is found, and a timed
//! search reports the shortest mate it can find, not the first.

use crate::common::{run, stdout};

#[test]
fn mates_up_to_three_are_all_solved() {
    let o = run(&["suite", "positions/mate.epd", "--max-mate", "3", "--jobs", "2"]);
    let out = stdout(&o);
    let failed: Vec<&str> = out.lines().filter(|l| l.contains("FAILED")).collect();
    assert!(failed.is_empty(), "{failed:#?}");
    assert_eq!(out.lines().last(), Some("67 passed, 0 failed"));
    assert!(o.status.success());
}

#[test]
fn timed_search_finds_the_shorter_mate() {
    // Mate suite line 157: a mate in 5 that the search first sees as a mate in 6 (depth 9) and
    // as the mate in 5 only at depth 13. A timed search must not stop at the first mate. The
    // time is far more than depth 13 needs on any machine (well under a second when idle): the
    // search ends by itself once it proves the mate in 5, so the load cannot change the answer.
    let dir = std::env::temp_dir().join(format!("chuhan-suite-mate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("mate5.epd");
    std::fs::write(&file, "5k3/4a4/3a5/9/9/9/9/3K5/4C4/5C3 w - - 0 1 ; mate 5\n").expect("write suite");
    let o = run(&["suite", file.to_str().unwrap_or_default(), "--movetime", "60000"]);
    let out = stdout(&o);
    assert_eq!(out.lines().last(), Some("1 passed, 0 failed"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn suite_reports_failures_and_bad_files() {
    let dir = std::env::temp_dir().join(format!("chuhan-suite-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("bad.epd");
    // A correct perft line, a wrong count, and a line that is neither kind.
    std::fs::write(
        &file,
        "4k4/9/9/9/9/9/9/4n4/3A5/3K5 w - - 0 1 ;D1 2 ;D2 5 ;D3 14\n\
         4k4/9/9/9/9/9/9/4n4/3A5/3K5 w - - 0 1 ;D1 2 ;D2 5 ;D3 17\n\
         nonsense\n",
    )
    .expect("write suite");
    let path = file.to_str().unwrap_or_default();
    let o = run(&["suite", path]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("line 2: FAILED perft 3: 14, expected 17"), "{out}");
    assert_eq!(out.lines().last(), Some("1 passed, 2 failed"));
    // A required pass rate: one line of three is 33.3%.
    let lenient = run(&["suite", path, "--min-pass", "30"]);
    assert_eq!(lenient.status.code(), Some(0));
    assert_eq!(stdout(&lenient).lines().last(), Some("pass rate 33.3%, at least 30% required"));
    let strict = run(&["suite", path, "--min-pass", "34"]);
    assert_eq!(strict.status.code(), Some(1));
    assert_eq!(run(&["suite", path, "--min-pass", "101"]).status.code(), Some(2));
    let missing = run(&["suite", "no/such/file.epd"]);
    assert_eq!(missing.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

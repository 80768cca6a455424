//! `chuhan book build` and `chuhan book probe`: the summary and probe transcripts over a fixture
//! of six games (`fixtures/book`, written for these tests; the first filed again in Big5 under
//! `by-event`), and bad input refused.

use std::path::{Path, PathBuf};

use crate::common::{run, stderr, stdout};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/engine-tests/fixtures/book");

/// A file name of this test's own in the temporary folder.
fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("chuhan-book-test-{}-{name}", std::process::id()))
}

/// Builds the fixture book and returns its path and the summary lines (without the timing).
fn build(name: &str, min_games: &str) -> (PathBuf, Vec<String>) {
    let out = temp(name);
    let o = run(&["book", "build", FIXTURE, "--out", out.to_str().expect("UTF-8 path"), "--min-games", min_games]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = stdout(&o).lines().filter(|l| !l.starts_with("written: ")).map(String::from).collect();
    (out, lines)
}

fn probe(book: &Path, moves: &str) -> Vec<String> {
    let o = run(&["book", "probe", "--book", book.to_str().expect("UTF-8 path"), "--moves", moves]);
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o).lines().map(String::from).collect()
}

#[test]
fn build_summary_and_probe_transcript() {
    let (book, summary) = build("all.book", "1");
    assert_eq!(
        summary,
        [
            "files: 2",
            "games read: 7",
            "games counted: 4",
            "games skipped: 3",
            "  duplicate: 1",
            "  move of a missing piece: 1",
            "  no result: 1",
            "positions: 7",
            "moves: 9",
            "bytes: 282",
        ]
    );
    assert_eq!(std::fs::metadata(&book).map(|m| m.len()).ok(), Some(282));
    assert_eq!(
        probe(&book, ""),
        [
            "c3c4  兵七进一  2 games  score 50.0%  draws 0.0%",
            "h2e2  炮二平五  1 game  score 100.0%  draws 0.0%",
            "g3g4  兵三进一  1 game  score 50.0%  draws 100.0%",
        ]
    );
    // The position after two orders of the same moves and its mirror image: four games.
    let merged = ["i9h9  车9平8  4 games  score 37.5%  draws 25.0%"];
    assert_eq!(probe(&book, "c3c4 h9g7 h2e2"), merged);
    assert_eq!(probe(&book, "炮二平五 馬８進７ 兵七進一"), merged);
    assert_eq!(probe(&book, "兵三進一 馬２進３ 炮八平五"), ["a9b9  车1平2  4 games  score 37.5%  draws 25.0%"]);
    assert_eq!(probe(&book, "c3c4 h9g7 h2e2 i9h9 i0i1"), ["no book moves"]);
    let _ = std::fs::remove_file(book);
}

#[test]
fn min_games_and_the_same_bytes_twice() {
    let (first, summary) = build("min2-a.book", "2");
    assert_eq!(summary[7..], ["positions: 4", "moves: 4", "bytes: 164"]);
    let (second, _) = build("min2-b.book", "2");
    let bytes = |p: &Path| std::fs::read(p).expect("book written");
    assert_eq!(bytes(&first), bytes(&second));
    assert_eq!(probe(&first, ""), ["c3c4  兵七进一  2 games  score 50.0%  draws 0.0%"]);
    assert_eq!(probe(&first, "h2e2"), ["no book moves"]);
    let _ = (std::fs::remove_file(first), std::fs::remove_file(second));
}

#[test]
fn default_book_probe() {
    let o = run(&["book", "probe"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("h2e2  炮二平五  "), "{out}");
    let o = run(&["book", "probe", "--fen", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"]);
    assert_eq!(stdout(&o), "no book moves\n");
}

#[test]
fn bad_input_is_refused_in_one_line() {
    let damaged = temp("damaged.book");
    std::fs::write(&damaged, b"CHUHANBK\x01\x00\x00\x00").expect("temp file");
    let o = run(&["book", "probe", "--book", damaged.to_str().expect("UTF-8 path")]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!("error: book {}: truncated book: 12 bytes, the header calls for 44\n", damaged.display())
    );
    let _ = std::fs::remove_file(damaged);

    let o = run(&["book", "probe", "--moves", "h2e2 h2e3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error: --moves: 'h2e3'"), "{}", stderr(&o));
    let o = run(&["book", "build", "/nonexistent/games", "--out", "/dev/null"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error: /nonexistent/games: "), "{}", stderr(&o));
}

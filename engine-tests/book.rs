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
            "games counted: 5",
            "  with a result: 4",
            "  without a result: 1",
            "games skipped: 2",
            "  duplicate: 1",
            "  move of a missing piece: 1",
            "positions: 7",
            "moves: 9",
            "bytes: 318",
        ]
    );
    // A game without a result: version 2, whose move records are 18 bytes (docs/book.md §2).
    assert_eq!(std::fs::metadata(&book).map(|m| m.len()).ok(), Some(44 + 7 * 16 + 9 * 18));
    // The game without a result (`*`) counts for h2e2 and h9g7, but not for their scores.
    assert_eq!(
        probe(&book, ""),
        [
            "h2e2  炮二平五  2 games (1 with a result)  score 100.0%  draws 0.0%",
            "c3c4  兵七进一  2 games  score 50.0%  draws 0.0%",
            "g3g4  兵三进一  1 game  score 50.0%  draws 100.0%",
        ]
    );
    assert_eq!(probe(&book, "h2e2"), ["h9g7  马8进7  2 games (1 with a result)  score 0.0%  draws 0.0%"]);
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
    assert_eq!(summary[8..], ["positions: 5", "moves: 6", "bytes: 232"]);
    let (second, _) = build("min2-b.book", "2");
    let bytes = |p: &Path| std::fs::read(p).expect("book written");
    assert_eq!(bytes(&first), bytes(&second));
    assert_eq!(
        probe(&first, ""),
        [
            "h2e2  炮二平五  2 games (1 with a result)  score 100.0%  draws 0.0%",
            "c3c4  兵七进一  2 games  score 50.0%  draws 0.0%"
        ]
    );
    assert_eq!(probe(&first, "c3c4 h9g7 h2e2 i9h9"), ["no book moves"]);
    let _ = (std::fs::remove_file(first), std::fs::remove_file(second));
}

/// A collection whose records give no result (`fixtures/book-unscored`, four games written for
/// this test, none with a Result tag) builds a book of how often each move was played.
#[test]
fn a_collection_without_results_builds_a_book_of_frequencies() {
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/engine-tests/fixtures/book-unscored");
    let out = temp("unscored.book");
    let o = run(&["book", "build", fixture, "--out", out.to_str().expect("UTF-8 path"), "--min-games", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let summary: Vec<String> = stdout(&o).lines().filter(|l| !l.starts_with("written: ")).map(String::from).collect();
    assert_eq!(
        summary,
        [
            "files: 1",
            "games read: 4",
            "games counted: 4",
            "  with a result: 0",
            "  without a result: 4",
            "games skipped: 0",
            "positions: 6",
            "moves: 9",
            "bytes: 302",
        ]
    );
    assert_eq!(
        probe(&out, ""),
        [
            "h2e2  炮二平五  3 games (none with a result)  score unknown",
            "c3c4  兵七进一  1 game (none with a result)  score unknown",
        ]
    );
    assert_eq!(
        probe(&out, "h2e2"),
        [
            "h9g7  马8进7  2 games (none with a result)  score unknown",
            "b9c7  马2进3  1 game (none with a result)  score unknown"
        ]
    );
    let _ = std::fs::remove_file(&out);
}

/// Games that give no book are an error, and no file is written.
#[test]
fn a_collection_that_yields_nothing_is_refused() {
    let empty = temp("empty.pgn");
    std::fs::write(&empty, "").expect("temp file");
    let out = temp("nothing.book");
    for (input, min_games, line) in [
        (
            empty.to_str().expect("UTF-8 path"),
            "1",
            "error: no game to count among the 0 read from 1 files; no book written\n",
        ),
        (
            FIXTURE,
            "50",
            "error: no move was played in 50 or more of the 5 games counted (--min-games); no book written\n",
        ),
    ] {
        let o = run(&["book", "build", input, "--out", out.to_str().expect("UTF-8 path"), "--min-games", min_games]);
        assert_eq!(o.status.code(), Some(2), "{input}");
        assert_eq!(stderr(&o), line);
        assert!(stdout(&o).is_empty() && !out.exists(), "{input}");
    }
    let _ = std::fs::remove_file(empty);
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
    assert_eq!(stderr(&o), "error: move 2: 'h2e3' is illegal (no piece on h2)\n");
    let o = run(&["book", "build", "/nonexistent/games", "--out", "/dev/null"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error: /nonexistent/games: "), "{}", stderr(&o));
}

/// The engine's side: `go` in book, `banmoves` and `searchmoves` in book, the book options.
mod protocol {
    use std::time::Duration;

    use chuhan::book::{Book, BookMove};
    use chuhan::{Move, Position};

    use super::{build, temp};
    use crate::session::Session;

    /// The default book's moves after `moves` from the start position.
    fn book_moves(moves: &[&str]) -> Vec<BookMove> {
        let mut pos = Position::startpos();
        for m in moves {
            pos.play(Move::parse(m).expect("move")).expect("legal");
        }
        Book::default_book().expect("default book").probe(&pos)
    }

    /// Sends `go` and reads the whole answer up to `readyok`: exactly the move's line (a depth-1
    /// search of it alone, `docs/ucci.md` §7.5), `info string book: <move> (<games> games)` and
    /// `bestmove <move>`. Returns the move and the games.
    fn book_answer(s: &mut Session, go: &str) -> (String, u64) {
        s.send(go);
        s.send("isready");
        let lines = s.expect("readyok");
        // UCCI reports the line as `info time ...` and `info depth ...`, UCI in one line.
        let [search @ .., line, info, best] = lines.as_slice() else { panic!("not a book answer: {lines:?}") };
        let mv = best.strip_prefix("bestmove ").unwrap_or_else(|| panic!("{lines:?}")).to_string();
        assert!(search.iter().all(|l| l.starts_with("info time ") && !l.contains(" pv ")), "{lines:?}");
        assert!(line.starts_with("info depth 1 ") && line.contains(&format!(" pv {mv}")), "{lines:?}");
        let games = info.strip_prefix(&format!("info string book: {mv} (")).and_then(|r| r.strip_suffix(" games)"));
        (mv, games.and_then(|g| g.parse().ok()).unwrap_or_else(|| panic!("{lines:?}")))
    }

    /// The answer is one of the book's moves, with the book's count of its games.
    fn assert_in_book(answer: &(String, u64), book: &[BookMove]) {
        let found = book.iter().any(|bm| bm.mv.to_string() == answer.0 && bm.stats.games() == answer.1);
        assert!(found, "{answer:?} is not among {book:?}");
    }

    #[test]
    fn a_timed_go_in_book_answers_at_once_with_a_book_move() {
        let first = book_moves(&[]);
        for hello in ["ucci", "uci"] {
            let mut s = Session::hello(hello);
            for go in ["go time 60000 increment 0", "go wtime 60000 btime 60000", "go movetime 5000"] {
                s.send("position startpos");
                assert_in_book(&book_answer(&mut s, go), &first);
            }
            s.send("position startpos moves h2e2 h9g7");
            assert_in_book(
                &book_answer(&mut s, "go wtime 1000 btime 1000 winc 10 binc 10"),
                &book_moves(&["h2e2", "h9g7"]),
            );
        }
    }

    /// Fixed depth, node and mate searches, and pondering, search in book positions.
    #[test]
    fn fixed_and_open_ended_searches_stay_searches() {
        let mut s = Session::hello("ucci");
        for go in ["go depth 2", "go nodes 2000", "go mate 1 time 60000", "go depth 2 time 60000"] {
            s.send("position startpos");
            s.send(go);
            let lines = s.until("bestmove", |l| l.starts_with("bestmove") || l.starts_with("nobestmove"));
            assert!(lines.iter().all(|l| !l.starts_with("info string")), "{go}: {lines:?}");
        }
        s.send("go ponder time 60000");
        std::thread::sleep(Duration::from_millis(100));
        s.send("stop");
        let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
        assert!(lines.iter().any(|l| l.starts_with("info depth ")), "{lines:?}");
        assert!(lines.iter().all(|l| !l.starts_with("info string")), "{lines:?}");
    }

    #[test]
    fn banmoves_and_searchmoves_hold_in_book() {
        let mut s = Session::hello("ucci");
        let first = book_moves(&[]);
        let banned = ["h2e2", "c3c4", "b2e2", "h0g2"];
        for _ in 0..8 {
            s.send("position startpos");
            s.send(&format!("banmoves {}", banned.join(" ")));
            let answer = book_answer(&mut s, "go time 60000");
            assert!(!banned.contains(&answer.0.as_str()), "{answer:?}");
            assert_in_book(&answer, &first);
            s.send("position startpos");
            assert_eq!(book_answer(&mut s, "go time 60000 searchmoves b0c2 i0i1").0, "b0c2");
        }
        // No book move among those allowed: a search.
        s.send("position startpos");
        s.send("go time 60000 searchmoves i0i1");
        let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
        assert!(lines.iter().any(|l| l.starts_with("info depth 1 ")), "{lines:?}");
        assert!(lines.last().is_some_and(|l| l.starts_with("bestmove i0i1")), "{lines:?}");
    }

    /// Each line of a search with the times and speeds (`time <ms>`, `nps <n>`) left out: they
    /// depend on the machine, the rest does not.
    fn without_times(lines: &[String]) -> Vec<String> {
        let mask = |l: &String| {
            let mut words: Vec<&str> = l.split_whitespace().collect();
            for i in 1..words.len() {
                if matches!(words[i - 1], "time" | "nps") {
                    words[i] = "*";
                }
            }
            words.join(" ")
        };
        lines.iter().map(mask).collect()
    }

    /// With the book off, a clocked `go` in a book position is today's search: its transcript up to
    /// the last completed iteration is, line for line, that of a fixed-depth search to that depth.
    #[test]
    fn usebook_false_gives_the_plain_search() {
        for (hello, option) in [("ucci", "setoption usebook false"), ("uci", "setoption name OwnBook value false")] {
            let mut s = Session::hello(hello);
            s.send(option);
            s.send("position startpos moves h2e2");
            s.send("go movetime 300");
            let timed = s.until("bestmove", |l| l.starts_with("bestmove"));
            let last = timed.iter().rposition(|l| l.starts_with("info depth ")).expect("an iteration");
            let depth = timed[last].split_whitespace().nth(2).expect("a depth").to_string();
            let mut fresh = Session::hello(hello);
            fresh.send("position startpos moves h2e2");
            fresh.send(&format!("go depth {depth}"));
            let fixed = fresh.until("bestmove", |l| l.starts_with("bestmove"));
            assert!(fixed.len() > last, "{timed:?}\n{fixed:?}");
            assert_eq!(without_times(&timed[..=last]), without_times(&fixed[..=last]));
            assert!(timed.iter().all(|l| !l.starts_with("info string")), "{timed:?}");
        }
    }

    #[test]
    fn bad_bookfiles_values_are_refused_and_the_old_book_stays() {
        let mut s = Session::hello("ucci");
        s.send("setoption bookfiles /nonexistent/chuhan.book");
        assert_eq!(
            s.expect_prefix("info string "),
            "info string setoption: cannot read book /nonexistent/chuhan.book: No such file or directory (os \
             error 2); the old book stays"
        );
        let damaged = temp("protocol-damaged.book");
        std::fs::write(&damaged, b"CHUHANBK\x01\x00\x00\x00").expect("temp file");
        s.send(&format!("setoption bookfiles {}", damaged.display()));
        assert_eq!(
            s.expect_prefix("info string "),
            format!(
                "info string setoption: book {}: truncated book: 12 bytes, the header calls for 44; the old book stays",
                damaged.display()
            )
        );
        let _ = std::fs::remove_file(damaged);
        s.send("position startpos");
        assert_in_book(&book_answer(&mut s, "go time 60000"), &book_moves(&[]));

        // Another book: the fixture's, whose only move good enough to play at the start is h2e2
        // (c3c4 and g3g4 score 50%, more than 10 points below the average of 62.5%), played in
        // two games, one of them without a result.
        let (fixture, _) = build("protocol.book", "1");
        s.send(&format!("setoption bookfiles {}", fixture.display()));
        s.send("position startpos");
        assert_eq!(book_answer(&mut s, "go time 60000"), ("h2e2".to_string(), 2));
        let _ = std::fs::remove_file(fixture);
        // Back to the default book; off and on again.
        s.send("setoption bookfiles <empty>");
        assert_in_book(&book_answer(&mut s, "go time 60000"), &book_moves(&[]));
        s.send("setoption usebook false");
        s.send("go time 60000 depth 1");
        assert!(s.until("bestmove", |l| l.starts_with("bestmove")).iter().all(|l| !l.starts_with("info string")));
        s.send("setoption usebook true");
        assert_in_book(&book_answer(&mut s, "go time 60000"), &book_moves(&[]));
    }
}

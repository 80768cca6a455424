//! Protocol abuse against the real binary (issue #7 item 2; `docs/ucci.md` §1, §2, §4, §9, §10).
//!
//! Each test abuses the engine one way, checks the answer the protocol defines for it, then runs
//! a consistency checkpoint: a known position, `d` shows it, and `go depth 3` answers a move that
//! the library confirms is legal (and the mate in one where there is one). Timeouts only guard
//! against hangs; no test asserts how fast anything is.

use std::time::Duration;

use chuhan::{Move, Position};

use crate::session::Session;

pub const MATE_IN_ONE: &str = "3k5/9/9/4N4/9/8R/9/9/4K4/9 w - - 0 1";
/// A middlegame from the perft suite.
pub const MIDDLEGAME: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The position after `moves` from `fen`, played through the library.
fn position_after(fen: &str, moves: &[&str]) -> Position {
    let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for m in moves {
        let mv = Move::parse(m).unwrap_or_else(|| panic!("bad move text {m}"));
        pos.play(mv).unwrap_or_else(|e| panic!("{m}: {e:?}"));
    }
    pos
}

/// The move of a `bestmove` line, checked to be legal in `pos`.
pub fn assert_legal_answer(pos: &Position, line: &str) -> Move {
    let mut words = line.split_whitespace();
    assert_eq!(words.next(), Some("bestmove"), "not a bestmove line: '{line}'");
    let text = words.next().unwrap_or_default();
    let mv = Move::parse(text).unwrap_or_else(|| panic!("'{line}' names no move"));
    assert!(pos.is_legal_move(mv), "'{line}' is illegal in {}", pos.fen());
    mv
}

/// Reads to the end of a search: the `bestmove` or `nobestmove` line.
fn answer(s: &mut Session) -> String {
    s.until("bestmove", |l| l.starts_with("bestmove") || l == "nobestmove").pop().unwrap_or_default()
}

/// The consistency checkpoint: the engine accepts a known position, shows it, and finds a legal
/// move in it (the mate where there is one). Must be called with the engine idle.
pub fn checkpoint(s: &mut Session) {
    s.send(&format!("position fen {MIDDLEGAME}"));
    assert_eq!(s.fen(), MIDDLEGAME);
    s.send("go depth 3");
    let line = answer(s);
    assert_legal_answer(&position_after(MIDDLEGAME, &[]), &line);
    s.send(&format!("position fen {MATE_IN_ONE}"));
    s.send("go depth 3");
    assert_eq!(answer(s), "bestmove i4i9");
}

/// `isready` is answered with nothing in front of it: the lines sent before it produced no output.
fn assert_quiet(s: &mut Session) {
    s.send("isready");
    assert_eq!(s.expect("readyok"), Vec::<String>::new());
}

#[test]
fn long_lines_are_read_whole() {
    let mut s = Session::hello("ucci");
    s.send(&format!("position fen {MIDDLEGAME}"));
    // 300 KB of blanks is an empty line: ignored silently.
    s.send(&" \t".repeat(150_000));
    assert_quiet(&mut s);
    // One 300 KB unknown word: exactly one refusal, then the loop carries on.
    s.send(&"x".repeat(300_000));
    s.send("isready");
    let lines = s.expect("readyok");
    assert_eq!(lines.len(), 1, "one answer expected");
    assert!(lines[0].starts_with("info string unknown command: xxx"), "{}", &lines[0][..60.min(lines[0].len())]);
    // A 400 KB FEN of junk: refused, and the engine holds no position until the next one.
    s.send(&format!("position fen {}", "rnbakabnr/".repeat(40_000)));
    assert!(s.expect_prefix("info string").starts_with("info string position rejected:"));
    s.send("d");
    assert!(s.expect_prefix("info string").starts_with("info string d: no position"));
    s.send(&format!("position fen {MIDDLEGAME}"));
    // A known command with 200 KB of junk arguments: refused, position kept.
    s.send(&format!("go depth 3 {}", "depth ".repeat(35_000)));
    assert!(s.expect_prefix("info string").starts_with("info string go:"));
    s.send(&format!("setoption debug {}", "true ".repeat(40_000)));
    assert!(s.expect_prefix("info string").starts_with("info string setoption"));
    assert_quiet(&mut s);
    assert_eq!(s.fen(), MIDDLEGAME);
    checkpoint(&mut s);
}

#[test]
fn thousands_of_moves_in_one_position() {
    let mut s = Session::hello("ucci");
    // 100,000 plies of horse shuffles (about 500 KB): repetition makes no move illegal, so the
    // position is accepted; the counters are the FEN's own, advanced by every move.
    let cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let shuffle: Vec<&str> = cycle.iter().copied().cycle().take(100_000).collect();
    let line = format!("position startpos moves {} h2e2", shuffle.join(" "));
    assert!(line.len() > 450_000);
    s.send(&line);
    let expected = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 100001 50001";
    assert_eq!(s.fen(), expected);
    // The 60-move rule has long drawn this game, but the engine still answers a legal move.
    s.send("go depth 3");
    let mut moves = shuffle.clone();
    moves.push("h2e2");
    assert_legal_answer(&position_after(START, &moves), &answer(&mut s));
    // One illegal move at the very end rejects the whole command, naming it; no move is played
    // from the board before it.
    s.send(&format!("position startpos moves {} h2e2", shuffle[..4000].join(" ")));
    s.send(&format!("position startpos moves {} e0e2", shuffle[..4000].join(" ")));
    let refusal = s.expect_prefix("info string");
    assert!(refusal.starts_with("info string position rejected: move 4001 'e0e2' is illegal"), "{refusal}");
    s.send("go depth 3");
    assert_eq!(answer(&mut s), "nobestmove");
    checkpoint(&mut s);
}

#[test]
fn invalid_utf8_in_every_state() {
    let mut s = Session::start();
    // Boot: refused, and the handshake still works afterwards.
    s.send_bytes(b"\xff\xfe\xfd\n");
    assert!(s.expect_prefix("info string").contains("UTF-8"));
    s.send("ucci");
    s.expect("ucciok");
    s.send(&format!("position fen {MIDDLEGAME}"));
    // Idle: a valid command spoilt by one bad byte is not executed at all (no search starts).
    s.send_bytes(b"go depth 3 \xc3\x28\n");
    assert!(s.expect_prefix("info string").contains("UTF-8"));
    assert_quiet(&mut s);
    // A long line of arbitrary non-UTF-8 bytes (no newline inside), and a truncated character.
    let junk: Vec<u8> = (0..100_000u32).map(|i| 0x80 | (i.wrapping_mul(2_654_435_761) >> 25) as u8).collect();
    s.send_bytes(&[junk.as_slice(), b"\n"].concat());
    assert!(s.expect_prefix("info string").contains("UTF-8"));
    s.send_bytes("position startpos moves h2e2 \u{5c07}".as_bytes().split_last().map(|(_, b)| b).unwrap_or_default());
    s.send_bytes(b"\n");
    assert!(s.expect_prefix("info string").contains("UTF-8"));
    // Windows line ends are accepted.
    s.send_bytes(b"isready\r\n");
    assert_eq!(s.expect("readyok"), Vec::<String>::new());
    assert_eq!(s.fen(), MIDDLEGAME);
    // Thinking: answered at once, and the search goes on until `stop`.
    s.send("go infinite");
    s.expect_prefix("info depth 1 ");
    s.send_bytes(b"stop\xff\n");
    assert!(
        s.until("info string", |l| l.starts_with("info string") || l.starts_with("bestmove"))
            .pop()
            .is_some_and(|l| l.starts_with("info string") && l.contains("UTF-8"))
    );
    s.send("stop");
    assert_legal_answer(&position_after(MIDDLEGAME, &[]), &answer(&mut s));
    checkpoint(&mut s);
}

/// A session whose address space is limited to 4 GB, so a huge table cannot be allocated on any
/// machine (without the limit, a 32 GB request may succeed on a large machine, or be
/// overcommitted), after a search that stored the mate in one: the session and that entry's
/// `pophash` line.
#[cfg(unix)]
fn session_with_a_stored_mate() -> (Session, String) {
    let mut s = Session::start_command(crate::common::chuhan_with_memory_limit(4 << 20));
    s.send("ucci");
    s.expect("ucciok");
    s.send(&format!("position fen {MATE_IN_ONE}"));
    s.send("go depth 3");
    assert_eq!(answer(&mut s), "bestmove i4i9");
    s.send(&format!("probe fen {MATE_IN_ONE}"));
    let entry = s.expect_prefix("pophash");
    (s, entry)
}

/// Out-of-range and unallocatable values change nothing (the session of
/// [`session_with_a_stored_mate`]).
#[cfg(unix)]
#[test]
fn absurd_option_values_are_refused_and_the_old_table_stays() {
    let (mut s, entry) = session_with_a_stored_mate();
    assert!(entry.starts_with("pophash bestmove i4i9"), "{entry}");

    // In range but not allocatable: refused, and the old table (with its entry) stays.
    s.send("setoption hashsize 32768");
    let refusal = s.expect_prefix("info string");
    assert!(refusal.contains("cannot allocate") && refusal.contains("old table stays"), "{refusal}");
    for bad in [
        "hashsize 32769",
        "hashsize 4294967296",
        "hashsize 18446744073709551617",
        "hashsize -1",
        "hashsize 1e3",
        "hashsize",
        "threads 99999",
        "threads -1",
        "threads 65",
    ] {
        s.send(&format!("setoption {bad}"));
        let got = s.expect_prefix("info string");
        assert!(got.starts_with("info string setoption"), "{bad}: {got}");
    }
    s.send(&format!("probe fen {MATE_IN_ONE}"));
    assert_eq!(s.expect_prefix("pophash"), entry);
    // The engine still searches, with the old table.
    s.send("go depth 3");
    assert_eq!(answer(&mut s), "bestmove i4i9");

    // threads 0 means one per core, accepted silently; the maximum is accepted too.
    s.send("setoption threads 0");
    assert_quiet(&mut s);
    checkpoint(&mut s);
    s.send("setoption threads 64");
    assert_quiet(&mut s);
    checkpoint(&mut s);
    // A successful resize clears the table.
    s.send("setoption hashsize 1");
    assert_quiet(&mut s);
    s.send(&format!("probe fen {MATE_IN_ONE}"));
    assert_eq!(s.expect_prefix("pophash"), "pophash");
    checkpoint(&mut s);
}

/// `MemAvailable` of this machine, in MB.
#[cfg(target_os = "linux")]
fn available_mb() -> usize {
    let meminfo = std::fs::read_to_string("/proc/meminfo").expect("/proc/meminfo");
    let line = meminfo.lines().find_map(|l| l.strip_prefix("MemAvailable:")).expect("MemAvailable");
    line.split_whitespace().next().and_then(|kb| kb.parse::<usize>().ok()).expect("a number of kB") / 1024
}

/// A table the machine's available memory cannot back is refused before anything is allocated
/// (overcommit would grant it, and zeroing it would end in the OOM killer): the answer names the
/// memory available, the old table keeps its entry, and the engine searches on. The address
/// space limit only guards the test itself, on a machine with more memory than the option's
/// maximum.
#[cfg(target_os = "linux")]
#[test]
fn a_table_beyond_the_available_memory_is_refused_before_allocating() {
    let (mut s, entry) = session_with_a_stored_mate();
    let (avail, max) = (available_mb(), 32_768);
    s.send(&format!("setoption hashsize {}", avail.min(max)));
    let refusal = s.expect_prefix("info string");
    assert!(refusal.starts_with("info string setoption: cannot allocate a "), "{refusal}");
    if avail < max {
        assert!(refusal.contains("MB of memory available"), "{refusal}");
    }
    s.send(&format!("probe fen {MATE_IN_ONE}"));
    assert_eq!(s.expect_prefix("pophash"), entry);
    s.send("go depth 3");
    assert_eq!(answer(&mut s), "bestmove i4i9");
    checkpoint(&mut s);
}

#[test]
fn stop_before_go_and_double_stop() {
    // A stop while idle has nothing to stop and no answer (`docs/ucci.md` §4): cchess sends one
    // before every `go`, and would take an answer for its search's.
    let mut s = Session::hello("ucci");
    s.send("stop");
    s.send("stop");
    s.send("isready");
    assert_eq!(s.expect("readyok"), Vec::<String>::new());
    // Two stops in one write: the first ends the search; the second reaches the search too or
    // finds the engine idle. Either way one answer, and nothing after it.
    s.send("position startpos");
    s.send("go infinite");
    s.expect_prefix("info depth 2 ");
    s.send_bytes(b"stop\nstop\n");
    assert_legal_answer(&Position::startpos(), &answer(&mut s));
    s.send("isready");
    assert_eq!(s.expect("readyok"), Vec::<String>::new());
    // A stop before `go`, as cchess sends: the answer is the search's own.
    s.send("stop");
    s.send("go depth 3");
    assert_legal_answer(&Position::startpos(), &answer(&mut s));
    s.send("isready");
    assert_eq!(s.expect("readyok"), Vec::<String>::new());
    checkpoint(&mut s);
}

#[test]
fn go_while_thinking_is_queued_and_run_after_the_answer() {
    let mut s = Session::hello("ucci");
    s.send("position startpos");
    s.send("go infinite");
    s.expect_prefix("info depth 1 ");
    // Idle-only commands sent while thinking wait in the queue, in order.
    for _ in 0..200 {
        s.send("position startpos moves h2e2");
    }
    s.send(&format!("position fen {MATE_IN_ONE}"));
    s.send("go depth 3");
    s.send("d");
    // `isready` acts at once: the queue has not run, no answer has been printed yet.
    s.send("isready");
    let before = s.expect("readyok");
    assert!(!before.iter().any(|l| l.contains("bestmove") || l.starts_with("Fen:")), "{before:?}");
    s.send("stop");
    // The first answer is the start position's; the queued search then runs and mates.
    assert_legal_answer(&Position::startpos(), &answer(&mut s));
    assert_eq!(answer(&mut s), "bestmove i4i9");
    assert_eq!(s.expect_prefix("Fen: "), format!("Fen: {MATE_IN_ONE}"));
    checkpoint(&mut s);
}

#[test]
fn quit_while_thinking_answers_then_says_bye() {
    let mut s = Session::hello("ucci");
    s.send("position startpos");
    s.send("go infinite");
    s.expect_prefix("info depth 2 ");
    s.send("quit");
    assert_legal_answer(&Position::startpos(), &answer(&mut s));
    assert_eq!(s.until("bye", |l| !l.starts_with("info")).pop().as_deref(), Some("bye"));
    assert_eq!(s.wait_exit(), Some(0));
    assert_eq!(s.next_line(Duration::from_millis(100)), None);
}

#[test]
fn quit_while_pondering_answers_then_says_bye() {
    // A running ponder search (the clock has not started) ...
    let mut s = Session::hello("ucci");
    s.send("position startpos moves h2e2 h9g7");
    s.send("go ponder time 60000 increment 0");
    s.expect_prefix("info depth 2 ");
    s.send("quit");
    assert_legal_answer(&position_after(START, &["h2e2", "h9g7"]), &answer(&mut s));
    assert_eq!(s.until("bye", |l| !l.starts_with("info")).pop().as_deref(), Some("bye"));
    assert_eq!(s.wait_exit(), Some(0));

    // ... and a finished ponder search holding its answer.
    let mut s = Session::hello("ucci");
    s.send(&format!("position fen {MATE_IN_ONE}"));
    s.send("go ponder depth 2");
    s.expect_prefix("info depth 2 ");
    s.expect_silence(Duration::from_millis(200));
    s.send("quit");
    assert_eq!(answer(&mut s), "bestmove i4i9");
    assert_eq!(s.until("bye", |l| !l.starts_with("info")).pop().as_deref(), Some("bye"));
    assert_eq!(s.wait_exit(), Some(0));
}

#[test]
fn hash_and_threads_change_between_searches() {
    let mut s = Session::hello("ucci");
    s.send(&format!("position fen {MATE_IN_ONE}"));
    s.send("go depth 3");
    assert_eq!(answer(&mut s), "bestmove i4i9");
    for option in ["hashsize 1", "threads 2", "hashsize 0", "threads 1", "hashsize 64", "threads 0"] {
        s.send(&format!("setoption {option}"));
        assert_quiet(&mut s);
        if option.starts_with("hashsize") {
            // Resizing clears the table.
            s.send(&format!("probe fen {MATE_IN_ONE}"));
            assert_eq!(s.expect_prefix("pophash"), "pophash", "after {option}");
        }
        checkpoint(&mut s);
    }
    // A resize sent during a search waits for the answer, then clears the table.
    s.send("position startpos");
    s.send("go infinite");
    s.expect_prefix("info depth 2 ");
    s.send("setoption hashsize 2");
    s.send("stop");
    assert_legal_answer(&Position::startpos(), &answer(&mut s));
    s.send("probe startpos");
    assert_eq!(s.expect_prefix("pophash"), "pophash");

    // The UCI spellings, between searches of a UCI session.
    let mut u = Session::hello("uci");
    for option in ["name Hash value 2", "name Threads value 2", "name Hash value 1", "name Threads value 1"] {
        u.send(&format!("setoption {option}"));
        assert_quiet(&mut u);
        u.send(&format!("position fen {MIDDLEGAME}"));
        u.send("go depth 3");
        assert_legal_answer(&position_after(MIDDLEGAME, &[]), &answer(&mut u));
    }
    u.send("setoption name Threads value 0");
    assert!(u.expect_prefix("info string").contains("out of range"));
}

#[test]
fn ponderhit_without_ponder_is_ignored() {
    let mut s = Session::hello("ucci");
    // Idle.
    for line in ["ponderhit", "ponderhit draw"] {
        s.send(line);
        assert!(s.expect_prefix("info string").contains("not pondering"), "{line}");
    }
    // During a normal search: answered, and the search goes on until `stop`.
    s.send("position startpos");
    s.send("go infinite");
    s.expect_prefix("info depth 1 ");
    s.send("ponderhit");
    let lines = s.until("info string", |l| l.starts_with("info string") || l.starts_with("bestmove"));
    assert!(lines.last().is_some_and(|l| l.contains("not pondering")), "{lines:?}");
    s.send("isready");
    let lines = s.expect("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "{lines:?}");
    s.send("stop");
    assert_legal_answer(&Position::startpos(), &answer(&mut s));
    checkpoint(&mut s);
}

/// Regression: the answer used to be printed by the search thread before the loop knew the search
/// had ended, so a `stop` sent on reading `bestmove` could still find the engine "thinking" and
/// go unanswered (and a `probe` could overtake queued commands). About one try in twenty failed.
#[test]
fn the_engine_is_idle_once_the_answer_is_out() {
    let mut s = Session::hello("ucci");
    s.send("position startpos");
    for _ in 0..100 {
        s.send("go infinite");
        s.expect_prefix("info depth 1 ");
        s.send("stop");
        answer(&mut s);
        // Idle, the new game runs before the probe and empties the table; still thinking, the
        // probe would overtake it (it acts at once) and find the search's entry.
        s.send("setoption newgame");
        s.send("probe startpos");
        assert_eq!(s.next_line(crate::session::STEP).as_deref(), Some("pophash"));
    }
    checkpoint(&mut s);
}

/// Regression: at end of input, a search taken from the queue after the end was read was never
/// stopped when it was open-ended, so the engine hung instead of answering and saying `bye`.
#[test]
fn end_of_input_ends_queued_open_ended_searches() {
    let mut s = Session::hello("ucci");
    s.send("position startpos");
    s.send("go ponder depth 2");
    s.send("go infinite");
    s.send("go");
    s.send("go perft 9");
    s.close_input();
    for _ in 0..3 {
        assert_legal_answer(&Position::startpos(), &answer(&mut s));
    }
    assert_eq!(s.expect_prefix("info string"), "info string perft stopped");
    assert_eq!(s.until("bye", |l| !l.starts_with("info")).pop().as_deref(), Some("bye"));
    assert_eq!(s.wait_exit(), Some(0));
}

/// Regression: absurd clocks overflowed the time allocation (`t * 5` for `movestogo`, the
/// increment sum, the ponder stretch). Debug builds panicked in the search thread and the engine
/// hung; release builds wrapped to a budget of zero and answered at once. A clock of millions of
/// years must give a search that runs until `stop`.
#[test]
fn absurd_clock_values_give_an_unhurried_search() {
    let mut s = Session::hello("ucci");
    // The start position is in the opening book, which would answer at once.
    s.send("setoption usebook false");
    for (option, go) in [
        ("ponder false", "go time 3689348814741910334 movestogo 3"),
        ("ponder false", "go time 18446744073709551615 increment 18446744073709551615"),
        ("ponder true", "go time 18446744073709551615"),
        ("ponder true", "go time 99999999999999999999999 movestogo 1 increment 99999999999999999999"),
    ] {
        s.send(&format!("setoption {option}"));
        s.send("position startpos");
        s.send(go);
        s.expect_prefix("info depth 1 ");
        // The search goes on by itself (a slower machine only makes this more certain).
        let until = std::time::Instant::now() + Duration::from_millis(300);
        while let Some(l) = s.next_line(until.saturating_duration_since(std::time::Instant::now())) {
            assert!(!l.starts_with("bestmove") && !l.starts_with("info string"), "{go}: {l}");
        }
        s.send("stop");
        assert_legal_answer(&Position::startpos(), &answer(&mut s));
    }
    checkpoint(&mut s);
}

/// Regression: `go perft <n>` recursed `n` plies deep, so a huge depth overflowed the stack and
/// killed the process. It is now refused like any bad argument.
#[test]
fn absurd_perft_depths_are_refused() {
    let mut s = Session::hello("uci");
    for depth in ["129", "100000", "4294967296"] {
        s.send(&format!("go perft {depth}"));
        let got = s.expect_prefix("info string");
        assert!(got.starts_with("info string go: perft: depth") && got.contains("too deep"), "{depth}: {got}");
    }
    // The deepest accepted depth starts (and stops on request).
    s.send("go perft 128");
    s.send("stop");
    assert_eq!(s.expect_prefix("info string"), "info string perft stopped");
    s.send("position startpos");
    s.send("go perft 1");
    s.expect("Nodes searched: 44");
    assert_eq!(s.fen(), START);
}

/// Regression: `stop` was checked only between root moves of `go perft`, so a deep perft (and
/// `quit`) waited for a whole root subtree, hours at depth 8 and more.
#[test]
fn stop_ends_a_deep_perft_at_once() {
    let mut s = Session::hello("ucci");
    s.send("position startpos");
    for end in ["stop", "quit"] {
        s.send("go perft 20");
        // Let the perft get inside its first root subtree.
        s.expect_silence(Duration::from_millis(200));
        s.send(end);
        assert_eq!(s.expect_prefix("info string"), "info string perft stopped");
    }
    s.expect("bye");
    assert_eq!(s.wait_exit(), Some(0));
}

/// Regression: `bench` ran on the command loop, so `isready`, `stop` and `quit` waited for the
/// whole bench (seconds at the default depth, far longer when deeper). It now runs like a search.
#[test]
fn bench_answers_isready_and_stops_on_request() {
    let mut s = Session::hello("ucci");
    // A shallow bench runs to its end: one progress line per position, then the signature lines.
    s.send("bench 1");
    let lines = s.until("Nodes/second", |l| l.starts_with("Nodes/second: "));
    assert!(lines.iter().any(|l| l.starts_with("info string Position 1/")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("Nodes searched: ")), "{lines:?}");
    // Far too deep to finish: `isready` is answered during it, a queued `d` waits for its end,
    // `stop` ends it with the partial figures and no signature.
    s.send("bench 40");
    s.send("d");
    s.send("isready");
    let before = s.expect("readyok");
    assert!(before.iter().all(|l| l.starts_with("info string Position ")), "{before:?}");
    s.send("stop");
    let lines = s.until("Fen", |l| l.starts_with("Fen: "));
    let stopped = lines.iter().position(|l| l.starts_with("info string bench stopped after "));
    assert!(stopped.is_some_and(|i| i + 1 < lines.len()), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("Nodes searched")), "{lines:?}");
    // `quit` ends it too, and the engine exits.
    s.send("bench 40");
    s.send("quit");
    let lines = s.until("bye", |l| l == "bye");
    assert!(lines.iter().any(|l| l.starts_with("info string bench stopped after ")), "{lines:?}");
    assert_eq!(s.wait_exit(), Some(0));
}

/// `stop` and `quit` with the most threads (on a machine with fewer cores the helpers take turns
/// to notice the stop). Lines sent after `quit` are never acted on. Neither `go infinite` nor a
/// ponder search ends by itself, so an answer at all is the proof that the stop was acted on.
#[test]
fn stop_and_quit_at_the_thread_maximum() {
    let mut s = Session::hello("ucci");
    s.send("setoption threads 64");
    s.send("position startpos");
    s.send("go infinite");
    s.expect_prefix("info depth 2 ");
    s.send("stop");
    assert_legal_answer(&Position::startpos(), &answer(&mut s));

    s.send("go ponder time 60000 increment 0");
    s.expect_prefix("info depth 2 ");
    s.send_bytes(b"quit\nd\nisready\ngo depth 1\n");
    assert_legal_answer(&Position::startpos(), &answer(&mut s));
    // After the answer only `bye`: no `Fen:` for `d`, no `readyok`, no second answer.
    assert_eq!(s.until("bye", |l| !l.starts_with("info")).pop().as_deref(), Some("bye"));
    assert_eq!(s.wait_exit(), Some(0));
    assert_eq!(s.next_line(Duration::from_millis(100)), None);
}

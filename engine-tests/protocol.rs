//! Protocol transcripts against the real binary (`docs/ucci.md`, `docs/uci.md`).

use std::time::Duration;

use crate::session::Session;

const MATE_IN_ONE: &str = "3k5/9/9/4N4/9/8R/9/9/4K4/9 w - - 0 1";
/// Red to move with exactly two legal moves, d0e0 and d1e2 (`docs/uci.md` §6).
const TWO_MOVES: &str = "4k4/9/9/9/9/9/9/4n4/3A5/3K5 w - - 0 1";
const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn bestmove(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap_or_default()
}

#[test]
fn ucci_handshake_is_exact() {
    let mut s = Session::start();
    s.send("ucci");
    let lines = s.expect("ucciok");
    assert_eq!(
        lines,
        [
            format!("id name Chuhan {}", env!("CARGO_PKG_VERSION")).as_str(),
            "id author The Chuhan developers",
            "option usemillisec type check default true",
            "option batch type check default false",
            "option debug type check default false",
            "option ponder type check default false",
            "option usebook type check default true",
            "option bookfiles type string default <empty>",
            "option useegtb type check default true",
            "option egtbpaths type string default <empty>",
            "option usennue type check default true",
            "option evalfile type string default <empty>",
            "option hashsize type spin min 0 max 32768 default 16",
            "option threads type spin min 0 max 64 default 1",
            "option pruning type combo var large var none var small var medium default large",
            "option knowledge type combo var large var none var small var medium default large",
            "option randomness type combo var none var tiny var small var medium var large var huge default none",
            "option style type combo var normal var solid var risky default normal",
            "option multipv type spin min 1 max 64 default 1",
            "option movelimit type spin min 50 max 60 default 60",
            "option newgame type button",
        ]
    );
    s.send("isready");
    s.expect("readyok");
    s.send("quit");
    s.expect("bye");
    assert_eq!(s.wait_exit(), Some(0));
}

#[test]
fn uci_handshake_and_quit_without_bye() {
    let mut s = Session::start();
    s.send("uci");
    let lines = s.expect("uciok");
    assert_eq!(lines[2], "option name Hash type spin default 16 min 1 max 32768");
    assert!(lines.contains(&"option name Clear Hash type button".to_string()));
    s.send("ucci");
    assert!(s.expect_prefix("info string").contains("uci"));
    s.send("quit");
    assert_eq!(s.wait_exit(), Some(0));
    assert_eq!(s.next_line(Duration::from_millis(200)), None);
}

#[test]
fn boot_refuses_other_lines_and_quits_silently() {
    let mut s = Session::start();
    s.send("isready");
    assert_eq!(s.expect_prefix("info string"), "info string expected 'ucci' or 'uci'");
    s.send("quit");
    assert_eq!(s.wait_exit(), Some(0));
    assert_eq!(s.transcript.len(), 1);
}

#[test]
fn mate_in_one_and_no_legal_move() {
    let mut s = Session::hello("ucci");
    s.send(&format!("position fen {MATE_IN_ONE}"));
    s.send("go depth 3");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().map(String::as_str), Some("bestmove i4i9"));
    assert!(lines.contains(&"info depth 1 score 9999 pv i4i9".to_string()), "{lines:?}");
    s.send(&format!("position fen {MATE_IN_ONE} moves i4i9"));
    s.send("go depth 3");
    let lines = s.expect("nobestmove");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[0], "info depth 0 score -10000");
    assert!(lines[1].starts_with("info time ") && lines[1].ends_with(" nodes 1"), "{lines:?}");

    let mut u = Session::hello("uci");
    u.send(&format!("position fen {MATE_IN_ONE} moves i4i9"));
    u.send("go depth 3");
    assert_eq!(u.expect("bestmove (none)"), ["info depth 0 score mate 0"]);
}

#[test]
fn node_counts_are_deterministic() {
    let mut s = Session::hello("uci");
    let mut finals = Vec::new();
    for _ in 0..2 {
        s.send("ucinewgame");
        s.send("position startpos moves h2e2 h9g7");
        s.send("go depth 6");
        let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
        let last_info = lines.iter().rev().find(|l| l.starts_with("info depth 6")).cloned().unwrap_or_default();
        let nodes: Vec<&str> = last_info.split_whitespace().skip_while(|t| *t != "nodes").take(2).collect();
        finals.push((nodes.join(" "), lines.last().cloned()));
    }
    assert!(finals[0].0.starts_with("nodes "), "{finals:?}");
    assert_eq!(finals[0], finals[1]);
}

#[test]
fn bad_input_is_answered_and_changes_nothing() {
    let mut s = Session::hello("ucci");
    s.send(&format!("position fen {TWO_MOVES}"));
    let cases = [
        ("hello", "info string unknown command: hello"),
        ("go depth x", "info string go:"),
        ("go ponder draw depth 3", "info string go:"),
        ("setoption hashsize 99999999", "info string"),
        ("setoption nosuchoption 1", "info string unknown option: nosuchoption"),
        ("banmoves h2e2", "info string banmoves:"),
        ("ponderhit", "info string"),
    ];
    for (input, answer) in cases {
        s.send(input);
        let got = s.expect_prefix("info string");
        assert!(got.starts_with(answer), "{input}: got '{got}'");
        assert_eq!(s.fen(), TWO_MOVES, "after {input}");
    }
    s.send_bytes(b"position startpos moves \xff\xfe\n");
    assert!(s.expect_prefix("info string").contains("UTF-8"));
    assert_eq!(s.fen(), TWO_MOVES);
    // Nothing to stop: no answer, which a GUI would take for its next search's.
    s.send("isready");
    s.expect("readyok");
    s.send("stop");
    s.send("isready");
    assert_eq!(s.expect("readyok"), Vec::<String>::new());
}

/// A refused `position` leaves the engine with no position until the next good one: nothing
/// answers from the board before it (`docs/ucci.md` §4), in either dialect.
#[test]
fn a_refused_position_leaves_no_board_to_answer_from() {
    for (dialect, no_move) in [("ucci", "nobestmove"), ("uci", "bestmove 0000")] {
        let mut s = Session::hello(dialect);
        for refused in [
            "position fen 4k4/9/9 w",
            "position startpos moves h2e2 h9g7 h0g2 h2e2",
            "position startpos moves i4i10",
            "position fen rnbakabCr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b -- 0 1 moves b9c7 b9c7",
        ] {
            s.send(&format!("position fen {TWO_MOVES}"));
            s.send(refused);
            assert!(s.expect_prefix("info string").starts_with("info string position rejected:"), "{refused}");
            s.send("go depth 3");
            assert_eq!(s.expect(no_move), ["info string go: no position (the last 'position' was refused)"]);
            for (command, name) in [("d", "d"), ("eval", "eval"), ("go perft 2", "go"), ("banmoves h2e2", "banmoves")] {
                s.send(command);
                let got = s.expect_prefix("info string");
                assert_eq!(got, format!("info string {name}: no position (the last 'position' was refused)"));
            }
            s.send("isready");
            assert_eq!(s.expect("readyok"), Vec::<String>::new(), "{dialect}: nothing else after {refused}");
            // The next good position is searched as usual.
            s.send("position startpos moves h2e2");
            assert_eq!(s.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
        }
    }
}

#[test]
fn banmoves_restrict_the_root() {
    let mut s = Session::hello("ucci");
    s.send(&format!("position fen {TWO_MOVES}"));
    s.send("banmoves d1e2");
    s.send("go depth 4");
    assert_eq!(bestmove(&s.expect_prefix("bestmove")), "d0e0");
    s.send("banmoves d1e2 d0e0");
    s.send("go depth 4");
    let lines = s.expect("nobestmove");
    assert!(lines.contains(&"info string all legal moves are banned".to_string()), "{lines:?}");
    // A new position clears the bans: a move again, either (both draw; which one the
    // evaluation's ties pick is not the point).
    s.send(&format!("position fen {TWO_MOVES}"));
    s.send("go depth 4");
    let mv = s.expect_prefix("bestmove");
    assert!(["d1e2", "d0e0"].contains(&bestmove(&mv)), "{mv}");
}

#[test]
fn stop_ends_an_infinite_search_and_isready_answers_meanwhile() {
    let mut s = Session::hello("ucci");
    s.send("position startpos");
    s.send("go infinite");
    s.expect_prefix("info depth 3");
    s.send("isready");
    s.expect("readyok");
    s.send("stop");
    let line = s.expect_prefix("bestmove");
    assert_eq!(bestmove(&line).len(), 4);
}

#[test]
fn ponder_holds_the_answer_until_ponderhit() {
    let mut s = Session::hello("ucci");
    s.send(&format!("position fen {MATE_IN_ONE}"));
    s.send("go ponder depth 2");
    s.expect_prefix("info depth 2");
    s.expect_silence(Duration::from_millis(300));
    s.send("ponderhit");
    assert_eq!(s.expect_prefix("bestmove"), "bestmove i4i9");
}

#[test]
fn probe_reports_the_table_entry() {
    let mut s = Session::hello("ucci");
    s.send(&format!("position fen {MATE_IN_ONE}"));
    s.send("go depth 3");
    s.expect_prefix("bestmove");
    s.send(&format!("probe fen {MATE_IN_ONE}"));
    let line = s.expect_prefix("pophash");
    assert!(line.starts_with("pophash bestmove i4i9"), "{line}");
    s.send("probe fen 9/9/9 w");
    s.expect_prefix("info string");
    assert_eq!(s.expect_prefix("pophash"), "pophash");
}

#[test]
fn go_perft_and_display() {
    let mut s = Session::hello("uci");
    s.send(&format!("position fen {TWO_MOVES}"));
    s.send("go perft 2");
    assert_eq!(s.expect("Nodes searched: 5"), ["d0e0: 3", "d1e2: 2", ""]);
    s.send("position startpos");
    s.send("d");
    let lines = s.until("Checkers", |l| l.starts_with("Checkers:"));
    assert!(lines.contains(&format!("Fen: {START}")));
}

#[test]
fn batch_mode_refuses_open_ended_searches() {
    let mut s = Session::hello("ucci");
    s.send("setoption batch true");
    s.send("go infinite");
    assert!(s.expect_prefix("info string").contains("batch"));
    s.send(&format!("position fen {MATE_IN_ONE}"));
    s.send("go depth 2");
    s.send("isready");
    // In batch mode `isready` waits behind the search.
    s.expect("bestmove i4i9");
    s.expect("readyok");
}

#[test]
fn end_of_input_lets_a_finite_search_finish() {
    let mut s = Session::hello("ucci");
    s.send(&format!("position fen {MATE_IN_ONE}"));
    s.send("go depth 4");
    s.close_input();
    s.expect("bestmove i4i9");
    s.expect("bye");
    assert_eq!(s.wait_exit(), Some(0));
}

#[test]
fn draw_offer_is_accepted_when_not_better() {
    let mut s = Session::hello("ucci");
    // Bare kings and advisors: a dead draw, so the offer is accepted.
    s.send("position fen 3k1a3/9/9/9/9/9/9/9/9/4KA3 w - - 0 1");
    s.send("go draw depth 3");
    assert!(s.expect_prefix("bestmove").ends_with(" draw"));
    s.send(&format!("position fen {MATE_IN_ONE}"));
    s.send("go draw depth 3");
    assert_eq!(s.expect_prefix("bestmove"), "bestmove i4i9");
}

/// `docs/rules.md` §8 in the search: repeating the check h9h8 would let Black complete a
/// third occurrence of a cycle in which Red checked on every move, a loss for Red; the search
/// sees it (a decided loss when forced) and plays something else.
#[test]
fn search_avoids_a_forbidden_perpetual_check() {
    let game = "position fen c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1 moves h8h9 f9f8 h9h8 f8f9 h8h9 f9f8";
    let mut s = Session::hello("uci");
    s.send(game);
    s.send("go depth 6 searchmoves h9h8");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.starts_with("info depth 6 ") && l.contains(" score mate -1 ")), "{lines:?}");
    s.send(game);
    s.send("go depth 8");
    let line = s.expect_prefix("bestmove");
    assert_ne!(bestmove(&line), "h9h8");
}

/// `UCI_ShowWDL` (`docs/uci.md` §2, §5): off, no `wdl`; on, every `info ... score` line has one
/// right after the score, three per mille figures summing to 1000, certain for a mate, and the
/// no-move line has it too. UCCI never shows it.
#[test]
fn show_wdl_adds_chances_to_every_score_line() {
    let mut s = Session::hello("uci");
    s.send("position startpos");
    s.send("go depth 3");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(lines.iter().all(|l| !l.contains(" wdl ")), "{lines:?}");
    s.send("setoption name UCI_ShowWDL value true");
    s.send("setoption name MultiPV value 2");
    s.send("go depth 3");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
    assert_eq!(scored.len(), 6, "{lines:?}");
    for line in scored {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "wdl").unwrap_or_else(|| panic!("no wdl: {line}"));
        assert_eq!(words[at - 3], "score", "{line}");
        let wdl: Vec<u32> = words[at + 1..at + 4].iter().map(|w| w.parse().expect("per mille")).collect();
        assert_eq!(wdl.iter().sum::<u32>(), 1000, "{line}");
        assert_eq!(words[at + 4], "nodes", "{line}");
    }
    s.send("setoption name MultiPV value 1");
    s.send(&format!("position fen {MATE_IN_ONE}"));
    s.send("go depth 2");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.contains(" score mate 1 wdl 1000 0 0 nodes ")), "{lines:?}");
    // Red checkmated: no move, and a certain loss.
    s.send("position fen 3k5/9/9/9/9/9/9/9/r8/4K3r w - - 0 1");
    s.send("go depth 2");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(lines.contains(&"info depth 0 score mate 0 wdl 0 0 1000".to_string()), "{lines:?}");

    let mut s = Session::hello("ucci");
    s.send("setoption name UCI_ShowWDL value true");
    s.send("position startpos");
    s.send("go depth 2");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(lines.iter().all(|l| !l.contains("wdl")), "{lines:?}");
}

#[test]
fn move_limit_sets_where_the_search_sees_the_draw() {
    // A rook against a bare king after fifty moves without a capture: a mate in 2 under the
    // sixty-move limit, a draw at the next ply under the fifty-move one (`docs/rules.md` §9).
    const FIFTY_MOVES_ON: &str = "3k5/9/9/9/9/9/9/9/R8/5K3 w - - 100 60";
    let scores = |s: &mut Session| -> Vec<String> {
        s.send(&format!("position fen {FIFTY_MOVES_ON}"));
        s.send("go depth 5");
        let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
        let score = |l: &String| {
            let after = l.split(" score ").nth(1)?;
            Some(after.split_whitespace().take_while(|t| !["nodes", "pv"].contains(t)).collect::<Vec<_>>().join(" "))
        };
        lines.iter().filter(|l| l.starts_with("info depth 5 ")).filter_map(score).collect()
    };
    let mut s = Session::hello("uci");
    assert_eq!(scores(&mut s), ["mate 2"]);
    s.send("setoption name MoveLimit value 50");
    assert_eq!(scores(&mut s), ["cp 0"]);
    s.send("setoption name MoveLimit value 49");
    assert_eq!(s.expect_prefix("info string"), "info string setoption: MoveLimit: 49 is out of range (50 to 60)");

    let mut u = Session::hello("ucci");
    u.send("setoption movelimit 50");
    assert_eq!(scores(&mut u), ["0"]);
}

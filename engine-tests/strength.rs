//! MultiPV, `searchmoves`/`banmoves` with several lines, the strength options and the levels,
//! against the real binary.

use chuhan::movegen::legal_moves;
use chuhan::{Move, Position};

use crate::common::{run, stdout};
use crate::session::Session;

/// After 炮二平五: Black to move, with many sound replies.
const AFTER_CENTRAL_CANNON: &str = "position startpos moves h2e2";

/// One `info` line of a search: depth, rank, score and the line's moves.
#[derive(Debug)]
struct Line {
    depth: u32,
    multipv: Option<u32>,
    score: i32,
    pv: Vec<String>,
}

/// The value after `key` in a line of words.
fn field<'a>(words: &[&'a str], key: &str) -> Option<&'a str> {
    words.iter().position(|w| *w == key).and_then(|i| words.get(i + 1).copied())
}

/// The `info depth` lines of a transcript (UCI `score cp` or UCCI's bare score).
fn lines(transcript: &[String]) -> Vec<Line> {
    transcript
        .iter()
        .filter(|l| l.starts_with("info depth") && l.contains(" pv "))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let score = match field(&words, "score") {
                Some("cp") => field(&words, "cp"),
                other => other,
            };
            let pv_at = words.iter().position(|w| *w == "pv").unwrap_or(words.len());
            Line {
                depth: field(&words, "depth").and_then(|d| d.parse().ok()).unwrap_or(0),
                multipv: field(&words, "multipv").and_then(|k| k.parse().ok()),
                score: score.and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("no score in {l}")),
                pv: words[pv_at + 1..].iter().map(|w| w.to_string()).collect(),
            }
        })
        .collect()
}

/// Every depth reports `n` lines ranked 1 to `n`, with distinct legal first moves in
/// `allowed` and non-increasing scores; returns the deepest line 1's first move.
fn check_lines(found: &[Line], n: usize, pos: &Position, allowed: &dyn Fn(Move) -> bool) -> String {
    let legal = legal_moves(pos);
    let deepest = found.iter().map(|l| l.depth).max().unwrap_or(0);
    assert!(deepest >= 4, "{found:?}");
    for depth in 1..=deepest {
        let at: Vec<&Line> = found.iter().filter(|l| l.depth == depth).collect();
        assert_eq!(at.len(), n, "depth {depth}: {at:?}");
        let mut firsts = Vec::new();
        for (k, line) in at.iter().enumerate() {
            assert_eq!(line.multipv.unwrap_or(1), k as u32 + 1, "{line:?}");
            let mv = Move::parse(&line.pv[0]).unwrap_or_else(|| panic!("{line:?}"));
            assert!(legal.contains(mv) && allowed(mv), "depth {depth}: {mv} in {line:?}");
            assert!(!firsts.contains(&mv), "depth {depth}: {mv} twice");
            firsts.push(mv);
        }
        assert!(at.windows(2).all(|w| w[0].score >= w[1].score), "depth {depth}: {at:?}");
    }
    found.iter().rev().find(|l| l.depth == deepest && l.multipv.unwrap_or(1) == 1).map(|l| l.pv[0].clone()).unwrap()
}

fn after_central_cannon() -> Position {
    let mut pos = Position::startpos();
    pos.make(Move::parse("h2e2").unwrap());
    pos
}

fn search(s: &mut Session, go: &str) -> (Vec<String>, String) {
    s.send(go);
    let transcript = s.until("bestmove", |l| l.starts_with("bestmove"));
    let best = transcript.last().and_then(|l| l.split_whitespace().nth(1)).unwrap_or_default().to_string();
    (transcript, best)
}

/// The node count of the deepest iteration and the move played.
fn nodes_and_move(s: &mut Session, go: &str) -> (String, String) {
    let (t, best) = search(s, go);
    let info = t.iter().rev().find(|l| l.starts_with("info") && l.contains(" nodes ")).cloned().unwrap_or_default();
    let words: Vec<&str> = info.split_whitespace().collect();
    (field(&words, "nodes").unwrap_or_default().to_string(), best)
}

#[test]
fn multipv_lines_are_distinct_legal_and_best_first() {
    let pos = after_central_cannon();
    let mut u = Session::hello("uci");
    u.send("setoption name MultiPV value 4");
    u.send(AFTER_CENTRAL_CANNON);
    let (t, best) = search(&mut u, "go depth 6");
    assert_eq!(check_lines(&lines(&t), 4, &pos, &|_| true), best);

    let mut c = Session::hello("ucci");
    c.send("setoption multipv 3");
    c.send(AFTER_CENTRAL_CANNON);
    let (t, best) = search(&mut c, "go depth 5");
    let found = lines(&t);
    assert!(found.iter().all(|l| l.multipv.is_some()), "{t:?}");
    assert_eq!(check_lines(&found, 3, &pos, &|_| true), best);
    // One `info time ... nodes ...` per iteration, before its first line.
    assert_eq!(t.iter().filter(|l| l.starts_with("info time")).count(), 5 + 1, "{t:?}");
}

#[test]
fn one_line_costs_nothing_and_prints_as_before() {
    let mut fresh = Session::hello("uci");
    fresh.send(AFTER_CENTRAL_CANNON);
    let reference = nodes_and_move(&mut fresh, "go depth 7");
    let (t, _) = search(&mut fresh, "go depth 3");
    assert!(lines(&t).iter().all(|l| l.multipv == Some(1)), "{t:?}");

    let mut s = Session::hello("uci");
    s.send("setoption name MultiPV value 3");
    s.send("setoption name MultiPV value 1");
    s.send(AFTER_CENTRAL_CANNON);
    assert_eq!(nodes_and_move(&mut s, "go depth 7"), reference);

    let mut c = Session::hello("ucci");
    c.send(AFTER_CENTRAL_CANNON);
    let (t, _) = search(&mut c, "go depth 3");
    assert!(t.iter().any(|l| l.starts_with("info depth 3 score ")), "{t:?}");
    assert!(lines(&t).iter().all(|l| l.multipv.is_none()), "{t:?}");
}

#[test]
fn searchmoves_and_banmoves_shape_the_lines() {
    let pos = after_central_cannon();
    let only = [Move::parse("h9g7").unwrap(), Move::parse("b9c7").unwrap()];
    let mut u = Session::hello("uci");
    u.send("setoption name MultiPV value 5");
    u.send(AFTER_CENTRAL_CANNON);
    let (t, best) = search(&mut u, "go depth 5 searchmoves h9g7 b9c7");
    assert_eq!(check_lines(&lines(&t), 2, &pos, &|m| only.contains(&m)), best);

    let mut c = Session::hello("ucci");
    c.send("setoption multipv 3");
    c.send(AFTER_CENTRAL_CANNON);
    c.send("banmoves h9g7 b9c7");
    let (t, best) = search(&mut c, "go depth 5");
    assert_eq!(check_lines(&lines(&t), 3, &pos, &|m| !only.contains(&m)), best);
}

#[test]
fn bad_strength_options_are_refused_and_change_nothing() {
    let mut fresh = Session::hello("uci");
    fresh.send(AFTER_CENTRAL_CANNON);
    let reference = nodes_and_move(&mut fresh, "go depth 6");

    let mut u = Session::hello("uci");
    for bad in [
        "setoption name MultiPV value 0",
        "setoption name MultiPV value 65",
        "setoption name MultiPV value two",
        "setoption name MultiPV",
        "setoption name Skill Level value 21",
        "setoption name Skill Level value -3",
        "setoption name Skill Level value low",
        "setoption name UCI_LimitStrength value yes",
        "setoption name UCI_Elo value -10",
        "setoption name UCI_Elo value 99999",
    ] {
        u.send(bad);
        assert!(u.expect_prefix("info string").starts_with("info string setoption: "), "{bad}");
    }
    u.send(AFTER_CENTRAL_CANNON);
    assert_eq!(nodes_and_move(&mut u, "go depth 6"), reference);

    let mut c = Session::hello("ucci");
    for bad in [
        "setoption multipv 0",
        "setoption multipv 100",
        "setoption pruning some",
        "setoption knowledge",
        "setoption randomness enormous",
        "setoption style wild",
    ] {
        c.send(bad);
        assert!(c.expect_prefix("info string").starts_with("info string setoption: "), "{bad}");
    }
    c.send(AFTER_CENTRAL_CANNON);
    let mut fresh = Session::hello("ucci");
    fresh.send(AFTER_CENTRAL_CANNON);
    assert_eq!(nodes_and_move(&mut c, "go depth 6"), nodes_and_move(&mut fresh, "go depth 6"));
}

#[test]
fn randomness_and_lower_levels_vary_full_strength_repeats() {
    // Two searches of the same position: equal at full strength, different with noise.
    let twice = |dialect: &str, setup: &[&str]| {
        let mut s = Session::hello(dialect);
        for line in setup {
            s.send(line);
        }
        let newgame = if dialect == "uci" { "ucinewgame" } else { "setoption newgame" };
        let mut runs = Vec::new();
        for _ in 0..2 {
            s.send(newgame);
            s.send(AFTER_CENTRAL_CANNON);
            runs.push(nodes_and_move(&mut s, "go depth 6"));
        }
        runs
    };
    let same = twice("ucci", &[]);
    assert_eq!(same[0], same[1]);
    let noisy = twice("ucci", &["setoption randomness small"]);
    assert_ne!(noisy[0].0, noisy[1].0, "{noisy:?}");
    let weaker = twice("uci", &["setoption name Skill Level value 15"]);
    assert_ne!(weaker[0].0, weaker[1].0, "{weaker:?}");
}

#[test]
fn level_0_loses_to_level_20_at_fixed_nodes() {
    // 24 games (12 openings, both colours); the weakest level may score at most 10%. Level 0
    // searches one ply with large noise; by chance alone it would score half.
    let exe = env!("CARGO_BIN_EXE_chuhan");
    let o = run(&[
        "match",
        "--engine",
        exe,
        "--proto",
        "uci",
        "--init",
        "setoption name Skill Level value 0",
        "--name",
        "L0",
        "--engine",
        exe,
        "--proto",
        "uci",
        "--name",
        "L20",
        "--games",
        "24",
        "--nodes",
        "1500",
        "--max-plies",
        "300",
    ]);
    let out = stdout(&o);
    let score = out.lines().rev().find(|l| l.starts_with("Score of L0 vs L20:")).unwrap_or_else(|| panic!("{out}"));
    let share: f64 = score.split(['[', ']']).nth(1).and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("{score}"));
    assert!(score.ends_with(" 24"), "{score}");
    assert!(share <= 0.10, "{score}");
}

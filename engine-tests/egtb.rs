//! The engine playing from the endgame tables (`docs/egtb.md` §14), through the binary: the
//! options in both dialects, a covered root answered from the tables, a drawn root searched
//! among the drawing moves, the tables probed inside the tree, and damaged files refused.

use std::path::PathBuf;
use std::sync::OnceLock;

use crate::common::{run, stderr, stdout};
use crate::session::Session;

/// Rook against bare king, Red to move: the rook mates at once on d1 or stalemates on a8.
const KRK: &str = "3k5/9/9/9/9/9/9/9/R8/4K4 w";
/// Rook against bare king, four plies deeper: no mate in one.
const KRK_LONG: &str = "4k4/9/9/9/9/9/9/9/R8/3K5 w";
/// An old soldier (on the last rank) against bare king: drawn, Red to move.
const KPK_DRAWN: &str = "P3k4/9/9/9/9/9/9/9/9/3K5 w";
/// Rook against king and advisor, which no table here covers; taking the advisor leads to
/// `krk`.
const KRKA: &str = "3k5/4a4/9/9/9/9/9/9/R8/4K4 w";

/// A folder with `krk` and `kpk`, built once for the suite.
fn tables() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("chuhan-egtb-engine-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let out = run(&["egtb", "build", "krk", "kpk", "--dir", dir.to_str().expect("UTF-8 path")]);
        assert!(out.status.success(), "{}", stderr(&out));
        dir
    })
}

/// `chuhan egtb probe`'s lines for `fen`: the value, then each move with its value, best first.
fn probe(fen: &str) -> Vec<(String, String)> {
    let out = run(&["egtb", "probe", "--dir", tables().to_str().expect("UTF-8"), "--fen", fen]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut lines = text.lines();
    let value = lines.next().expect("a value").to_string();
    let mut moves = vec![(String::new(), value)];
    moves.extend(lines.map(|l| {
        let (mv, v) = l.split_once("  ").expect("move  value");
        (mv.to_string(), v.to_string())
    }));
    moves
}

/// The moves that keep the best value of `fen`.
fn best_moves(fen: &str) -> (String, Vec<String>) {
    let lines = probe(fen);
    let best = lines[1].1.clone();
    (lines[0].1.clone(), lines[1..].iter().filter(|(_, v)| *v == best).map(|(m, _)| m.clone()).collect())
}

fn session(dialect: &str) -> Session {
    let mut s = Session::hello(dialect);
    let dir = tables().display().to_string();
    s.send(&if dialect == "uci" {
        format!("setoption name EGTBPath value {dir}")
    } else {
        format!("setoption egtbpaths {dir}")
    });
    assert_eq!(s.expect_prefix("info string"), format!("info string setoption: 2 endgames in {dir}"));
    s
}

fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == name)?;
    words.next()
}

#[test]
fn a_won_root_is_answered_from_the_tables_with_its_mate() {
    let (value, best) = best_moves(KRK_LONG);
    let plies: u32 = value.strip_prefix("win ").expect("a win").parse().expect("plies");
    assert!(plies > 1, "{value}");
    let mut s = session("uci");
    s.send(&format!("position fen {KRK_LONG}"));
    s.send("go depth 30");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    let info = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("an info line");
    assert_eq!(field(info, "mate"), Some(plies.div_ceil(2).to_string().as_str()), "{info}");
    assert!(field(info, "tbhits").is_some_and(|n| n.parse::<u64>().unwrap_or(0) > 0), "{info}");
    // The line runs to the mate: as many plies as the table says.
    let pv: Vec<&str> = info.split(" pv ").nth(1).expect("a pv").split_whitespace().collect();
    assert_eq!(pv.len(), plies as usize, "{info}");
    let answer = lines.last().expect("bestmove");
    let mv = field(answer, "bestmove").expect("a move");
    assert!(best.iter().any(|b| b == mv), "{answer} not among {best:?}");
    assert_eq!(pv[0], mv);
}

#[test]
fn ucci_shows_the_mate_score_and_tbhits() {
    let (_, best) = best_moves(KRK);
    let mut s = session("ucci");
    s.send(&format!("position fen {KRK}"));
    s.send("go depth 5");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(lines.iter().any(|l| l.starts_with("info time") && field(l, "tbhits").is_some()), "{lines:?}");
    let info = lines.iter().find(|l| l.starts_with("info depth")).expect("an info line");
    assert_eq!(field(info, "score"), Some("9999"), "{info}");
    let mv = field(lines.last().expect("bestmove"), "bestmove").expect("a move");
    assert!(best.iter().any(|b| b == mv), "{mv} not among {best:?}");
}

#[test]
fn multipv_gives_each_moves_table_value() {
    let lines = probe(KRK);
    let mut s = session("uci");
    s.send("setoption name MultiPV value 3");
    s.send(&format!("position fen {KRK}"));
    s.send("go depth 10");
    let got = s.until("bestmove", |l| l.starts_with("bestmove"));
    let infos: Vec<&String> = got.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 3, "{got:?}");
    for (k, info) in infos.iter().enumerate() {
        let (mv, value) = &lines[k + 1];
        let plies: u32 = value.strip_prefix("win ").expect("wins").parse().expect("plies");
        assert_eq!(field(info, "multipv"), Some((k + 1).to_string().as_str()));
        assert_eq!(field(info, "mate"), Some(plies.div_ceil(2).to_string().as_str()), "{info} for {mv} {value}");
    }
}

#[test]
fn a_drawn_root_keeps_the_draw_and_shows_it() {
    let (value, drawing) = best_moves(KPK_DRAWN);
    assert_eq!(value, "draw");
    let mut s = session("uci");
    s.send(&format!("position fen {KPK_DRAWN}"));
    s.send("go depth 6");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    for info in lines.iter().filter(|l| l.starts_with("info depth")) {
        assert_eq!(field(info, "cp"), Some("0"), "{info}");
    }
    let mv = field(lines.last().expect("bestmove"), "bestmove").expect("a move");
    assert!(drawing.iter().any(|d| d == mv), "{mv} not among {drawing:?}");
}

#[test]
fn the_tree_probes_the_tables_past_a_capture() {
    let mut s = session("uci");
    s.send(&format!("position fen {KRKA}"));
    s.send("go depth 6");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    let last = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("an info line");
    assert!(field(last, "tbhits").is_some_and(|n| n.parse::<u64>().unwrap_or(0) > 0), "{last}");
    assert!(field(last, "mate").is_some(), "{last}");
    // Without the tables the same search prints no tbhits.
    let mut bare = Session::hello("uci");
    bare.send(&format!("position fen {KRKA}"));
    bare.send("go depth 6");
    let lines = bare.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(lines.iter().all(|l| field(l, "tbhits").is_none()), "{lines:?}");
}

#[test]
fn damaged_and_missing_tables_are_refused_in_one_line() {
    let dir = std::env::temp_dir().join(format!("chuhan-egtb-damaged-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    for name in ["krk.w.cht", "krk.b.cht", "kpk.w.cht", "kpk.b.cht"] {
        std::fs::copy(tables().join(name), dir.join(name)).expect("copied");
    }
    let bytes = std::fs::read(dir.join("kpk.b.cht")).expect("read");
    std::fs::write(dir.join("kpk.b.cht"), &bytes[..bytes.len() / 2]).expect("truncated");
    let mut s = Session::hello("ucci");
    s.send(&format!("setoption egtbpaths {}", dir.display()));
    let refusal = s.expect_prefix("info string");
    let file = dir.join("kpk.b.cht");
    assert!(
        refusal.starts_with(&format!("info string setoption: {}: truncated: ", file.display()))
            && refusal.ends_with("; its endgame is not used"),
        "{refusal}"
    );
    assert_eq!(s.expect_prefix("info string"), format!("info string setoption: 1 endgames in {}", dir.display()));
    // The good endgame still plays.
    s.send(&format!("position fen {KRK}"));
    s.send("go depth 3");
    assert!(s.until("bestmove", |l| l.starts_with("bestmove")).iter().any(|l| l.contains("tbhits")));
    // A folder without tables is refused and the old tables stay.
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).expect("a folder");
    s.send(&format!("setoption egtbpaths {}", empty.display()));
    let refusal = s.expect_prefix("info string");
    assert!(refusal.ends_with("; the old tables stay") && refusal.contains("no tables"), "{refusal}");
    s.send(&format!("position fen {KRK}"));
    s.send("go depth 3");
    assert!(s.until("bestmove", |l| l.starts_with("bestmove")).iter().any(|l| l.contains("tbhits")));
    // Switched off, the search is on its own.
    s.send("setoption useegtb false");
    s.send(&format!("position fen {KRK}"));
    s.send("go depth 3");
    assert!(s.until("bestmove", |l| l.starts_with("bestmove")).iter().all(|l| !l.contains("tbhits")));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_rules_come_before_the_tables_at_the_root() {
    // Rook against king and advisor. The table's only fastest mate, d0e0, checks; after the
    // checks d0e0 and e0d0 have gone round once, playing it again would make Red's check
    // perpetual, which loses (`docs/rules.md` §8): the engine takes the next fastest win.
    const ROOK_CHECKS: &str = "9/4a4/4k4/9/9/9/9/9/9/3R1K3 w";
    let dir = std::env::temp_dir().join(format!("chuhan-egtb-rules-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = run(&["egtb", "build", "krka", "--dir", dir.to_str().expect("UTF-8 path")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let probe = run(&["egtb", "probe", "--dir", dir.to_str().expect("UTF-8"), "--fen", ROOK_CHECKS]);
    let probe = stdout(&probe);
    let lines: Vec<&str> = probe.lines().collect();
    assert_eq!(&lines[..3], ["win 3", "d0e0  win 3", "d0d1  win 7"], "{probe}");
    let wins_in_7: Vec<&str> = lines.iter().filter_map(|l| l.strip_suffix("  win 7")).collect();
    let mut s = Session::hello("uci");
    s.send(&format!("setoption name EGTBPath value {}", dir.display()));
    s.expect_prefix("info string setoption");
    s.send(&format!("position fen {ROOK_CHECKS}"));
    s.send("go depth 10");
    assert_eq!(field(&s.expect_prefix("bestmove"), "bestmove"), Some("d0e0"));
    s.send(&format!("position fen {ROOK_CHECKS} moves d0e0 e7d7 e0d0 d7e7"));
    s.send("go depth 10");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    let info = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("an info line");
    assert_eq!(field(info, "mate"), Some("4"), "{info}");
    let mv = field(lines.last().expect("bestmove"), "bestmove").expect("a move");
    assert!(wins_in_7.contains(&mv), "{mv} not among {wins_in_7:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn find_lists_the_first_covered_position_of_each_game_once() {
    let dir = std::env::temp_dir().join(format!("chuhan-egtb-find-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    // Game 1 starts in `krk`; game 2 starts from the same position (listed
    // once); game 3 never leaves `krka`, which no table covers; game 4 is the start position.
    let game = |fen: &str, moves: &str| format!("[FEN \"{fen} - - 0 1\"]\n\n{moves} *\n\n");
    let pgn = [
        game("3k5/9/9/9/9/9/9/9/R8/5K3 w", "1. a1a2 d9d8"),
        game("3k5/9/9/9/9/9/9/9/R8/5K3 w", "1. a1a3"),
        game(KRKA, "1. a1a2 d9d8"),
        "[Event \"start\"]\n\n1. h2e2 h9g7 *\n".to_string(),
    ]
    .concat();
    let file = dir.join("games.pgn");
    std::fs::write(&file, pgn).expect("written");
    let out = run(&["egtb", "find", "--dir", tables().to_str().expect("UTF-8"), file.to_str().expect("UTF-8")]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("3k5/9/9/9/9/9/9/9/R8/5K3 w ; krk win 3 ; {}#1\n", file.display()));
    assert_eq!(stderr(&out), "4 games read, 1 positions found in 2 endgames\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sample_draws_positions_of_the_value_asked_reproducibly() {
    let dir = tables().to_str().expect("UTF-8");
    let args = ["egtb", "sample", "kpk", "--dir", dir, "--value", "win", "--min-plies", "9", "--count", "5"];
    let out = run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(stdout(&run(&args)), stdout(&out), "the same seed draws the same positions");
    let other = run(&["egtb", "sample", "kpk", "--dir", dir, "--value", "win", "--count", "5", "--seed", "2"]);
    assert_ne!(stdout(&other), stdout(&out));
    for line in &lines {
        let (fen, value) = line.split_once(" ; kpk ").expect("FEN ; endgame value");
        let plies: u16 = value.strip_prefix("win ").expect("a win").parse().expect("plies");
        assert!(plies >= 9, "{line}");
        assert_eq!(probe(fen)[0].1, value, "{line}");
    }
}

use super::*;
use crate::board::Position;
use crate::engine::Engine;
use crate::movegen::legal_moves;
use crate::types::Move;
use crate::types::value::mate_in;

fn mv(text: &str) -> Move {
    Move::parse(text).expect("ICCS")
}

/// Black's rook and soldier threaten mate; Red mates first only by the cannon's sacrifice on
/// g9, the elephant taking it, and the rook's check on c9 (mate.epd, mate in 2).
const MATE_IN_2: &str = "2b1ka3/4a4/4b4/9/9/2R6/9/9/1r1p5/4K1C2 w - - 0 1";

fn settings() -> Settings {
    Settings { depth: 8, prefilter: 4, skip: 0, max_moves: 5 }
}

#[test]
fn mining_finds_the_only_mate_the_player_missed() {
    let start = Position::from_fen(MATE_IN_2).expect("FEN");
    // The game: Red plays its rook up the board instead, and Black mates.
    let moves = [mv("c4c5")];
    let mut engine = Engine::new().expect("engine");
    let found = mine(&mut engine, &start, &moves, "test.pgn:1", &settings());
    assert_eq!(found.len(), 1, "{found:?}");
    let p = &found[0];
    assert_eq!(p.moves, ["g0g9", "e7g9", "c4c9"]);
    assert_eq!((p.goal, p.ply, p.played.as_deref(), p.id.as_str()), (Goal::Win, 0, Some("c4c5"), "test.pgn:1:0"));
    assert_eq!(p.value, "+M2");
    assert!(p.themes.iter().any(|t| t == "mateIn2") && p.themes.iter().any(|t| t == "missed"), "{:?}", p.themes);
    // The line ends in mate: Black has no move.
    let mut pos = start.clone();
    for m in &p.moves {
        pos.play(mv(m)).expect("legal");
    }
    assert!(legal_moves(&pos).is_empty());
    // The line read back from its own line of the file is the same puzzle.
    assert_eq!(read(&to_line(p)).expect("reads"), vec![p.clone()]);
    // A deeper search agrees.
    let check = check(&mut engine, p, 10).expect("checks");
    assert!(check.holds, "{check:?}");
    assert_eq!(check.steps[0].0, mv("g0g9"));
}

#[test]
fn a_quiet_opening_holds_no_puzzle() {
    let moves = ["h2e2", "h9g7", "h0g2", "i9h9"].map(mv);
    let mut engine = Engine::new().expect("engine");
    assert!(mine(&mut engine, &Position::startpos(), &moves, "quiet", &settings()).is_empty());
}

#[test]
fn a_puzzle_needs_one_good_move_and_no_second() {
    assert_eq!(Goal::of(WIN, Some(NOT_WIN)), Some(Goal::Win));
    assert_eq!(Goal::of(WIN, Some(NOT_WIN + 1)), None);
    assert_eq!(Goal::of(mate_in(3), Some(0)), Some(Goal::Win));
    assert_eq!(Goal::of(SAVE, Some(LOST)), Some(Goal::Save));
    assert_eq!(Goal::of(SAVE - 1, Some(-1000)), None);
    // One legal move: nothing to find.
    assert_eq!(Goal::of(mate_in(1), None), None);
    // Later in a mate, the only mating move is the only move even if the others still win.
    assert!(Goal::Win.unique(mate_in(3), Some(400)));
    assert!(!Goal::Win.unique(mate_in(3), Some(mate_in(5))));
}

#[test]
fn the_rating_grows_with_the_depth_needed_and_the_length() {
    assert_eq!(mine::rating(1, 1, false), 870);
    assert_eq!(mine::rating(8, 3, true), 800 + 560 + 240 + 150);
    assert_eq!(mine::rating(40, 20, true), 2800);
}

#[test]
fn a_bad_puzzle_file_is_refused_with_one_line() {
    let good = r#"{"id":"a","fen":"2b1ka3/4a4/4b4/9/9/2R6/9/9/1r1p5/4K1C2 w - - 0 1","moves":["g0g9","e7g9","c4c9"],"rating":990,"themes":["mate"],"goal":"win","value":"+M2","second":"-1.80","depth":10,"source":"x","ply":0,"played":null}"#;
    assert_eq!(read(good).expect("reads").len(), 1);
    let with = |from: &str, to: &str| format!("{good}\n\n{}", good.replace(from, to));
    let refusal = |text: &str| read(text).expect_err("refused");
    assert!(refusal("{").starts_with("line 1: not a puzzle: "));
    assert_eq!(
        refusal(&with(r#""g0g9","#, r#""g0a0","#)),
        "line 3: puzzle a: move g0a0: ".to_string() + &illegal("g0a0")
    );
    assert_eq!(
        refusal(&with(r#","c4c9""#, "")),
        "line 3: puzzle a: 2 moves: a solution starts and ends with the solver's move"
    );
    assert_eq!(refusal(&with("990", "99999")), "line 3: puzzle a: rating 99999 is not 100 to 4000");
    assert!(refusal(&with("2b1ka3/", "2b1ka3/9/")).starts_with("line 3: puzzle a: fen: "));
    assert!(refusal(&with(r#""ply":0"#, r#""ply":0,"extra":1"#)).contains("unknown field `extra`"));
}

/// Why `text` cannot be played in [`MATE_IN_2`], in the board's words.
fn illegal(text: &str) -> String {
    Position::from_fen(MATE_IN_2).expect("FEN").play(mv(text)).expect_err("illegal").to_string()
}

#[test]
fn the_sample_built_in_reads() {
    let sample = read(include_str!("../../positions/puzzles.jsonl")).expect("the sample reads");
    assert!(sample.len() >= 20, "{} puzzles", sample.len());
}

//! The game's record and its end by the rules.

use super::*;

fn game(fen: &str, moves: &[&str]) -> Game {
    let mut g = Game::new(Position::from_fen(fen).expect("valid test FEN"), MoveLimit::SIXTY);
    for m in moves {
        g.play(Move::parse(m).expect("test move")).unwrap_or_else(|e| panic!("{e}"));
    }
    g
}

#[test]
fn mate_and_no_move_lose() {
    // Two rooks: a8 covers rank 8, the other mates on rank 9.
    let g = game("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", &["b0b9"]);
    assert_eq!(g.result(), Some(&GameResult::win(Color::Red, Reason::Checkmate)));
}

#[test]
fn perpetual_check_loses_on_the_third_occurrence() {
    let cycle = ["a0a9", "d9d8", "a9a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9"];
    let mut g = game("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", &cycle);
    assert!(!g.is_over(), "the rook's first position has occurred twice only");
    g.play(Move::parse("a8a9").expect("move")).expect("legal");
    let o = g.result().expect("third occurrence");
    assert_eq!(o, &GameResult::win(Color::Black, Reason::PerpetualCheck(Color::Red)));
    assert_eq!(o.to_string(), "0-1 (perpetual check by red)");
    let text = pgn::write_game(&g.record(&[]), crate::notation::Notation::Iccs);
    assert!(
        text.ends_with(
            "5. a8a9\n{cycle: d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9; red checks on every move; black \
             is neither checking nor chasing}\n0-1\n"
        ),
        "{text}"
    );
    g.undo(1);
    assert!(!g.is_over());
}

#[test]
fn quiet_repetition_draws() {
    let shuffle = ["e0e1", "d9d8", "e1e0", "d8d9"];
    let moves: Vec<&str> = shuffle.iter().chain(shuffle.iter()).copied().collect();
    let g = game("3k5/9/9/8p/9/9/P8/9/9/4K4 w - - 0 1", &moves);
    assert_eq!(g.result(), Some(&GameResult::draw(Reason::Repetition { occurrences: 3 })));
}

#[test]
fn sixty_moves_and_bare_kings_draw() {
    let g = game("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 80", &["a0a1"]);
    assert_eq!(g.result().map(|r| &r.reason), Some(&Reason::MoveLimit { moves: 60 }));
    // Under the fifty-move limit the same game ended twenty plies earlier.
    let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 99 80").expect("valid");
    let mut g = Game::new(start.clone(), MoveLimit::FIFTY);
    assert!(!g.is_over());
    g.play(Move::parse("a0a1").expect("move")).expect("legal");
    assert_eq!(g.result().map(|r| &r.reason), Some(&Reason::MoveLimit { moves: 50 }));
    let mut g = Game::new(start, MoveLimit::SIXTY);
    g.play(Move::parse("a0a1").expect("move")).expect("legal");
    assert!(!g.is_over());
    let g = game("3k5/9/9/9/9/9/9/9/3A5/4K4 w - - 0 1", &[]);
    assert_eq!(g.result().map(|r| &r.reason), Some(&Reason::InsufficientMaterial));
}

#[test]
fn record_round_trip() {
    let mut g = game(crate::board::START_FEN, &["h2e2", "h9g7"]);
    g.resign(Color::Black);
    let record = g.record(&[("Red", "Human")]);
    assert_eq!(record.result, Some(GameResult::win(Color::Red, Reason::Resignation(Color::Black))));
    let text = record.to_pgn(crate::notation::Notation::Iccs);
    assert!(text.contains("[Termination \"black resigns\"]\n"), "{text}");
    let back = Game::from_pgn(&pgn::Game::parse(&text).expect("parses"), MoveLimit::SIXTY).expect("legal");
    assert_eq!(back.moves(), g.moves());
    assert_eq!(back.result(), Some(&GameResult::win(Color::Red, Reason::Recorded)));
    assert_eq!(back.position().fen(), g.position().fen());
}

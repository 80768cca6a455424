//! Game-end judging (`docs/rules.md` §7, §9 and §10) through the public API.

use chuhan::board::MoveLimit;
use chuhan::movegen::legal_moves;
use chuhan::{Color, GameResult, Move, Position, Reason, game_result};

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(pos: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = Move::parse(m).unwrap_or_else(|| panic!("{m}"));
        pos.play(mv).unwrap_or_else(|e| panic!("{e}"));
    }
}

fn draw(reason: Reason) -> Option<GameResult> {
    Some(GameResult { winner: None, reason })
}

/// A fixed xorshift sequence, so every run plays the same games.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Random games from the start position: whenever the side to move has no legal move it has
/// lost, in check or not, and no other verdict ever names those reasons.
#[test]
fn random_games_end_in_a_loss_for_the_side_without_moves() {
    const GAMES: usize = 200;
    const MAX_PLIES: usize = 1000;
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let (mut mates, mut stalemates) = (0, 0);
    for _ in 0..GAMES {
        let mut pos = Position::startpos();
        for _ in 0..MAX_PLIES {
            let moves = legal_moves(&pos);
            let result = game_result(&pos, 3, MoveLimit::SIXTY);
            if moves.is_empty() {
                let stm = pos.side_to_move();
                let reason = if pos.in_check() { Reason::Checkmate } else { Reason::Stalemate };
                assert_eq!(result, Some(GameResult { winner: Some(!stm), reason }), "{}", pos.fen());
                if pos.in_check() {
                    mates += 1;
                } else {
                    stalemates += 1;
                }
                break;
            }
            if let Some(r) = result {
                assert!(!matches!(r.reason, Reason::Checkmate | Reason::Stalemate), "{}", pos.fen());
            }
            pos.make(moves[rng.below(moves.len())]);
        }
    }
    // Many games end within the limit (the others linger in drawn endings), both ways.
    assert!(mates + stalemates >= GAMES / 3, "{mates} mates, {stalemates} stalemates");
    assert!(mates > 0 && stalemates > 0, "{mates} mates, {stalemates} stalemates");
}

#[test]
fn sixty_move_rule() {
    // Two quiet moves take the counter from 118 to 120.
    let mut pos = position("4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 118 60");
    assert_eq!(game_result(&pos, 3, MoveLimit::SIXTY), None);
    play(&mut pos, "a0a1 e9f9");
    assert_eq!(pos.rule60(), 120);
    assert_eq!(game_result(&pos, 3, MoveLimit::SIXTY), draw(Reason::MoveLimit { moves: 60 }));
    // But a side without a legal move has lost, whatever the counter says (`docs/rules.md` §7, the order).
    let pos = position("3k5/9/9/9/3R5/9/9/9/9/4K4 b - - 120 60");
    assert_eq!(
        game_result(&pos, 3, MoveLimit::SIXTY),
        Some(GameResult { winner: Some(Color::Red), reason: Reason::Checkmate })
    );
}

#[test]
fn insufficient_material() {
    // Advisors and elephants cannot attack the king.
    let pos = position("3aka3/9/4b4/9/9/9/9/2B1B4/4A4/3K5 w");
    assert!(pos.insufficient_material());
    assert_eq!(game_result(&pos, 3, MoveLimit::SIXTY), draw(Reason::InsufficientMaterial));
    // A single soldier, on either side, can.
    for fen in ["3aka3/9/4b4/9/9/9/4P4/2B1B4/4A4/3K5 w", "3aka3/9/4b4/4p4/9/9/9/2B1B4/4A4/3K5 w"] {
        assert!(!position(fen).insufficient_material(), "{fen}");
        assert_eq!(game_result(&position(fen), 3, MoveLimit::SIXTY), None, "{fen}");
    }
}

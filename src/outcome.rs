//! The end of a game by rule (`docs/rules.md` §7 to §10), judged above move generation because
//! the first test is whether the side to move has a legal move; the board judges repetitions,
//! the 60-move counter and material, and nothing below `movegen` asks for a legal move.

use crate::board::{Cycle, MOVE_LIMIT_CLAIM_PLIES, MoveLimit, Position, RuleVerdict};
use crate::movegen::has_legal_move;
use crate::types::{Color, GameResult, Reason};

/// The occurrence of a position at which a played game's repetition is judged
/// (`docs/rules.md` §8): the referee's, `chuhan play`'s, the web board's and self-play's.
pub const GAME_OCCURRENCES: usize = 3;

/// Judges whether the game is over in `pos`, applying the tests of `docs/rules.md` §7 in its
/// order: no legal move, repetition (at the `occurrences`-th occurrence, see
/// [`Position::repetition_verdict`]), the move limit `limit` (`docs/rules.md` §9), insufficient
/// material. `None`: play on.
pub fn game_result(pos: &Position, occurrences: usize, limit: MoveLimit) -> Option<GameResult> {
    let stm = pos.side_to_move();
    let (win, loss) = (Some(stm), Some(!stm));
    let draw = |reason| Some(GameResult { winner: None, reason });
    if !has_legal_move(pos) {
        let reason = if pos.in_check() { Reason::Checkmate } else { Reason::Stalemate };
        return Some(GameResult { winner: loss, reason });
    }
    if let Some(cycle) = pos.repetition(occurrences) {
        let (reason, offender) = match cycle {
            Cycle::Draw => return draw(Reason::Repetition { occurrences: occurrences.max(2) }),
            Cycle::PerpetualCheck(c) => (Reason::PerpetualCheck(c), c),
            Cycle::PerpetualChase(c) => (Reason::PerpetualChase(c), c),
        };
        return Some(GameResult { winner: if offender == stm { loss } else { win }, reason });
    }
    if pos.rule60() >= limit.plies() {
        return draw(Reason::MoveLimit { moves: limit.moves_each() });
    }
    if pos.insufficient_material() {
        return draw(Reason::InsufficientMaterial);
    }
    None
}

/// The verdict when `side`'s clock runs out in a game still going on (`docs/rules.md` §7): it
/// loses, whatever the position.
pub fn flag_fall(side: Color) -> GameResult {
    GameResult::loss(side, Reason::TimeForfeit(side))
}

/// The referee's verdict when the side to move in `pos`, a position in which the game goes on
/// ([`game_result`] is `None`), gives no move (`docs/rules.md` §9): a claim of the draw by the
/// move limit, granted from [`MOVE_LIMIT_CLAIM_PLIES`] on; before that, no rule explains it
/// and the side loses.
pub fn no_move_result(pos: &Position) -> GameResult {
    let side = pos.side_to_move();
    if pos.rule60() >= MOVE_LIMIT_CLAIM_PLIES {
        GameResult { winner: None, reason: Reason::MoveLimitClaim(side) }
    } else {
        GameResult { winner: Some(!side), reason: Reason::NoMove(side) }
    }
}

/// Every rule verdict the search must apply at a node (`docs/rules.md` §7 to §11) except
/// "no legal move", which the search finds by generating moves: repetition as in
/// [`Position::repetition_in_search`], the move limit `limit` (sixty moves unless the engine is
/// told otherwise, `docs/rules.md` §9), insufficient material.
#[inline]
pub fn verdict_in_search(pos: &Position, plies_from_root: usize, limit: MoveLimit) -> Option<RuleVerdict> {
    if let Some(verdict) = pos.repetition_in_search(plies_from_root) {
        return Some(verdict);
    }
    if pos.rule60() >= limit.plies() {
        // Rare: the count only matters if the side to move can still move.
        return Some(if has_legal_move(pos) { RuleVerdict::Draw } else { RuleVerdict::Loss });
    }
    pos.insufficient_material().then_some(RuleVerdict::Draw)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIXTY: MoveLimit = MoveLimit::SIXTY;

    fn play(pos: &mut Position, moves: &str) {
        pos.play_iccs(moves);
    }

    #[test]
    fn a_third_occurrence_draws_a_quiet_cycle() {
        let mut pos = Position::startpos();
        play(&mut pos, "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9");
        let draw = GameResult { winner: None, reason: Reason::Repetition { occurrences: 3 } };
        assert_eq!(game_result(&pos, 3, SIXTY), Some(draw));
        assert_eq!(game_result(&Position::startpos(), 3, SIXTY), None);
    }

    #[test]
    fn perpetual_check_loses_the_game() {
        let mut pos = Position::from_fen("c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w").expect("valid");
        play(&mut pos, "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8");
        assert_eq!(game_result(&pos, 2, SIXTY).map(|r| r.reason), Some(Reason::PerpetualCheck(Color::Red)));
        assert_eq!(game_result(&pos, 2, SIXTY).and_then(|r| r.winner), Some(Color::Black));
    }

    #[test]
    fn a_move_limit_claim_is_granted_from_fifty_moves() {
        // Kings and rooks only; FEN field 5 sets the counter.
        let at = |plies: u32| Position::from_fen(&format!("3k5/9/9/9/9/9/9/9/r8/4K3R w - - {plies} 1")).expect("valid");
        let forfeit = GameResult { winner: Some(Color::Black), reason: Reason::NoMove(Color::Red) };
        assert_eq!(no_move_result(&at(99)), forfeit);
        assert_eq!(no_move_result(&at(100)), GameResult { winner: None, reason: Reason::MoveLimitClaim(Color::Red) });
        assert_eq!(game_result(&at(119), 3, SIXTY), None);
        let sixty = GameResult { winner: None, reason: Reason::MoveLimit { moves: 60 } };
        assert_eq!(game_result(&at(120), 3, SIXTY), Some(sixty));
        // Under the fifty-move limit the game ends at 100, drawn with the same reason's count.
        assert_eq!(game_result(&at(99), 3, MoveLimit::FIFTY), None);
        let fifty = GameResult { winner: None, reason: Reason::MoveLimit { moves: 50 } };
        assert_eq!(game_result(&at(100), 3, MoveLimit::FIFTY), Some(fifty));
    }

    #[test]
    fn no_legal_move_is_a_loss() {
        // The rook on d9 checks along the back rank, the one on a8 takes f8, the king e8.
        let mated = Position::from_fen("3R1k3/R8/9/9/9/9/9/9/9/4K4 b").expect("valid");
        let result = game_result(&mated, 3, SIXTY).expect("over");
        assert_eq!((result.winner, result.reason), (Some(Color::Red), Reason::Checkmate));
        assert!(!has_legal_move(&mated));
    }
}

//! Soldiers as a group; where each one stands is in the piece-square tables.

use super::weights::{Accumulator, Weight};
use crate::bitboard::Bitboard;
use crate::board::Position;
use crate::types::{Color, PieceKind};

/// `c`'s soldier structure: linked crossed soldiers, or the lack of any soldier.
#[inline(always)]
pub(super) fn soldiers<A: Accumulator>(pos: &Position, c: Color) -> A {
    let mut score = A::default();
    let soldiers = pos.pieces_of(c, PieceKind::Soldier);
    if soldiers.is_empty() {
        score.add(Weight::NoSoldiers, 1);
        return score;
    }
    let crossed = soldiers & Bitboard::half(!c);
    // Count each side-by-side pair once, from its right soldier.
    let linked = (crossed.east() & crossed).count();
    score.add(Weight::SoldiersLinked, linked as i32);
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::S;
    use crate::eval::params::{NO_SOLDIERS, SOLDIERS_LINKED};

    fn soldiers_of(fen: &str, c: Color) -> S {
        soldiers(&Position::from_fen(fen).expect("valid FEN"), c)
    }

    #[test]
    fn linked_soldiers() {
        // Red: c6, d6, e6 in a row across the river (two pairs) and i5 alone; Black: none.
        let fen = "3k5/9/9/2PPP4/8P/9/9/9/9/4K4 w";
        assert_eq!(soldiers_of(fen, Color::Red), SOLDIERS_LINKED * 2);
        assert_eq!(soldiers_of(fen, Color::Black), NO_SOLDIERS);
        // Side by side but still at home (a4, b4): no bonus; i5 and a6 are neighbours in the
        // bitboard, not on the board.
        assert_eq!(soldiers_of("3k5/9/9/P8/8P/PP7/9/9/9/4K4 w", Color::Red), S::ZERO);
    }
}

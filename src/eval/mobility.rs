//! Flexibility: how many useful moves the rooks, horses and cannons have.
//!
//! This term also completes the attack maps of [`EvalInfo`]: the attack set of each long-range
//! piece is computed here once and recorded for the terms that follow.

use super::info::EvalInfo;
use super::weights::{Accumulator, Weight};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Position;
use crate::types::{Color, PieceKind};

/// Mobility of `c`'s rooks, horses and cannons, counted in `c`'s mobility area.
#[inline(always)]
pub(super) fn mobility<A: Accumulator>(pos: &Position, info: &mut EvalInfo, c: Color) -> A {
    let occ = pos.occupancy();
    let occ_bb = occ.bitboard();
    let area = info.mobility_area[c];
    let mut score = A::default();

    let mut all = Bitboard::EMPTY;
    for sq in pos.pieces_of(c, PieceKind::Rook) {
        let targets = attacks::rook(sq, occ);
        all |= targets;
        score.add(Weight::RookMobility((targets & area).count() as usize), 1);
    }
    info.add(c, PieceKind::Rook, all);

    let mut all = Bitboard::EMPTY;
    for sq in pos.pieces_of(c, PieceKind::Horse) {
        // Only the moves over free legs: a hobbled horse counts less.
        let targets = attacks::horse(sq, occ_bb);
        all |= targets;
        score.add(Weight::HorseMobility((targets & area).count() as usize), 1);
    }
    info.add(c, PieceKind::Horse, all);

    let mut all = Bitboard::EMPTY;
    let mut all_quiets = Bitboard::EMPTY;
    for sq in pos.pieces_of(c, PieceKind::Cannon) {
        // A cannon attacks beyond a screen but moves like a rook; count both kinds of move.
        let (quiets, captures) = attacks::cannon_moves(sq, occ);
        all |= captures;
        all_quiets |= quiets;
        let moves = quiets | (captures & pos.color_bb(!c));
        score.add(Weight::CannonMobility((moves & area).count() as usize), 1);
    }
    info.add(c, PieceKind::Cannon, all);
    info.cannon_quiets[c] = all_quiets;
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::S;
    use crate::eval::params::{CANNON_MOBILITY, HORSE_MOBILITY, ROOK_MOBILITY};

    fn mobility_of(fen: &str, c: Color) -> S {
        let pos = Position::from_fen(fen).expect("valid FEN");
        mobility(&pos, &mut crate::eval::info::short_range(&pos), c)
    }

    #[test]
    fn hobbled_horse_counts_less() {
        // A Red horse on e4 with all four legs free has 8 moves; with an own piece on its e5 leg
        // it loses the two forward moves (d6, f6).
        let free = mobility_of("3k5/9/9/9/9/4N4/9/9/9/5K3 w", Color::Red);
        let hobbled = mobility_of("3k5/9/9/9/4P4/4N4/9/9/9/5K3 w", Color::Red);
        assert_eq!(free, HORSE_MOBILITY[8]);
        assert_eq!(hobbled, HORSE_MOBILITY[6]);
    }

    #[test]
    fn rook_and_cannon_moves() {
        // Rook on a0 on an otherwise empty board: 9 up the file, 8 along the rank.
        assert_eq!(mobility_of("3k5/9/9/9/9/9/9/9/4K4/R8 w", Color::Red), ROOK_MOBILITY[17]);
        // With its own king on f0 the rank stops at e0.
        assert_eq!(mobility_of("3k5/9/9/9/9/9/9/9/9/R4K3 w", Color::Red), ROOK_MOBILITY[13]);
        // Cannon on a0 behind a screen on a5 with a Black horse on a8: a1-a4 and b0-e0, plus the
        // capture on a8.
        let cannon = mobility_of("3k5/n8/9/9/P8/9/9/9/9/C4K3 w", Color::Red);
        assert_eq!(cannon, CANNON_MOBILITY[9]);
    }

    #[test]
    fn points_guarded_by_soldiers_do_not_count() {
        // A Black soldier on b5 guards b4, cutting the rook's move there.
        assert_eq!(mobility_of("3k5/9/9/9/1p7/R8/9/9/9/5K3 w", Color::Red), ROOK_MOBILITY[16]);
    }
}

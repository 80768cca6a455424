//! The piece-square table: each piece's position value on each point, built at compile time
//! from the drawings in [`tuned::pst`](super::tuned::pst) (from Red's side, rank 9 first) and
//! mirrored for Black. What the drawings mean is in `eval/params.rs`.

use super::S;
use super::tuned::pst;
use crate::types::{Piece, PieceKind, Square};

/// Position values per piece (both colours) and square.
pub static PSQ: [[S; Square::NUM]; Piece::NUM] = {
    let mg =
        [pst::KING_MG, pst::ADVISOR_MG, pst::ELEPHANT_MG, pst::HORSE_MG, pst::ROOK_MG, pst::CANNON_MG, pst::SOLDIER_MG];
    let eg =
        [pst::KING_EG, pst::ADVISOR_EG, pst::ELEPHANT_EG, pst::HORSE_EG, pst::ROOK_EG, pst::CANNON_EG, pst::SOLDIER_EG];
    let mut psq = [[S::ZERO; Square::NUM]; Piece::NUM];
    let mut kind = 0;
    while kind < PieceKind::NUM {
        let mut sq = 0;
        while sq < Square::NUM {
            // The drawings put rank 9 first; a Red piece on rank r reads row 9 - r, and a Black
            // piece reads its square mirrored (row r), so both see the board from their side.
            let (rank, file) = (sq / 9, sq % 9);
            let red = (9 - rank) * 9 + file;
            let black = rank * 9 + file;
            psq[kind][sq] = S(mg[kind][red], eg[kind][red]);
            psq[PieceKind::NUM + kind][sq] = S(mg[kind][black], eg[kind][black]);
            sq += 1;
        }
        kind += 1;
    }
    psq
};

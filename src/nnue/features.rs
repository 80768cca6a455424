//! The network's inputs (`docs/nnue.md` §2): one feature per piece, seen from each side.

use crate::board::Position;
use crate::types::{Color, Piece, PieceKind, Square};

/// Inputs per perspective: own and other pieces, seven kinds, ninety squares.
pub const FEATURES: usize = 2 * PieceKind::NUM * Square::NUM;

/// The input that `pc` on `sq` switches on in `perspective`'s accumulator:
/// `(rel * 7 + kind) * 90 + sq'`, `rel` 0 for the perspective's own pieces, and `sq'` the
/// square as that side sees it from behind its own pieces (Black's ranks mirrored), so that a
/// position and its colour-flipped twin light the same inputs.
#[inline]
pub const fn feature(perspective: Color, pc: Piece, sq: Square) -> usize {
    let rel = (pc.color().index() != perspective.index()) as usize;
    let sq = match perspective {
        Color::Red => sq,
        Color::Black => sq.flip_rank(),
    };
    (rel * PieceKind::NUM + pc.kind().index()) * Square::NUM + sq.index()
}

/// The inputs `pos` switches on in `perspective`'s accumulator, one per piece on the board.
pub fn active(pos: &Position, perspective: Color) -> impl Iterator<Item = usize> + '_ {
    pos.occupied().iter().filter_map(move |sq| pos.piece_at(sq).map(|pc| feature(perspective, pc, sq)))
}

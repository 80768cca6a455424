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

/// The most output buckets a net may have.
pub const MAX_BUCKETS: usize = 16;

/// The output bucket of a position with `pieces` on the board (kings included) in a net of
/// `buckets` (`docs/nnue.md` §3): the 32 possible counts cut into `buckets` equal runs, so
/// that the endgame and the opening each have an output layer of their own.
#[inline]
pub const fn bucket(buckets: usize, pieces: usize) -> usize {
    let pieces = if pieces == 0 {
        1
    } else if pieces > 32 {
        32
    } else {
        pieces
    };
    (pieces - 1) * buckets / 32
}

/// The inputs `pos` switches on in `perspective`'s accumulator, one per piece on the board.
pub fn active(pos: &Position, perspective: Color) -> impl Iterator<Item = usize> + '_ {
    pos.occupied().iter().filter_map(move |sq| pos.piece_at(sq).map(|pc| feature(perspective, pc, sq)))
}

//! Un-move generation (`docs/egtb.md` §6): the positions one quiet move before a position.

use crate::attacks::{self, Occupancy};
use crate::bitboard::Bitboard;
use crate::types::{Color, Piece, PieceKind, Square};

use super::index::{Index, Indexer};

/// Points from which `pc` could have made a quiet move to `to`, the board being `occ` after
/// that move: a horse's leg is beside its origin, so its origins are the horse attackers of
/// `to`; a soldier's are the points from which it attacks `to`; the other moves are symmetric.
fn origins(pc: Piece, to: Square, occ: Bitboard) -> Bitboard {
    let targets = match pc.kind() {
        PieceKind::King => attacks::king(to),
        PieceKind::Advisor => attacks::advisor(to),
        PieceKind::Elephant => attacks::elephant(to, occ),
        PieceKind::Horse => attacks::horse_attackers(to, occ),
        PieceKind::Rook | PieceKind::Cannon => attacks::rook(to, &Occupancy::from_bitboard(occ)),
        PieceKind::Soldier => attacks::soldier_attackers(pc.color(), to),
    };
    targets & !occ
}

/// The distinct indices of the positions, `mover` to move, from which one quiet move of
/// `mover` reaches the index of `squares`: from `squares` itself and, when the mirror is
/// folded into the same index, from its mirror image too, so that each predecessor's index
/// appears once, as the build's counters count distinct successor indices of both images
/// (`docs/egtb.md` §6). Illegal
/// predecessors are among them: the caller skips the broken entries.
pub fn predecessors(ix: &Indexer, pieces: &[Piece], squares: &[Square], mover: Color, out: &mut Vec<Index>) {
    out.clear();
    let mirror: Vec<Square> = squares.iter().map(|s| s.flip_file()).collect();
    let folded = ix.encode(&mirror) == ix.encode(squares);
    for image in if folded { vec![squares, &mirror] } else { vec![squares] } {
        let occ = image.iter().fold(Bitboard::EMPTY, |bb, &s| bb.with(s));
        let mut before = image.to_vec();
        for (k, &pc) in pieces.iter().enumerate() {
            if pc.color() != mover {
                continue;
            }
            for from in origins(pc, image[k], occ) {
                before[k] = from;
                out.extend(ix.encode(&before));
            }
            before[k] = image[k];
        }
    }
    out.sort_unstable();
    out.dedup();
}

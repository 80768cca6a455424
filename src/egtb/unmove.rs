//! Un-move generation (`docs/egtb.md` §6): the positions one quiet move before a position.

use crate::attacks::{self, Occupancy};
use crate::bitboard::Bitboard;
use crate::types::{Color, Piece, PieceKind, Square};

use super::index::{Index, Indexer, MAX_PIECES, Squares};

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
/// (`docs/egtb.md` §6). Illegal predecessors are among them: the caller skips the broken
/// entries.
pub fn predecessors(ix: &Indexer, pieces: &[Piece], squares: &[Square], mover: Color, out: &mut Vec<Index>) {
    out.clear();
    let n = squares.len();
    let mut image: Squares = [Square::from_index(0); MAX_PIECES];
    image[..n].copy_from_slice(squares);
    let on_e = |s: Square| s.file().index() == 4;
    let occ = |image: &Squares| image[..n].iter().fold(Bitboard::EMPTY, |bb, &s| bb.with(s));
    let mut before = image;
    let image_occ = occ(&image);
    for (k, &pc) in pieces.iter().enumerate() {
        if pc.color() != mover {
            continue;
        }
        for from in origins(pc, image[k], image_occ) {
            before[k] = from;
            out.extend(ix.encode(&before[..n]));
        }
        before[k] = image[k];
    }
    // The mirror image's un-moves are this image's mirrored, of the same indices, but for a
    // king's un-move to file e while the other king stands there: such placements are stored
    // both ways round (§3), so only those are looked for.
    let (king, other) = if mover == Color::Red { (0, 1) } else { (1, 0) };
    if Indexer::folds(squares) && on_e(squares[other]) {
        let mut mirror = image;
        for s in &mut mirror[..n] {
            *s = s.flip_file();
        }
        let mut before = mirror;
        for from in origins(pieces[king], mirror[king], occ(&mirror)) {
            if on_e(from) {
                before[king] = from;
                out.extend(ix.encode(&before[..n]));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
}

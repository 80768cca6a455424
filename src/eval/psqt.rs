//! Position value: the piece-square table ([`PSQ`](crate::tapered::PSQ), built in `tapered/psq.rs` from the drawings
//! in `params::pst`), read for every piece.

use super::weights::{Accumulator, Weight};
use crate::board::Position;
use crate::types::{Color, Piece, PieceKind, Square};

/// The position values of `c`'s pieces, and the number of pieces of each kind.
///
/// This is the one pass over every piece, so it does the counting too. One walk over the side's
/// pieces, reading the mailbox, is cheaper than seven boards walked or counted apart.
#[inline(always)]
pub(super) fn psqt<A: Accumulator>(pos: &Position, c: Color) -> (A, [i32; PieceKind::NUM]) {
    let mut score = A::default();
    // Indexed by piece, both colours, to spare a division by 7 per piece.
    let mut counts = [0; Piece::NUM];
    // The two 64-bit halves are walked apart: a 64-bit scan and clear per piece instead of
    // 128-bit ones saved about 8 instructions per piece, some 250 per middlegame evaluation
    // (callgrind). The smaller per-kind loops elsewhere gain nothing from it.
    let bb = pos.color_bb(c).0;
    for (mut word, base) in [(bb as u64, 0), ((bb >> 64) as u64, 64)] {
        while word != 0 {
            let sq = Square::from_index(base + word.trailing_zeros() as usize);
            word &= word - 1;
            if let Some(pc) = pos.piece_at(sq) {
                score.add(Weight::Psq(pc, sq), 1);
                counts[pc.index()] += 1;
            }
        }
    }
    let first = Piece::new(c, PieceKind::King).index();
    (score, std::array::from_fn(|k| counts[first + k]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::S;
    use crate::eval::params::pst;
    use crate::tapered::PSQ;

    /// The sums the position keeps through make and unmake are the walk's, for every legal
    /// move of every bench position.
    #[test]
    fn kept_sums_match_the_walk() {
        let walk = |pos: &Position, c| psqt::<S>(pos, c).0;
        for mut pos in crate::bench::positions() {
            for mv in crate::movegen::legal_moves(&pos).iter().copied() {
                pos.make(mv);
                for c in Color::ALL {
                    assert_eq!(pos.psq(c), walk(&pos, c), "{mv} in {}", pos.fen());
                }
                pos.unmake();
            }
            for c in Color::ALL {
                assert_eq!(pos.psq(c), walk(&pos, c), "{}", pos.fen());
            }
        }
    }

    #[test]
    fn tables_read_from_each_side() {
        let sq = |s: &str| Square::parse(s).expect("square").index();
        // A horse on its own palace centre, e1 for Red and e8 for Black, reads the drawing's
        // ninth row (rank 1 from Red's side), centre file.
        let centre = S(pst::HORSE_MG[8 * 9 + 4], pst::HORSE_EG[8 * 9 + 4]);
        assert_eq!(PSQ[Piece::RedHorse.index()][sq("e1")], centre);
        assert_eq!(PSQ[Piece::BlackHorse.index()][sq("e8")], centre);
        // A soldier one step from the enemy palace centre reads the second row, both phases.
        let soldier = S(pst::SOLDIER_MG[9 + 4], pst::SOLDIER_EG[9 + 4]);
        assert_eq!(PSQ[Piece::RedSoldier.index()][sq("e8")], soldier);
        assert_eq!(PSQ[Piece::BlackSoldier.index()][sq("e1")], soldier);
        for c in Color::ALL {
            let (_, counts) = psqt::<S>(&Position::startpos(), c);
            assert_eq!(counts, [1, 2, 2, 2, 2, 2, 5]);
        }
        for s in Square::all() {
            for kind in PieceKind::ALL {
                let red = PSQ[Piece::new(Color::Red, kind).index()][s.index()];
                assert_eq!(red, PSQ[Piece::new(Color::Black, kind).index()][s.flip_rank().index()]);
            }
        }
    }
}

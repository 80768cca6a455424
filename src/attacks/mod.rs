//! Attack look-ups: the one API through which move generation and check detection see the
//! pieces' movement rules.
//!
//! Rooks and cannons read line tables indexed by the occupancy of their rank (nine bits of the
//! ordinary bitboard) and of their file (ten bits of a file-major copy kept in [`Occupancy`]).
//! Horses and elephants read tables indexed by which of their four legs or eyes are occupied.
//! Horse and soldier attacks are asymmetric, so "attackers of" tables are separate.

mod tables;

use crate::bitboard::{Bitboard, bit, shl_lt64};
use crate::types::{Color, Square};
use tables::*;

/// Board occupancy as a bitboard, and line by line: each rank's nine points as bits by file,
/// and each file's ten points as bits by rank. The line tables are indexed by one line's bits,
/// which the arrays give with one load instead of a shift of the 128-bit board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Occupancy {
    bb: Bitboard,
    ranks: [u16; 10],
    files: [u16; 9],
}

impl Occupancy {
    pub fn from_bitboard(bb: Bitboard) -> Occupancy {
        let mut occ = Occupancy::default();
        for sq in bb {
            occ.set(sq);
        }
        occ
    }

    #[inline]
    pub const fn bitboard(&self) -> Bitboard {
        self.bb
    }

    /// Marks `sq` occupied.
    #[inline]
    pub fn set(&mut self, sq: Square) {
        let (f, r) = (sq.file().index(), sq.rank().index());
        self.bb.0 |= bit(sq.index());
        self.ranks[r] |= 1 << f;
        self.files[f] |= 1 << r;
    }

    /// Marks `sq` empty.
    #[inline]
    pub fn clear(&mut self, sq: Square) {
        let (f, r) = (sq.file().index(), sq.rank().index());
        self.bb.0 &= !bit(sq.index());
        self.ranks[r] &= !(1 << f);
        self.files[f] &= !(1 << r);
    }

    /// Moves a piece from `from` to `to`; a capture's `to` was occupied and stays so.
    #[inline]
    pub fn relocate(&mut self, from: Square, to: Square) {
        self.clear(from);
        self.set(to);
    }

    /// The occupancy after a piece moves from `from` to `to`: [`Occupancy::relocate`] on a copy.
    #[inline]
    pub fn after_move(mut self, from: Square, to: Square) -> Occupancy {
        self.relocate(from, to);
        self
    }

    #[inline]
    fn rank_bits(&self, sq: Square) -> usize {
        self.ranks[sq.rank().index()] as usize
    }

    #[inline]
    fn file_bits(&self, sq: Square) -> usize {
        self.files[sq.file().index()] as usize
    }
}

#[inline]
fn rank_bb(sq: Square, bits: u16) -> Bitboard {
    Bitboard((bits as u128) << (sq.rank().index() * 9))
}

/// The mask spares a bounds check (a line holds at most ten points); a file index is below 64.
#[inline]
fn file_bb(sq: Square, bits: u16) -> Bitboard {
    Bitboard(shl_lt64(FILE_SPREAD[bits as usize & 0x3ff], sq.file().index() as u32))
}

/// Rook moves along the rank, up to and including the first piece each way.
#[inline]
pub fn rook_rank(sq: Square, occ: &Occupancy) -> Bitboard {
    rank_bb(sq, RANK_SLIDE[sq.file().index()][occ.rank_bits(sq)])
}

/// Rook moves along the file, up to and including the first piece each way. Also the king's
/// "flying general" line.
#[inline]
pub fn rook_file(sq: Square, occ: &Occupancy) -> Bitboard {
    file_bb(sq, FILE_SLIDE[sq.rank().index()][occ.file_bits(sq)])
}

/// Rook moves: every point up to and including the first piece in each direction.
#[inline]
pub fn rook(sq: Square, occ: &Occupancy) -> Bitboard {
    rook_rank(sq, occ) | rook_file(sq, occ)
}

/// The lines from `sq` in layers: `[0]` up to and including the first piece each way (a
/// rook's reach, [`rook`]), `[1]` from there up to and including the second piece (where a
/// cannon attacks `sq` from), and so on. Each layer slides again on its line's occupancy with
/// the pieces met so far taken away: a few small-integer steps, instead of clearing them from
/// the board and looking up the whole board again.
#[inline(always)]
pub fn line_layers<const N: usize>(sq: Square, occ: &Occupancy) -> [Bitboard; N] {
    let (rank_table, file_table) = (&RANK_SLIDE[sq.file().index()], &FILE_SLIDE[sq.rank().index()]);
    let (mut rank_occ, mut file_occ) = (occ.rank_bits(sq), occ.file_bits(sq));
    let (mut rank_seen, mut file_seen) = (0u16, 0u16);
    let mut layers = [Bitboard::EMPTY; N];
    for layer in &mut layers {
        // Sliding past the pieces taken away reaches every earlier layer again.
        let (rank, file) = (rank_table[rank_occ & 0x1ff], file_table[file_occ & 0x3ff]);
        *layer = rank_bb(sq, rank & !rank_seen) | file_bb(sq, file & !file_seen);
        rank_occ &= !(rank as usize);
        file_occ &= !(file as usize);
        (rank_seen, file_seen) = (rank, file);
    }
    layers
}

/// Cannon captures along the rank.
#[inline]
pub fn cannon_rank(sq: Square, occ: &Occupancy) -> Bitboard {
    rank_bb(sq, RANK_CANNON[sq.file().index()][occ.rank_bits(sq)])
}

/// Cannon captures along the file.
#[inline]
pub fn cannon_file(sq: Square, occ: &Occupancy) -> Bitboard {
    file_bb(sq, FILE_CANNON[sq.rank().index()][occ.file_bits(sq)])
}

/// Cannon captures: the first piece beyond exactly one screen, in each direction. (A cannon's
/// quiet moves are the empty points of [`rook`].)
#[inline]
pub fn cannon(sq: Square, occ: &Occupancy) -> Bitboard {
    cannon_rank(sq, occ) | cannon_file(sq, occ)
}

/// A cannon's quiet moves (the empty points of [`rook`]) and its captures ([`cannon`]) at
/// once. Both read the same line indices, computed once here; a rook look-up masked with the
/// empty points would compute them again.
#[inline]
pub fn cannon_moves(sq: Square, occ: &Occupancy) -> (Bitboard, Bitboard) {
    let (rank_occ, file_occ) = (occ.rank_bits(sq), occ.file_bits(sq));
    let (slide_rank, slide_file) = (RANK_SLIDE[sq.file().index()][rank_occ], FILE_SLIDE[sq.rank().index()][file_occ]);
    let quiets = rank_bb(sq, slide_rank & !(rank_occ as u16)) | file_bb(sq, slide_file & !(file_occ as u16));
    let captures =
        rank_bb(sq, RANK_CANNON[sq.file().index()][rank_occ]) | file_bb(sq, FILE_CANNON[sq.rank().index()][file_occ]);
    (quiets, captures)
}

/// Which of the four orthogonal neighbours of `sq` (horse legs, in `HORSE_LEGS` order) are
/// occupied, as a 4-bit table index.
#[inline]
fn legs_mask(sq: Square, occ: Bitboard) -> usize {
    gather(window(sq, occ) & ORTHO_WINDOW[sq.index()], ORTHO_GATHER)
}

/// Which of the four diagonal neighbours of `sq` (elephant eyes, legs of horses attacking `sq`,
/// in `DIAG_NEIGHBOURS` order) are occupied, as a 4-bit table index.
#[inline]
fn diag_mask(sq: Square, occ: Bitboard) -> usize {
    gather(window(sq, occ) & DIAG_WINDOW[sq.index()], DIAG_GATHER)
}

/// The 21 points from `sq - 10` to `sq + 10` as the low bits of a word: every neighbour of `sq`
/// sits at a fixed offset in it, so reading the four of them takes constant shifts of a 32-bit
/// word instead of four variable shifts of the 128-bit board.
#[inline]
fn window(sq: Square, occ: Bitboard) -> u32 {
    ((occ.0 << 10) >> sq.index()) as u32
}

/// A multiplier and a shift that move four window bits to the four bits of a table index.
#[derive(Clone, Copy)]
struct Gather {
    magic: u32,
    shift: u32,
}

/// Window bits 19, 11, 1 and 9 (the neighbours up, right, down and left: `HORSE_LEGS` order)
/// to index bits 0 to 3.
const ORTHO_GATHER: Gather = Gather { magic: (1 << 0) | (1 << 9) | (1 << 20) | (1 << 13), shift: 19 };

/// Window bits 20, 2, 18 and 0 (up-right, down-right, up-left, down-left: `DIAG_NEIGHBOURS`
/// order) to index bits 0 to 3.
const DIAG_GATHER: Gather = Gather { magic: (1 << 0) | (1 << 19) | (1 << 4) | (1 << 23), shift: 20 };

/// Collects the bits of `w` (only the four neighbour bits set) into a 4-bit index with one
/// multiplication: the multiplier has one term per bit, placing it on its index bit, and no
/// other partial product or carry reaches bits `shift..shift + 4` (`gather_is_exact` checks all
/// sixteen cases). The neighbour orders of `tables.rs` are chosen so that such terms exist.
#[inline]
fn gather(w: u32, g: Gather) -> usize {
    (w.wrapping_mul(g.magic) >> g.shift) as usize & 15
}

/// Horse moves from `sq`, leaving out those whose leg is occupied.
#[inline]
pub fn horse(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(HORSE[sq.index()][legs_mask(sq, occ)])
}

/// Squares from which a horse would attack `sq`, given the occupancy of the legs.
#[inline]
pub fn horse_attackers(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(HORSE_ATTACKERS[sq.index()][diag_mask(sq, occ)])
}

/// Every square from which a horse could attack `sq` on an empty board.
#[inline]
pub fn horse_attackers_unblocked(sq: Square) -> Bitboard {
    Bitboard(HORSE_ATTACKERS[sq.index()][0])
}

/// The four diagonal neighbours of `sq` that are on the board: elephant eyes, and the legs of
/// horses attacking `sq`.
#[inline]
pub fn diagonal_neighbours(sq: Square) -> Bitboard {
    Bitboard(DIAG_NEIGHBOURS_BB[sq.index()])
}

/// Elephant moves from `sq`: two diagonal steps, eye free, same side of the river.
#[inline]
pub fn elephant(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(ELEPHANT[sq.index()][diag_mask(sq, occ)])
}

/// Advisor moves from `sq`: one diagonal step inside the palace that holds `sq`.
#[inline]
pub fn advisor(sq: Square) -> Bitboard {
    Bitboard(ADVISOR[sq.index()])
}

/// King moves from `sq`: one orthogonal step inside the palace that holds `sq`.
#[inline]
pub fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Moves of a soldier of colour `c` on `sq`.
#[inline]
pub fn soldier(c: Color, sq: Square) -> Bitboard {
    Bitboard(SOLDIER[c.index()][sq.index()])
}

/// Moves of all of `c`'s soldiers on `soldiers` together: the union of [`soldier`], by
/// shifting the whole set instead of a look-up per soldier.
#[inline]
pub fn soldiers(c: Color, soldiers: Bitboard) -> Bitboard {
    let forward = match c {
        Color::Red => Bitboard(soldiers.0 << 9) & Bitboard::FULL,
        Color::Black => Bitboard(soldiers.0 >> 9),
    };
    let crossed = soldiers & Bitboard::half(!c);
    forward | crossed.east() | crossed.west()
}

/// Squares from which a soldier of colour `c` attacks `sq`.
#[inline]
pub fn soldier_attackers(c: Color, sq: Square) -> Bitboard {
    Bitboard(SOLDIER_ATTACKERS[c.index()][sq.index()])
}

#[cfg(test)]
mod tests {
    //! Every table against a slow, obviously correct generator working on coordinates.
    use super::*;

    fn at(f: i32, r: i32) -> Option<Square> {
        (0..9).contains(&f).then_some(())?;
        (0..10).contains(&r).then_some(())?;
        Square::new((r * 9 + f) as u8)
    }

    fn fr(sq: Square) -> (i32, i32) {
        (sq.file().index() as i32, sq.rank().index() as i32)
    }

    fn slow_rook(sq: Square, occ: Bitboard, cannon: bool) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        let (f, r) = fr(sq);
        for (dx, dy) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let mut screens = 0;
            let (mut x, mut y) = (f + dx, r + dy);
            while let Some(s) = at(x, y) {
                let occupied = occ.has(s);
                if !cannon || (screens == 1 && occupied) {
                    out = out.with(s);
                }
                if occupied {
                    screens += 1;
                    if !cannon || screens == 2 {
                        break;
                    }
                }
                x += dx;
                y += dy;
            }
        }
        out
    }

    fn slow_horse(sq: Square, occ: Bitboard) -> Bitboard {
        let (f, r) = fr(sq);
        let mut out = Bitboard::EMPTY;
        for (dx, dy) in [(1i32, 2i32), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)] {
            let leg = if dx.abs() == 2 { at(f + dx / 2, r) } else { at(f, r + dy / 2) };
            if let (Some(leg), Some(to)) = (leg, at(f + dx, r + dy))
                && !occ.has(leg)
            {
                out = out.with(to);
            }
        }
        out
    }

    /// A fixed pseudo-random sequence of occupancies, dense and sparse.
    fn occupancies() -> Vec<Bitboard> {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        (0..300)
            .map(|i| {
                let raw = ((next() as u128) << 64) | next() as u128;
                let thin = ((next() as u128) << 64) | next() as u128;
                let bb = Bitboard(raw & Bitboard::FULL.0);
                if i % 2 == 0 { bb & Bitboard(thin) } else { bb }
            })
            .collect()
    }

    #[test]
    fn sliders_match_slow_reference() {
        for occ in occupancies() {
            let o = Occupancy::from_bitboard(occ);
            for sq in Square::all() {
                assert_eq!(rook(sq, &o), slow_rook(sq, occ, false), "rook {sq}");
                assert_eq!(cannon(sq, &o), slow_rook(sq, occ, true), "cannon {sq}");
                let quiets = slow_rook(sq, occ, false) & !occ;
                assert_eq!(cannon_moves(sq, &o), (quiets, slow_rook(sq, occ, true)), "cannon moves {sq}");
            }
        }
    }

    #[test]
    fn line_layers_match_slow_reference() {
        for occ in occupancies() {
            let o = Occupancy::from_bitboard(occ);
            for sq in Square::all() {
                let [first, second, third] = line_layers::<3>(sq, &o);
                assert_eq!(first, slow_rook(sq, occ, false), "first {sq}");
                // Each layer is the rook's reach once the pieces of the layers before are gone.
                let past1 = occ & !(first & occ);
                assert_eq!(second, slow_rook(sq, past1, false) & !first, "second {sq}");
                let past2 = past1 & !(second & occ);
                assert_eq!(third, slow_rook(sq, past2, false) & !first & !second, "third {sq}");
                // The second layer's pieces are the cannon's captures.
                assert_eq!(second & occ, cannon(sq, &o), "cannon {sq}");
            }
        }
    }

    #[test]
    fn gather_is_exact() {
        for (g, bits) in [(ORTHO_GATHER, [19, 11, 1, 9]), (DIAG_GATHER, [20, 2, 18, 0])] {
            for index in 0..16 {
                let w = (0..4).filter(|i| index & (1 << i) != 0).fold(0u32, |w, i| w | (1 << bits[i]));
                assert_eq!(gather(w, g), index, "{w:#x}");
            }
        }
    }

    #[test]
    fn horses_match_slow_reference() {
        for occ in occupancies() {
            for sq in Square::all() {
                assert_eq!(horse(sq, occ), slow_horse(sq, occ), "horse {sq}");
                // Reverse look-up: h attacks sq exactly when sq is among h's targets.
                let reverse = Square::all().filter(|&h| slow_horse(h, occ).has(sq));
                let expected = reverse.fold(Bitboard::EMPTY, |b, s| b.with(s));
                assert_eq!(horse_attackers(sq, occ), expected, "horse attackers {sq}");
            }
        }
    }

    #[test]
    fn soldier_sets_match_single_look_ups() {
        for occ in occupancies() {
            for c in Color::ALL {
                let union = occ.iter().fold(Bitboard::EMPTY, |acc, sq| acc | soldier(c, sq));
                assert_eq!(soldiers(c, occ), union);
            }
        }
    }

    #[test]
    fn elephants_match_slow_reference() {
        for occ in occupancies() {
            for sq in Square::all() {
                let (f, r) = fr(sq);
                let mut expected = Bitboard::EMPTY;
                for (dx, dy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                    if let (Some(eye), Some(to)) = (at(f + dx, r + dy), at(f + 2 * dx, r + 2 * dy))
                        && !occ.has(eye)
                        && (to.rank().index() <= 4) == (r <= 4)
                    {
                        expected = expected.with(to);
                    }
                }
                assert_eq!(elephant(sq, occ), expected, "elephant {sq}");
            }
        }
    }

    #[test]
    fn steppers_match_slow_reference() {
        for sq in Square::all() {
            let (f, r) = fr(sq);
            for c in Color::ALL {
                let palace = |s: Square| s.in_palace(Color::Red) || s.in_palace(Color::Black);
                let steps = |ds: &[(i32, i32)]| {
                    ds.iter()
                        .filter_map(|&(dx, dy)| at(f + dx, r + dy))
                        .filter(|&s| palace(sq) && palace(s) && s.in_own_half(Color::Red) == sq.in_own_half(Color::Red))
                        .fold(Bitboard::EMPTY, |b, s| b.with(s))
                };
                assert_eq!(king(sq), steps(&[(0, 1), (0, -1), (1, 0), (-1, 0)]), "king {sq}");
                assert_eq!(advisor(sq), steps(&[(1, 1), (1, -1), (-1, 1), (-1, -1)]), "advisor {sq}");

                let fwd = if c == Color::Red { 1 } else { -1 };
                let mut expected: Bitboard = at(f, r + fwd).into_iter().fold(Bitboard::EMPTY, |b, s| b.with(s));
                if !sq.in_own_half(c) {
                    for s in [at(f - 1, r), at(f + 1, r)].into_iter().flatten() {
                        expected = expected.with(s);
                    }
                }
                assert_eq!(soldier(c, sq), expected, "soldier {sq}");
                let one = Bitboard::from_square(sq);
                assert_eq!(soldiers(c, one), soldier(c, sq), "soldiers {sq}");
                let attackers = Square::all().filter(|&s| soldier(c, s).has(sq));
                assert_eq!(soldier_attackers(c, sq), attackers.fold(Bitboard::EMPTY, |b, s| b.with(s)));
            }
        }
        // Advisors and kings in the palace only; a soldier never steps backwards.
        assert_eq!(advisor(Square::parse("e1").unwrap()).count(), 4);
        assert_eq!(king(Square::parse("e4").unwrap()), Bitboard::EMPTY);
        assert_eq!(soldier(Color::Red, Square::parse("e3").unwrap()).count(), 1);
        assert_eq!(soldier(Color::Red, Square::parse("e5").unwrap()).count(), 3);
        assert_eq!(soldier(Color::Red, Square::parse("a9").unwrap()).count(), 1);
    }
}

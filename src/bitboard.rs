//! 90-bit bitboards in a `u128`, bit index = square index (rank-major).
//!
//! Bits 90 to 127 are always zero: every operation that could set them masks them off.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::types::{Color, File, Rank, Square};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

const ALL_BITS: u128 = (1u128 << 90) - 1;

/// Bit `i` (below 128) of a `u128`. Built from a 64-bit shift moved into the right half: a
/// variable 128-bit shift also handles amounts of 64 and more in both halves, which costs
/// extra instructions in every make, unmake and bitboard update.
#[inline]
pub(crate) const fn bit(i: usize) -> u128 {
    ((1u64 << (i & 63)) as u128) << (i & 64)
}

/// `x << s` for a shift below 64, as a funnel shift of the high half (`shld`) and a shift of the
/// low one. LLVM lowers a variable 128-bit shift for any amount, testing for 64 and more and
/// selecting twice, even where the amount is masked below 16 (seen in callgrind's listing).
#[inline]
pub(crate) const fn shl_lt64(x: u128, s: u32) -> u128 {
    let s = s & 63;
    let (lo, hi) = (x as u64, (x >> 64) as u64);
    // `lo >> 1 >> (63 - s)` is `lo >> (64 - s)` without a shift by 64 when `s` is 0.
    let hi = (hi << s) | ((lo >> 1) >> (63 - s));
    ((hi as u128) << 64) | (lo << s) as u128
}

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(ALL_BITS);

    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(bit(sq.index()))
    }

    /// Picks the 64-bit half holding `sq` and tests the bit there: a select and a `bt`, where
    /// a variable 128-bit shift takes twice the instructions.
    #[inline]
    pub const fn has(self, sq: Square) -> bool {
        let i = sq.index();
        let word = (self.0 >> (i & 64)) as u64;
        (word >> (i & 63)) & 1 != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// More than one square set.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(Square::from_index(self.0.trailing_zeros() as usize)) }
    }

    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | bit(sq.index()))
    }

    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !bit(sq.index()))
    }

    /// All squares of a rank. (Read from a table: every `make` asks for the king's rank and
    /// file, and a table read is cheaper than a variable 128-bit shift.)
    #[inline]
    pub fn rank(r: Rank) -> Bitboard {
        RANKS[r.index()]
    }

    /// All squares of a file.
    #[inline]
    pub fn file(f: File) -> Bitboard {
        FILES[f.index()]
    }

    /// The points strictly between `a` and `b` if they share a rank or a file; else empty.
    #[inline]
    pub const fn between(a: Square, b: Square) -> Bitboard {
        let (lo, hi) = if a.index() < b.index() { (a.index(), b.index()) } else { (b.index(), a.index()) };
        let span = if hi > lo { bit(hi) - bit(lo + 1) } else { 0 };
        if a.rank().index() == b.rank().index() {
            Bitboard(span)
        } else if a.file().index() == b.file().index() {
            Bitboard(span & shl_lt64(FILE_A, a.file().index() as u32))
        } else {
            Bitboard::EMPTY
        }
    }

    /// Every square moved one file towards file i; squares on file i fall off the board.
    #[inline]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !(FILE_A << 8)) << 1)
    }

    /// Every square moved one file towards file a; squares on file a fall off the board.
    #[inline]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !FILE_A) >> 1)
    }

    /// `c`'s own half of the board.
    #[inline]
    pub const fn half(c: Color) -> Bitboard {
        match c {
            Color::Red => Bitboard((1u128 << 45) - 1),
            Color::Black => Bitboard(ALL_BITS & !((1u128 << 45) - 1)),
        }
    }
}

/// File a: bits 0, 9, 18, ..., 81.
pub const FILE_A: u128 = {
    let mut bb = 0u128;
    let mut r = 0;
    while r < 10 {
        bb |= 1u128 << (r * 9);
        r += 1;
    }
    bb
};

static RANKS: [Bitboard; Rank::NUM] = {
    let mut t = [Bitboard::EMPTY; Rank::NUM];
    let mut r = 0;
    while r < Rank::NUM {
        t[r] = Bitboard(0x1ff << (r * 9));
        r += 1;
    }
    t
};

static FILES: [Bitboard; File::NUM] = {
    let mut t = [Bitboard::EMPTY; File::NUM];
    let mut f = 0;
    while f < File::NUM {
        t[f] = Bitboard(FILE_A << f);
        f += 1;
    }
    t
};

impl Bitboard {
    /// The squares, lowest first.
    #[inline]
    pub const fn iter(self) -> Squares {
        Squares { lo: self.0 as u64, hi: (self.0 >> 64) as u64 }
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline]
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

/// The squares of a bitboard, lowest first.
///
/// The two 64-bit halves are walked one after the other: a 64-bit test, scan and clear per
/// square instead of 128-bit ones. Bitboard walks run in every evaluation and move generation,
/// and the 128-bit versions cost about a tenth of the search's instructions (callgrind).
#[derive(Clone, Copy, Debug)]
pub struct Squares {
    lo: u64,
    hi: u64,
}

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        let index = if self.lo != 0 {
            let i = self.lo.trailing_zeros();
            self.lo &= self.lo - 1;
            i
        } else if self.hi != 0 {
            let i = 64 + self.hi.trailing_zeros();
            self.hi &= self.hi - 1;
            i
        } else {
            return None;
        };
        Some(Square::from_index(index as usize))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.lo.count_ones() + self.hi.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_BITS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(Bitboard::FULL.count(), 90);
        assert_eq!((!Bitboard::EMPTY), Bitboard::FULL);
        for f in File::all() {
            assert_eq!(Bitboard::file(f).count(), 10);
            assert!(Bitboard::file(f).iter().all(|s| s.file() == f));
        }
        for r in Rank::all() {
            assert!(Bitboard::rank(r).iter().all(|s| s.rank() == r));
        }
        assert_eq!(Bitboard::half(Color::Red) | Bitboard::half(Color::Black), Bitboard::FULL);
        assert_eq!(Bitboard::half(Color::Red).count(), 45);
    }

    #[test]
    fn shifts_below_64_match_the_128_bit_shift() {
        let values = [1u128, FILE_A, ALL_BITS, 0x1ff << 60, u64::MAX as u128, ALL_BITS >> 40];
        for x in values {
            for s in 0..64 {
                assert_eq!(shl_lt64(x, s), x << s, "{x:#x} << {s}");
            }
        }
    }

    #[test]
    fn shifts_along_the_rank() {
        for sq in Square::all() {
            let one = Bitboard::from_square(sq);
            let step = |df| sq.offset(df, 0).map_or(Bitboard::EMPTY, Bitboard::from_square);
            assert_eq!(one.east(), step(1), "{sq}");
            assert_eq!(one.west(), step(-1), "{sq}");
        }
    }

    #[test]
    fn between_matches_walking_the_line() {
        for a in Square::all() {
            for b in Square::all() {
                let (af, ar) = (a.file().index() as i8, a.rank().index() as i8);
                let (bf, br) = (b.file().index() as i8, b.rank().index() as i8);
                let mut expected = Bitboard::EMPTY;
                if a != b && (af == bf || ar == br) {
                    let (df, dr) = ((bf - af).signum(), (br - ar).signum());
                    let mut sq = a.offset(df, dr);
                    while let Some(s) = sq.filter(|&s| s != b) {
                        expected = expected.with(s);
                        sq = s.offset(df, dr);
                    }
                }
                assert_eq!(Bitboard::between(a, b), expected, "{a} {b}");
            }
        }
    }
}

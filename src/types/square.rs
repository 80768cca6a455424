//! Files, ranks and squares.
//!
//! Squares are numbered rank-major, `index = rank * 9 + file`: a0 = 0, i0 = 8, a1 = 9, i9 = 89.
//! Pikafish uses the same order, so divide lists and table dumps compare line for line, and a
//! rank is a contiguous run of nine bits in a bitboard.

use std::fmt;

use super::Color;

/// A file, `a` (0) to `i` (8), from Red's left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

/// A rank, 0 (Red's back rank) to 9 (Black's back rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

/// (file, rank) by square index, read instead of dividing by 9: the search asks for them at
/// almost every step of move generation and evaluation. 256 entries, one per `u8`, so that
/// indexing needs no bounds check.
static COORDS: [(u8, u8); 256] = {
    let mut t = [(0, 0); 256];
    let mut i = 0;
    while i < 256 {
        t[i] = ((i % 9) as u8, (i / 9) as u8);
        i += 1;
    }
    t
};

/// One of the 90 points of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl File {
    pub const NUM: usize = 9;

    pub const fn new(f: u8) -> Option<File> {
        if f < 9 { Some(File(f)) } else { None }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='i' => Some(File(c as u8 - b'a')),
            'A'..='I' => Some(File(c as u8 - b'A')),
            _ => None,
        }
    }

    pub const fn to_char(self) -> char {
        (b'a' + self.0) as char
    }

    pub fn all() -> impl DoubleEndedIterator<Item = File> {
        (0..9).map(File)
    }
}

impl Rank {
    pub const NUM: usize = 10;

    pub const fn new(r: u8) -> Option<Rank> {
        if r < 10 { Some(Rank(r)) } else { None }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '0'..='9' => Some(Rank(c as u8 - b'0')),
            _ => None,
        }
    }

    pub const fn to_char(self) -> char {
        (b'0' + self.0) as char
    }

    /// The rank as seen from `c`'s side: Red's ranks unchanged, Black's mirrored.
    #[inline]
    pub const fn relative(self, c: Color) -> Rank {
        match c {
            Color::Red => self,
            Color::Black => Rank(9 - self.0),
        }
    }

    pub fn all() -> impl DoubleEndedIterator<Item = Rank> {
        (0..10).map(Rank)
    }
}

impl Square {
    pub const NUM: usize = 90;

    /// Checked constructor from an index 0..90.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 90 { Some(Square(index)) } else { None }
    }

    /// Unchecked constructor for indices the caller has proven to be in range.
    #[inline]
    #[track_caller]
    pub const fn from_index(index: usize) -> Square {
        debug_assert!(index < 90);
        Square(index as u8)
    }

    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> File {
        File(COORDS[self.0 as usize].0)
    }

    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(COORDS[self.0 as usize].1)
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = (self.0 % 9) as i8 + df;
        let r = (self.0 / 9) as i8 + dr;
        if f >= 0 && f < 9 && r >= 0 && r < 10 { Some(Square((r * 9 + f) as u8)) } else { None }
    }

    /// The same point seen from the other side (ranks mirrored).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square((9 - self.0 / 9) * 9 + self.0 % 9)
    }

    /// The point seen in a mirror held at the central file (files mirrored): a position and its
    /// left-right mirror image are the same position for an opening book.
    #[inline]
    pub const fn flip_file(self) -> Square {
        Square((self.0 / 9) * 9 + 8 - self.0 % 9)
    }

    /// Whether the square lies in `c`'s own half (Red: ranks 0 to 4).
    #[inline]
    pub const fn in_own_half(self, c: Color) -> bool {
        match c {
            Color::Red => self.0 < 45,
            Color::Black => self.0 >= 45,
        }
    }

    /// Whether the square lies in `c`'s palace (files d to f, three ranks at its end).
    #[inline]
    pub const fn in_palace(self, c: Color) -> bool {
        let f = self.0 % 9;
        let r = self.0 / 9;
        f >= 3
            && f <= 5
            && match c {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// Parses an ICCS point such as `e0` or `E0`.
    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = File::from_char(chars.next()?)?;
        let r = Rank::from_char(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Square::from_coords(f, r))
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..90).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
            assert_eq!(sq.flip_rank().flip_rank(), sq);
            assert_eq!(sq.flip_file().flip_file(), sq);
            assert_eq!(sq.flip_file().rank(), sq.rank());
        }
        assert_eq!(Square::parse("a0").map(Square::index), Some(0));
        assert_eq!(Square::parse("i9").map(Square::index), Some(89));
        assert_eq!(Square::parse("b2").map(Square::flip_file), Square::parse("h2"));
        assert_eq!(Square::parse("e10"), None);
        assert_eq!(Square::parse("j1"), None);
        assert_eq!(Square::parse(""), None);
    }

    #[test]
    fn regions() {
        let palace: Vec<String> = Square::all().filter(|s| s.in_palace(Color::Black)).map(|s| s.to_string()).collect();
        assert_eq!(palace, ["d7", "e7", "f7", "d8", "e8", "f8", "d9", "e9", "f9"]);
        assert!(Square::parse("e4").is_some_and(|s| s.in_own_half(Color::Red)));
        assert!(Square::parse("e5").is_some_and(|s| !s.in_own_half(Color::Red)));
    }
}

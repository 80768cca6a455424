//! Moves.

use std::fmt;
use std::num::NonZeroU16;

use super::Square;

/// A move from one point to another, packed into 16 bits:
///
/// ```text
///  15 14 13 ........ 7 6 ........ 0
/// | 0  0 |  from (7)  |   to (7)   |
/// ```
///
/// A real move never has `from == to`, so its encoding is never zero and `Option<Move>` is two
/// bytes. The null move (used by null-move pruning) is the reserved pair `from == to == b0`,
/// which no generator produces and whose encoding is not zero either.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

const _: () = assert!(std::mem::size_of::<Option<Move>>() == 2);

impl Move {
    /// The null move: passes the turn.
    pub const NULL: Move = match NonZeroU16::new((1 << 7) | 1) {
        Some(v) => Move(v),
        None => unreachable!(),
    };

    /// A move between two distinct squares.
    #[inline]
    #[track_caller]
    pub const fn new(from: Square, to: Square) -> Move {
        debug_assert!(from.index() != to.index());
        match NonZeroU16::new(((from.index() as u16) << 7) | to.index() as u16) {
            Some(v) => Move(v),
            None => unreachable!(),
        }
    }

    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index((self.0.get() >> 7) as usize & 0x7f)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index(self.0.get() as usize & 0x7f)
    }

    #[inline]
    pub const fn raw(self) -> u16 {
        self.0.get()
    }

    /// Rebuilds a move from [`Move::raw`] (for table entries); `None` for bits that are no move.
    #[inline]
    pub const fn from_raw(raw: u16) -> Option<Move> {
        let from = (raw >> 7) & 0x7f;
        let to = raw & 0x7f;
        if raw >> 14 != 0 || from >= 90 || to >= 90 {
            return None;
        }
        match NonZeroU16::new(raw) {
            Some(v) => Some(Move(v)),
            None => None,
        }
    }

    #[inline]
    pub const fn is_null(self) -> bool {
        self.0.get() == Move::NULL.0.get()
    }

    /// The same move in the left-right mirror image of the board (`b2e2` <-> `h2e2`).
    #[inline]
    pub const fn flip_file(self) -> Move {
        Move::new(self.from().flip_file(), self.to().flip_file())
    }

    /// Parses ICCS text: `h2e2`, `H2E2` or `h2-e2`. Legality is the position's business.
    pub fn parse(s: &str) -> Option<Move> {
        let b = s.as_bytes();
        let (from, to) = match b.len() {
            4 => (s.get(0..2)?, s.get(2..4)?),
            5 if b[2] == b'-' => (s.get(0..2)?, s.get(3..5)?),
            _ => return None,
        };
        let (from, to) = (Square::parse(from)?, Square::parse(to)?);
        (from != to).then(|| Move::new(from, to))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return write!(f, "0000");
        }
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text() {
        let mv = Move::parse("h2e2").expect("valid move");
        assert_eq!(mv.to_string(), "h2e2");
        assert_eq!(Move::parse("H2-E2"), Some(mv));
        assert_eq!(Move::from_raw(mv.raw()), Some(mv));
        for bad in ["", "h2", "h2e", "h2e10", "h2h2", "z2e2", "h2e2x", "h2+e2", "é2e2"] {
            assert_eq!(Move::parse(bad), None, "{bad}");
        }
        assert_eq!(mv.flip_file().to_string(), "b2e2");
        assert_eq!(mv.flip_file().flip_file(), mv);
        assert_eq!(Move::NULL.to_string(), "0000");
        assert_eq!(Move::from_raw(0), None);
        assert_eq!(Move::from_raw(0x7fff), None);
    }
}

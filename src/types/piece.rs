//! Piece kinds and coloured pieces.

use std::fmt;

use super::Color;

/// The seven kinds of piece. Pikafish's names differ: Bishop = Elephant, Knight = Horse,
/// Pawn = Soldier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    King = 0,
    Advisor = 1,
    Elephant = 2,
    Horse = 3,
    Rook = 4,
    Cannon = 5,
    Soldier = 6,
}

impl PieceKind {
    pub const NUM: usize = 7;
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Soldier,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The most pieces of this kind one side may have.
    pub const fn max_count(self) -> u32 {
        match self {
            PieceKind::King => 1,
            PieceKind::Soldier => 5,
            _ => 2,
        }
    }

    /// Red's FEN letter (upper case); Black uses the lower-case form.
    pub const fn fen_char(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Rook => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Soldier => 'P',
        }
    }

    /// Reads a FEN letter of either case, including the aliases `E` (elephant) and `H` (horse).
    pub const fn from_fen_char(c: char) -> Option<PieceKind> {
        match c.to_ascii_uppercase() {
            'K' => Some(PieceKind::King),
            'A' => Some(PieceKind::Advisor),
            'B' | 'E' => Some(PieceKind::Elephant),
            'N' | 'H' => Some(PieceKind::Horse),
            'R' => Some(PieceKind::Rook),
            'C' => Some(PieceKind::Cannon),
            'P' => Some(PieceKind::Soldier),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Rook => "rook",
            PieceKind::Cannon => "cannon",
            PieceKind::Soldier => "soldier",
        }
    }
}

/// A piece of one colour. An enum so that `Option<Piece>` takes one byte in the mailbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Piece {
    RedKing = 0,
    RedAdvisor,
    RedElephant,
    RedHorse,
    RedRook,
    RedCannon,
    RedSoldier,
    BlackKing,
    BlackAdvisor,
    BlackElephant,
    BlackHorse,
    BlackRook,
    BlackCannon,
    BlackSoldier,
}

impl Piece {
    pub const NUM: usize = 14;
    pub const ALL: [Piece; 14] = [
        Piece::RedKing,
        Piece::RedAdvisor,
        Piece::RedElephant,
        Piece::RedHorse,
        Piece::RedRook,
        Piece::RedCannon,
        Piece::RedSoldier,
        Piece::BlackKing,
        Piece::BlackAdvisor,
        Piece::BlackElephant,
        Piece::BlackHorse,
        Piece::BlackRook,
        Piece::BlackCannon,
        Piece::BlackSoldier,
    ];

    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece::ALL[color.index() * 7 + kind.index()]
    }

    /// Index 0..14: Red's kinds first, then Black's.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn color(self) -> Color {
        if (self as u8) < 7 { Color::Red } else { Color::Black }
    }

    #[inline]
    pub const fn kind(self) -> PieceKind {
        // A table read instead of a remainder by 7: the search asks at almost every step.
        const KIND: [PieceKind; Piece::NUM] = {
            let mut t = [PieceKind::King; Piece::NUM];
            let mut i = 0;
            while i < Piece::NUM {
                t[i] = PieceKind::ALL[i % 7];
                i += 1;
            }
            t
        };
        KIND[self as usize]
    }

    pub const fn fen_char(self) -> char {
        let c = self.kind().fen_char();
        match self.color() {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let Some(kind) = PieceKind::from_fen_char(c) else {
            return None;
        };
        let color = if c.is_ascii_uppercase() { Color::Red } else { Color::Black };
        Some(Piece::new(color, kind))
    }

    /// The traditional glyph: 帥仕相傌俥炮兵 for Red, 將士象馬車砲卒 for Black.
    pub const fn glyph(self) -> char {
        const RED: [char; 7] = ['帥', '仕', '相', '傌', '俥', '炮', '兵'];
        const BLACK: [char; 7] = ['將', '士', '象', '馬', '車', '砲', '卒'];
        match self.color() {
            Color::Red => RED[self.kind().index()],
            Color::Black => BLACK[self.kind().index()],
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_encoding() {
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
        for (i, p) in Piece::ALL.iter().enumerate() {
            assert_eq!(p.index(), i);
            assert_eq!(Piece::new(p.color(), p.kind()), *p);
            assert_eq!(Piece::from_fen_char(p.fen_char()), Some(*p));
        }
        assert_eq!(Piece::from_fen_char('E'), Some(Piece::RedElephant));
        assert_eq!(Piece::from_fen_char('h'), Some(Piece::BlackHorse));
        assert_eq!(Piece::from_fen_char('x'), None);
    }
}

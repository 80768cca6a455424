//! The network's inputs (`docs/nnue.md` §2): one feature per piece, seen from each side, in
//! the block of weights its side's king and defenders choose.

use std::fmt;
use std::str::FromStr;

use crate::board::Position;
use crate::types::{Color, Piece, PieceKind, Square};

/// Inputs per perspective and input bucket: own and other pieces, seven kinds, ninety squares.
pub const FEATURES: usize = 2 * PieceKind::NUM * Square::NUM;

/// The input that `pc` on `sq` switches on in `perspective`'s accumulator:
/// `(rel * 7 + kind) * 90 + sq'`, `rel` 0 for the perspective's own pieces, and `sq'` the
/// square as that side sees it from behind its own pieces (Black's ranks mirrored), so that a
/// position and its colour-flipped twin light the same inputs.
#[inline]
pub const fn feature(perspective: Color, pc: Piece, sq: Square) -> usize {
    let rel = (pc.color().index() != perspective.index()) as usize;
    let sq = own_view(perspective, sq);
    (rel * PieceKind::NUM + pc.kind().index()) * Square::NUM + sq.index()
}

/// `sq` as `perspective` sees it from behind its own pieces.
#[inline]
const fn own_view(perspective: Color, sq: Square) -> Square {
    match perspective {
        Color::Red => sq,
        Color::Black => sq.flip_rank(),
    }
}

/// How a net chooses each perspective's block of first-layer weights (`docs/nnue.md` §2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum InputBuckets {
    /// One block for every position: every net of file versions 1 and 2.
    #[default]
    Single,
    /// A block for each palace point of the perspective's king, the d and f files folded
    /// together by mirroring the board, times whether it still has both advisors and both
    /// elephants: 6 × 4 blocks.
    KingDefenders,
}

impl InputBuckets {
    pub const ALL: [InputBuckets; 2] = [InputBuckets::Single, InputBuckets::KingDefenders];

    /// The scheme's number in a version 3 file.
    pub const fn id(self) -> u32 {
        match self {
            InputBuckets::Single => 0,
            InputBuckets::KingDefenders => 1,
        }
    }

    pub const fn from_id(id: u32) -> Option<InputBuckets> {
        match id {
            0 => Some(InputBuckets::Single),
            1 => Some(InputBuckets::KingDefenders),
            _ => None,
        }
    }

    /// How many blocks of [`FEATURES`] columns the scheme has.
    pub const fn count(self) -> usize {
        match self {
            InputBuckets::Single => 1,
            InputBuckets::KingDefenders => KING_POINTS * DEFENCES,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            InputBuckets::Single => "single",
            InputBuckets::KingDefenders => "king-defenders",
        }
    }

    /// The bucket `defence` puts `perspective` in: the one function inference and the trainer
    /// share.
    #[inline]
    pub fn bucket(self, perspective: Color, defence: Defence) -> InputBucket {
        match self {
            InputBuckets::Single => InputBucket::FIRST,
            InputBuckets::KingDefenders => king_defenders(perspective, defence),
        }
    }

    /// `perspective`'s view when its king and defenders are `defence`.
    #[inline]
    pub fn view_with(self, perspective: Color, defence: Defence) -> View {
        View { perspective, bucket: self.bucket(perspective, defence) }
    }

    /// `perspective`'s view of `pos`: its bucket and orientation.
    #[inline]
    pub fn view(self, pos: &Position, perspective: Color) -> View {
        match self {
            InputBuckets::Single => View::single(perspective),
            _ => self.view_with(perspective, Defence::of(pos, perspective)),
        }
    }
}

impl fmt::Display for InputBuckets {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for InputBuckets {
    type Err = String;

    fn from_str(s: &str) -> Result<InputBuckets, String> {
        InputBuckets::ALL.into_iter().find(|b| b.name() == s).ok_or_else(|| {
            let names: Vec<&str> = InputBuckets::ALL.iter().map(|b| b.name()).collect();
            format!("input buckets {s:?} unknown: one of {}", names.join(", "))
        })
    }
}

/// Palace points after folding the f file onto the d file.
const KING_POINTS: usize = 6;
/// Both advisors and both elephants; an advisor lost; an elephant lost; both kinds short.
const DEFENCES: usize = 4;

/// [`InputBuckets::KingDefenders`]: `4 · (2 · rank + centre) + defence`, the king's point seen
/// from behind its own pieces (`rank` 0 to 2, `centre` 1 on the e file), `defence` 0 with
/// both advisors and both elephants, + 1 with fewer than two advisors, + 2 with fewer than
/// two elephants; the board is mirrored when the king stands on the f file. A king off the
/// palace (only in a record that is no legal position) counts at the nearest palace point.
fn king_defenders(perspective: Color, d: Defence) -> InputBucket {
    let king = own_view(perspective, d.king);
    let file = king.file().index().clamp(3, 5);
    let rank = king.rank().index().min(2);
    let point = 2 * rank + usize::from(file == 4);
    let defence = usize::from(d.advisors < 2) + 2 * usize::from(d.elephants < 2);
    InputBucket { index: (DEFENCES * point + defence) as u8, mirror: file == 5 }
}

/// What a perspective's input bucket is chosen by: its king's square and how many advisors
/// and elephants it has left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Defence {
    pub king: Square,
    pub advisors: u32,
    pub elephants: u32,
}

impl Defence {
    /// `perspective`'s defence in `pos`.
    #[inline]
    pub fn of(pos: &Position, perspective: Color) -> Defence {
        Defence {
            king: pos.king(perspective),
            advisors: pos.count(perspective, PieceKind::Advisor),
            elephants: pos.count(perspective, PieceKind::Elephant),
        }
    }

    /// `perspective`'s defence among `pieces`; without a king (no legal position), the king
    /// counts as at home.
    pub fn of_pieces(pieces: impl Iterator<Item = (Square, Piece)>, perspective: Color) -> Defence {
        let home = own_view(perspective, Square::from_index(4));
        let mut d = Defence { king: home, advisors: 0, elephants: 0 };
        for (sq, pc) in pieces.filter(|(_, pc)| pc.color() == perspective) {
            match pc.kind() {
                PieceKind::King => d.king = sq,
                PieceKind::Advisor => d.advisors += 1,
                PieceKind::Elephant => d.elephants += 1,
                _ => {}
            }
        }
        d
    }

    /// The defence after `pc` moves to `to`, taking `captured` there, for the side whose
    /// defence this is (`perspective`).
    #[inline]
    pub fn after(mut self, perspective: Color, pc: Piece, to: Square, captured: Option<Piece>) -> Defence {
        if pc == Piece::new(perspective, PieceKind::King) {
            self.king = to;
        }
        match captured {
            Some(cap) if cap == Piece::new(perspective, PieceKind::Advisor) => {
                self.advisors = self.advisors.saturating_sub(1)
            }
            Some(cap) if cap == Piece::new(perspective, PieceKind::Elephant) => {
                self.elephants = self.elephants.saturating_sub(1)
            }
            _ => {}
        }
        self
    }
}

/// One perspective's block of first-layer weights, and whether it sees the board mirrored
/// (files reversed): a move that changes either refreshes that perspective's accumulator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputBucket {
    index: u8,
    mirror: bool,
}

impl InputBucket {
    /// The only bucket of a [`InputBuckets::Single`] net.
    pub const FIRST: InputBucket = InputBucket { index: 0, mirror: false };

    pub const fn index(self) -> usize {
        self.index as usize
    }

    pub const fn mirror(self) -> bool {
        self.mirror
    }
}

/// A perspective and its bucket: which column each piece switches on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub perspective: Color,
    pub bucket: InputBucket,
}

impl View {
    /// `perspective`'s view in a net of one input bucket.
    #[inline]
    pub const fn single(perspective: Color) -> View {
        View { perspective, bucket: InputBucket::FIRST }
    }

    /// The column `pc` on `sq` switches on: [`feature`] in the bucket's block, the square
    /// mirrored first when the bucket is.
    #[inline]
    pub const fn feature(self, pc: Piece, sq: Square) -> usize {
        let sq = if self.bucket.mirror { sq.flip_file() } else { sq };
        self.bucket.index() * FEATURES + feature(self.perspective, pc, sq)
    }

    /// The columns `pieces` switch on.
    pub fn active(self, pieces: impl Iterator<Item = (Square, Piece)>) -> impl Iterator<Item = usize> {
        pieces.map(move |(sq, pc)| self.feature(pc, sq))
    }
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

/// The pieces on `pos`'s board, by square.
pub fn pieces(pos: &Position) -> impl Iterator<Item = (Square, Piece)> + '_ {
    pos.occupied().iter().filter_map(move |sq| pos.piece_at(sq).map(|pc| (sq, pc)))
}

/// The columns `pos` switches on in `view`'s accumulator, one per piece on the board.
pub fn active(pos: &Position, view: View) -> impl Iterator<Item = usize> + '_ {
    view.active(pieces(pos))
}

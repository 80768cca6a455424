//! Why a game could not be read, and where.

use std::fmt;
use std::path::PathBuf;

use crate::board::{FenError, IllegalMove};
use crate::notation::NotationError;
use crate::types::{Piece, Square};

/// Why one game of a text could not be read. Lines count from 1 at the start of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// A line starting with `[` that is not `[Name "value"]`.
    BadTag { line: usize, text: String },
    /// The `FEN` tag holds no valid position.
    BadFen { line: usize, fen: String, error: FenError },
    /// A move that cannot be read or played. `number` is its move number as PGN writes it
    /// (`12.` for Red, `12...` for Black).
    BadMove { line: usize, number: String, token: String, error: NotationError },
    /// A token that has no place in move text, such as an unmatched `)`.
    UnexpectedToken { line: usize, token: String },
    /// A comment or variation still open at the end of the game.
    Unterminated { line: usize, what: Unclosed },
    /// A move stored as two points (XQF, DhtmlXQ) that cannot be played: where the file
    /// holds it (`byte 1184`, `move_0_5_1`), its number as PGN writes it, and why.
    IllegalRecord { at: Place, number: String, why: BadRecord },
    /// A binary file that is not what its header says: cut short, a record or comment running
    /// past the end, a variation with no line to branch from.
    Corrupt { at: Place, why: Corruption },
    /// The position a record sets up is not a legal one.
    BadStart { why: BadSetup },
    /// Text whose bytes no character set explains; they read as U+FFFD (a warning only).
    BadText { at: Place },
    /// The file itself could not be read (the system's words).
    Unreadable(String),
}

/// What a game left open (`PgnError::Unterminated`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unclosed {
    Comment,
    Variation,
}

/// Where in a stored record (XQF, DhtmlXQ) something is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// XQF's header, or one of its fields.
    Header(Option<&'static str>),
    /// A byte of an XQF file, counted from the file's start.
    Byte(usize),
    /// The comment stored at a byte of an XQF file.
    CommentAt(usize),
    /// A DhtmlXQ field (`move_0_5_1`), or one of its moves (from 1).
    Field(String, Option<usize>),
    /// Nowhere that can be named (a variation with no move).
    Unknown,
}

/// Why a stored move cannot be played (`PgnError::IllegalRecord`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadRecord {
    /// From or to a point off the board.
    OffBoard,
    Illegal(IllegalMove),
}

/// What a damaged record holds (`PgnError::Corrupt`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Corruption {
    /// A file of `len` bytes, shorter than the XQF header's `header`.
    Short { len: usize, header: usize },
    /// The file ends inside a record.
    EndsInside(Record),
    /// A comment's stored length is negative.
    CommentLength(i64),
    /// Variations nested deeper than this (the rest left out).
    TooDeep(usize),
    /// A variation at this move (as PGN numbers it), past its line's end.
    PastLineEnd(String),
    /// DhtmlXQ moves that are not groups of four digits.
    NotDigits,
    /// A DhtmlXQ field named `move_` that is not `move_B_S_N`.
    NotMoveName,
    /// A DhtmlXQ variation that branches from a line or move not there.
    NoBranchPoint { parent: usize, step: usize },
}

/// A part of an XQF record the file can end inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Record {
    Move,
    CommentLength,
    /// A comment of this many bytes.
    Comment(usize),
}

/// Why a stored start position is no position (`PgnError::BadStart`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadSetup {
    /// Two pieces stored on one point.
    Doubled { piece: Piece, other: Piece, square: Square },
    /// DhtmlXQ's `binit` is not 64 digits.
    Binit,
    /// A placement Chuhan refuses.
    Illegal(FenError),
}

impl fmt::Display for Unclosed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unclosed::Comment => "comment",
            Unclosed::Variation => "variation",
        })
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Header(None) => f.write_str("header"),
            Place::Header(Some(tag)) => write!(f, "header {tag}"),
            Place::Byte(n) => write!(f, "byte {n}"),
            Place::CommentAt(n) => write!(f, "byte {n} (a comment)"),
            Place::Field(name, None) => f.write_str(name),
            Place::Field(name, Some(i)) => write!(f, "{name} move {i}"),
            Place::Unknown => Ok(()),
        }
    }
}

impl fmt::Display for BadRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadRecord::OffBoard => f.write_str("a move from or to a point off the board"),
            BadRecord::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl fmt::Display for Corruption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Corruption::Short { len, header } => write!(f, "{len} bytes, shorter than the XQF header ({header} bytes)"),
            Corruption::EndsInside(Record::Move) => f.write_str("the file ends inside a move record"),
            Corruption::EndsInside(Record::CommentLength) => f.write_str("the file ends inside a comment length"),
            Corruption::EndsInside(Record::Comment(n)) => write!(f, "the file ends inside a comment of {n} bytes"),
            Corruption::CommentLength(n) => write!(f, "a comment length of {n}"),
            Corruption::TooDeep(depth) => write!(f, "variations nested over {depth} deep"),
            Corruption::PastLineEnd(number) => write!(f, "a variation at move {number}, past the line's end"),
            Corruption::NotDigits => f.write_str("moves are not groups of four digits"),
            Corruption::NotMoveName => f.write_str("not move_B_S_N"),
            Corruption::NoBranchPoint { parent, step } => {
                write!(f, "branches from line {parent} at move {step}, which is not there")
            }
        }
    }
}

impl fmt::Display for BadSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadSetup::Doubled { piece, other, square } => write!(f, "{piece:?} and {other:?} both on {square}"),
            BadSetup::Binit => f.write_str("binit is not 64 digits"),
            BadSetup::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl PgnError {
    /// The line the error is on, if it has one.
    pub fn line(&self) -> Option<usize> {
        match *self {
            PgnError::BadTag { line, .. }
            | PgnError::BadFen { line, .. }
            | PgnError::BadMove { line, .. }
            | PgnError::UnexpectedToken { line, .. }
            | PgnError::Unterminated { line, .. } => Some(line),
            PgnError::IllegalRecord { .. }
            | PgnError::Corrupt { .. }
            | PgnError::BadStart { .. }
            | PgnError::BadText { .. }
            | PgnError::Unreadable(_) => None,
        }
    }

    /// A short name of the kind of error, for counting skipped games by reason.
    pub fn kind(&self) -> &'static str {
        match self {
            PgnError::BadTag { .. } => "bad tag",
            PgnError::BadFen { .. } => "bad FEN",
            PgnError::BadMove { error, .. } => match error {
                NotationError::Unrecognized(_) => "unreadable move",
                NotationError::NoSuchPiece { .. } => "move of a missing piece",
                NotationError::Ambiguous { .. } => "ambiguous move",
                NotationError::Illegal { .. } => "illegal move",
            },
            PgnError::UnexpectedToken { .. } => "unexpected token",
            PgnError::Unterminated { .. } => "unterminated comment or variation",
            PgnError::IllegalRecord { .. } => "illegal move",
            PgnError::Corrupt { .. } => "corrupt file",
            PgnError::BadStart { .. } => "bad start position",
            PgnError::BadText { .. } => "undecodable text",
            PgnError::Unreadable(_) => "unreadable file",
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::BadTag { line, text } => write!(f, "line {line}: bad tag '{text}' (expected [Name \"value\"])"),
            PgnError::BadFen { line, fen, error } => write!(f, "line {line}: FEN tag '{fen}': {error}"),
            PgnError::BadMove { line, number, token, error } => {
                write!(f, "line {line}: move {number} {token}: {error}")
            }
            PgnError::UnexpectedToken { line, token } => write!(f, "line {line}: unexpected '{token}'"),
            PgnError::Unterminated { line, what } => write!(f, "line {line}: {what} never closed"),
            PgnError::IllegalRecord { at, number, why } => write!(f, "{at}: move {number} {why}"),
            PgnError::Corrupt { at, why } => write!(f, "{at}: {why}"),
            PgnError::BadStart { why } => write!(f, "start position: {why}"),
            PgnError::BadText { at } => write!(f, "{at}: text that is not valid in its character set"),
            PgnError::Unreadable(why) => write!(f, "cannot read: {why}"),
        }
    }
}

impl std::error::Error for PgnError {}

/// A game that was skipped: its file, its number in the file (from 1) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    pub file: PathBuf,
    pub game: usize,
    pub error: PgnError,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.error {
            PgnError::Unreadable(_) => write!(f, "{}: {}", self.file.display(), self.error),
            _ => write!(f, "{}: game {}: {}", self.file.display(), self.game, self.error),
        }
    }
}

impl std::error::Error for GameError {}

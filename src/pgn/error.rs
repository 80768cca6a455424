//! Why a game could not be read, and where.

use std::fmt;
use std::path::PathBuf;

use crate::board::FenError;
use crate::notation::NotationError;

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
    Unterminated { line: usize, what: &'static str },
    /// A move stored as two points (XQF, DhtmlXQ) that cannot be played: where the file
    /// holds it (`byte 1184`, `move_0_5_1`), its number as PGN writes it, and why.
    IllegalRecord { at: String, number: String, why: String },
    /// A binary file that is not what its header says: cut short, a record or comment running
    /// past the end, a variation with no line to branch from.
    Corrupt { at: String, why: String },
    /// The position a record sets up is not a legal one.
    BadStart { why: String },
    /// Text whose bytes no character set explains; they read as U+FFFD (a warning only).
    BadText { at: String },
    /// The file itself could not be read.
    Unreadable(String),
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

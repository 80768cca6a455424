//! Move notation for people: Chinese file notation (`炮二平五`) and WXF notation (`C2.5`), read
//! and written for a given position, next to the ICCS coordinates (`h2e2`) the engine speaks.
//!
//! # The file notations
//!
//! Both describe a move in four parts: the piece, the file it stands on, the direction, and a
//! number. Each side numbers the files from its own right: Red's file `i` is 1 and `a` is 9;
//! Black's file `a` is 1 and `i` is 9. Red's numbers are written as Chinese numerals (一 … 九),
//! Black's as digits. Chuhan writes Black's digits in ASCII (`马8进7`), as most current books and
//! web sites do; full-width digits (`马８进７`) are read as well.
//!
//! | part | Chinese | WXF |
//! |---|---|---|
//! | piece | 帅仕相马车炮兵 / 将士象马车炮卒 (traditional forms too) | `K A E H R C P` (`B`, `N` read too) |
//! | forward, backward, sideways | 进 退 平 | `+ - .` (`=` read too) |
//!
//! The number after the direction is the target file for a sideways move and for every move of a
//! horse, elephant or advisor (they never stay on their file); for a king, rook, cannon or
//! soldier moving along its file it is the number of points moved.
//!
//! Two pieces of a kind on one file are told apart by position instead of file: 前/后 (`+`/`-`
//! in WXF, placed after the letter: `C+.5`, `R--1`). Advisors and elephants keep the plain file
//! form (`仕六进五`, `A6+5`) because the direction already tells them apart; only if it does not
//! (possible on unusual set-ups) do they take 前/后. Soldiers follow the WXF rules and their
//! Chinese counterparts:
//!
//! | soldiers on the file | Chinese, front to back | WXF, front to back |
//! |---|---|---|
//! | 2 | 前兵 后兵 | `P+` `P-` |
//! | 3 | 前兵 中兵 后兵 | `P+` `P3` `P-` (`3` the file) |
//! | 4 | 一兵 二兵 三兵 四兵 | `++` `P+` `P-` `--` |
//! | 5 | 一兵 … 五兵 | `++` `P+` `P3` `P-` `--` |
//! | two files with 2 or more | 前七 中七 后七 (the file replaces the piece) | `7+` `77` `7-` |
//!
//! Reading is lenient where it costs nothing: any numeral style for either side (the side to
//! move decides the numbering), 前/后 before or after the piece (`前车`, `車前`), the WXF marker
//! before or after the letter (`+C.5`, `C+.5`), a missing `.` (`C25`), upper or lower case,
//! full-width characters, spaces, and trailing `!`/`?` annotations. A description that fits
//! several legal moves is refused as ambiguous rather than guessed.

mod chinese;
mod spec;
#[cfg(test)]
mod tests;
mod text;
mod wxf;

use std::fmt;

use crate::board::{Illegality, Position};
use crate::types::{Color, Move, PieceKind};

pub use chinese::{RED_NUMERALS, file_label, piece_name, to_chinese};
pub use spec::file_number;
use spec::{legal, normalize};
pub use text::{cp_text, line_text, move_list, score_text};
pub use wxf::to_wxf;

/// Which character set Chinese notation is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Script {
    /// 帅仕相马车炮兵 / 将士象马车炮卒, 进退平, 后: mainland usage.
    #[default]
    Simplified,
    /// 帥仕相傌俥炮兵 / 將士象馬車砲卒, 進退平, 後: the per-side glyphs of [`Piece::glyph`].
    Traditional,
}

/// A notation for writing moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Coordinates, `h2e2`.
    Iccs,
    /// File notation in Chinese, `炮二平五`.
    Chinese(Script),
    /// WXF file notation, `C2.5`.
    Wxf,
}

impl Notation {
    /// Reads a notation name: `chinese` (or `simplified`), `traditional`, `wxf`, `iccs`.
    pub fn from_name(name: &str) -> Option<Notation> {
        match name.trim().to_ascii_lowercase().as_str() {
            "chinese" | "simplified" => Some(Notation::Chinese(Script::Simplified)),
            "traditional" => Some(Notation::Chinese(Script::Traditional)),
            "wxf" => Some(Notation::Wxf),
            "iccs" => Some(Notation::Iccs),
            _ => None,
        }
    }

    /// The notation a move is written in, told from its characters alone: ICCS coordinates,
    /// other ASCII (WXF), or Chinese, traditional when a character exists only in that script
    /// (進 後 車 馬 將 帥 俥 傌 砲), simplified otherwise.
    pub fn of_text(text: &str) -> Notation {
        let norm = normalize(text);
        if norm.is_ascii() {
            if Move::parse(&norm).is_some() { Notation::Iccs } else { Notation::Wxf }
        } else if norm.contains(['進', '後', '車', '馬', '將', '帥', '俥', '傌', '砲']) {
            Notation::Chinese(Script::Traditional)
        } else {
            Notation::Chinese(Script::Simplified)
        }
    }

    /// The name [`Notation::from_name`] reads.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Chinese(Script::Simplified) => "chinese",
            Notation::Chinese(Script::Traditional) => "traditional",
            Notation::Wxf => "wxf",
            Notation::Iccs => "iccs",
        }
    }
}

/// Why a text could not be read as a move in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not a move in ICCS, Chinese or WXF notation.
    Unrecognized(String),
    /// The side to move has no piece where the text says.
    NoSuchPiece { text: String, color: Color, kind: PieceKind },
    /// More than one legal move fits the text.
    Ambiguous { text: String, moves: Vec<Move> },
    /// The text names a move that cannot be played here.
    Illegal { text: String, reason: Illegality },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Unrecognized(text) => {
                write!(f, "'{text}' is not a move (examples: h2e2, 炮二平五, C2.5)")
            }
            NotationError::NoSuchPiece { text, color, kind } => {
                write!(f, "'{text}': {} has no {} there", color.name(), kind.name())
            }
            NotationError::Ambiguous { text, moves } => {
                let list: Vec<String> = moves.iter().map(Move::to_string).collect();
                write!(f, "'{text}' is ambiguous: it fits {}", list.join(", "))
            }
            NotationError::Illegal { text, reason } => write!(f, "'{text}' is illegal ({reason})"),
        }
    }
}

impl std::error::Error for NotationError {}

/// Reads a move in any of the three notations: ICCS (`h2e2`, `H2-E2`), WXF (`C2.5`) or Chinese
/// (`炮二平五`), and checks that it is legal here.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let norm = normalize(text);
    if norm.is_ascii() {
        if let Some(mv) = Move::parse(&norm) {
            return legal(pos, mv, text);
        }
        wxf::resolve(pos, &norm, text)
    } else {
        chinese::resolve(pos, &norm, text)
    }
}

/// Reads a move in ICCS coordinates (`h2e2`, `H2-E2`) and checks that it is legal here.
pub fn parse_iccs(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let norm = normalize(text);
    match Move::parse(&norm) {
        Some(mv) => legal(pos, mv, text),
        None => Err(NotationError::Unrecognized(text.trim().to_string())),
    }
}

/// Reads a move in Chinese file notation (`炮二平五`, `马8进7`, `前车进一`).
pub fn parse_chinese(pos: &Position, text: &str) -> Result<Move, NotationError> {
    chinese::resolve(pos, &normalize(text), text)
}

/// Reads a move in WXF notation (`C2.5`, `H8+7`, `C+.5`).
pub fn parse_wxf(pos: &Position, text: &str) -> Result<Move, NotationError> {
    wxf::resolve(pos, &normalize(text), text)
}

/// Writes `mv` in `notation`. Moves that have no file notation (not a move of the side to move's
/// pieces) fall back to ICCS, so this always gives something printable.
pub fn format_move(pos: &Position, mv: Move, notation: Notation) -> String {
    let text = match notation {
        Notation::Iccs => None,
        Notation::Chinese(script) => to_chinese(pos, mv, script),
        Notation::Wxf => to_wxf(pos, mv),
    };
    text.unwrap_or_else(|| mv.to_string())
}

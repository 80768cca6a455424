//! The opening book: for each position reached in master games, the moves played there and how
//! they scored (`docs/book.md`).
//!
//! A position and its left-right mirror image share one entry, under the smaller of their two
//! Zobrist keys, with the moves written as seen from that side of the mirror. The file is read
//! once (or taken from the binary, for the default book), checked whole, and probed in place by
//! binary search.

pub mod build;
mod format;
pub mod sources;

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use once_cell::sync::Lazy;

use crate::board::{Position, zobrist};
use crate::types::{Move, Square};

pub use format::{FormatError, Header, PositionRecord, RecordFault, VERSION};

/// The default book, built from the CCPD master games by `make book`.
static DEFAULT_BOOK: &[u8] = include_bytes!("../../book/masters.book");

/// The default book, checked once per process and then shared by every engine.
static SHARED_DEFAULT: Lazy<Result<Arc<Book>, FormatError>> = Lazy::new(|| Book::default_book().map(Arc::new));

/// A move's results for the side that played it, and the games that gave none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Games whose record gives no result: they count how often the move was played, and
    /// nothing of how it scored.
    pub unknown: u32,
}

impl Stats {
    /// Every game the move was played in, with a result or not.
    pub fn games(self) -> u64 {
        self.scored() + u64::from(self.unknown)
    }

    /// The games with a result.
    pub fn scored(self) -> u64 {
        u64::from(self.wins) + u64::from(self.draws) + u64::from(self.losses)
    }

    /// Points per game with a result for the mover, a draw counting half: 0.0 to 1.0; `None`
    /// when no game gave a result.
    pub fn score(self) -> Option<f64> {
        let n = self.scored();
        (n > 0).then(|| (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n as f64)
    }

    /// The share of draws among the games with a result.
    pub fn draw_rate(self) -> Option<f64> {
        let n = self.scored();
        (n > 0).then(|| f64::from(self.draws) / n as f64)
    }
}

/// An opening code of the Encyclopedia of Chinese Chess Openings, `A00` to `E99`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ecco(u16);

impl Ecco {
    pub fn parse(text: &str) -> Option<Ecco> {
        let b = text.trim().as_bytes();
        if b.len() != 3 || !(b'A'..=b'E').contains(&b[0]) || !b[1].is_ascii_digit() || !b[2].is_ascii_digit() {
            return None;
        }
        Some(Ecco(u16::from(b[0] - b'A') * 100 + u16::from(b[1] - b'0') * 10 + u16::from(b[2] - b'0')))
    }

    pub const fn raw(self) -> u16 {
        self.0
    }

    pub const fn from_raw(raw: u16) -> Option<Ecco> {
        if raw < 500 { Some(Ecco(raw)) } else { None }
    }
}

impl fmt::Display for Ecco {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:02}", (b'A' + (self.0 / 100) as u8) as char, self.0 % 100)
    }
}

/// The key a position is filed under, and whether its moves are stored mirrored.
pub fn book_key(pos: &Position) -> (u64, bool) {
    let mut mirror = zobrist::side_to_move(pos.side_to_move());
    for sq in Square::all() {
        if let Some(pc) = pos.piece_at(sq) {
            mirror ^= zobrist::piece_square(pc, sq.flip_file());
        }
    }
    if mirror < pos.key() { (mirror, true) } else { (pos.key(), false) }
}

/// The key every book carries in its header, to refuse one built with other keys.
fn key_check() -> u64 {
    Position::startpos().key()
}

/// A book move for the position probed, in that position's orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    pub stats: Stats,
}

/// Why a book could not be opened.
#[derive(Debug)]
pub enum BookError {
    Io { path: PathBuf, error: std::io::Error },
    Format { path: PathBuf, error: FormatError },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io { path, error } => write!(f, "cannot read book {}: {error}", path.display()),
            BookError::Format { path, error } => write!(f, "book {}: {error}", path.display()),
        }
    }
}

impl std::error::Error for BookError {}

/// A checked book in memory.
pub struct Book {
    bytes: Cow<'static, [u8]>,
    header: Header,
}

impl fmt::Debug for Book {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Book").field("header", &self.header).finish()
    }
}

impl Book {
    /// Checks a book file's bytes whole.
    pub fn from_bytes(bytes: impl Into<Cow<'static, [u8]>>) -> Result<Book, FormatError> {
        let bytes = bytes.into();
        let header = format::validate(&bytes, key_check())?;
        Ok(Book { bytes, header })
    }

    /// Reads and checks a book file.
    pub fn open(path: &Path) -> Result<Book, BookError> {
        let bytes = std::fs::read(path).map_err(|error| BookError::Io { path: path.to_path_buf(), error })?;
        Book::from_bytes(bytes).map_err(|error| BookError::Format { path: path.to_path_buf(), error })
    }

    /// The book built into the binary.
    pub fn default_book() -> Result<Book, FormatError> {
        Book::from_bytes(DEFAULT_BOOK)
    }

    /// The book at `path`, or the default book (checked once per process) for an empty path.
    pub fn open_or_default(path: &str) -> Result<Arc<Book>, BookError> {
        if path.is_empty() {
            let shared = SHARED_DEFAULT.as_ref().map(Arc::clone);
            shared.map_err(|error| BookError::Format { path: PathBuf::from("(default)"), error: error.clone() })
        } else {
            Book::open(Path::new(path)).map(Arc::new)
        }
    }

    pub fn header(&self) -> Header {
        self.header
    }

    /// Size of the file in bytes.
    pub fn len_bytes(&self) -> usize {
        self.bytes.len()
    }

    fn view(&self) -> format::View<'_> {
        format::View::new(&self.bytes, &self.header)
    }

    /// The book moves legal in `pos`, most played first.
    pub fn probe(&self, pos: &Position) -> Vec<BookMove> {
        let (key, mirrored) = book_key(pos);
        let view = self.view();
        let Some(i) = view.find(key) else { return Vec::new() };
        let (first, count) = view.move_range(i);
        (first..first + count)
            .filter_map(|m| view.entry(m))
            .map(|(mv, stats)| BookMove { mv: if mirrored { mv.flip_file() } else { mv }, stats })
            // A key shared by another position (a Zobrist collision) shows as illegal moves.
            .filter(|bm| pos.is_legal_move(bm.mv))
            .collect()
    }

    /// The most common opening code of the games through `pos`.
    pub fn opening(&self, pos: &Position) -> Option<Ecco> {
        let view = self.view();
        view.find(book_key(pos).0).and_then(|i| view.ecco(i))
    }

    /// A move to play in `pos` among those `allowed`, drawn with `random` (uniform over `u64`);
    /// see [`choose`]. A move back to a position of the game is never played from the book:
    /// the book knows positions, not games, and two such moves in a row repeat the position a
    /// third time (a draw, or a loss when they chase) without a search ever judging it.
    pub fn pick(&self, pos: &Position, allowed: impl Fn(Move) -> bool, random: u64) -> Option<BookMove> {
        let repeats = |mv| {
            let mut after = pos.clone();
            after.make(mv);
            after.is_repetition()
        };
        let moves: Vec<BookMove> = self.probe(pos).into_iter().filter(|bm| allowed(bm.mv) && !repeats(bm.mv)).collect();
        choose(&moves, random)
    }
}

/// How far below the position's average a move may score and still be played: moves that did
/// clearly worse than the rest for the side that played them are never chosen.
pub const BAD_MARGIN: f64 = 0.10;

/// Chooses among book moves at random, each with weight games x score: a move counts as often
/// as it was played, scaled by how well it did. Moves scoring more than [`BAD_MARGIN`] below
/// the average of the moves offered are left out. A move no game gave a result for is taken
/// to score that average (one half when no move has a result).
pub fn choose(moves: &[BookMove], random: u64) -> Option<BookMove> {
    let scored: u64 = moves.iter().map(|bm| bm.stats.scored()).sum();
    let points: f64 = moves.iter().filter_map(|bm| Some(bm.stats.score()? * bm.stats.scored() as f64)).sum();
    let average = if scored == 0 { 0.5 } else { points / scored as f64 };
    let candidates: Vec<(BookMove, f64)> = moves
        .iter()
        .map(|&bm| (bm, bm.stats.score().unwrap_or(average)))
        .filter(|&(_, score)| score >= average - BAD_MARGIN)
        .map(|(bm, score)| (bm, bm.stats.games() as f64 * score))
        .filter(|&(_, w)| w > 0.0)
        .collect();
    let total: f64 = candidates.iter().map(|(_, w)| w).sum();
    // 53 random bits give a uniform fraction in [0, 1).
    let mut target = (random >> 11) as f64 / (1u64 << 53) as f64 * total;
    for &(bm, w) in &candidates {
        if target < w {
            return Some(bm);
        }
        target -= w;
    }
    candidates.last().map(|&(bm, _)| bm)
}

#[cfg(test)]
mod tests;

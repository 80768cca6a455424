//! The book file: a fixed header, then the positions sorted by key, then their moves
//! (`docs/book.md`). Every number is little-endian. Reading checks everything once, so a
//! probe afterwards never meets a bad offset.

use std::fmt;

use super::{Ecco, Stats};
use crate::checksum::fnv1a64;
use crate::types::Move;

/// The first eight bytes of every book file.
pub const MAGIC: [u8; 8] = *b"CHUHANBK";
/// Bumped whenever the layout changes; a reader refuses any other than these. Version 1 has
/// no count of games without a result; a book with none such is still written as version 1,
/// so books of fully scored collections keep their bytes.
pub const VERSION: u32 = 2;
const VERSIONS: [u32; 2] = [1, VERSION];
/// Bytes before the first position record.
pub const HEADER_LEN: usize = 44;
/// Bytes of one position record: key u64, first move u32, move count u16, ECCO u16.
pub const POSITION_LEN: usize = 16;
/// Bytes of one move record: move u16, wins u32, draws u32, losses u32 and, from version 2,
/// games without a result u32.
pub const fn move_len(version: u32) -> usize {
    if version < 2 { 14 } else { 18 }
}

/// The ECCO field of a position no game gave a code for.
const NO_ECCO: u16 = u16::MAX;

/// What the header says about the book as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub version: u32,
    pub positions: u32,
    pub moves: u32,
    /// The build's `--max-ply` and `--min-games`, for `chuhan book probe` to show.
    pub max_ply: u32,
    pub min_games: u32,
    /// The key of the start position: position keys are Zobrist keys, so a book built with
    /// other keys would silently find nothing; this field refuses it instead.
    pub key_check: u64,
}

/// One position's record, in the order they are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRecord {
    pub key: u64,
    pub ecco: Option<Ecco>,
    /// Its moves, most played first.
    pub moves: Vec<(Move, Stats)>,
}

/// Why a book file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    BadMagic,
    Version(u32),
    /// Fewer or more bytes than the header's counts call for.
    Length {
        expected: u64,
        actual: u64,
    },
    Checksum,
    /// Built with other position keys (another Zobrist stream).
    Keys,
    /// The checksum holds but the records do not make sense: a writer's bug, not damage.
    Record {
        index: usize,
        what: RecordFault,
    },
}

/// What is wrong with a book's record ([`FormatError::Record`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFault {
    KeysOutOfOrder,
    /// Its moves do not start where the previous record's end, or it has none.
    MovesNotContiguous,
    BadEcco,
    BadMove,
    /// The records end before the moves do (the index is the record count).
    MovesLeftOver,
}

impl fmt::Display for RecordFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RecordFault::KeysOutOfOrder => "keys out of order",
            RecordFault::MovesNotContiguous => "move range not contiguous",
            RecordFault::BadEcco => "bad ECCO code",
            RecordFault::BadMove => "bad move",
            RecordFault::MovesLeftOver => "moves left over",
        })
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::BadMagic => write!(f, "not a Chuhan book (bad magic)"),
            FormatError::Version(v) => write!(f, "book format version {v}, this Chuhan reads versions 1 to {VERSION}"),
            FormatError::Length { expected, actual } if actual < expected => {
                write!(f, "truncated book: {actual} bytes, the header calls for {expected}")
            }
            FormatError::Length { expected, actual } => {
                write!(f, "book has {actual} bytes, the header calls for {expected}")
            }
            FormatError::Checksum => write!(f, "book checksum mismatch (the file is damaged)"),
            FormatError::Keys => write!(f, "book built with other position keys; rebuild it"),
            FormatError::Record { index, what } => write!(f, "book record {index}: {what}"),
        }
    }
}

impl std::error::Error for FormatError {}

/// The file for `records`, which must be sorted by key with no key twice.
pub fn encode(records: &[PositionRecord], max_ply: u32, min_games: u32, key_check: u64) -> Vec<u8> {
    debug_assert!(records.windows(2).all(|w| w[0].key < w[1].key));
    let moves: usize = records.iter().map(|r| r.moves.len()).sum();
    let version = if records.iter().flat_map(|r| &r.moves).any(|(_, s)| s.unknown > 0) { VERSION } else { 1 };
    let mut body = Vec::with_capacity(records.len() * POSITION_LEN + moves * move_len(version));
    let mut first = 0u32;
    for r in records {
        body.extend_from_slice(&r.key.to_le_bytes());
        body.extend_from_slice(&first.to_le_bytes());
        body.extend_from_slice(&(r.moves.len() as u16).to_le_bytes());
        body.extend_from_slice(&r.ecco.map_or(NO_ECCO, Ecco::raw).to_le_bytes());
        first += r.moves.len() as u32;
    }
    for (mv, s) in records.iter().flat_map(|r| &r.moves) {
        body.extend_from_slice(&mv.raw().to_le_bytes());
        for n in [s.wins, s.draws, s.losses] {
            body.extend_from_slice(&n.to_le_bytes());
        }
        if version >= 2 {
            body.extend_from_slice(&s.unknown.to_le_bytes());
        }
    }
    let mut out = Vec::with_capacity(HEADER_LEN + body.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&(records.len() as u32).to_le_bytes());
    out.extend_from_slice(&(moves as u32).to_le_bytes());
    out.extend_from_slice(&max_ply.to_le_bytes());
    out.extend_from_slice(&min_games.to_le_bytes());
    out.extend_from_slice(&key_check.to_le_bytes());
    out.extend_from_slice(&fnv1a64(&body).to_le_bytes());
    debug_assert_eq!(out.len(), HEADER_LEN);
    out.extend_from_slice(&body);
    out
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3], b[at + 4], b[at + 5], b[at + 6], b[at + 7]])
}

/// Checks a whole file and returns its header. After this, [`View`] reads it without checks
/// that could fail.
pub fn validate(bytes: &[u8], key_check: u64) -> Result<Header, FormatError> {
    if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
        return Err(FormatError::BadMagic);
    }
    if bytes.len() < HEADER_LEN {
        return Err(FormatError::Length { expected: HEADER_LEN as u64, actual: bytes.len() as u64 });
    }
    let version = u32_at(bytes, 8);
    if !VERSIONS.contains(&version) {
        return Err(FormatError::Version(version));
    }
    let header = Header {
        version,
        positions: u32_at(bytes, 12),
        moves: u32_at(bytes, 16),
        max_ply: u32_at(bytes, 20),
        min_games: u32_at(bytes, 24),
        key_check: u64_at(bytes, 28),
    };
    let expected = HEADER_LEN as u64
        + u64::from(header.positions) * POSITION_LEN as u64
        + u64::from(header.moves) * move_len(version) as u64;
    if bytes.len() as u64 != expected {
        return Err(FormatError::Length { expected, actual: bytes.len() as u64 });
    }
    if fnv1a64(&bytes[HEADER_LEN..]) != u64_at(bytes, 36) {
        return Err(FormatError::Checksum);
    }
    if header.key_check != key_check {
        return Err(FormatError::Keys);
    }
    let view = View::new(bytes, &header);
    let mut next_first = 0u64;
    for i in 0..view.positions {
        let bad = |what| Err(FormatError::Record { index: i, what });
        if i > 0 && view.key(i - 1) >= view.key(i) {
            return bad(RecordFault::KeysOutOfOrder);
        }
        let (first, count) = view.move_range(i);
        if first as u64 != next_first || count == 0 {
            return bad(RecordFault::MovesNotContiguous);
        }
        next_first += count as u64;
        if u16_at(bytes, view.position_at(i) + 14) != NO_ECCO && view.ecco(i).is_none() {
            return bad(RecordFault::BadEcco);
        }
        for m in first..first + count {
            if Move::from_raw(u16_at(bytes, view.move_at(m))).is_none() {
                return bad(RecordFault::BadMove);
            }
        }
    }
    if next_first != u64::from(header.moves) {
        return Err(FormatError::Record { index: view.positions, what: RecordFault::MovesLeftOver });
    }
    Ok(header)
}

/// Reads a file [`validate`] accepted.
#[derive(Clone, Copy)]
pub struct View<'a> {
    bytes: &'a [u8],
    positions: usize,
    move_len: usize,
}

impl View<'_> {
    pub fn new<'a>(bytes: &'a [u8], header: &Header) -> View<'a> {
        View { bytes, positions: header.positions as usize, move_len: move_len(header.version) }
    }

    fn position_at(&self, i: usize) -> usize {
        HEADER_LEN + i * POSITION_LEN
    }

    fn move_at(&self, m: usize) -> usize {
        HEADER_LEN + self.positions * POSITION_LEN + m * self.move_len
    }

    pub fn key(&self, i: usize) -> u64 {
        u64_at(self.bytes, self.position_at(i))
    }

    /// The first move's index and the number of moves of position `i`.
    pub fn move_range(&self, i: usize) -> (usize, usize) {
        let at = self.position_at(i);
        (u32_at(self.bytes, at + 8) as usize, usize::from(u16_at(self.bytes, at + 12)))
    }

    pub fn ecco(&self, i: usize) -> Option<Ecco> {
        Ecco::from_raw(u16_at(self.bytes, self.position_at(i) + 14))
    }

    /// Position `i`'s index by key.
    pub fn find(&self, key: u64) -> Option<usize> {
        let (mut lo, mut hi) = (0, self.positions);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.key(mid).cmp(&key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid),
            }
        }
        None
    }

    /// Move `m` and its counts; `None` only for a file [`validate`] did not check.
    pub fn entry(&self, m: usize) -> Option<(Move, Stats)> {
        let at = self.move_at(m);
        let mv = Move::from_raw(u16_at(self.bytes, at))?;
        let stats = Stats {
            wins: u32_at(self.bytes, at + 2),
            draws: u32_at(self.bytes, at + 6),
            losses: u32_at(self.bytes, at + 10),
            unknown: if self.move_len == move_len(2) { u32_at(self.bytes, at + 14) } else { 0 },
        };
        Some((mv, stats))
    }
}

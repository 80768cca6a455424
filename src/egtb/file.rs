//! The table file (`docs/egtb.md` §7): a header, the block offsets, then DEFLATE blocks of
//! values. Every number is little-endian; reading checks everything before a value is used.

use std::fmt;
use std::path::{Path, PathBuf};

use super::name::Endgame;
use super::table::{Side, Table};
use super::value::Value;
use crate::checksum::fnv1a64;

pub const MAGIC: [u8; 8] = *b"CHUHANTB";
pub const VERSION: u32 = 2;
const HEADER_LEN: usize = 64;
const NAME_LEN: usize = 16;
/// Values per block.
pub const BLOCK: usize = 1 << 16;
/// DEFLATE level: 9 is the best ratio; the build spends seconds on it, once.
const LEVEL: u8 = 9;

/// Why a table file was refused: the one line the user sees names the file and this.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    NotFound,
    Io(String),
    Truncated {
        actual: u64,
        expected: u64,
    },
    BadMagic,
    Version(u32),
    /// Another endgame's or side's file under this name.
    Other {
        found: String,
    },
    /// The size in the header is not the index's.
    Size {
        found: u64,
        expected: u64,
    },
    Checksum,
    Block {
        index: usize,
        why: String,
    },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::NotFound => f.write_str("not found"),
            FileError::Io(e) => write!(f, "cannot read: {e}"),
            FileError::Truncated { actual, expected } => {
                write!(f, "truncated: {actual} bytes, the header calls for {expected}")
            }
            FileError::BadMagic => f.write_str("not a Chuhan table (bad magic)"),
            FileError::Version(v) => write!(f, "format version {v}, this build reads {VERSION}"),
            FileError::Other { found } => write!(f, "holds {found} instead"),
            FileError::Size { found, expected } => write!(f, "{found} entries, the index has {expected}"),
            FileError::Checksum => f.write_str("corrupted: checksum mismatch"),
            FileError::Block { index, why } => write!(f, "corrupted: block {index} {why}"),
        }
    }
}

/// A refusal with the file it concerns: `egtb/krk.w.cht: truncated: ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    pub path: PathBuf,
    pub error: FileError,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.error)
    }
}

impl std::error::Error for TableError {}

/// The file of one endgame and side to move: `krkaabb.w.cht`, `krkaabb.b.cht`.
pub fn path(dir: &Path, endgame: Endgame, side: Side) -> PathBuf {
    dir.join(format!("{endgame}.{}.cht", side.letter()))
}

fn describe(endgame: &str, side: u8) -> String {
    format!("{endgame} with the {} side to move", if side == 0 { "strong" } else { "weak" })
}

/// The bytes of a table's file.
pub fn write(table: &Table) -> Vec<u8> {
    let blocks: Vec<Vec<u8>> = (0..table.len())
        .step_by(BLOCK)
        .map(|start| {
            let end = (start + BLOCK as u64).min(table.len());
            let bytes: Vec<u8> = (start..end).flat_map(|i| table.get(i).0.to_le_bytes()).collect();
            miniz_oxide::deflate::compress_to_vec(&bytes, LEVEL)
        })
        .collect();
    let mut body = Vec::new();
    let mut end = 0u64;
    for block in &blocks {
        end += block.len() as u64;
        body.extend(end.to_le_bytes());
    }
    for block in &blocks {
        body.extend(block);
    }
    let mut name = [0u8; NAME_LEN];
    let text = table.endgame().to_string();
    name[..text.len()].copy_from_slice(text.as_bytes());
    let (win, loss) = table.longest();
    let mut out = Vec::with_capacity(HEADER_LEN + body.len());
    out.extend(MAGIC);
    out.extend(VERSION.to_le_bytes());
    out.extend(name);
    out.extend([table.side() as u8, 0, 0, 0]);
    out.extend(table.len().to_le_bytes());
    out.extend((BLOCK as u32).to_le_bytes());
    out.extend((blocks.len() as u32).to_le_bytes());
    out.extend(win.to_le_bytes());
    out.extend(loss.to_le_bytes());
    out.extend([0u8; 4]);
    out.extend(fnv1a64(&body).to_le_bytes());
    out.extend(body);
    out
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from(u32_at(b, at)) | (u64::from(u32_at(b, at + 4)) << 32)
}

/// Where a file's blocks lie, read from its first bytes (`head`, at least the header and the
/// block table when the file has them) and its length `len`: every check of §7 but the
/// checksum and the blocks' contents.
fn layout(head: &[u8], len: u64, endgame: Endgame, side: Side, size: u64) -> Result<Layout, FileError> {
    let bytes = head;
    let truncated = |expected: u64| FileError::Truncated { actual: len, expected };
    if bytes.len() < HEADER_LEN {
        return Err(if bytes.starts_with(&MAGIC) || MAGIC.starts_with(bytes) {
            truncated(HEADER_LEN as u64)
        } else {
            FileError::BadMagic
        });
    }
    if bytes[..8] != MAGIC {
        return Err(FileError::BadMagic);
    }
    let version = u32_at(bytes, 8);
    if version != VERSION {
        return Err(FileError::Version(version));
    }
    let name = &bytes[12..12 + NAME_LEN];
    let name = String::from_utf8_lossy(&name[..name.iter().position(|&b| b == 0).unwrap_or(NAME_LEN)]).into_owned();
    if name != endgame.to_string() || bytes[28] != side as u8 {
        return Err(FileError::Other { found: describe(&name, bytes[28]) });
    }
    let entries = u64_at(bytes, 32);
    if entries != size {
        return Err(FileError::Size { found: entries, expected: size });
    }
    let per_block = u32_at(bytes, 40) as usize;
    let blocks = u32_at(bytes, 44) as usize;
    if per_block != BLOCK || blocks as u64 != size.div_ceil(BLOCK as u64) {
        return Err(FileError::Block { index: 0, why: format!("layout: {blocks} blocks of {per_block}") });
    }
    let data = HEADER_LEN + 8 * blocks;
    if bytes.len() < data {
        return Err(truncated(data as u64));
    }
    let ends: Vec<u64> = (0..blocks).map(|i| u64_at(bytes, HEADER_LEN + 8 * i)).collect();
    let total = data as u64 + ends.last().copied().unwrap_or(0);
    if len != total {
        return Err(truncated(total));
    }
    Ok(Layout { data, ends, total })
}

/// The block table of a file: where the blocks start, where each ends (from `data`), and the
/// file's length.
struct Layout {
    data: usize,
    ends: Vec<u64>,
    total: u64,
}

/// Checks the file of `endgame` with `side` to move in `dir` from its header, block table and
/// length alone, without reading the blocks: what can be checked at once of a folder whose
/// tables are loaded only when needed. The checksum and the blocks are checked at the load.
pub fn check_head(dir: &Path, endgame: Endgame, side: Side, size: u64) -> Result<(), TableError> {
    use std::io::Read;
    let path = path(dir, endgame, side);
    let fail = |error| TableError { path: path.clone(), error };
    let io = |e: std::io::Error| {
        fail(if e.kind() == std::io::ErrorKind::NotFound { FileError::NotFound } else { FileError::Io(e.to_string()) })
    };
    let file = std::fs::File::open(&path).map_err(io)?;
    let len = file.metadata().map_err(io)?.len();
    let want = HEADER_LEN as u64 + 8 * size.div_ceil(BLOCK as u64);
    let mut head = Vec::new();
    file.take(want).read_to_end(&mut head).map_err(io)?;
    layout(&head, len, endgame, side, size).map(|_| ()).map_err(fail)
}

/// Reads a table of `endgame` with `side` to move, of `size` entries, checking every field
/// (`docs/egtb.md` §7).
pub fn read(bytes: &[u8], endgame: Endgame, side: Side, size: u64) -> Result<Table, FileError> {
    let Layout { data, ends, total } = layout(bytes, bytes.len() as u64, endgame, side, size)?;
    if fnv1a64(&bytes[HEADER_LEN..]) != u64_at(bytes, 56) {
        return Err(FileError::Checksum);
    }
    let mut start = 0u64;
    let mut fault = None;
    let blocks = ends.iter().enumerate().map_while(|(index, &end)| {
        let want = (size as usize - index * BLOCK).min(BLOCK) * 2;
        let raw = if end < start || data as u64 + end > total {
            Err(FileError::Block { index, why: "has a bad offset".into() })
        } else {
            let block = &bytes[data + start as usize..data + end as usize];
            start = end;
            match miniz_oxide::inflate::decompress_to_vec_with_limit(block, want) {
                Ok(raw) if raw.len() == want => Ok(raw),
                Ok(raw) => Err(FileError::Block { index, why: format!("inflates to {} bytes, not {want}", raw.len()) }),
                Err(e) => Err(FileError::Block { index, why: format!("does not inflate: {e}") }),
            }
        };
        raw.map_err(|e| fault = Some(e)).ok()
    });
    let values =
        blocks.flat_map(|raw| raw.chunks_exact(2).map(|b| Value(u16::from_le_bytes([b[0], b[1]]))).collect::<Vec<_>>());
    let table = Table::from_values(endgame, side, size, values);
    match fault {
        Some(e) => Err(e),
        None => Ok(table),
    }
}

/// Loads the table of `endgame` with `side` to move from `dir`.
pub fn load(dir: &Path, endgame: Endgame, side: Side, size: u64) -> Result<Table, TableError> {
    let path = path(dir, endgame, side);
    let bytes = std::fs::read(&path).map_err(|e| TableError {
        path: path.clone(),
        error: if e.kind() == std::io::ErrorKind::NotFound {
            FileError::NotFound
        } else {
            FileError::Io(e.to_string())
        },
    })?;
    read(&bytes, endgame, side, size).map_err(|error| TableError { path, error })
}

/// Writes a table's file into `dir` (through a temporary name, so a killed build never
/// leaves half a file under the real one).
pub fn save(dir: &Path, table: &Table) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let path = path(dir, table.endgame(), table.side());
    let tmp = path.with_extension("cht.part");
    std::fs::write(&tmp, write(table))?;
    std::fs::rename(&tmp, &path)?;
    Ok(path)
}

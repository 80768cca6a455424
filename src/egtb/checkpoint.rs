//! A build's checkpoint (`docs/egtb.md` §6): the working arrays of both sides and the level
//! reached, written now and then during a long build so that a killed build resumes there.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, AtomicU16, Ordering::Relaxed};
use std::time::{Duration, Instant};

use super::name::Endgame;
use super::table::Side;
use crate::checksum::{FNV1A64_START, fnv1a64_more};

const MAGIC: [u8; 8] = *b"CHUHANCK";
/// Version 1 held the capture bounds in an array of their own and no stage.
const VERSION: u32 = 2;
/// Entries written or read at a time.
const BATCH: usize = 1 << 16;

/// The build's three runs, in order (`docs/egtb.md` §10): the strong side restricted, the
/// weak side restricted, then the values themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    StrongRestricted = 0,
    WeakRestricted = 1,
    Values = 2,
}

impl Stage {
    pub const ALL: [Stage; 3] = [Stage::StrongRestricted, Stage::WeakRestricted, Stage::Values];

    /// The side this run forbids every move that checks or may chase.
    pub fn restricted(self) -> Option<Side> {
        match self {
            Stage::StrongRestricted => Some(Side::Strong),
            Stage::WeakRestricted => Some(Side::Weak),
            Stage::Values => None,
        }
    }

    fn from_byte(b: u8) -> Option<Stage> {
        Stage::ALL.get(b as usize).copied()
    }
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stage::StrongRestricted => "strong side restricted",
            Stage::WeakRestricted => "weak side restricted",
            Stage::Values => "values",
        })
    }
}

/// Where and how often a build saves its state; `stop_after` ends it after that level of
/// that run (a test's stand-in for a killed build).
#[derive(Clone, Debug)]
pub struct Checkpoint {
    pub path: Option<PathBuf>,
    pub every: Duration,
    pub stop_after: Option<(Stage, u16)>,
}

impl Checkpoint {
    /// No checkpoint.
    pub fn none() -> Checkpoint {
        Checkpoint { path: None, every: Duration::MAX, stop_after: None }
    }

    /// `NAME.ckpt` in `dir`, written at most every `every`.
    pub fn in_dir(dir: &Path, endgame: Endgame, every: Duration) -> Checkpoint {
        Checkpoint { path: Some(dir.join(format!("{endgame}.ckpt"))), every, stop_after: None }
    }
}

/// One side's arrays as the build holds them.
pub struct SideArrays<'a> {
    pub value: &'a [AtomicU16],
    pub counter: &'a [AtomicU8],
}

/// The state of a build between two levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Saved {
    pub stage: Stage,
    pub level: u16,
    pub idle: u8,
}

/// When the last save was, to save again once `every` has passed.
pub struct Clock(Instant);

impl Clock {
    pub fn start() -> Clock {
        Clock(Instant::now())
    }

    pub fn due(&self, every: Duration) -> bool {
        self.0.elapsed() >= every
    }
}

const HEADER_LEN: usize = 40;

fn header(endgame: Endgame, size: u64, saved: &Saved) -> Vec<u8> {
    let mut name = [0u8; 16];
    let text = endgame.to_string();
    name[..text.len()].copy_from_slice(text.as_bytes());
    let mut h = Vec::with_capacity(HEADER_LEN);
    h.extend(MAGIC);
    h.extend(VERSION.to_le_bytes());
    h.extend(name);
    h.extend(size.to_le_bytes());
    h.extend(saved.level.to_le_bytes());
    h.push(saved.idle);
    h.push(saved.stage as u8);
    h
}

/// The bytes of entries `start..end` of one side: values, then counters.
fn batch(side: &SideArrays<'_>, start: usize, end: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity((end - start) * 3);
    out.extend(side.value[start..end].iter().flat_map(|v| v.load(Relaxed).to_le_bytes()));
    out.extend(side.counter[start..end].iter().map(|c| c.load(Relaxed)));
    out
}

/// Writes the state through a temporary name, so a kill while writing keeps the last one:
/// both sides' arrays, then the certain draws each side to move has left (one bit an entry).
pub fn save(
    path: &Path,
    endgame: Endgame,
    sides: [SideArrays<'_>; 2],
    certain: &[Vec<u64>; 2],
    saved: &Saved,
) -> std::io::Result<()> {
    let size = sides[0].value.len();
    let tmp = path.with_extension("ckpt.part");
    let mut w = BufWriter::new(File::create(&tmp)?);
    w.write_all(&header(endgame, size as u64, saved))?;
    let mut hash = FNV1A64_START;
    for side in &sides {
        for start in (0..size).step_by(BATCH) {
            let bytes = batch(side, start, (start + BATCH).min(size));
            hash = fnv1a64_more(hash, &bytes);
            w.write_all(&bytes)?;
        }
    }
    for words in certain {
        for chunk in words.chunks(BATCH) {
            let bytes: Vec<u8> = chunk.iter().flat_map(|w| w.to_le_bytes()).collect();
            hash = fnv1a64_more(hash, &bytes);
            w.write_all(&bytes)?;
        }
    }
    w.write_all(&hash.to_le_bytes())?;
    w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    std::fs::rename(&tmp, path)
}

/// Reads a checkpoint of `endgame` into the arrays and `certain`; `None` (all of them to be
/// initialised again) when there is none or it does not fit: a damaged checkpoint only costs
/// the work it held.
pub fn load(path: &Path, endgame: Endgame, sides: [SideArrays<'_>; 2], certain: &mut [Vec<u64>; 2]) -> Option<Saved> {
    let size = sides[0].value.len();
    let mut r = BufReader::new(File::open(path).ok()?);
    let mut head = vec![0u8; HEADER_LEN];
    r.read_exact(&mut head).ok()?;
    let saved =
        Saved { stage: Stage::from_byte(head[39])?, level: u16::from_le_bytes([head[36], head[37]]), idle: head[38] };
    if head != header(endgame, size as u64, &saved) {
        return None;
    }
    let mut hash = FNV1A64_START;
    let mut bytes = Vec::new();
    for side in &sides {
        for start in (0..size).step_by(BATCH) {
            let n = (start + BATCH).min(size) - start;
            bytes.resize(n * 3, 0);
            r.read_exact(&mut bytes).ok()?;
            hash = fnv1a64_more(hash, &bytes);
            let (values, counters) = bytes.split_at(2 * n);
            for i in 0..n {
                side.value[start + i].store(u16::from_le_bytes([values[2 * i], values[2 * i + 1]]), Relaxed);
                side.counter[start + i].store(counters[i], Relaxed);
            }
        }
    }
    for words in certain.iter_mut() {
        for chunk in words.chunks_mut(BATCH) {
            bytes.resize(chunk.len() * 8, 0);
            r.read_exact(&mut bytes).ok()?;
            hash = fnv1a64_more(hash, &bytes);
            for (w, b) in chunk.iter_mut().zip(bytes.chunks_exact(8)) {
                *w = u64::from_le_bytes(b.try_into().expect("8 bytes"));
            }
        }
    }
    let mut tail = [0u8; 8];
    r.read_exact(&mut tail).ok()?;
    let mut extra = [0u8; 1];
    let at_end = matches!(r.read(&mut extra), Ok(0));
    (u64::from_le_bytes(tail) == hash && at_end).then_some(saved)
}

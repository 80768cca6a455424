//! The retrograde build of one endgame (`docs/egtb.md` §6): initialisation from the legal
//! moves, then level by level from the mates outwards, with counters of the quiet moves left.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::checkpoint::{self, Checkpoint, Clock, Saved, SideArrays, Stage};
use super::index::{Index, Indexer, Squares};
use super::table::{Miss, Side, Table, Tables};
use super::unmove::predecessors;
use super::value::Value;
use super::{Progress, Step};
use crate::Position;
use crate::movegen::legal_moves;
use crate::types::{Color, Move, Piece, Square};

/// Entries handed to a thread at a time, and between two reports of progress.
const CHUNK: u64 = 1 << 14;

/// An unresolved entry's value during a build: `PENDING` plus its best capture's code, so that
/// the capture bound costs no array of its own (`docs/egtb.md` §9). Below it are the wins,
/// above it the undecided mark and the losses, neither of which a build writes before its end.
const PENDING: u16 = 0x4000;
/// Distances in a capture's code, far above any mate in the set (the longest are under 300).
const MAX_CAPTURE_PLIES: u16 = 0xFFF;

/// The value array's code of an unresolved entry whose best capture is `capture` (broken
/// when it has none): 0 none, 1 a draw, 2 + N `win N`, 0x1002 + N `loss N`.
fn pending(capture: Value) -> u16 {
    PENDING
        + match capture.plies() {
            _ if capture.is_broken() => 0,
            Some(n) if capture.is_win() => 2 + n.min(MAX_CAPTURE_PLIES),
            Some(n) => 0x1002 + n.min(MAX_CAPTURE_PLIES),
            None => 1,
        }
}

/// The best capture of an unresolved entry, `None` for a resolved one.
fn unresolved(code: u16) -> Option<Value> {
    let c = code.checked_sub(PENDING).filter(|&c| c < 0x2002)?;
    Some(match c {
        0 => Value::BROKEN,
        1 => Value::DRAW,
        2..0x1002 => Value::win(c - 2),
        _ => Value::loss(c - 0x1002),
    })
}

/// The value an entry has once the build is over: unresolved is drawn.
fn settled(code: u16) -> Value {
    if unresolved(code).is_some() { Value::DRAW } else { Value(code) }
}

/// The working arrays of one side to move (`docs/egtb.md` §9): the value, or an unresolved
/// entry's best capture, and the quiet moves not yet known to lose for the mover.
struct Arrays {
    value: Vec<AtomicU16>,
    counter: Vec<AtomicU8>,
}

impl Arrays {
    fn new(size: u64) -> Arrays {
        Arrays {
            value: (0..size).into_par_iter().map(|_| AtomicU16::new(pending(Value::BROKEN))).collect(),
            counter: (0..size).into_par_iter().map(|_| AtomicU8::new(0)).collect(),
        }
    }

    fn code(&self, i: Index) -> u16 {
        self.value[i as usize].load(Relaxed)
    }

    /// Sets an unresolved entry; whether this call did.
    fn resolve(&self, i: Index, v: Value) -> bool {
        let cell = &self.value[i as usize];
        let code = cell.load(Relaxed);
        unresolved(code).is_some() && cell.compare_exchange(code, v.0, Relaxed, Relaxed).is_ok()
    }
}

/// The build of one endgame in progress.
struct Build<'a> {
    ix: &'a Indexer,
    pieces: Vec<Piece>,
    sides: [Arrays; 2],
    /// The side that may not make a move that checks or may chase (§16), if any.
    restricted: Option<Side>,
}

/// Why a build stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// A table a capture needs is missing.
    Miss(Miss),
    /// The checkpoint could not be written.
    Checkpoint(String),
    /// Stopped after the level [`Checkpoint::stop_after`] named.
    Stopped,
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::Miss(m) => write!(f, "{m}"),
            BuildError::Checkpoint(e) => write!(f, "cannot write the checkpoint: {e}"),
            BuildError::Stopped => f.write_str("stopped as asked"),
        }
    }
}

impl std::error::Error for BuildError {}

/// Builds both tables of the endgame of `ix`; `subgames` must hold every endgame a capture
/// leads to. With a checkpoint path, resumes from the checkpoint there if it is this
/// endgame's and sound, saves one whenever `every` has passed since the start or the last
/// save (checked after each first pass and after each level), and removes it when done.
///
/// Three retrograde runs in the same arrays (§10): first each side in turn forbidden every
/// move that checks or may chase, which leaves only the bits of the draws both hold (certain
/// under every repetition rule), then the values; the draws not certain are marked undecided.
pub fn build(
    ix: &Indexer,
    subgames: &Tables,
    progress: &Progress<'_>,
    checkpoint: &Checkpoint,
) -> Result<[Table; 2], BuildError> {
    let size = ix.size();
    let mut b =
        Build { ix, pieces: ix.pieces().to_vec(), sides: [Arrays::new(size), Arrays::new(size)], restricted: None };
    // Per side to move, one bit an entry: not yet found lost by a restricted side.
    let words = size.div_ceil(64) as usize;
    let mut certain = [vec![u64::MAX; words], vec![u64::MAX; words]];
    let mut resumed =
        checkpoint.path.as_deref().and_then(|path| checkpoint::load(path, ix.endgame(), b.views(), &mut certain));
    for stage in Stage::ALL {
        if resumed.is_some_and(|saved| saved.stage > stage) {
            continue;
        }
        b.restricted = stage.restricted();
        b.run(stage, resumed.take(), subgames, progress, checkpoint, &certain)?;
        if let Some(restricted) = b.restricted {
            b.keep_held(restricted, &mut certain);
        }
    }
    if let Some(path) = &checkpoint.path {
        let _ = std::fs::remove_file(path);
    }
    let [strong, weak] = b.sides;
    let finish = |side: Side, Arrays { value, counter }: Arrays| {
        drop(counter);
        let bits = &certain[side as usize];
        let values = value.iter().enumerate().map(|(i, code)| match settled(code.load(Relaxed)) {
            Value::DRAW if bits[i / 64] >> (i % 64) & 1 == 0 => Value::UNDECIDED,
            v => v,
        });
        Table::from_values(ix.endgame(), side, size, values)
    };
    Ok([finish(Side::Strong, strong), finish(Side::Weak, weak)])
}

/// Runs `f` on every run of at most [`CHUNK`] indices of a table of `size` entries, on the
/// rayon pool, reporting progress by chunks.
fn for_each_chunk(size: u64, progress: &Progress<'_>, f: impl Fn(std::ops::Range<u64>, &mut Vec<Index>) + Sync) {
    (0..size.div_ceil(CHUNK)).into_par_iter().for_each_init(Vec::new, |buf, chunk| {
        let range = chunk * CHUNK..((chunk + 1) * CHUNK).min(size);
        let len = range.end - range.start;
        f(range, buf);
        progress(Step::Advance(len));
    });
}

/// Runs `f` on every index of a table of `size` entries, as [`for_each_chunk`].
fn for_each_index(size: u64, progress: &Progress<'_>, f: impl Fn(Index, &mut Vec<Index>) + Sync) {
    for_each_chunk(size, progress, |range, buf| {
        for i in range {
            f(i, buf);
        }
    });
}

/// Whether `mv` checks or leaves its side threatening a chase (`docs/rules.md` §8, conditions 1
/// to 5): a move a side holding a draw without offending never makes (§16).
fn offends(pos: &mut Position, mv: Move) -> bool {
    let mover = pos.side_to_move();
    pos.make(mv);
    let offends = pos.in_check() || pos.may_chase(mover);
    pos.unmake();
    offends
}

/// Whether the placement `squares` with `to_move` to move is one that every move into it
/// offends by (as [`offends`] judges a move, from the position it leads to): `to_move` is in
/// check, or the side that moved may chase.
fn reached_by_offence(ix: &Indexer, squares: &[Square], to_move: Color) -> bool {
    match ix.position(squares, to_move) {
        Ok(pos) => pos.in_check() || pos.may_chase(!to_move),
        Err(_) => true,
    }
}

impl Build<'_> {
    /// One retrograde run (`docs/egtb.md` §6) with `self.restricted`'s checks and possible
    /// chases left out of its moves, from `resumed`'s level or from the first pass.
    fn run(
        &self,
        stage: Stage,
        resumed: Option<Saved>,
        subgames: &Tables,
        progress: &Progress<'_>,
        checkpoint: &Checkpoint,
        certain: &[Vec<u64>; 2],
    ) -> Result<(), BuildError> {
        let (ix, size) = (self.ix, self.ix.size());
        let mut clock = Clock::start();
        let (mut level, mut idle) = match resumed {
            Some(saved) => (saved.level, saved.idle),
            None => {
                let miss = Mutex::new(None);
                for side in Side::BOTH {
                    self.init(side, subgames, &miss, progress);
                }
                if let Some(m) = miss.into_inner().unwrap_or_else(|e| e.into_inner()) {
                    return Err(BuildError::Miss(m));
                }
                if clock.due(checkpoint.every) {
                    self.save(checkpoint, certain, &Saved { stage, level: 1, idle: 0 })?;
                    clock = Clock::start();
                }
                (1, 0)
            }
        };
        let longest_capture = self
            .sides
            .iter()
            .flat_map(|a| {
                a.value.par_iter().map(|c| unresolved(c.load(Relaxed)).and_then(Value::plies).unwrap_or(0)).max()
            })
            .max()
            .unwrap_or(0);
        while idle < 2 || level <= longest_capture + 1 {
            let name = match stage {
                Stage::Values => format!("{} level {level}", ix.endgame()),
                _ => format!("{} ({stage}) level {level}", ix.endgame()),
            };
            progress(Step::Phase { name, total: 2 * size });
            let found: u64 = Side::BOTH.iter().map(|&side| self.level(side, level, progress)).sum();
            idle = if found == 0 { idle + 1 } else { 0 };
            if checkpoint.stop_after == Some((stage, level)) {
                self.save(checkpoint, certain, &Saved { stage, level: level + 1, idle })?;
                return Err(BuildError::Stopped);
            }
            level += 1;
            if clock.due(checkpoint.every) {
                self.save(checkpoint, certain, &Saved { stage, level, idle })?;
                clock = Clock::start();
            }
        }
        Ok(())
    }

    /// After a run with `restricted` forbidden to offend, clears the bits of the entries where
    /// it lost: not a loss with it to move, not a win against it, is a draw it holds.
    fn keep_held(&self, restricted: Side, certain: &mut [Vec<u64>; 2]) {
        let size = self.ix.size() as usize;
        for (to_move, bits) in Side::BOTH.into_iter().zip(certain.iter_mut()) {
            let values = &self.sides[to_move as usize].value;
            bits.par_iter_mut().enumerate().for_each(|(w, word)| {
                let start = w * 64;
                for (bit, code) in values[start..(start + 64).min(size)].iter().enumerate() {
                    let v = settled(code.load(Relaxed));
                    let lost = if restricted == to_move { v.is_loss() } else { v.is_win() };
                    if lost {
                        *word &= !(1 << bit);
                    }
                }
            });
        }
    }

    /// The value this build gives a sub-endgame entry of value `after` that a capture by
    /// `mover` reaches, for the side to move there. Without restriction, the value as built
    /// (an undecided entry is a draw without the rules). With one, an undecided entry counts
    /// as lost for the restricted side: only the draws each side holds without offending count
    /// as held (§16).
    fn after_capture(&self, mover: Side, after: Value) -> Value {
        match self.restricted {
            Some(restricted) if after.is_undecided() => {
                if restricted == mover {
                    Value::win(1)
                } else {
                    Value::MATED
                }
            }
            _ => after.standard(),
        }
    }

    fn views(&self) -> [SideArrays<'_>; 2] {
        self.sides.each_ref().map(|a| SideArrays { value: &a.value, counter: &a.counter })
    }

    /// Saves the state to the checkpoint's path, if it has one.
    fn save(&self, checkpoint: &Checkpoint, certain: &[Vec<u64>; 2], saved: &Saved) -> Result<(), BuildError> {
        match &checkpoint.path {
            Some(path) => checkpoint::save(path, self.ix.endgame(), self.views(), certain, saved)
                .map_err(|e| BuildError::Checkpoint(format!("{}: {e}", path.display()))),
            None => Ok(()),
        }
    }

    /// Step 1 of `docs/egtb.md` §6 for one side to move: broken entries, mates, the counters
    /// of distinct quiet successors and the best capture.
    fn init(&self, side: Side, subgames: &Tables, miss: &Mutex<Option<Miss>>, progress: &Progress<'_>) {
        let (ix, arrays) = (self.ix, &self.sides[side as usize]);
        progress(Step::Phase { name: format!("{} setup", ix.endgame()), total: ix.size() });
        let len = ix.len();
        for_each_index(ix.size(), progress, |i, successors| {
            let set = |v: u16| arrays.value[i as usize].store(v, Relaxed);
            let Some(squares) = ix.decode(i) else { return set(Value::BROKEN.0) };
            let Ok(mut pos) = ix.position(&squares[..len], side.color()) else {
                return set(Value::BROKEN.0);
            };
            let mut moves = legal_moves(&pos);
            if self.restricted == Some(side) {
                // Left without a move that cannot offend, the restricted side is counted lost.
                moves.retain(|mv| !offends(&mut pos, mv));
            }
            if moves.is_empty() {
                return set(Value::MATED.0);
            }
            let mut capture = Value::BROKEN;
            successors.clear();
            // A folded entry stands for the placement and its mirror image: its successors are
            // both images', as the un-moves of either image reach this index. They differ only
            // when a move puts both kings on file e (§3), whose placements are stored both ways.
            let mirror = |mut sq: Squares| {
                for s in &mut sq[..len] {
                    *s = s.flip_file();
                }
                sq
            };
            let folded = Indexer::folds(&squares);
            for &mv in moves.as_slice() {
                if pos.piece_at(mv.to()).is_some() {
                    pos.make(mv);
                    let after = subgames.probe(&pos);
                    pos.unmake();
                    let after = after.map(|v| self.after_capture(side, v));
                    match after {
                        Ok(v) if v.before().rank() > capture.rank() => capture = v.before(),
                        Ok(_) => {}
                        Err(m) => {
                            let mut first = miss.lock().unwrap_or_else(|e| e.into_inner());
                            first.get_or_insert(m);
                        }
                    }
                } else {
                    let mut after = squares;
                    if let Some(k) = after[..len].iter().position(|&s| s == mv.from()) {
                        after[k] = mv.to();
                    }
                    successors.extend(ix.encode(&after[..len]));
                    if folded && !Indexer::folds(&after) {
                        successors.extend(ix.encode(&mirror(after)[..len]));
                    }
                }
            }
            successors.sort_unstable();
            successors.dedup();
            arrays.counter[i as usize].store(successors.len() as u8, Relaxed);
            set(pending(capture));
        });
    }

    /// Step 2 of `docs/egtb.md` §6 for the positions of `side` to move at `level`: the entries
    /// of the other side it resolves, and those of its own its captures resolve. Returns how
    /// many were resolved.
    fn level(&self, side: Side, level: u16, progress: &Progress<'_>) -> u64 {
        let (ix, len) = (self.ix, self.ix.len());
        let (own, other) = (&self.sides[side as usize], &self.sides[side.flip() as usize]);
        let found = AtomicU64::new(0);
        let count = |resolved: bool| {
            if resolved {
                found.fetch_add(1, Relaxed);
            }
        };
        let mover = side.flip().color();
        let restricted = self.restricted == Some(side.flip());
        // A level acts on two codes of the side to move only: the entries the level before
        // resolved, and those whose captures resolve them now. A pass over a large table is
        // a stream through memory, so the scan for them is kept to a load and two compares.
        let odd = level % 2 == 1;
        let (stepped_back, now) =
            if odd { (Value::loss(level - 1), Value::win(level)) } else { (Value::win(level - 1), Value::loss(level)) };
        let (stepped_back, by_capture) = (stepped_back.0, pending(now));
        let step_back = |i: Index, preds: &mut Vec<Index>| match ix.decode(i) {
            // A restricted mover's moves that offend are not among its moves (§16); whether
            // a quiet move offends depends on the position it reaches alone, so either
            // every move into this one does or none does.
            Some(squares) if restricted && reached_by_offence(ix, &squares[..len], side.color()) => preds.clear(),
            Some(squares) => predecessors(ix, &self.pieces, &squares[..len], mover, preds),
            None => preds.clear(),
        };
        for_each_chunk(ix.size(), progress, |range, preds| {
            let start = range.start;
            for (k, cell) in own.value[range.start as usize..range.end as usize].iter().enumerate() {
                let code = cell.load(Relaxed);
                if code != stepped_back && code != by_capture {
                    continue;
                }
                let i = start + k as u64;
                if code == by_capture {
                    // Its captures' best: a win now, or a loss now once no quiet move is left.
                    if odd || own.counter[i as usize].load(Relaxed) == 0 {
                        count(own.resolve(i, now));
                    }
                    continue;
                }
                step_back(i, preds);
                if odd {
                    for &p in preds.iter() {
                        count(other.resolve(p, now));
                    }
                    continue;
                }
                for &p in preds.iter() {
                    let Some(capture) = unresolved(other.code(p)) else { continue };
                    if other.counter[p as usize].fetch_sub(1, Relaxed) != 1 {
                        continue;
                    }
                    let loses_by_level = capture.is_broken() || capture.is_loss() && capture.plies() <= Some(level);
                    if loses_by_level {
                        count(other.resolve(p, now));
                    }
                }
            }
        });
        found.into_inner()
    }
}

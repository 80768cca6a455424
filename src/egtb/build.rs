//! The retrograde build of one endgame (`docs/egtb.md` §6): initialisation from the legal
//! moves, then level by level from the mates outwards, with counters of the quiet moves left.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::checkpoint::{self, Checkpoint, Clock, Saved, SideArrays};
use super::index::{Index, Indexer, Squares};
use super::table::{Miss, Side, Table, Tables};
use super::unmove::{predecessors, predecessors_by};
use super::value::Value;
use super::{Progress, Step};
use crate::Position;
use crate::movegen::legal_moves;
use crate::types::{Move, Piece, Square};

/// Entries handed to a thread at a time, and between two reports of progress.
const CHUNK: u64 = 1 << 14;

/// The working arrays of one side to move (`docs/egtb.md` §9): the value, the quiet moves not
/// yet known to lose for the mover, and the best value a capture gives.
struct Arrays {
    value: Vec<AtomicU16>,
    counter: Vec<AtomicU8>,
    capture: Vec<AtomicU16>,
}

impl Arrays {
    fn new(size: u64) -> Arrays {
        let atomic16 = |v: u16| (0..size).into_par_iter().map(|_| AtomicU16::new(v)).collect();
        Arrays {
            value: atomic16(Value::DRAW.0),
            counter: (0..size).into_par_iter().map(|_| AtomicU8::new(0)).collect(),
            capture: atomic16(Value::BROKEN.0),
        }
    }

    fn value(&self, i: Index) -> Value {
        Value(self.value[i as usize].load(Relaxed))
    }

    /// Sets an unresolved entry; whether this call did.
    fn resolve(&self, i: Index, v: Value) -> bool {
        self.value[i as usize].compare_exchange(Value::DRAW.0, v.0, Relaxed, Relaxed).is_ok()
    }

    fn capture(&self, i: Index) -> Value {
        Value(self.capture[i as usize].load(Relaxed))
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
/// save (checked after the first pass and after each level), and removes it when done.
///
/// Then the draws are judged under the repetition rules (§16): a draw stays one when each side
/// holds it without ever making a move that checks or may chase (two more builds, each with
/// one side so restricted); the others are marked undecided.
pub fn build(
    ix: &Indexer,
    subgames: &Tables,
    progress: &Progress<'_>,
    checkpoint: &Checkpoint,
) -> Result<[Table; 2], BuildError> {
    let mut tables = run(ix, subgames, progress, checkpoint, None)?;
    let holds = |side: Side| run(ix, subgames, progress, &Checkpoint::none(), Some(side));
    let (strong, weak) = (holds(Side::Strong)?, holds(Side::Weak)?);
    for (to_move, table) in Side::BOTH.into_iter().zip(&mut tables) {
        // The restricted side does not lose: not a loss with it to move, not a win against it.
        let holds = |restricted: Side, v: Value| if restricted == to_move { !v.is_loss() } else { !v.is_win() };
        let (strong, weak) = (strong[to_move as usize].raw(), weak[to_move as usize].raw());
        table.mark_undecided(|i| !(holds(Side::Strong, Value(strong[i])) && holds(Side::Weak, Value(weak[i]))));
    }
    Ok(tables)
}

/// One retrograde build of the endgame of `ix`, with `restricted`'s checks and possible
/// chases left out of its moves.
fn run(
    ix: &Indexer,
    subgames: &Tables,
    progress: &Progress<'_>,
    checkpoint: &Checkpoint,
    restricted: Option<Side>,
) -> Result<[Table; 2], BuildError> {
    let size = ix.size();
    let mut clock = Clock::start();
    let mut b = Build { ix, pieces: ix.pieces(), sides: [Arrays::new(size), Arrays::new(size)], restricted };
    let resumed = checkpoint.path.as_deref().and_then(|path| checkpoint::load(path, ix.endgame(), b.views()));
    let (mut level, mut idle) = match resumed {
        Some(saved) => (saved.level, saved.idle),
        None => {
            b.sides = [Arrays::new(size), Arrays::new(size)];
            let miss = Mutex::new(None);
            for side in Side::BOTH {
                b.init(side, subgames, &miss, progress);
            }
            if let Some(m) = miss.into_inner().unwrap_or_else(|e| e.into_inner()) {
                return Err(BuildError::Miss(m));
            }
            if clock.due(checkpoint.every) {
                b.save(checkpoint, &Saved { level: 1, idle: 0 })?;
                clock = Clock::start();
            }
            (1, 0)
        }
    };
    let longest_capture = Side::BOTH
        .iter()
        .flat_map(|&s| {
            b.sides[s as usize].capture.par_iter().map(|c| Value(c.load(Relaxed)).plies().unwrap_or(0)).max()
        })
        .max()
        .unwrap_or(0);
    while idle < 2 || level <= longest_capture + 1 {
        progress(Step::Phase { name: format!("{} level {level}", ix.endgame()), total: 2 * size });
        let found: u64 = Side::BOTH.iter().map(|&side| b.level(side, level, progress)).sum();
        idle = if found == 0 { idle + 1 } else { 0 };
        if checkpoint.stop_after == Some(level) {
            b.save(checkpoint, &Saved { level: level + 1, idle })?;
            return Err(BuildError::Stopped);
        }
        level += 1;
        if clock.due(checkpoint.every) {
            b.save(checkpoint, &Saved { level, idle })?;
            clock = Clock::start();
        }
    }
    if let Some(path) = &checkpoint.path {
        let _ = std::fs::remove_file(path);
    }
    let [strong, weak] = b.sides;
    let finish = |side: Side, a: Arrays| {
        Table::from_raw(ix.endgame(), side, a.value.into_iter().map(AtomicU16::into_inner).collect())
    };
    Ok([finish(Side::Strong, strong), finish(Side::Weak, weak)])
}

/// Runs `f` on every index of a table of `size` entries, on the rayon pool, reporting
/// progress by chunks.
fn for_each_index(size: u64, progress: &Progress<'_>, f: impl Fn(Index, &mut Vec<Index>) + Sync) {
    (0..size.div_ceil(CHUNK)).into_par_iter().for_each_init(Vec::new, |buf, chunk| {
        let end = ((chunk + 1) * CHUNK).min(size);
        for i in chunk * CHUNK..end {
            f(i, buf);
        }
        progress(Step::Advance(end - chunk * CHUNK));
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

impl Build<'_> {
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
        self.sides.each_ref().map(|a| SideArrays { value: &a.value, counter: &a.counter, capture: &a.capture })
    }

    /// Saves the state to the checkpoint's path, if it has one.
    fn save(&self, checkpoint: &Checkpoint, saved: &Saved) -> Result<(), BuildError> {
        match &checkpoint.path {
            Some(path) => checkpoint::save(path, self.ix.endgame(), self.views(), saved)
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
            let broken = || arrays.value[i as usize].store(Value::BROKEN.0, Relaxed);
            let Some(squares) = ix.decode(i) else { return broken() };
            let Ok(mut pos) = Position::from_setup(&ix.setup(&squares[..len], side.color())) else { return broken() };
            let mut moves = legal_moves(&pos);
            if self.restricted == Some(side) {
                // Left without a move that cannot offend, the restricted side is counted lost.
                moves.retain(|mv| !offends(&mut pos, mv));
            }
            if moves.is_empty() {
                arrays.value[i as usize].store(Value::MATED.0, Relaxed);
                return;
            }
            let mut capture = Value::BROKEN;
            successors.clear();
            // A folded entry stands for the placement and its mirror image: its successors are
            // both images' (they differ when a move puts both kings on file e, §3), as the
            // un-moves of either image reach this index.
            let mirror = |mut sq: Squares| {
                for s in &mut sq[..len] {
                    *s = s.flip_file();
                }
                sq
            };
            let folded = ix.encode(&mirror(squares)[..len]) == Some(i);
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
                    if folded {
                        successors.extend(ix.encode(&mirror(after)[..len]));
                    }
                }
            }
            successors.sort_unstable();
            successors.dedup();
            arrays.counter[i as usize].store(successors.len() as u8, Relaxed);
            arrays.capture[i as usize].store(capture.0, Relaxed);
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
        // A restricted mover's moves that offend are not among its moves (§16).
        let allowed = |before: &[Square], k: usize, to: Square| {
            let Ok(mut pos) = Position::from_setup(&ix.setup(before, mover)) else { return false };
            !offends(&mut pos, Move::new(before[k], to))
        };
        for_each_index(ix.size(), progress, |i, preds| {
            let v = own.value(i);
            let step_back = |preds: &mut Vec<Index>| match ix.decode(i) {
                Some(squares) if restricted => {
                    predecessors_by(ix, &self.pieces, &squares[..len], mover, &allowed, preds)
                }
                Some(squares) => predecessors(ix, &self.pieces, &squares[..len], mover, preds),
                None => preds.clear(),
            };
            if level % 2 == 1 {
                if v == Value::loss(level - 1) {
                    step_back(preds);
                    for &p in preds.iter() {
                        count(other.resolve(p, Value::win(level)));
                    }
                }
                if v == Value::DRAW && own.capture(i) == Value::win(level) {
                    count(own.resolve(i, Value::win(level)));
                }
            } else {
                if v == Value::win(level - 1) {
                    step_back(preds);
                    for &p in preds.iter() {
                        if other.value(p) != Value::DRAW || other.counter[p as usize].fetch_sub(1, Relaxed) != 1 {
                            continue;
                        }
                        let capture = other.capture(p);
                        let loses_by_level = capture.is_broken() || capture.is_loss() && capture.plies() <= Some(level);
                        if loses_by_level {
                            count(other.resolve(p, Value::loss(level)));
                        }
                    }
                }
                let counter = own.counter[i as usize].load(Relaxed);
                if v == Value::DRAW && counter == 0 && own.capture(i) == Value::loss(level) {
                    count(own.resolve(i, Value::loss(level)));
                }
            }
        });
        found.into_inner()
    }
}

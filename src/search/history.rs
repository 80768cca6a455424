//! Move-ordering memory of a search thread: killers, the butterfly history of quiet moves, and
//! the continuation history, which scores a quiet move by the moves one and two plies before it
//! (a reply that refuted a move before tends to refute it again).

use std::sync::Mutex;

use super::correction::Correction;
use super::eval_cache::EvalCache;
use super::params::{HISTORY_BONUS_MAX, HISTORY_BONUS_OFFSET, HISTORY_BONUS_PER_DEPTH, HISTORY_MAX};
use crate::board::Position;
use crate::hugemem::HugeSlice;
use crate::types::{MAX_PLY, Move, Piece, Square};

/// Rows of the continuation table, and columns of every history table: one per moving piece
/// and destination ([`column`]).
pub const ROWS: usize = Piece::NUM * Square::NUM;

/// The row of the continuation table that follows a move: the moving piece and its destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContRow(u16);

impl ContRow {
    /// The row of `mv`, played by `piece`.
    #[inline]
    pub fn new(piece: Piece, mv: Move) -> ContRow {
        ContRow(column(piece, mv.to()) as u16)
    }
}

/// The rows that score moves at a node: those of the moves one and two plies before it, where
/// there were such moves (not at the root, not after a null move).
pub type ContRows = [Option<ContRow>; 2];

pub struct History {
    /// The butterfly table, by column (moving piece and destination).
    quiet: Box<[i32; ROWS]>,
    /// `ROWS × ROWS`: the earlier move's row, then the scored move's piece and destination.
    /// 16 bits an entry (values stay within ±HISTORY_MAX): the table is 3 MB instead of 6,
    /// which the search's scattered look-ups feel in the caches. On huge pages where the
    /// kernel grants them, for the same reason as the transposition table.
    cont: HugeSlice<i16>,
    pub killers: [[Option<Move>; 2]; MAX_PLY + 2],
    /// Not move ordering, but kept with it for the same reason: the next search meets most
    /// of the same positions.
    pub evals: EvalCache,
    /// Also not move ordering: what the search learned of the evaluation's errors.
    pub corr: Correction,
}

/// The column of a move by `piece` to `to` in every table: its piece and destination.
#[inline]
pub fn column(piece: Piece, to: Square) -> usize {
    piece.index() * Square::NUM + to.index()
}

/// The continuation row read where there was no earlier move: it adds nothing.
static NO_CONT: [i16; ROWS] = [0; ROWS];

/// Scores quiet moves by their columns ([`column`]): the butterfly value plus the two
/// continuation values, read without a branch (a missing row reads zeroes).
pub struct QuietScorer<'a> {
    butterfly: &'a [i32; ROWS],
    cont: [&'a [i16; ROWS]; 2],
}

impl QuietScorer<'_> {
    #[inline]
    pub fn score(&self, col: usize) -> i32 {
        self.butterfly[col] + i32::from(self.cont[0][col]) + i32::from(self.cont[1][col])
    }
}

/// Adds `bonus` to `h`, pulling it back toward zero as it nears the bound: values stay within
/// ±HISTORY_MAX and old knowledge fades.
#[inline]
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

/// [`gravity`] on a 16-bit entry. With |bonus| <= HISTORY_MAX the result stays within
/// ±HISTORY_MAX, which fits.
#[inline]
fn gravity16(h: &mut i16, bonus: i32) {
    let mut v = i32::from(*h);
    gravity(&mut v, bonus);
    *h = v as i16;
}

impl History {
    pub fn new() -> History {
        History {
            quiet: Box::new([0; ROWS]),
            cont: HugeSlice::zeroed_or_abort(ROWS * ROWS),
            killers: [[None; 2]; MAX_PLY + 2],
            evals: EvalCache::new(),
            corr: Correction::new(),
        }
    }

    /// Forgets everything learnt, in place: the tables keep their memory, which the kernel
    /// has already backed, so the next game's first search does not pay for fresh pages.
    pub fn clear(&mut self) {
        self.quiet.fill(0);
        self.cont.fill(0);
        self.killers = [[None; 2]; MAX_PLY + 2];
        self.evals.clear();
        self.corr.clear();
    }

    /// The column of `mv` in any table: its piece and destination.
    #[inline]
    fn column(pos: &Position, mv: Move) -> Option<usize> {
        pos.piece_at(mv.from()).map(|pc| column(pc, mv.to()))
    }

    /// The history score of the quiet move `mv`: its butterfly value and its continuation
    /// values after the moves of `rows`.
    #[inline]
    pub fn quiet(&self, pos: &Position, mv: Move, rows: &ContRows) -> i32 {
        Self::column(pos, mv).map_or(0, |col| self.scorer(rows).score(col))
    }

    /// The tables that score quiet moves after the moves of `rows`, looked up once for a whole
    /// list of moves.
    #[inline]
    pub fn scorer(&self, rows: &ContRows) -> QuietScorer<'_> {
        // Rows as arrays: a column then needs no bounds check against a row's length.
        let cont = rows.map(|row| match row {
            Some(row) => self.cont[row.0 as usize * ROWS..].first_chunk::<ROWS>().unwrap_or(&NO_CONT),
            None => &NO_CONT,
        });
        QuietScorer { butterfly: &self.quiet, cont }
    }

    /// Rewards the quiet move that caused a cut-off and punishes the quiet moves tried before it.
    pub fn update(&mut self, pos: &Position, best: Move, tried: &[Move], depth: i32, ply: usize, rows: &ContRows) {
        let bonus =
            (HISTORY_BONUS_PER_DEPTH.get() * depth - HISTORY_BONUS_OFFSET.get()).clamp(0, HISTORY_BONUS_MAX.get());
        const { assert!(HISTORY_MAX <= i16::MAX as i32) };
        for &mv in tried {
            let Some(col) = Self::column(pos, mv) else { continue };
            let delta = if mv == best { bonus } else { -bonus };
            gravity(&mut self.quiet[col], delta);
            for row in rows.iter().flatten() {
                gravity16(&mut self.cont[row.0 as usize * ROWS + col], delta);
            }
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(best) {
            k[1] = k[0];
            k[0] = Some(best);
        }
    }
}

/// What searches learn that outlives them: each thread's history tables, correction history
/// and evaluation cache, which carry over from one move of a game to the next (the positions and their good replies
/// barely change).
/// The engine clears it for a new game; `bench` and the suites start each search afresh.
///
/// The engine makes each thread's tables when it makes the thread, and a new game clears them
/// in place: fresh tables cost the first search of a game tens of milliseconds of page
/// faults, a tenth of a 0.5 s clock.
#[derive(Default)]
pub struct SearchMemory {
    histories: Mutex<Vec<Option<Box<History>>>>,
}

impl SearchMemory {
    pub fn new() -> SearchMemory {
        SearchMemory::default()
    }

    /// Fresh memory for `threads` threads, allocated and zeroed now rather than by the first
    /// search: `bench` times searches, not the setting up of their tables (as with the
    /// transposition table, which it clears before starting the clock).
    pub fn allocated(threads: usize) -> SearchMemory {
        let memory = SearchMemory::new();
        memory.fit(threads);
        memory
    }

    /// Tables for exactly `threads` threads: those missing are made now (see
    /// [`SearchMemory::allocated`]), those of threads beyond are dropped.
    pub fn fit(&self, threads: usize) {
        let mut histories = self.lock();
        histories.truncate(threads);
        histories.resize_with(threads, || None);
        for h in histories.iter_mut().filter(|h| h.is_none()) {
            *h = Some(Box::new(History::new()));
        }
    }

    /// Forgets everything (a new game), keeping the tables' memory.
    pub fn clear(&self) {
        for h in self.lock().iter_mut().flatten() {
            h.clear();
        }
    }

    /// Forgets what was learnt of the evaluation, its cached values and its corrections, when
    /// another evaluation takes over; the move-ordering histories stay.
    pub fn forget_evaluation(&self) {
        for h in self.lock().iter_mut().flatten() {
            h.evals.clear();
            h.corr.clear();
        }
    }

    /// Thread `id`'s history, fresh if it has none, with the killers of the last search
    /// dropped (they belong to its plies).
    pub(super) fn take(&self, id: usize) -> Box<History> {
        let mut hist = self.lock().get_mut(id).and_then(Option::take).unwrap_or_else(|| Box::new(History::new()));
        hist.killers = [[None; 2]; MAX_PLY + 2];
        hist
    }

    /// Gives thread `id`'s history back for the next search.
    pub(super) fn put_back(&self, id: usize, hist: Box<History>) {
        let mut histories = self.lock();
        if histories.len() <= id {
            histories.resize_with(id + 1, || None);
        }
        histories[id] = Some(hist);
    }

    /// The lock; a thread that panicked holding it left nothing half-written worth refusing.
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Option<Box<History>>>> {
        self.histories.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    use crate::search::{Control, Limits, SearchContext, search};
    use crate::threads::ThreadPool;
    use crate::tt::TranspositionTable;

    /// Nodes of a depth-7 search of the start position with a fresh table and `memory`.
    fn nodes(memory: &Arc<SearchMemory>) -> u64 {
        let cx = SearchContext {
            tt: Arc::new(TranspositionTable::new(1).expect("1 MB table")),
            memory: Arc::clone(memory),
            ctl: Arc::new(Control::new(false)),
            pool: ThreadPool::new(1).expect("a thread").threads().clone(),
            count: 1,
            net: None,
            egtb: None,
        };
        let limits = Limits { depth: Some(7), ..Limits::default() };
        search(&Position::startpos(), &cx, &limits, &[], &mut |_| {}).nodes
    }

    #[test]
    fn histories_carry_over_until_cleared() {
        let memory = Arc::new(SearchMemory::new());
        let first = nodes(&memory);
        // The second search starts from what the first learnt, so it orders moves differently.
        assert_ne!(nodes(&memory), first);
        // After a new game (the tables cleared in place) it is the first search again, node
        // for node; so it is on tables made before the search.
        memory.clear();
        assert_eq!(nodes(&memory), first);
        assert_eq!(nodes(&Arc::new(SearchMemory::allocated(1))), first);
        // Tables fitted to more threads and back keep thread 0's learning.
        let second = nodes(&memory);
        memory.clear();
        nodes(&memory);
        memory.fit(3);
        memory.fit(1);
        assert_eq!(nodes(&memory), second);
    }
}

//! The search: iterative deepening over principal-variation alpha-beta with aspiration
//! windows, a shared transposition table, quiescence search and staged move ordering.
//!
//! Threads (Lazy SMP) search the same root with the shared table; only the main thread reports
//! and decides when to stop. With one thread and a fresh table the node count for a given
//! position and depth is always the same: nothing but the stop checks reads the clock.

mod correction;
mod eval_cache;
mod history;
pub mod limits;
mod negamax;
pub mod params;
mod picker;
mod qsearch;
mod worker;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub use history::SearchMemory;
use limits::Progress;
pub use limits::{Limits, TimeBudget};
pub use picker::mvv_lva;

use crate::board::Position;
use crate::movegen::legal_moves;
use crate::threads::Threads;
use crate::tt::Bound;
use crate::tt::TranspositionTable;
use crate::types::value::{INFINITE, MATE, is_decisive, is_rule, mate_in};
use crate::types::{Depth, MAX_PLY, Move, Score, Value};
use params::{ASPIRATION_DELTA, ASPIRATION_MIN_DEPTH};
use worker::{RootMove, Worker};

/// The deepest iteration the search starts.
pub const MAX_DEPTH: Depth = (MAX_PLY as Depth) - 8;

/// Shared between the searching threads and whoever may stop them: the stop flag, the ponder
/// state and the clock (which starts at `go`, or again at `ponderhit`).
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    epoch: Instant,
    start_ns: AtomicU64,
}

impl Control {
    pub fn new(pondering: bool) -> Control {
        Control {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            epoch: Instant::now(),
            start_ns: AtomicU64::new(0),
        }
    }

    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The raw stop flag, for loops outside the search (perft) that poll a plain flag.
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: time limits apply from now on.
    pub fn ponderhit(&self) {
        self.start_ns.store(self.epoch.elapsed().as_nanos() as u64, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// Time since `go` (or since `ponderhit`).
    pub fn elapsed(&self) -> Duration {
        self.epoch.elapsed().saturating_sub(Duration::from_nanos(self.start_ns.load(Ordering::Relaxed)))
    }

    /// Time since `go`, ignoring `ponderhit`, for `info time`.
    pub fn since_go(&self) -> Duration {
        self.epoch.elapsed()
    }
}

/// Read-only search settings and the per-thread node counters.
pub(crate) struct SearchShared {
    pub nodes: Vec<AtomicU64>,
    /// The main thread has finished: helpers stop (without touching the caller's stop flag).
    pub done: AtomicBool,
    pub node_limit: Option<u64>,
    pub budget: TimeBudget,
}

impl SearchShared {
    pub fn total_nodes(&self) -> u64 {
        worker::sum(&self.nodes)
    }
}

/// One completed iteration, for `info` output.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: Depth,
    pub seldepth: usize,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// `None` when there is no (unbanned) legal move.
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub value: Value,
    pub depth: Depth,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// What the threads of a search share with its caller: the tables it reads and leaves its
/// findings in, the control that stops it, and the threads its helpers run on.
#[derive(Clone)]
pub struct SearchContext {
    pub tt: Arc<TranspositionTable>,
    pub memory: Arc<SearchMemory>,
    pub ctl: Arc<Control>,
    /// Helpers run on threads `1..count` of `pool`; the caller is the main thread.
    pub pool: Threads,
    pub count: usize,
}

/// Searches `pos` until a limit is reached or the context's control is stopped, on the calling
/// thread and `cx.count - 1` helpers. `report` is called on the calling thread after each
/// completed iteration. The threads start from the histories in `cx.memory` and leave theirs
/// there; the helpers have ended when this returns.
pub fn search(
    pos: &Position,
    cx: &SearchContext,
    limits: &Limits,
    banned: &[Move],
    report: &mut dyn FnMut(&Info),
) -> SearchResult {
    let root_moves: Vec<RootMove> = legal_moves(pos)
        .into_iter()
        .filter(|m| !banned.contains(m))
        .filter(|m| limits.searchmoves.is_empty() || limits.searchmoves.contains(m))
        .map(|mv| RootMove { mv, value: -INFINITE, prev_value: -INFINITE })
        .collect();
    if root_moves.is_empty() {
        return SearchResult { best: None, ponder: None, value: -MATE, depth: 0, nodes: 0, pv: Vec::new() };
    }

    cx.tt.new_search();
    let threads = cx.count.clamp(1, cx.pool.len().max(1));
    let shared = Arc::new(SearchShared {
        nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        done: AtomicBool::new(false),
        node_limit: limits.nodes,
        budget: limits.budget(),
    });
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);

    for id in 1..threads {
        let (pos, cx, shared, root_moves, limits) =
            (pos.clone(), cx.clone(), Arc::clone(&shared), root_moves.clone(), limits.clone());
        // Helpers search the same tree; they diverge through the shared table and their
        // staggered starting depths.
        cx.pool.clone().start(id, move || {
            let mut w = Worker::new(pos, &cx.tt, &cx.ctl, &shared, id, root_moves, cx.memory.take(id));
            w.iterate(max_depth, &limits, &mut |_| {});
            cx.memory.put_back(id, w.hist);
        });
    }
    let mut main = Worker::new(pos.clone(), &cx.tt, &cx.ctl, &shared, 0, root_moves, cx.memory.take(0));
    let result = main.iterate(max_depth, limits, report);
    shared.done.store(true, Ordering::Relaxed);
    cx.memory.put_back(0, main.hist);
    for id in 1..threads {
        cx.pool.wait(id);
    }
    result
}

impl Worker<'_> {
    /// Iterative deepening with aspiration windows.
    fn iterate(&mut self, max_depth: Depth, limits: &Limits, report: &mut dyn FnMut(&Info)) -> SearchResult {
        let mut best_value = -INFINITE;
        let mut best_pv: Vec<Move> = vec![self.root_moves[0].mv];
        let mut depth = 1 + (self.id % 2) as Depth;
        let mut progress = Progress::default();
        while depth <= max_depth {
            self.root_depth = depth;
            self.seldepth = 0;
            for rm in &mut self.root_moves {
                rm.prev_value = rm.value;
            }
            let mut delta = ASPIRATION_DELTA;
            let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && !is_decisive(best_value) {
                ((best_value - delta).max(-INFINITE), (best_value + delta).min(INFINITE))
            } else {
                (-INFINITE, INFINITE)
            };
            let value = loop {
                let v = self.search_root(depth, alpha, beta);
                if self.aborted {
                    break v;
                }
                // Keep the order stable: the best first, the rest by their values.
                self.root_moves[1..].sort_by_key(|rm| std::cmp::Reverse(rm.value));
                if v <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (v - delta).max(-INFINITE);
                } else if v >= beta {
                    beta = (v + delta).min(INFINITE);
                } else {
                    break v;
                }
                delta += delta / 2;
                if delta > 1000 {
                    alpha = -INFINITE;
                    beta = INFINITE;
                }
            };
            if self.aborted {
                // A move proven better than the previous best in the interrupted iteration
                // stands; otherwise the last completed iteration's answer does.
                if self.pv_len[0] > 0 && self.root_moves[0].value > best_value && self.completed_depth > 0 {
                    best_pv = self.root_pv();
                    best_value = self.root_moves[0].value;
                }
                break;
            }
            best_value = value;
            best_pv = self.root_pv();
            if best_pv.is_empty() {
                best_pv = vec![self.root_moves[0].mv];
            }
            self.completed_depth = depth;
            if !is_rule(value) {
                // The root is searched outside `negamax`, so its result is stored here (`probe`
                // and the next search read it).
                self.tt.store(self.pos.key(), best_pv.first().copied(), value, depth, Bound::Exact, 0);
            }
            if self.is_main() {
                self.shared.nodes[0].store(self.nodes, Ordering::Relaxed);
                report(&Info {
                    depth,
                    seldepth: self.seldepth.max(depth as usize),
                    score: Score::from_value(value),
                    nodes: self.shared.total_nodes(),
                    time: self.ctl.since_go(),
                    hashfull: self.tt.hashfull(),
                    pv: best_pv.clone(),
                });
                progress.update(best_pv.first().copied(), value);
                if self.should_finish(limits, value, depth, &progress) {
                    break;
                }
            } else if self.ctl.is_stopped() || self.shared.done.load(Ordering::Relaxed) {
                break;
            }
            depth += 1;
        }
        self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        SearchResult {
            best: best_pv.first().copied(),
            ponder: best_pv.get(1).copied(),
            value: best_value,
            depth: self.completed_depth,
            nodes: self.shared.total_nodes(),
            pv: best_pv,
        }
    }

    /// Between iterations: the soft time target, a proven mate, or a single legal move.
    fn should_finish(&self, limits: &Limits, value: Value, depth: Depth, progress: &Progress) -> bool {
        if let Some(n) = limits.mate
            && value >= mate_in((2 * n as usize).saturating_sub(1))
        {
            return true;
        }
        if self.shared.node_limit.is_some_and(|n| self.shared.total_nodes() >= n) {
            return true;
        }
        if self.ctl.is_pondering() {
            return false;
        }
        let timed = self.shared.budget.soft.is_some();
        if timed && self.root_moves.len() == 1 && depth >= 1 {
            return true;
        }
        // A mate found with time limits ends the search once the depth is twice the mate's
        // length: at the mate's own depth, reductions and pruning may still hide a shorter one
        // (mate suite line 157: a mate in 6 at depth 9, the mate in 5 only at depth 13).
        if timed && value >= mate_in(depth as usize / 2) {
            return true;
        }
        // Only a clock is spread by progress; `movetime` is a fixed time per move.
        let soft = |s| if limits.time.is_some() { progress.scale(s) } else { s };
        self.shared.budget.soft.is_some_and(|s| self.ctl.elapsed() >= soft(s))
    }
}

//! The search: iterative deepening over principal-variation alpha-beta with aspiration
//! windows, a shared transposition table, quiescence search and staged move ordering.
//!
//! Threads (Lazy SMP) search the same root with the shared table; only the main thread reports
//! and decides when to stop. With one thread and a fresh table the node count for a given
//! position and depth is always the same: nothing but the stop checks reads the clock.

mod correction;
mod eval_cache;
mod history;
pub mod level;
pub mod limits;
mod negamax;
pub mod params;
mod picker;
mod qsearch;
mod tables;
mod worker;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub use history::SearchMemory;
pub use level::{Level, Strength};
use limits::Progress;
pub use limits::{Limits, TimeBudget};
pub use picker::mvv_lva;

use crate::board::{MoveLimit, Position};
use crate::egtb::Tablebase;
use crate::movegen::legal_moves;
use crate::nnue::Network;
use crate::threads::Threads;
use crate::tt::Bound;
use crate::tt::TranspositionTable;
use crate::types::value::{INFINITE, MATE, is_decisive, is_rule, mate_in};
use crate::types::{Depth, MAX_PLY, Move, Score, Value};
use level::Handicap;
use params::{ASPIRATION_DELTA, ASPIRATION_MIN_DEPTH};
use tables::TableRoot;
use worker::{RootMove, Worker};

/// A root this many captures from the tables' largest endgame has the endgames its captures
/// reach read before the search starts (farther ones are read in the background when a node
/// first finds them missing).
const NEAR_TABLES: u32 = 2;

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
    /// Root lines each iteration searches (MultiPV, or the lines a weaker level chooses among).
    pub lines: usize,
    pub handicap: Option<Handicap>,
    pub pruning: bool,
    pub draw_value: Value,
    pub move_limit: MoveLimit,
    /// The network that evaluates, if not the thesis evaluation.
    pub net: Option<Arc<Network>>,
    /// The endgame tables the nodes probe (`None` at a root they cover, and below full
    /// strength), and the positions they answered.
    pub tables: Option<Arc<Tablebase>>,
    pub tbhits: AtomicU64,
}

impl SearchShared {
    pub fn total_nodes(&self) -> u64 {
        worker::sum(&self.nodes)
    }
}

/// One line of a completed iteration, for `info` output; an iteration reports its lines best
/// first.
#[derive(Clone, Debug)]
pub struct Info {
    /// The line's rank, from 1.
    pub multipv: usize,
    pub depth: Depth,
    pub seldepth: usize,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: u32,
    /// Positions the endgame tables answered.
    pub tbhits: u64,
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
    /// The lines of the last completed iteration, best first: at least as many as were asked
    /// for (when there are that many moves), more below full strength.
    pub lines: Vec<Line>,
}

/// A root move's line and value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub value: Value,
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
    /// The network that evaluates (`None`: the thesis evaluation). The evaluation cache and
    /// correction history in `memory` must have been learnt with the same evaluation.
    pub net: Option<Arc<Network>>,
    /// The endgame tables, if the engine has any (`docs/egtb.md` §14).
    pub egtb: Option<Arc<Tablebase>>,
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
    let mut root_moves: Vec<RootMove> = legal_moves(pos)
        .into_iter()
        .filter(|m| !banned.contains(m))
        .filter(|m| limits.searchmoves.is_empty() || limits.searchmoves.contains(m))
        .map(RootMove::new)
        .collect();
    if root_moves.is_empty() {
        let (value, depth, nodes) = (-MATE, 0, 0);
        return SearchResult { best: None, ponder: None, value, depth, nodes, pv: Vec::new(), lines: Vec::new() };
    }
    let strength = &limits.strength;
    // The tables play at full strength only: a level's mistakes are its own.
    let mut egtb = cx.egtb.clone().filter(|_| !strength.picks() && !strength.alters_evaluation());
    let mut drawn_root = false;
    if let Some(tb) = egtb.as_deref() {
        match tables::at_root(pos, tb, &root_moves, limits.move_limit) {
            Some(TableRoot::Decided(lines)) => return tables::answer(pos, tb, cx, limits, lines, report),
            Some(TableRoot::Lines { lines, certain: true }) if limits.multipv > 1 => {
                return tables::answer(pos, tb, cx, limits, lines, report);
            }
            Some(TableRoot::Lines { lines, certain }) => {
                // A drawn root: the search chooses among the moves that keep the draw, with
                // its own eyes (the tables would see every reply as drawn); a certain draw's
                // lines are shown as the draws they are, an undecided one's as searched.
                root_moves.retain(|rm| lines.iter().any(|l| l.pv[0] == rm.mv && l.value == lines[0].value));
                egtb = None;
                drawn_root = certain;
            }
            None => tb.load_near(pos, NEAR_TABLES),
        }
    }
    let seed = if strength.is_random() { rand::random::<u64>() } else { 0 };

    cx.tt.new_search();
    let threads = cx.count.clamp(1, cx.pool.len().max(1));
    let shared = Arc::new(SearchShared {
        nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        done: AtomicBool::new(false),
        node_limit: match (limits.nodes, strength.node_budget()) {
            (Some(n), Some(m)) => Some(n.min(m)),
            (n, m) => n.or(m),
        },
        budget: limits.budget(),
        lines: limits.multipv.max(strength.lines()).clamp(1, root_moves.len()),
        handicap: Handicap::new(strength, seed),
        pruning: strength.pruning,
        draw_value: strength.draw_value,
        move_limit: limits.move_limit,
        net: cx.net.clone(),
        tables: egtb,
        tbhits: AtomicU64::new(0),
    });
    let shown = limits.multipv.clamp(1, shared.lines);
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);

    for id in 1..threads {
        let (pos, cx, shared, root_moves, limits) =
            (pos.clone(), cx.clone(), Arc::clone(&shared), root_moves.clone(), limits.clone());
        // Helpers search the same tree; they diverge through the shared table and their
        // staggered starting depths.
        cx.pool.clone().start(id, move || {
            let mut w = Worker::new(pos, &cx.tt, &cx.ctl, &shared, id, root_moves, cx.memory.take(id));
            w.iterate(max_depth, &limits, 0, &mut |_| {});
            cx.memory.put_back(id, w.hist);
        });
    }
    let mut main = Worker::new(pos.clone(), &cx.tt, &cx.ctl, &shared, 0, root_moves, cx.memory.take(0));
    let mut as_drawn = |info: &Info| {
        let mut info = info.clone();
        if matches!(info.score, Score::Cp(_)) {
            info.score = Score::Cp(0);
        }
        report(&info)
    };
    let report: &mut dyn FnMut(&Info) = if drawn_root { &mut as_drawn } else { report };
    let mut result = main.iterate(max_depth, limits, shown, report);
    if drawn_root {
        tables::as_drawn(&mut result);
    }
    shared.done.store(true, Ordering::Relaxed);
    cx.memory.put_back(0, main.hist);
    for id in 1..threads {
        cx.pool.wait(id);
    }
    if strength.picks() {
        choose_by_lot(&mut result, strength, seed);
    }
    result
}

/// A weaker level's answer: one of the last iteration's lines drawn by lot ([`Strength::pick`]).
fn choose_by_lot(result: &mut SearchResult, strength: &Strength, seed: u64) {
    let values: Vec<Value> = result.lines.iter().map(|l| l.value).collect();
    // The seed's top 53 bits as a fraction: uniform in [0, 1).
    let roll = (seed.rotate_left(17) >> 11) as f64 / (1u64 << 53) as f64;
    let Some(line) = result.lines.get(strength.pick(&values, roll)) else { return };
    if let Some(&best) = line.pv.first() {
        result.best = Some(best);
        result.ponder = line.pv.get(1).copied();
        result.value = line.value;
        result.pv = line.pv.clone();
    }
}

impl Worker<'_> {
    /// Iterative deepening; each iteration searches `shared.lines` root lines, each with
    /// aspiration windows, and reports the best `shown` of them.
    fn iterate(
        &mut self,
        max_depth: Depth,
        limits: &Limits,
        shown: usize,
        report: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let mut best_value = -INFINITE;
        let mut best_pv: Vec<Move> = vec![self.root_moves[0].mv];
        let mut lines = Vec::new();
        let mut depth = 1 + (self.id % 2) as Depth;
        let mut progress = Progress::default();
        while depth <= max_depth {
            self.root_depth = depth;
            self.seldepth = 0;
            for rm in &mut self.root_moves {
                rm.prev_value = rm.value;
            }
            let mut value = -INFINITE;
            for pv_idx in 0..self.shared.lines {
                self.pv_idx = pv_idx;
                let previous = if pv_idx == 0 { best_value } else { self.root_moves[pv_idx].prev_value };
                let v = self.aspiration(depth, previous);
                if self.aborted {
                    break;
                }
                if pv_idx == 0 {
                    value = v;
                }
                let pv = self.root_pv();
                self.root_moves[pv_idx].pv = if pv.is_empty() { vec![self.root_moves[pv_idx].mv] } else { pv };
            }
            if self.aborted {
                if self.pv_idx > 0 {
                    // The first line of this iteration is complete: it stands.
                    best_pv = self.root_moves[0].pv.clone();
                    best_value = self.root_moves[0].value;
                } else if self.pv_len[0] > 0 && self.root_moves[0].value > best_value && self.completed_depth > 0 {
                    // A move proven better than the previous best in the interrupted iteration
                    // stands; otherwise the last completed iteration's answer does.
                    best_pv = self.root_pv();
                    best_value = self.root_moves[0].value;
                }
                // GUIs that take their move from the last line shown (xiangqi_tui, TChess:
                // `docs/ucci.md` §12) see the answer's line when it is not that line.
                if self.is_main() && !best_pv.is_empty() && lines.first().is_none_or(|l: &Line| l.pv != best_pv) {
                    report(&Info {
                        multipv: 1,
                        depth,
                        seldepth: self.seldepth.max(depth as usize),
                        score: Score::from_value(best_value),
                        nodes: self.shared.total_nodes(),
                        time: self.ctl.since_go(),
                        hashfull: self.tt.hashfull(),
                        tbhits: self.shared.tbhits.load(Ordering::Relaxed),
                        pv: best_pv.clone(),
                    });
                }
                break;
            }
            // Later lines can come out above earlier ones (the search is not exact): best first.
            let n = self.shared.lines;
            if n > 1 {
                self.root_moves[..n].sort_by_key(|rm| std::cmp::Reverse(rm.value));
                value = self.root_moves[0].value;
            }
            best_value = value;
            best_pv = self.root_moves[0].pv.clone();
            self.completed_depth = depth;
            if !is_rule(value) {
                // The root is searched outside `negamax`, so its result is stored here (`probe`
                // and the next search read it).
                self.tt.store(self.pos.key(), best_pv.first().copied(), value, depth, Bound::Exact, 0);
            }
            if self.is_main() {
                lines = self.root_moves[..n].iter().map(|rm| Line { value: rm.value, pv: rm.pv.clone() }).collect();
                self.shared.nodes[0].store(self.nodes, Ordering::Relaxed);
                let (nodes, time, hashfull) = (self.shared.total_nodes(), self.ctl.since_go(), self.tt.hashfull());
                for (k, line) in lines.iter().take(shown).enumerate() {
                    report(&Info {
                        multipv: k + 1,
                        depth,
                        seldepth: self.seldepth.max(depth as usize),
                        score: Score::from_value(line.value),
                        nodes,
                        time,
                        hashfull,
                        tbhits: self.shared.tbhits.load(Ordering::Relaxed),
                        pv: line.pv.clone(),
                    });
                }
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
        if lines.is_empty() {
            lines.push(Line { value: best_value, pv: best_pv.clone() });
        }
        SearchResult {
            best: best_pv.first().copied(),
            ponder: best_pv.get(1).copied(),
            value: best_value,
            depth: self.completed_depth,
            nodes: self.shared.total_nodes(),
            pv: best_pv,
            lines,
        }
    }

    /// One line's search at `depth`: windows around the line's previous value, widened until
    /// the value falls inside.
    fn aspiration(&mut self, depth: Depth, previous: Value) -> Value {
        let mut delta = ASPIRATION_DELTA.get();
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && previous > -INFINITE && !is_decisive(previous) {
            ((previous - delta).max(-INFINITE), (previous + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let v = self.search_root(depth, alpha, beta);
            if self.aborted {
                return v;
            }
            // Keep the order stable: the line's best first, the rest by their values.
            self.root_moves[self.pv_idx + 1..].sort_by_key(|rm| std::cmp::Reverse(rm.value));
            if v <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (v - delta).max(-INFINITE);
            } else if v >= beta {
                beta = (v + delta).min(INFINITE);
            } else {
                return v;
            }
            delta += delta / 2;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
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

//! Per-thread search state: the thread's own copy of the position, its move-ordering memory,
//! its principal-variation table and its node count.

use std::sync::atomic::{AtomicU64, Ordering};

use once_cell::sync::Lazy;

use super::correction::Slots;
use super::history::{ContRow, ContRows, History};
use super::level::Handicap;
use super::params::*;
use super::picker::MovePicker;
use super::{Control, SearchShared};
use crate::board::{CheckInfo, Position};
use crate::board::{MoveLimit, RuleVerdict};
use crate::eval::evaluate;
use crate::movegen::MoveList;
use crate::nnue::{AccumulatorStack, Network};
use crate::tt::TranspositionTable;
use crate::types::value::{INFINITE, RULE_WIN, mate_in, mated_in};
use crate::types::{Color, Depth, MAX_PLY, Move, PieceKind, Value};

/// A root move with the value of its latest search and, once it has headed a line of a
/// completed search, that line.
#[derive(Clone, Debug)]
pub struct RootMove {
    pub mv: Move,
    pub value: Value,
    pub prev_value: Value,
    pub pv: Vec<Move>,
}

impl RootMove {
    pub fn new(mv: Move) -> RootMove {
        RootMove { mv, value: -INFINITE, prev_value: -INFINITE, pv: vec![mv] }
    }
}

/// The move arrays of one node: its picker and the quiet moves it has searched. Nodes nest, so
/// the worker keeps a stack of spare ones; a node takes one for its move loop and gives it back,
/// and the arrays are initialised once per search instead of once per node.
pub(super) struct NodeMoves {
    pub picker: MovePicker,
    pub quiets: MoveList,
}

#[derive(Clone, Copy, Default)]
pub(super) struct Frame {
    pub static_eval: Value,
    pub mv: Option<Move>,
    /// The continuation-history row of the move made at this ply (none for a null move).
    pub cont: Option<ContRow>,
    /// The move a singular-extension search at this ply leaves out.
    pub excluded: Option<Move>,
}

/// Late-move reductions by depth and move number.
pub(super) static LMR: Lazy<[[u8; 64]; 64]> = Lazy::new(|| {
    let mut t = [[0u8; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR).max(0.0) as u8;
        }
    }
    t
});

pub struct Worker<'a> {
    pub(super) pos: Position,
    pub(super) tt: &'a TranspositionTable,
    pub(super) ctl: &'a Control,
    pub(super) shared: &'a SearchShared,
    pub(super) id: usize,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) hist: Box<History>,
    pub(super) pv: Box<[[Option<Move>; MAX_PLY + 2]; MAX_PLY + 2]>,
    pub(super) pv_len: [usize; MAX_PLY + 2],
    pub(super) stack: [Frame; MAX_PLY + 4],
    /// Move storage that nodes borrow for their move loops (see [`NodeMoves`]).
    #[expect(clippy::vec_box, reason = "taken and given back at every node: a pointer moves, not the arrays")]
    spare_moves: Vec<Box<NodeMoves>>,
    pub(super) root_moves: Vec<RootMove>,
    /// The line being searched (MultiPV): root moves before it head the better lines and are
    /// left out.
    pub(super) pv_idx: usize,
    /// A weakened or randomised evaluation, below full strength.
    handicap: Option<Handicap>,
    /// The network, when it evaluates instead of the thesis evaluation, and its accumulators
    /// along the current line.
    nnue: Option<(&'a Network, AccumulatorStack)>,
    /// Null-move pruning and ProbCut are on (UCCI `pruning`).
    pub(super) pruning: bool,
    /// A draw by rule for the side to move at the root (UCCI `style`).
    draw_value: Value,
    /// The move limit of the game being played (UCI `MoveLimit`).
    move_limit: MoveLimit,
    pub(super) root_depth: Depth,
    pub(super) completed_depth: Depth,
    pub(super) aborted: bool,
    /// Null-move verification: `nmp_side` may not pass before this ply.
    pub(super) nmp_min_ply: usize,
    pub(super) nmp_side: Color,
}

impl<'a> Worker<'a> {
    pub(super) fn new(
        pos: Position,
        tt: &'a TranspositionTable,
        ctl: &'a Control,
        shared: &'a SearchShared,
        id: usize,
        root_moves: Vec<RootMove>,
        hist: Box<History>,
    ) -> Worker<'a> {
        let nnue = shared.net.as_deref().map(|net| (net, AccumulatorStack::new(net, &pos)));
        Worker {
            nnue,
            pos,
            tt,
            ctl,
            shared,
            id,
            nodes: 0,
            seldepth: 0,
            hist,
            pv: Box::new([[None; MAX_PLY + 2]; MAX_PLY + 2]),
            pv_len: [0; MAX_PLY + 2],
            stack: [Frame::default(); MAX_PLY + 4],
            spare_moves: Vec::with_capacity(MAX_PLY + 2),
            root_moves,
            pv_idx: 0,
            handicap: shared.handicap,
            pruning: shared.pruning,
            draw_value: shared.draw_value,
            move_limit: shared.move_limit,
            root_depth: 0,
            completed_depth: 0,
            aborted: false,
            nmp_min_ply: 0,
            nmp_side: Color::Red,
        }
    }

    #[inline]
    pub(super) fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Counts a node and, every `POLL_INTERVAL` nodes, publishes the count and checks the stop
    /// flag, the node limit and the hard time limit. Returns true once the search must unwind.
    #[inline]
    pub(super) fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
            if self.ctl.is_stopped() || self.shared.done.load(Ordering::Relaxed) {
                self.aborted = true;
            } else if self.is_main() && self.completed_depth >= 1 {
                let over_nodes = self.shared.node_limit.is_some_and(|n| self.shared.total_nodes() >= n);
                let over_time =
                    !self.ctl.is_pondering() && self.shared.budget.hard.is_some_and(|h| self.ctl.elapsed() >= h);
                if over_nodes || over_time {
                    self.ctl.stop();
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    /// Starts loading what the node with `key` reads first, its table entry and its cached
    /// evaluation, while the move to it is still being decided on and made.
    #[inline]
    pub(super) fn prefetch(&self, key: u64) {
        self.tt.prefetch(key);
        self.hist.evals.prefetch(key);
    }

    /// Whether the leaves are searched for captures (all but the weakest levels).
    #[inline]
    pub(super) fn sees_replies(&self) -> bool {
        self.handicap.is_none_or(|h| h.replies)
    }

    /// Static evaluation, from the side to move's point of view, through the thread's cache.
    #[inline]
    pub(super) fn evaluate(&mut self) -> Value {
        // Below full strength the cache (which outlives the search) is left alone.
        if let Some(h) = &self.handicap {
            return h.evaluate(&self.pos);
        }
        let key = self.pos.key();
        if let Some(v) = self.hist.evals.get(key) {
            return v;
        }
        let v = match &mut self.nnue {
            Some((net, acc)) => acc.evaluate(net, &self.pos),
            None => evaluate(&self.pos),
        };
        self.hist.evals.put(key, v);
        v
    }

    /// Makes `mv` on the thread's board, and records it for the network's accumulators.
    #[inline]
    pub(super) fn make(&mut self, mv: Move) {
        if let Some((_, acc)) = &mut self.nnue {
            acc.push(&self.pos, mv);
        }
        self.pos.make(mv);
    }

    /// Takes back the move of [`Worker::make`].
    #[inline]
    pub(super) fn unmake(&mut self) {
        self.pos.unmake();
        if let Some((_, acc)) = &mut self.nnue {
            acc.pop();
        }
    }

    #[inline]
    pub(super) fn make_null(&mut self) {
        if let Some((_, acc)) = &mut self.nnue {
            acc.push_null();
        }
        self.pos.make_null();
    }

    #[inline]
    pub(super) fn unmake_null(&mut self) {
        self.pos.unmake_null();
        if let Some((_, acc)) = &mut self.nnue {
            acc.pop();
        }
    }

    /// The static evaluation corrected by what the search learned of its errors in positions
    /// of the same kind, with the slots that correction was read from (to update them when the
    /// node's search is done).
    #[inline]
    pub(super) fn corrected_eval(&mut self) -> (Value, Slots) {
        let slots = Slots::of(&self.pos);
        (self.evaluate() + self.hist.corr.get(slots), slots)
    }

    /// Whether `mv` gives check, with the node's [`CheckInfo`] built on first use.
    #[inline]
    pub(super) fn gives_check(&self, mv: Move, info: &mut Option<CheckInfo>) -> bool {
        let info = info.get_or_insert_with(|| self.pos.check_info());
        self.pos.gives_check_with(mv, info)
    }

    /// A decided or drawn result by rule at this node (`docs/rules.md` §7 to §11), or `None`.
    /// Wins and losses fall in the rule band, so they are never stored in the table.
    #[inline]
    pub(super) fn rule_value(&self, ply: usize) -> Option<Value> {
        let st = self.pos.state();
        // Nothing to judge: no repetition possible, counter below the limit, material on board.
        if st.reversible < 4 && st.rule60 < self.move_limit.plies() && !self.pos.insufficient_material() {
            return None;
        }
        Some(match crate::outcome::verdict_in_search(&self.pos, ply, self.move_limit)? {
            RuleVerdict::Draw if ply.is_multiple_of(2) => self.draw_value,
            RuleVerdict::Draw => -self.draw_value,
            RuleVerdict::Win => RULE_WIN - ply as Value,
            RuleVerdict::Loss => -(RULE_WIN - ply as Value),
        })
    }

    /// The tables' exact value of the node's position (`docs/egtb.md` §14), when the search
    /// probes them, the position is covered and its endgame is read; a mate that would lie
    /// beyond the stack or the move limit is left to the search.
    #[inline]
    pub(super) fn table_value(&self, ply: usize) -> Option<Value> {
        let tables = self.shared.tables.as_deref()?;
        if !tables.may_cover(self.pos.occupied().count()) {
            return None;
        }
        let v = tables.probe(&self.pos)?;
        let value = match v.plies() {
            Some(n) => {
                let n = usize::from(n);
                if ply + n >= MAX_PLY || self.pos.rule60() as usize + n >= self.move_limit.plies() as usize {
                    return None;
                }
                if v.is_win() { mate_in(ply + n) } else { mated_in(ply + n) }
            }
            // Broken, or a draw the repetition rules may overturn: the search judges it.
            None if v.is_broken() || v.is_undecided() => return None,
            None if ply.is_multiple_of(2) => self.draw_value,
            None => -self.draw_value,
        };
        self.shared.tbhits.fetch_add(1, Ordering::Relaxed);
        Some(value)
    }

    /// What every node of the main and quiescence search does first: count itself, poll the
    /// limits, apply the rule verdicts and the ply cap. `Some(v)` ends the node with value `v`.
    /// Forced inline: out of line it was a call per node with a full register save, and the
    /// usual answer (`None`) is a few compares (about 1% of the search's instructions).
    #[inline(always)]
    pub(super) fn enter_node(&mut self, ply: usize) -> Option<Value> {
        self.pv_len[ply] = ply;
        if self.visit() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(v) = self.rule_value(ply) {
            return Some(v);
        }
        if ply >= MAX_PLY - 1 {
            return Some(self.evaluate());
        }
        None
    }

    /// Move storage for a node's move loop, to be handed back with [`Worker::give_back`].
    #[inline]
    pub(super) fn take_moves(&mut self) -> Box<NodeMoves> {
        self.spare_moves
            .pop()
            .unwrap_or_else(|| Box::new(NodeMoves { picker: MovePicker::new(), quiets: MoveList::new() }))
    }

    /// Returns storage taken with [`Worker::take_moves`]. (A node that unwinds after a stop
    /// just drops it.)
    #[inline]
    pub(super) fn give_back(&mut self, moves: Box<NodeMoves>) {
        self.spare_moves.push(moves);
    }

    pub(super) fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = Some(mv);
        let next_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..next_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = next_len;
    }

    /// The continuation rows for the node at `ply`: the moves one and two plies before it.
    #[inline]
    pub(super) fn cont_rows(&self, ply: usize) -> ContRows {
        let at = |back: usize| if ply >= back { self.stack[ply - back].cont } else { None };
        [at(1), at(2)]
    }

    /// Records `mv`, about to be made at `ply`, in the search stack.
    #[inline]
    pub(super) fn push_move(&mut self, ply: usize, mv: Move) {
        let frame = &mut self.stack[ply];
        frame.mv = Some(mv);
        frame.cont = self.pos.piece_at(mv.from()).map(|pc| ContRow::new(pc, mv));
    }

    pub(super) fn root_pv(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]].iter().map_while(|m| *m).collect()
    }
}

/// Whether `c` has a piece that can ever attack the enemy king (`docs/rules.md` §10).
#[inline]
pub(super) fn has_attackers(pos: &Position, c: Color) -> bool {
    [PieceKind::Rook, PieceKind::Horse, PieceKind::Cannon, PieceKind::Soldier]
        .iter()
        .any(|&k| pos.pieces_of(c, k).any())
}

/// Node counters of every thread, for `info nodes` and the node limit.
pub(super) fn sum(counters: &[AtomicU64]) -> u64 {
    counters.iter().map(|c| c.load(Ordering::Relaxed)).sum()
}

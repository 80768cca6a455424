//! Principal-variation search: the root, interior nodes, and the pruning that sits in them.
//! Node kind (PV or not) is a const parameter so each kind compiles separately.

use super::params::*;
use super::picker::{PickerKind, is_capture};
use super::worker::{LMR, Worker, has_attackers};
use crate::tt::Bound;
use crate::types::value::{INFINITE, MATE_BOUND, is_decisive, is_rule, mate_in, mated_in};
use crate::types::{Depth, Move, Value};

impl Worker<'_> {
    /// Searches the root moves from the current line's on (`pv_idx`) to `depth` within
    /// (alpha, beta). They get their values; the best is moved to the line's place.
    pub(super) fn search_root(&mut self, depth: Depth, mut alpha: Value, beta: Value) -> Value {
        let mut best = -INFINITE;
        let first = self.pv_idx;
        self.pv_len[0] = 0;
        for i in first..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            self.push_move(0, mv);
            self.make(mv);
            let ext = self.pos.in_check() as Depth;
            let new_depth = depth - 1 + ext;
            let mut v;
            if i == first {
                v = -self.negamax::<true>(-beta, -alpha, new_depth, 1);
            } else {
                v = -self.negamax::<false>(-alpha - 1, -alpha, new_depth, 1);
                if v > alpha && v < beta && !self.aborted {
                    v = -self.negamax::<true>(-beta, -alpha, new_depth, 1);
                }
            }
            self.unmake();
            if self.aborted {
                break;
            }
            let rm = &mut self.root_moves[i];
            rm.value = if i == first || v > alpha { v } else { -INFINITE };
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    self.update_pv(0, mv);
                    // Keep the best move first so an interrupted iteration still has it.
                    self.root_moves[first..=i].rotate_right(1);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    pub(super) fn negamax<const PV: bool>(
        &mut self,
        mut alpha: Value,
        mut beta: Value,
        depth: Depth,
        ply: usize,
    ) -> Value {
        if depth <= 0 {
            return self.qsearch::<PV>(alpha, beta, ply, true);
        }
        if let Some(v) = self.enter_node(ply) {
            return v;
        }
        if let Some(v) = self.table_value(ply) {
            return v;
        }
        // Mate-distance pruning: no line from here can beat a shorter mate already known.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let in_check = self.pos.in_check();
        // Before the table's entry, for its cache line to arrive meanwhile (as in qsearch).
        let (static_eval, slots) = if in_check {
            (-INFINITE, None)
        } else {
            let (v, slots) = self.corrected_eval();
            (v, Some(slots))
        };
        let key = self.pos.key();
        // A singular-extension search leaves the table's move out, so the table's entry is
        // not about the same search: it neither cuts nor is overwritten.
        let excluded = self.stack[ply].excluded;
        let tte = if excluded.is_some() { None } else { self.tt.probe(key, ply) };
        let tt_move = tte.and_then(|e| e.mv);
        if !PV
            && let Some(e) = tte
            && e.depth >= depth
            && e.cuts(alpha, beta)
        {
            return e.value;
        }

        self.stack[ply].static_eval = static_eval;
        // Better than two plies ago: the side's position is getting better, and cut-offs are
        // likelier, so prune more boldly where it is not.
        let improving = !in_check && ply >= 2 && static_eval > self.stack[ply - 2].static_eval;

        if !PV && !in_check && excluded.is_none() && !is_decisive(beta) {
            // Reverse futility: far above beta at shallow depth, the opponent will not recover.
            if depth <= RFP_MAX_DEPTH && static_eval - RFP_MARGIN.get() * (depth - improving as Depth) >= beta {
                return static_eval;
            }
            // Null move, unless the previous move was one, or the side has only soldiers left
            // as attackers (zugzwang-like endings).
            let prev_null = ply > 0 && self.stack[ply - 1].mv.is_some_and(|m| m.is_null());
            let us = self.pos.side_to_move();
            if depth >= NULL_MIN_DEPTH
                && self.pruning
                && static_eval >= beta
                && !prev_null
                && (ply >= self.nmp_min_ply || us != self.nmp_side)
                && has_attackers(&self.pos, us)
                && self.pos.color_bb(us).count() > 4
                && self.big_pieces(us) > 0
            {
                let r = NULL_BASE_REDUCTION.get() + depth / NULL_DEPTH_DIVISOR.get();
                self.stack[ply].mv = Some(Move::NULL);
                self.stack[ply].cont = None; // no continuation after a pass
                self.prefetch(self.pos.key_after_null());
                self.make_null();
                let v = -self.negamax::<false>(-beta, -beta + 1, depth - 1 - r, ply + 1);
                self.unmake_null();
                if self.aborted {
                    return 0;
                }
                if v >= beta {
                    // Zugzwang is common in xiangqi (jammed pieces, composed mates, and a side
                    // without a legal move has lost): confirm with a reduced search in which
                    // this side may not pass.
                    let (saved_ply, saved_side) = (self.nmp_min_ply, self.nmp_side);
                    self.nmp_min_ply = ply + (3 * (depth - r) / 4) as usize;
                    self.nmp_side = us;
                    let verified = self.negamax::<false>(beta - 1, beta, depth - r, ply);
                    (self.nmp_min_ply, self.nmp_side) = (saved_ply, saved_side);
                    if self.aborted {
                        return 0;
                    }
                    if verified >= beta {
                        return if is_decisive(v) { beta } else { v };
                    }
                }
            }
        }

        // ProbCut: a capture whose reduced search beats beta by a margin would almost surely
        // beat beta at full depth; the table can rule the test out in advance.
        if !PV && !in_check && depth >= PROBCUT_MIN_DEPTH && excluded.is_none() && !is_decisive(beta) && self.pruning {
            let pc_beta = beta + PROBCUT_MARGIN.get() - PROBCUT_IMPROVING.get() * improving as Value;
            let hopeless = tte.is_some_and(|e| e.depth >= depth - (PROBCUT_REDUCTION - 1) && e.value < pc_beta);
            if !hopeless && let Some(v) = self.probcut(pc_beta, static_eval, depth, ply, tt_move) {
                return v;
            }
            if self.aborted {
                return 0;
            }
        }

        // Internal iterative reduction: without a table move this node was not searched
        // before, or not usefully, and ordering is poor; a shallower search costs less and
        // leaves a move for the next iteration.
        let depth = if depth >= IIR_MIN_DEPTH && tt_move.is_none() && excluded.is_none() { depth - 1 } else { depth };

        // Singular extension: when a reduced search without the table's move fails well below
        // the value stored for it, that move is the only good one here and is searched one ply
        // deeper. When even the rest reach beta, several moves refute the line: cut (multi-cut).
        let mut singular = None;
        if depth >= SE_MIN_DEPTH
            && excluded.is_none()
            && let Some(e) = tte
            && let Some(ttm) = e.mv
            && e.depth >= depth - SE_TT_DEPTH_SLACK
            && e.bound != Bound::Upper
            && !is_decisive(e.value)
        {
            let s_beta = e.value - SE_MARGIN.get() * depth;
            self.stack[ply].excluded = Some(ttm);
            let v = self.negamax::<false>(s_beta - 1, s_beta, (depth - 1) / 2, ply);
            self.stack[ply].excluded = None;
            if self.aborted {
                return 0;
            }
            if v < s_beta {
                singular = Some(ttm);
            } else if s_beta >= beta {
                return s_beta;
            }
        }

        // When the table's best move is a capture, the quiet moves are unlikely to be better.
        let tt_capture = tt_move.is_some_and(|m| is_capture(&self.pos, m));
        let kind = if in_check { PickerKind::Evasions } else { PickerKind::Main };
        let killers = self.hist.killers[ply];
        let rows = self.cont_rows(ply);
        let mut moves = self.take_moves();
        moves.picker.reset(&self.pos, kind, tt_move, killers, rows);
        moves.picker.sort_quiets_above(-QUIET_SORT_PER_DEPTH.get() * depth);
        moves.quiets.clear();
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut legal = 0usize;
        // Built at the first move that asks whether it checks.
        let mut check_info = None;

        while let Some(mv) = moves.picker.next(&self.pos, &self.hist) {
            if Some(mv) == excluded {
                continue;
            }
            let capture = is_capture(&self.pos, mv);
            let prunable = !PV && !in_check && !capture && best > -MATE_BOUND;
            let lmp_count = (LMP_BASE.get() as usize + (depth * depth) as usize) / (2 - improving as usize);
            let late = depth <= LMP_MAX_DEPTH && moves.quiets.len() >= lmp_count;
            // Late-move pruning and futility pruning spare checks: in xiangqi a quiet check
            // (a discovered cannon or horse check) is often the point of a combination.
            // Late moves are pruned before the legality test, which costs more: from here on
            // every quiet move is pruned unless it checks, and the count of legal moves ranks
            // only reduced moves, which checks and captures are not.
            if prunable && late && !self.gives_check(mv, &mut check_info) {
                continue;
            }
            if !self.pos.is_legal(mv) {
                continue;
            }
            legal += 1;

            // Read before the move is made: the history of a quiet move, for its pruning and
            // reduction.
            let reducible = depth >= LMR_MIN_DEPTH && !capture && !in_check;
            let hist_score = if reducible || prunable { self.hist.quiet(&self.pos, mv, &rows) } else { 0 };
            // Futility and history pruning: near the leaves, a quiet move that cannot lift the
            // static evaluation to alpha, or that has kept failing here, is skipped.
            let futile = depth <= FUTILITY_MAX_DEPTH && static_eval + FUTILITY_MARGIN.get() * depth <= alpha && !late;
            let failing = depth <= HISTORY_PRUNE_MAX_DEPTH && hist_score < -HISTORY_PRUNE_MARGIN.get() * depth;
            if prunable && (failing || futile) && !self.gives_check(mv, &mut check_info) {
                moves.quiets.push(mv);
                continue;
            }
            // SEE pruning: near the leaves, a move that loses material by static exchange
            // (beyond a margin that grows with depth) is not searched, unless it checks.
            if !PV && !in_check && best > -MATE_BOUND && depth <= SEE_PRUNE_MAX_DEPTH {
                let margin =
                    if capture { SEE_CAPTURE_MARGIN.get() * depth } else { SEE_QUIET_MARGIN.get() * depth * depth };
                if !self.pos.see_ge(mv, -margin) && !self.gives_check(mv, &mut check_info) {
                    continue;
                }
            }
            self.prefetch(self.pos.key_after(mv));
            self.push_move(ply, mv);
            self.make(mv);
            let gives_check = self.pos.in_check();
            let ext = ((gives_check || singular == Some(mv)) && (ply as Depth) < 2 * self.root_depth) as Depth;
            let new_depth = depth - 1 + ext;

            let mut v;
            if legal == 1 {
                v = -self.negamax::<PV>(-beta, -alpha, new_depth, ply + 1);
            } else {
                let mut r = 0;
                if reducible && !gives_check {
                    r = LMR[depth.min(63) as usize][legal.min(63)] as Depth;
                    r -= PV as Depth;
                    r += !improving as Depth;
                    r += tt_capture as Depth;
                    r -= killers.contains(&Some(mv)) as Depth;
                    // Quiet moves that worked before are reduced less, those that failed more.
                    r -= hist_score / LMR_HISTORY_DIVISOR.get();
                    r = r.clamp(0, new_depth - 1);
                }
                v = -self.negamax::<false>(-alpha - 1, -alpha, new_depth - r, ply + 1);
                if v > alpha && r > 0 && !self.aborted {
                    v = -self.negamax::<false>(-alpha - 1, -alpha, new_depth, ply + 1);
                }
                if PV && v > alpha && v < beta && !self.aborted {
                    v = -self.negamax::<true>(-beta, -alpha, new_depth, ply + 1);
                }
            }
            self.unmake();
            if self.aborted {
                return 0;
            }
            if !capture {
                moves.quiets.push(mv);
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    alpha = v;
                    if v >= beta {
                        if !capture {
                            self.hist.update(&self.pos, mv, moves.quiets.as_slice(), depth, ply, &rows);
                        }
                        break;
                    }
                }
            }
        }
        self.give_back(moves);

        if legal == 0 {
            if excluded.is_some() {
                // The left-out move was the only one: singular indeed.
                return alpha;
            }
            // Checkmate and stalemate alike: the side to move has lost.
            return mated_in(ply);
        }
        if best == -INFINITE {
            best = alpha;
        }
        if !is_rule(best) && excluded.is_none() {
            let bound = if best >= beta {
                Bound::Lower
            } else if PV && best_move.is_some() {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(key, best_move, best, depth, bound, ply);
            // A quiet result that says more than the static evaluation did (a lower bound
            // above it, an upper bound below it) corrects it for positions of the same kind.
            if let Some(slots) = slots
                && !is_decisive(best)
                && best_move.is_none_or(|m| !is_capture(&self.pos, m))
                && !(bound == Bound::Lower && best <= static_eval)
                && !(bound == Bound::Upper && best >= static_eval)
            {
                self.hist.corr.update(slots, depth, best, static_eval);
            }
        }
        best
    }

    /// The ProbCut search: captures that win at least `pc_beta - static_eval` by static
    /// exchange, each confirmed by quiescence and then by a search `PROBCUT_REDUCTION` plies
    /// shallower against `pc_beta`. The value of the first that holds, stored as a lower bound.
    fn probcut(
        &mut self,
        pc_beta: Value,
        static_eval: Value,
        depth: Depth,
        ply: usize,
        tt_move: Option<Move>,
    ) -> Option<Value> {
        let threshold = pc_beta - static_eval;
        let mut moves = self.take_moves();
        moves.picker.reset(&self.pos, PickerKind::Captures, tt_move, [None; 2], [None; 2]);
        let mut found = None;
        while let Some(mv) = moves.picker.next(&self.pos, &self.hist) {
            if !self.pos.see_ge(mv, threshold) || !self.pos.is_legal(mv) {
                continue;
            }
            self.prefetch(self.pos.key_after(mv));
            self.push_move(ply, mv);
            self.make(mv);
            let mut v = -self.qsearch::<false>(-pc_beta, -pc_beta + 1, ply + 1, false);
            if v >= pc_beta && !self.aborted {
                v = -self.negamax::<false>(-pc_beta, -pc_beta + 1, depth - PROBCUT_REDUCTION, ply + 1);
            }
            self.unmake();
            if self.aborted {
                return None;
            }
            if v >= pc_beta {
                if !is_rule(v) {
                    self.tt.store(self.pos.key(), Some(mv), v, depth - (PROBCUT_REDUCTION - 1), Bound::Lower, ply);
                }
                found = Some(v);
                break;
            }
        }
        self.give_back(moves);
        found
    }

    /// Rooks, horses and cannons of one side.
    fn big_pieces(&self, c: crate::types::Color) -> u32 {
        use crate::types::PieceKind::*;
        self.pos.count(c, Rook) + self.pos.count(c, Horse) + self.pos.count(c, Cannon)
    }
}

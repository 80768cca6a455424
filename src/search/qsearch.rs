//! Quiescence search: captures until the position is quiet; every evasion when in check, with
//! no stand-pat, so mates show up here too.

use super::params::DELTA_MARGIN;
use super::picker::{PickerKind, victim};
use super::worker::Worker;
use crate::tt::Bound;
use crate::types::value::{INFINITE, is_rule, mated_in};
use crate::types::{PieceKind, Value};

/// Rough material gain of capturing a kind, for delta pruning.
const GAIN: [Value; 7] = [0, 20, 20, 90, 200, 95, 30];

impl Worker<'_> {
    pub(super) fn qsearch<const PV: bool>(&mut self, mut alpha: Value, beta: Value, ply: usize) -> Value {
        if let Some(v) = self.enter_node(ply) {
            return v;
        }

        let key = self.pos.key();
        let tte = self.tt.probe(key, ply);
        if !PV
            && let Some(e) = tte
            && e.cuts(alpha, beta)
        {
            return e.value;
        }

        let in_check = self.pos.in_check();
        let stand_pat;
        let mut best;
        if in_check {
            stand_pat = -INFINITE;
            best = -INFINITE;
        } else {
            stand_pat = self.evaluate();
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }

        let kind = if in_check { PickerKind::Evasions } else { PickerKind::Captures };
        let mut moves = self.take_moves();
        moves.picker.reset(&self.pos, kind, tte.and_then(|e| e.mv), [None; 2], [None; 2]);
        let mut legal = 0;
        let mut best_move = None;
        while let Some(mv) = moves.picker.next(&self.pos, &self.hist) {
            // Pruning comes before the legality test, which costs more; out of check the count
            // of legal moves is not needed.
            if !in_check {
                let gain = victim(&self.pos, mv).map_or(0, |k: PieceKind| GAIN[k.index()]);
                if stand_pat + gain + DELTA_MARGIN <= alpha {
                    continue;
                }
                // A capture that loses material is not worth more than standing pat.
                if !self.pos.see_ge(mv, 0) {
                    continue;
                }
            }
            self.tt.prefetch(self.pos.key_after(mv));
            if !self.pos.is_legal(mv) {
                continue;
            }
            legal += 1;
            self.pos.make(mv);
            let v = -self.qsearch::<PV>(-beta, -alpha, ply + 1);
            self.pos.unmake();
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.give_back(moves);
        if in_check && legal == 0 {
            return mated_in(ply);
        }
        if !is_rule(best) {
            let bound = if best >= beta { Bound::Lower } else { Bound::Upper };
            self.tt.store(key, best_move, best, 0, bound, ply);
        }
        best
    }
}

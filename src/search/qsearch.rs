//! Quiescence search: captures until the position is quiet, and at its first ply the quiet
//! moves that give check (a quiet check is the point of many xiangqi combinations); every
//! evasion when in check, with no stand-pat, so mates show up here too.

use super::params::DELTA_MARGIN;
use super::picker::{PickerKind, victim};
use super::worker::Worker;
use crate::board::CheckInfo;
use crate::movegen::generate_check_candidates;
use crate::tt::Bound;
use crate::types::value::{INFINITE, is_rule, mated_in};
use crate::types::{PieceKind, Value};

/// Rough material gain of capturing a kind, for delta pruning.
const GAIN: [Value; 7] = [0, 20, 20, 90, 200, 95, 30];

impl Worker<'_> {
    /// `checks`: also search the quiet moves that give check (at the first ply of quiescence
    /// only, so that the line ends: the reply is an evasion, and after it captures alone).
    pub(super) fn qsearch<const PV: bool>(&mut self, mut alpha: Value, beta: Value, ply: usize, checks: bool) -> Value {
        if let Some(v) = self.enter_node(ply) {
            return v;
        }
        // A level blind to replies judges the position its last ply left as it stands.
        if !self.sees_replies() {
            return self.evaluate();
        }

        // The static evaluation comes before the table's entry, which it does not depend on:
        // the entry's cache line, prefetched by the parent, has the evaluation's time to arrive
        // (a cut by the entry usually finds the evaluation cached too).
        let in_check = self.pos.in_check();
        let stand_pat = if in_check { -INFINITE } else { self.corrected_eval().0 };

        let key = self.pos.key();
        let tte = self.tt.probe(key, ply);
        if !PV
            && let Some(e) = tte
            && e.cuts(alpha, beta)
        {
            return e.value;
        }

        let mut best = stand_pat;
        if !in_check {
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        }

        let kind = if in_check { PickerKind::Evasions } else { PickerKind::Captures };
        let mut moves = self.take_moves();
        moves.picker.reset(&self.pos, kind, tte.and_then(|e| e.mv), [None; 2], [None; 2]);
        let mut legal = 0;
        let mut best_move = None;
        // Captures (or evasions) from the picker, then the quiet checks from `moves.quiets`.
        let mut quiet_checks: Option<usize> = None;
        let mut check_info: Option<CheckInfo> = None;
        loop {
            let mv = match quiet_checks {
                None => match moves.picker.next(&self.pos, &self.hist) {
                    Some(mv) => mv,
                    None if checks && !in_check => {
                        moves.quiets.clear();
                        let info = check_info.insert(self.pos.check_info());
                        generate_check_candidates(&self.pos, info, &mut moves.quiets);
                        quiet_checks = Some(0);
                        continue;
                    }
                    None => break,
                },
                Some(i) => {
                    let Some(&mv) = moves.quiets.as_slice().get(i) else { break };
                    quiet_checks = Some(i + 1);
                    let checks = check_info.as_ref().is_some_and(|info| self.pos.gives_check_with(mv, info));
                    if !checks || !self.pos.see_ge(mv, 0) {
                        continue;
                    }
                    mv
                }
            };
            // Pruning comes before the legality test, which costs more; out of check the count
            // of legal moves is not needed.
            if !in_check && quiet_checks.is_none() {
                let gain = victim(&self.pos, mv).map_or(0, |k: PieceKind| GAIN[k.index()]);
                if stand_pat + gain + DELTA_MARGIN.get() <= alpha {
                    continue;
                }
                // A capture that loses material is not worth more than standing pat.
                if !self.pos.see_ge(mv, 0) {
                    continue;
                }
            }
            self.prefetch(self.pos.key_after(mv));
            if !self.pos.is_legal(mv) {
                continue;
            }
            legal += 1;
            self.make(mv);
            let v = -self.qsearch::<PV>(-beta, -alpha, ply + 1, false);
            self.unmake();
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

//! Search limits and time allocation (`docs/ucci.md` §7.3).

use std::time::Duration;

use super::level::Strength;
use super::params::*;
use crate::board::MoveLimit;
use crate::types::{Depth, Move, Value};

/// What the caller asked for. Every limit is optional; the first one reached ends the search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<Depth>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Own remaining clock.
    pub time: Option<Duration>,
    pub increment: Duration,
    pub movestogo: Option<u32>,
    /// Stop once a mate in at most this many moves is proven.
    pub mate: Option<u32>,
    pub infinite: bool,
    /// Restrict the root to these moves (empty: all).
    pub searchmoves: Vec<Move>,
    /// Root lines reported, best first (0 counts as 1).
    pub multipv: usize,
    /// Playing strength and variety; the default is full strength, deterministic.
    pub strength: Strength,
    /// The `ponder` option is on: stretch the soft target.
    pub ponder_option: bool,
    pub move_overhead: Duration,
    /// When the game is drawn by the move limit (`docs/rules.md` §9); sixty moves by default.
    pub move_limit: MoveLimit,
}

/// The time budget derived from the limits: no new iteration after `soft`, abort at `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TimeBudget {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

impl Limits {
    /// Whether the search ends by itself (a depth, node, time or mate limit).
    pub fn is_finite(&self) -> bool {
        !self.infinite
            && (self.depth.is_some() || self.nodes.is_some() || self.movetime.is_some() || self.time.is_some())
    }

    /// Soft and hard limits per ElephantEye's scheme; `T` is the clock less the overhead.
    ///
    /// The soft target spreads over the moves to go (20 in sudden death) the clock plus their
    /// increments less a fixed reserve ([`RESERVE_MOVES`] answers of [`RESERVE_PER_MOVE_MS`],
    /// or of the move overhead if larger): every answer costs some overhead, and an engine that
    /// spends its whole increment each move drains its clock to nothing and forfeits on the
    /// first slow answer. Below the reserve the increments count in proportion to the clock
    /// left, so that the target falls well under the increment and the clock recovers (a
    /// search runs past its target to finish an iteration); above it, the clock is spent over
    /// the game whatever its size.
    pub fn budget(&self) -> TimeBudget {
        let mut b = TimeBudget::default();
        if let Some(clock) = self.time {
            let overhead = self.move_overhead.as_millis() as u64;
            let clock = clock.as_millis() as u64;
            let t = clock.saturating_sub(overhead);
            let inc = self.increment.as_millis() as u64;
            let moves = match self.movestogo {
                Some(m) if m > 0 => m as u64,
                _ => TIME_MOVES_SUDDEN_DEATH,
            };
            // Saturating: clocks come from the GUI and may be absurdly large.
            let reserve = overhead.max(RESERVE_PER_MOVE_MS) * RESERVE_MOVES;
            let increments = inc.saturating_mul(moves - 1);
            let mut soft = match clock.checked_sub(reserve) {
                Some(spare) => spare.saturating_add(increments) / moves,
                // Below the reserve, the increments count in proportion to the clock left.
                None => increments.saturating_mul(clock) / reserve / moves,
            };
            let hard = match self.movestogo {
                Some(m) if m > 0 => t.saturating_mul(5.max(11u64.saturating_sub(m as u64))) / 10,
                _ => t / 2,
            };
            if self.ponder_option {
                soft = soft.saturating_mul(PONDER_SOFT_NUM) / PONDER_SOFT_DEN;
            }
            let hard = hard.min(t).min(soft.saturating_mul(HARD_PER_SOFT));
            b.soft = Some(Duration::from_millis(soft.min(hard)));
            b.hard = Some(Duration::from_millis(hard));
        }
        if let Some(mt) = self.movetime {
            let mt = mt.saturating_sub(self.move_overhead.min(mt / 2));
            b.soft = Some(b.soft.map_or(mt, |s| s.min(mt)));
            b.hard = Some(b.hard.map_or(mt, |h| h.min(mt)));
        }
        b
    }
}

/// What the iterations so far say about the time this move deserves: a best move that keeps
/// changing, or a value that falls, asks for more than the soft target; a best move that has
/// held for several iterations for less. Time saved on easy moves goes to the hard ones.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    best: Option<Move>,
    /// Completed iterations in a row that kept the same best move.
    stable: usize,
    /// The value of the previous iteration, and of this one.
    values: Option<(Value, Value)>,
}

impl Progress {
    /// Records a completed iteration.
    pub fn update(&mut self, best: Option<Move>, value: Value) {
        self.stable = if best == self.best { self.stable + 1 } else { 0 };
        self.best = best;
        self.values = Some(self.values.map_or((value, value), |(_, last)| (last, value)));
    }

    /// The soft target scaled by this progress.
    pub fn scale(&self, soft: Duration) -> Duration {
        let stability = TM_STABILITY_PCT[self.stable.min(TM_STABILITY_PCT.len() - 1)];
        let fall = self.values.map_or(0, |(prev, now)| prev - now);
        let falling = 100 + (fall * TM_FALL_PCT_PER_UNIT).clamp(TM_FALL_PCT_MIN, TM_FALL_PCT_MAX);
        soft.saturating_mul(stability * falling as u32) / 10_000
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: u64) -> Duration {
        Duration::from_millis(v)
    }

    #[test]
    fn unstable_or_falling_searches_get_more_time() {
        let m = Move::parse;
        let soft = ms(1_000);
        let mut p = Progress::default();
        p.update(m("h2e2"), 10);
        assert_eq!(p.scale(soft), ms(1_000 * TM_STABILITY_PCT[0] as u64 / 100));
        for _ in 0..10 {
            p.update(m("h2e2"), 10);
        }
        let last = *TM_STABILITY_PCT.last().unwrap_or(&100) as u64;
        assert_eq!(p.scale(soft), ms(1_000 * last / 100));
        // The value fell: more time, up to the cap; a change of best move starts over.
        p.update(m("h2e2"), -200);
        assert_eq!(p.scale(soft), ms(1_000 * last * (100 + TM_FALL_PCT_MAX as u64) / 10_000));
        p.update(m("b2e2"), -200);
        assert_eq!(p.scale(soft), ms(1_000 * TM_STABILITY_PCT[0] as u64 / 100));
    }

    #[test]
    fn allocation_spreads_the_clock_with_a_reserve() {
        let base = Limits { move_overhead: Duration::ZERO, ..Limits::default() };
        let l = Limits { time: Some(ms(60_000)), movestogo: Some(10), ..base.clone() };
        // T / M less the reserve of 10 answers of 10 ms; the hard limit is the table's, but at
        // most HARD_PER_SOFT soft targets.
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(5_990)), hard: Some(ms(23_960)) });
        let l = Limits { time: Some(ms(60_000)), movestogo: Some(2), ..base.clone() };
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(29_950)), hard: Some(ms(54_000)) });
        let l = Limits { time: Some(ms(60_000)), increment: ms(1_000), ..base.clone() };
        // The increments of the 20 moves to go count, all but this move's.
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(3_945)), hard: Some(ms(15_780)) });
        let l = Limits { movetime: Some(ms(500)), ..base.clone() };
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(500)), hard: Some(ms(500)) });
        let l = Limits { time: Some(ms(100)), increment: ms(5_000), ..base };
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(50)), hard: Some(ms(50)) });
        // 2 s + 20 ms, reserving 100 ms: (2000 - 100 + 19 * 20) / 20 = 114 ms; at the reserve,
        // the increments only; below it, they count in proportion: at 60 ms,
        // 19 * 20 * 60 / 100 / 20 = 11 ms (the clock recovers).
        let fast = Limits { increment: ms(20), move_overhead: ms(10), ..Limits::default() };
        let l = Limits { time: Some(ms(2_000)), ..fast.clone() };
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(114)), hard: Some(ms(456)) });
        let l = Limits { time: Some(ms(100)), ..fast.clone() };
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(19)), hard: Some(ms(45)) });
        let l = Limits { time: Some(ms(60)), ..fast.clone() };
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(11)), hard: Some(ms(25)) });
        let l = Limits { time: Some(ms(10)), ..fast };
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(0)), hard: Some(ms(0)) });
        // The first move at 0.5+0.005 and 1+0.01: (500 - 100 + 95) / 20 and
        // (1000 - 100 + 190) / 20 (a reserve per move to go gave 7 and 37 ms).
        let short = |clock, inc| Limits { time: Some(ms(clock)), increment: ms(inc), ..Limits::default() }.budget();
        assert_eq!(short(500, 5), TimeBudget { soft: Some(ms(24)), hard: Some(ms(96)) });
        assert_eq!(short(1_000, 10), TimeBudget { soft: Some(ms(54)), hard: Some(ms(216)) });
    }
}

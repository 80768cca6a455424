//! Search limits and time allocation (`ucci.md` section 7.3).

use std::time::Duration;

use super::params::*;
use crate::types::{Depth, Move};

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
    /// The `ponder` option is on: stretch the soft target.
    pub ponder_option: bool,
    pub move_overhead: Duration,
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
    pub fn budget(&self) -> TimeBudget {
        let mut b = TimeBudget::default();
        if let Some(clock) = self.time {
            let t = clock.saturating_sub(self.move_overhead).as_millis() as u64;
            let inc = self.increment.as_millis() as u64;
            let (mut soft, hard) = match self.movestogo {
                Some(m) if m > 0 => {
                    let m = m as u64;
                    // Saturating: clocks come from the GUI and may be absurdly large.
                    (t / m, t.saturating_mul(5.max(11u64.saturating_sub(m))) / 10)
                }
                _ => ((t / TIME_MOVES_SUDDEN_DEATH).saturating_add(inc), t / 2),
            };
            if self.ponder_option {
                soft = soft.saturating_mul(PONDER_SOFT_NUM) / PONDER_SOFT_DEN;
            }
            let hard = hard.min(t);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: u64) -> Duration {
        Duration::from_millis(v)
    }

    #[test]
    fn allocation_follows_the_spec_table() {
        let base = Limits { move_overhead: Duration::ZERO, ..Limits::default() };
        let l = Limits { time: Some(ms(60_000)), movestogo: Some(10), ..base.clone() };
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(6_000)), hard: Some(ms(30_000)) });
        let l = Limits { time: Some(ms(60_000)), movestogo: Some(2), ..base.clone() };
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(30_000)), hard: Some(ms(54_000)) });
        let l = Limits { time: Some(ms(60_000)), increment: ms(1_000), ..base.clone() };
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(4_000)), hard: Some(ms(30_000)) });
        let l = Limits { movetime: Some(ms(500)), ..base.clone() };
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(500)), hard: Some(ms(500)) });
        let l = Limits { time: Some(ms(100)), increment: ms(5_000), ..base };
        assert_eq!(l.budget(), TimeBudget { soft: Some(ms(50)), hard: Some(ms(50)) });
    }
}

//! The one clock of every front: a Fischer [`TimeControl`] (base plus increment), the
//! [`Clock`] that charges each move against it and says when a flag falls, and the [`LiveClock`]
//! of a game played against the wall clock (the browser's), whose side to move's time runs.
//!
//! The match referee charges the time it measured around an engine's `go` (with a grace for the
//! pipe); the browser charges the time since the last move, its first two moves untimed.

use std::fmt;
use std::time::{Duration, Instant};

use crate::types::{ByColor, Color};

/// A Fischer time control: base time per game, increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base: Duration,
    pub increment: Duration,
}

impl TimeControl {
    /// Parses `BASE+INC` in seconds (`5+0.05`, `60`, `0.5+0.01`).
    pub fn parse(s: &str) -> Option<TimeControl> {
        let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
        let seconds = |t: &str| {
            let v: f64 = t.trim().parse().ok()?;
            (0.0..1e7).contains(&v).then(|| Duration::from_secs_f64(v))
        };
        let tc = TimeControl { base: seconds(base)?, increment: seconds(inc)? };
        (tc.base > Duration::ZERO).then_some(tc)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.base.as_secs_f64(), self.increment.as_secs_f64())
    }
}

/// Both sides' time left and increments; each side may have its own time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    remaining: ByColor<Duration>,
    increment: ByColor<Duration>,
    /// Time a side may overrun its clock before its flag falls.
    grace: Duration,
}

impl Clock {
    pub fn new(tc: ByColor<TimeControl>, grace: Duration) -> Clock {
        let ByColor([red, black]) = tc;
        Clock {
            remaining: ByColor::new(red.base, black.base),
            increment: ByColor::new(red.increment, black.increment),
            grace,
        }
    }

    pub fn remaining(&self, c: Color) -> Duration {
        self.remaining[c]
    }

    /// Sets `c`'s remaining time: a game resumed with the time it had left.
    pub fn set_remaining(&mut self, c: Color, left: Duration) {
        self.remaining[c] = left;
    }

    /// `c`'s increment per move.
    pub fn increment(&self, c: Color) -> Duration {
        self.increment[c]
    }

    /// How long `c` may take over its move before its flag falls.
    pub fn limit(&self, c: Color) -> Duration {
        self.remaining[c] + self.grace
    }

    /// Charges `c` for a move that took `used`. Beyond the remaining time plus the grace its
    /// flag has fallen (`false`); within the grace the clock stops at zero; `c`'s increment is
    /// added after the move.
    pub fn charge(&mut self, c: Color, used: Duration) -> bool {
        if used > self.limit(c) {
            self.remaining[c] = Duration::ZERO;
            return false;
        }
        self.remaining[c] = self.remaining[c].saturating_sub(used) + self.increment[c];
        true
    }

    /// The clocks `stm` is shown when it searches; an opponent without a clock
    /// (`opponent_clocked` false) is shown with `stm`'s own, so that a time manager weighing
    /// both sees an even game.
    pub fn seen_by(&self, stm: Color, opponent_clocked: bool) -> Clock {
        let mut seen = *self;
        if !opponent_clocked {
            seen.remaining[!stm] = seen.remaining[stm];
            seen.increment[!stm] = seen.increment[stm];
        }
        seen
    }
}

/// The most time a resumed game may say a side has left, in seconds (a day).
const MAX_LEFT_S: u64 = 86_400;

/// A [`Clock`] against the wall clock, with no grace (the flag falls at zero), and the moment
/// the side to move's time began to run. As on lichess, each side's first move is untimed:
/// the clocks start once both sides have moved, so nobody loses time finding the board.
#[derive(Clone, Copy, Debug)]
pub struct LiveClock {
    control: TimeControl,
    clock: Clock,
    /// When the side to move's time began to run.
    since: Instant,
    /// Moves still to be made before the clocks run (2 in a new game, 0 once both have moved).
    untimed: usize,
}

impl LiveClock {
    /// Clocks at `tc` from now, or with the time each side had `left` (a reloaded page's), in
    /// a game of which `played` moves are behind.
    pub fn new(tc: TimeControl, left: Option<ByColor<Duration>>, played: usize) -> LiveClock {
        let mut clock = Clock::new(ByColor::new(tc, tc), Duration::ZERO);
        if let Some(left) = left {
            for c in Color::ALL {
                clock.set_remaining(c, left[c].min(Duration::from_secs(MAX_LEFT_S)));
            }
        }
        LiveClock { control: tc, clock, since: Instant::now(), untimed: 2usize.saturating_sub(played) }
    }

    /// The time control the game is played at.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Whether the side to move's time is running: once each side has made its first move.
    pub fn started(&self) -> bool {
        self.untimed == 0
    }

    /// `side`'s time left now; `to_move` when it is `side`'s turn.
    pub fn left(&self, side: Color, to_move: bool) -> Duration {
        let left = self.clock.remaining(side);
        if to_move && self.started() { left.saturating_sub(self.since.elapsed()) } else { left }
    }

    /// `mover` has moved: its time is charged, its increment added, the other's clock starts
    /// (a first move costs nothing and earns nothing). `false`: its flag had fallen first.
    pub fn moved(&mut self, mover: Color) -> bool {
        let used = self.since.elapsed();
        self.since = Instant::now();
        if !self.started() {
            self.untimed -= 1;
            return true;
        }
        self.clock.charge(mover, used)
    }

    /// The side to move's time runs from now (after a take-back or a resumed game).
    pub fn restart(&mut self) {
        self.since = Instant::now();
    }

    /// When the flag of the side to move falls; none before the clocks start.
    pub fn deadline(&self, to_move: Color) -> Option<Instant> {
        self.started().then(|| self.since + self.clock.remaining(to_move))
    }

    /// `side`'s time left and increment, for its search.
    pub fn for_search(&self, side: Color) -> (Duration, Duration) {
        (self.left(side, true), self.clock.increment(side))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn time_controls() {
        assert_eq!(TimeControl::parse("5+0.05"), Some(TimeControl { base: MS(5000), increment: MS(50) }));
        assert_eq!(TimeControl::parse("60"), Some(TimeControl { base: MS(60_000), increment: MS(0) }));
        assert_eq!(TimeControl::parse("0.5+0.01"), Some(TimeControl { base: MS(500), increment: MS(10) }));
        for bad in ["", "+1", "0+1", "abc", "5+x", "-1+0", "5+-1", "inf", "NaN+0", "1e30"] {
            assert_eq!(TimeControl::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn clock_charges_forfeits_and_grace() {
        let tc = TimeControl { base: MS(1000), increment: MS(100) };
        let mut clock = Clock::new(ByColor::new(tc, tc), MS(50));
        assert_eq!(clock.limit(Color::Red), MS(1050));
        assert!(clock.charge(Color::Red, MS(300)));
        assert_eq!(clock.remaining(Color::Red), MS(800));
        assert_eq!(clock.remaining(Color::Black), MS(1000));
        // Within the grace: the clock stops at zero, then the increment.
        assert!(clock.charge(Color::Red, MS(840)));
        assert_eq!(clock.remaining(Color::Red), MS(100));
        // Exactly at the limit is still in time; one microsecond more is not.
        assert!(clock.charge(Color::Black, MS(1050)));
        assert_eq!(clock.remaining(Color::Black), MS(100));
        assert!(!clock.charge(Color::Black, MS(150) + Duration::from_micros(1)));
        assert_eq!(clock.remaining(Color::Black), Duration::ZERO);
    }

    #[test]
    fn each_side_keeps_its_own_time_control() {
        let red = TimeControl { base: MS(500), increment: MS(5) };
        let black = TimeControl { base: MS(5000), increment: MS(50) };
        let mut clock = Clock::new(ByColor::new(red, black), MS(50));
        assert_eq!(clock.limit(Color::Red), MS(550));
        assert_eq!(clock.limit(Color::Black), MS(5050));
        assert!(clock.charge(Color::Red, MS(100)));
        assert!(clock.charge(Color::Black, MS(100)));
        let seen = clock.seen_by(Color::Red, true);
        assert_eq!((seen.remaining(Color::Red), seen.remaining(Color::Black)), (MS(405), MS(4950)));
        assert_eq!((seen.increment(Color::Red), seen.increment(Color::Black)), (MS(5), MS(50)));
        // An opponent without a clock is shown with the mover's.
        let seen = clock.seen_by(Color::Red, false);
        assert_eq!((seen.remaining(Color::Red), seen.remaining(Color::Black)), (MS(405), MS(405)));
        assert_eq!((seen.increment(Color::Red), seen.increment(Color::Black)), (MS(5), MS(5)));
        // 1 s is a forfeit for Red, not for Black.
        assert!(clock.charge(Color::Black, MS(1000)));
        assert!(!clock.charge(Color::Red, MS(1000)));
    }

    #[test]
    fn the_increment_is_added_and_a_fallen_flag_is_told() {
        let tc = TimeControl::parse("60+2").expect("a control");
        let mut clock = LiveClock::new(tc, None, 2);
        assert!(clock.moved(Color::Red));
        let red = clock.left(Color::Red, false);
        assert!(red <= Duration::from_secs(62), "{red:?}: the increment, less the time used");
        assert_eq!(clock.left(Color::Black, false), Duration::from_secs(60));
        // A resumed game: Black had nothing left, so its next move comes too late.
        let left = ByColor::new(Duration::from_secs(30), Duration::ZERO);
        let mut resumed = LiveClock::new(tc, Some(left), 2);
        assert_eq!(resumed.left(Color::Red, false), Duration::from_secs(30));
        std::thread::sleep(Duration::from_millis(2));
        assert!(!resumed.moved(Color::Black));
        let greedy = LiveClock::new(tc, Some(ByColor::new(Duration::from_secs(10 * MAX_LEFT_S), Duration::ZERO)), 2);
        assert_eq!(greedy.left(Color::Red, false), Duration::from_secs(MAX_LEFT_S));
    }

    #[test]
    fn the_clocks_start_once_each_side_has_moved() {
        let tc = TimeControl::parse("60+2").expect("a control");
        let mut clock = LiveClock::new(tc, None, 0);
        std::thread::sleep(Duration::from_millis(2));
        assert!(!clock.started());
        assert_eq!((clock.left(Color::Red, true), clock.deadline(Color::Red)), (Duration::from_secs(60), None));
        assert!(clock.moved(Color::Red) && clock.moved(Color::Black));
        // Neither first move cost time or earned the increment; now Red's time runs.
        assert_eq!(clock.left(Color::Black, false), Duration::from_secs(60));
        assert!(clock.started() && clock.deadline(Color::Red).is_some());
        std::thread::sleep(Duration::from_millis(2));
        assert!(clock.left(Color::Red, true) < Duration::from_secs(60));
        // A game resumed after one move: Black's first move is still free.
        assert!(!LiveClock::new(tc, None, 1).started());
    }
}

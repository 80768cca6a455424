//! A game's clocks in the browser (`docs/web.md` §4): the referee's [`Clock`] (base plus
//! increment, the increment added after each move, no grace: the flag falls at zero), and the
//! moment the side to move's began to run. The server keeps the time; the page only shows it.

use std::time::{Duration, Instant};

use crate::arena::game::{Clock, TimeControl};
use crate::types::{ByColor, Color};

use super::protocol::ClockState;

#[derive(Clone, Copy, Debug)]
pub struct GameClock {
    tc: TimeControl,
    clock: Clock,
    /// When the side to move's time began to run.
    since: Instant,
}

impl GameClock {
    /// Clocks at `tc` from now, or with the time each side had `left` (a reloaded page's).
    pub fn new(tc: TimeControl, left: Option<ByColor<Duration>>) -> GameClock {
        let mut clock = Clock::new(ByColor::new(tc, tc), Duration::ZERO);
        if let Some(left) = left {
            for c in [Color::Red, Color::Black] {
                clock.set_remaining(c, left[c].min(Duration::from_secs(MAX_LEFT_S)));
            }
        }
        GameClock { tc, clock, since: Instant::now() }
    }

    /// `side`'s time left now; `running` when it is `side`'s turn.
    pub fn left(&self, side: Color, running: bool) -> Duration {
        let left = self.clock.remaining(side);
        if running { left.saturating_sub(self.since.elapsed()) } else { left }
    }

    /// `mover` has moved: its time is charged, its increment added, the other's clock starts.
    /// `false`: its flag had fallen first.
    pub fn moved(&mut self, mover: Color) -> bool {
        let used = self.since.elapsed();
        self.since = Instant::now();
        self.clock.charge(mover, used)
    }

    /// The side to move's time runs from now (after a take-back or a resumed game).
    pub fn restart(&mut self) {
        self.since = Instant::now();
    }

    /// When the flag of the side to move falls.
    pub fn deadline(&self, to_move: Color) -> Instant {
        self.since + self.clock.remaining(to_move)
    }

    /// `side`'s time left and increment, for its search.
    pub fn for_search(&self, side: Color) -> (Duration, Duration) {
        (self.left(side, true), self.clock.increment(side))
    }

    /// What the page shows: each side's time left, `to_move`'s running unless the game is over.
    pub fn state(&self, to_move: Color, over: bool) -> ClockState {
        let ms = |c: Color| self.left(c, !over && c == to_move).as_millis() as u64;
        ClockState { red: ms(Color::Red), black: ms(Color::Black), control: self.tc.to_string(), running: !over }
    }
}

/// The most time a resumed game may say a side has left, in seconds (a day).
const MAX_LEFT_S: u64 = 86_400;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_increment_is_added_and_a_fallen_flag_is_told() {
        let tc = TimeControl::parse("60+2").expect("a control");
        let mut clock = GameClock::new(tc, None);
        assert!(clock.moved(Color::Red));
        let red = clock.left(Color::Red, false);
        assert!(red <= Duration::from_secs(62), "{red:?}: the increment, less the time used");
        assert_eq!(clock.left(Color::Black, false), Duration::from_secs(60));
        // A resumed game: Black had nothing left, so its next move comes too late.
        let left = ByColor::new(Duration::from_secs(30), Duration::ZERO);
        let mut resumed = GameClock::new(tc, Some(left));
        assert_eq!(resumed.state(Color::Black, false).red, 30_000);
        std::thread::sleep(Duration::from_millis(2));
        assert!(!resumed.moved(Color::Black));
        let greedy = GameClock::new(tc, Some(ByColor::new(Duration::from_secs(10 * MAX_LEFT_S), Duration::ZERO)));
        assert_eq!(greedy.left(Color::Red, false), Duration::from_secs(MAX_LEFT_S));
    }
}

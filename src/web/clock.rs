//! A game's clocks in the browser (`docs/web.md` §4): the referee's [`Clock`] (base plus
//! increment, the increment added after each move, no grace: the flag falls at zero), and the
//! moment the side to move's began to run. As on lichess, each side's first move is untimed:
//! the clocks start once both sides have moved, so nobody loses time finding the board. The
//! server keeps the time; the page only shows it.

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
    /// Moves still to be made before the clocks run (2 in a new game, 0 once both have moved).
    untimed: usize,
}

impl GameClock {
    /// Clocks at `tc` from now, or with the time each side had `left` (a reloaded page's), in
    /// a game of which `played` moves are behind.
    pub fn new(tc: TimeControl, left: Option<ByColor<Duration>>, played: usize) -> GameClock {
        let mut clock = Clock::new(ByColor::new(tc, tc), Duration::ZERO);
        if let Some(left) = left {
            for c in [Color::Red, Color::Black] {
                clock.set_remaining(c, left[c].min(Duration::from_secs(MAX_LEFT_S)));
            }
        }
        GameClock { tc, clock, since: Instant::now(), untimed: 2usize.saturating_sub(played) }
    }

    /// Whether the side to move's time is running: once each side has made its first move.
    fn started(&self) -> bool {
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

    /// What the page shows: each side's time left, `to_move`'s running unless the game is over.
    pub fn state(&self, to_move: Color, over: bool) -> ClockState {
        let ms = |c: Color| self.left(c, !over && c == to_move).as_millis() as u64;
        ClockState {
            red: ms(Color::Red),
            black: ms(Color::Black),
            control: self.tc.to_string(),
            running: !over && self.started(),
        }
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
        let mut clock = GameClock::new(tc, None, 2);
        assert!(clock.moved(Color::Red));
        let red = clock.left(Color::Red, false);
        assert!(red <= Duration::from_secs(62), "{red:?}: the increment, less the time used");
        assert_eq!(clock.left(Color::Black, false), Duration::from_secs(60));
        // A resumed game: Black had nothing left, so its next move comes too late.
        let left = ByColor::new(Duration::from_secs(30), Duration::ZERO);
        let mut resumed = GameClock::new(tc, Some(left), 2);
        assert_eq!(resumed.state(Color::Black, false).red, 30_000);
        std::thread::sleep(Duration::from_millis(2));
        assert!(!resumed.moved(Color::Black));
        let greedy = GameClock::new(tc, Some(ByColor::new(Duration::from_secs(10 * MAX_LEFT_S), Duration::ZERO)), 2);
        assert_eq!(greedy.left(Color::Red, false), Duration::from_secs(MAX_LEFT_S));
    }

    #[test]
    fn the_clocks_start_once_each_side_has_moved() {
        let tc = TimeControl::parse("60+2").expect("a control");
        let mut clock = GameClock::new(tc, None, 0);
        std::thread::sleep(Duration::from_millis(2));
        assert!(!clock.state(Color::Red, false).running);
        assert_eq!((clock.left(Color::Red, true), clock.deadline(Color::Red)), (Duration::from_secs(60), None));
        assert!(clock.moved(Color::Red) && clock.moved(Color::Black));
        // Neither first move cost time or earned the increment; now Red's time runs.
        assert_eq!(clock.state(Color::Red, false).black, 60_000);
        assert!(clock.state(Color::Red, false).running && clock.deadline(Color::Red).is_some());
        std::thread::sleep(Duration::from_millis(2));
        assert!(clock.left(Color::Red, true) < Duration::from_secs(60));
        // A game resumed after one move: Black's first move is still free.
        let resumed = GameClock::new(tc, None, 1);
        assert!(!resumed.state(Color::Black, false).running);
    }
}

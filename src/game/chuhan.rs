//! Chuhan as a player, the one place every front asks how it moves: a move it knows without
//! searching (the book's), else a search at its level within its budget. The endgame tables
//! act inside the search (`docs/egtb.md` §14), so that every front, the analysis's MultiPV
//! included, gets their moves and values alike. Advice (hints, the judgement of a draw offer) is searched at full
//! strength, whatever its level, and a draw offer is answered with one sign convention.

use std::fmt;

use super::Game;
use super::budget::Budget;
use crate::board::Position;
use crate::engine::{Engine, Level, Limits, Strength};
use crate::types::{Color, Move, Value};

/// Chuhan's level when none is given: one an ordinary club player can beat
/// (`docs/strength.md` §24).
pub const DEFAULT_LEVEL: Level = match Level::new(10) {
    Some(level) => level,
    None => panic!("10 is a level"),
};

/// A draw offer is accepted when Chuhan does not think itself better than this (from its own
/// side), in every front alike.
pub const DRAW_ACCEPT_MAX: Value = 0;

/// The lines a hint shows (MultiPV).
pub const HINT_LINES: usize = 3;

/// Where a move Chuhan plays without searching comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The opening book, with the games its statistics count.
    Book { games: u64 },
}

impl fmt::Display for Source {
    /// `the book (120 games)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Book { games } => write!(f, "the book ({games} games)"),
        }
    }
}

/// A move Chuhan plays without searching, and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub mv: Move,
    pub source: Source,
}

/// The move Chuhan plays in `engine`'s position without a search, if it has one: a book move
/// drawn with `random` (uniform over `u64`) among `searchmoves` (any when empty), with the
/// book on (`docs/book.md` §3).
pub fn prepared(engine: &Engine, searchmoves: &[Move], random: u64) -> Option<Choice> {
    let bm = engine.book_move(searchmoves, random)?;
    Some(Choice { mv: bm.mv, source: Source::Book { games: bm.stats.games() } })
}

/// How well Chuhan plays a game and how long it thinks over each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Player {
    pub level: Level,
    pub budget: Budget,
}

impl Player {
    /// The limits of Chuhan's search for its move in `game`, on the game's clock when its
    /// budget is one.
    pub fn limits(&self, game: &Game) -> Limits {
        let strength = Strength::at_level(self.level);
        bounded(self.budget, game, Limits { strength, move_limit: game.move_limit(), ..Limits::default() })
    }

    /// The move Chuhan plays in `game` without searching, if it has one (the engine is set to
    /// the game's position).
    pub fn prepared(&self, engine: &mut Engine, game: &Game) -> Option<Choice> {
        engine.set_position(game.position().clone());
        prepared(engine, &[], rand::random())
    }
}

/// The limits of a search for advice in `game` (a hint's `lines`, the judgement of a draw
/// offer): at full strength, whatever Chuhan's level, within `budget`.
pub fn advice(game: &Game, budget: Budget, lines: usize) -> Limits {
    bounded(budget, game, Limits { multipv: lines, move_limit: game.move_limit(), ..Limits::default() })
}

/// `limits` bounded by `budget`; on the clock, by the time the side to move has left in `game`
/// (the control's base in a game without a clock), spent as `go wtime btime winc binc` would.
fn bounded(budget: Budget, game: &Game, limits: Limits) -> Limits {
    match budget {
        Budget::Depth(d) => Limits { depth: Some(d), ..limits },
        Budget::Nodes(n) => Limits { nodes: Some(n), ..limits },
        Budget::MoveTime(t) => Limits { movetime: Some(t), ..limits },
        Budget::Clock(tc) => {
            let side = game.position().side_to_move();
            let (time, increment) = game.clock().map_or((tc.base, tc.increment), |c| c.for_search(side));
            Limits { time: Some(time), increment, ..limits }
        }
    }
}

/// Chuhan's answer to a draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawAnswer {
    pub accepts: bool,
    /// The value Chuhan gives the position, from its own side.
    pub own: Value,
}

/// Chuhan, playing `chuhan`, answers a draw offer from `value`, a search's value of `searched`
/// for its side to move: it accepts when it does not think itself better than
/// [`DRAW_ACCEPT_MAX`].
pub fn answer_draw(searched: &Position, chuhan: Color, value: Value) -> DrawAnswer {
    let own = if searched.side_to_move() == chuhan { value } else { -value };
    DrawAnswer { accepts: own <= DRAW_ACCEPT_MAX, own }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::board::MoveLimit;
    use crate::game::{LiveClock, TimeControl};

    #[test]
    fn a_draw_is_judged_from_chuhans_side_whoever_was_searched() {
        let pos = Position::startpos();
        // Red to move: a search of Red's turn scored +50 for Red.
        assert_eq!(answer_draw(&pos, Color::Red, 50), DrawAnswer { accepts: false, own: 50 });
        assert_eq!(answer_draw(&pos, Color::Black, 50), DrawAnswer { accepts: true, own: -50 });
        assert!(answer_draw(&pos, Color::Red, DRAW_ACCEPT_MAX).accepts);
    }

    #[test]
    fn the_budget_bounds_the_search_at_the_players_level() {
        let mut game = Game::new(Position::startpos(), MoveLimit::FIFTY);
        let level = Level::new(3).expect("a level");
        let depth = Player { level, budget: Budget::Depth(7) }.limits(&game);
        assert_eq!(
            (depth.depth, depth.strength, depth.move_limit),
            (Some(7), Strength::at_level(level), MoveLimit::FIFTY)
        );
        let tc = TimeControl { base: Duration::from_secs(60), increment: Duration::from_secs(2) };
        let clock = Player { level, budget: Budget::Clock(tc) }.limits(&game);
        assert_eq!((clock.time, clock.increment), (Some(tc.base), tc.increment));
        game.set_clock(Some(LiveClock::new(tc, None, 0)));
        assert_eq!(Player { level, budget: Budget::Clock(tc) }.limits(&game).time, Some(tc.base));
        let hint = advice(&game, Budget::MoveTime(Duration::from_millis(800)), HINT_LINES);
        assert_eq!(
            (hint.multipv, hint.movetime, hint.strength),
            (3, Some(Duration::from_millis(800)), Strength::default())
        );
    }
}

//! Puzzles ("find the move"): positions of real games where exactly one move keeps the win, or
//! saves the game, each with its forced line, a rating and the themes the engine can tell
//! (`docs/puzzles.md`).
//!
//! - [`mine`]: the puzzles of one game. The game is first reviewed as `chuhan analyze` reviews
//!   it ([`crate::analysis::Review`], a shallow search with two lines per position); the
//!   positions that review marks as candidates are searched again at the stated depth, and a
//!   puzzle is kept where the best move wins (or saves) and the second best does not.
//! - [`Puzzle`] and [`read`]: the file, one JSON object a line, checked on reading.
//! - [`check`]: a puzzle searched again, deeper, to see whether its solution holds.

mod file;
mod mine;

pub use file::{Puzzle, read, to_line};
pub use mine::{Check, Settings, check, mine};

use serde::{Deserialize, Serialize};

use crate::types::Value;
use crate::types::value::is_mate;

/// A winning move's value is at least this (a horse or cannon and a half, in centi-units)...
pub const WIN: Value = 150;
/// ...and every other move's at most this.
pub const NOT_WIN: Value = 50;
/// A saving move's value is at least this (about level)...
pub const SAVE: Value = -50;
/// ...and every other move's at most this (a rook down, or worse).
pub const LOST: Value = -200;

/// What the solver's first move achieves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Goal {
    /// The only move that wins: best at least [`WIN`], second at most [`NOT_WIN`].
    Win,
    /// The only move that holds: best at least [`SAVE`], second at most [`LOST`].
    Save,
}

impl Goal {
    /// The goal a position with these two best values is a puzzle for; `None` when the best
    /// move is not the only good one (or there is only one legal move: nothing to find).
    pub fn of(best: Value, second: Option<Value>) -> Option<Goal> {
        let second = second?;
        if best >= WIN && second <= NOT_WIN {
            Some(Goal::Win)
        } else if best >= SAVE && second <= LOST {
            Some(Goal::Save)
        } else {
            None
        }
    }

    /// Whether a later move of the solution is still the only one: the same gap as the first,
    /// or, in a mate, the only move that keeps a mate; a move without an alternative is forced.
    fn unique(self, best: Value, second: Option<Value>) -> bool {
        let Some(second) = second else { return true };
        let mating = |v: Value| is_mate(v) && v > 0;
        Goal::of(best, Some(second)) == Some(self) || (mating(best) && !mating(second))
    }
}

#[cfg(test)]
mod tests;

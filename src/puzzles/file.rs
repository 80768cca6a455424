//! The puzzle file: one JSON object a line (`docs/puzzles.md` §2), checked whole on reading so
//! that a board never shows a puzzle whose moves cannot be played.

use serde::{Deserialize, Serialize};

use super::Goal;
use crate::board::Position;
use crate::types::{Depth, Move};

/// Ratings outside this range are refused as no puzzle's.
const RATINGS: std::ops::RangeInclusive<u32> = 100..=4000;

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// Unique in its file: the source's name and the ply (`00000486.pgn:1:34`).
    pub id: String,
    /// The position, the solver to move.
    pub fen: String,
    /// The solution in ICCS: the solver's moves and the opponent's replies in turn, starting
    /// and ending with the solver's.
    pub moves: Vec<String>,
    /// The puzzle's rating on the Elo scale (`docs/puzzles.md` §3).
    pub rating: u32,
    /// What the engine can tell of it: `mate`, `mateIn2`, `material`, `rook`, `advantage`,
    /// `defence`, `missed` (the player of the game did not find it).
    pub themes: Vec<String>,
    pub goal: Goal,
    /// The first move's value and the second best's, for the solver (`+M3`, `+2.40`, `-0.15`).
    pub value: String,
    pub second: String,
    /// The depth of the searches that found it.
    pub depth: Depth,
    /// The game it comes from (file and game number) and the ply of the position in it.
    pub source: String,
    pub ply: usize,
    /// The move the game's player made here, in ICCS.
    pub played: Option<String>,
}

impl Puzzle {
    /// Whether the puzzle can be shown: its FEN is a position, its moves are legal in turn,
    /// they start and end with the solver's, and its rating is one.
    fn validate(&self) -> Result<(), String> {
        let mut pos = Position::from_fen(&self.fen).map_err(|e| format!("fen: {e}"))?;
        if self.moves.len().is_multiple_of(2) {
            return Err(format!("{} moves: a solution starts and ends with the solver's move", self.moves.len()));
        }
        for text in &self.moves {
            let mv = Move::parse(text).ok_or_else(|| format!("move {text:?} is not ICCS"))?;
            pos.play(mv).map_err(|e| format!("move {text}: {e}"))?;
        }
        if !RATINGS.contains(&self.rating) {
            return Err(format!("rating {} is not {} to {}", self.rating, RATINGS.start(), RATINGS.end()));
        }
        Ok(())
    }
}

/// The puzzle as one line of the file (without its newline).
pub fn to_line(puzzle: &Puzzle) -> String {
    serde_json::to_string(puzzle).unwrap_or_default()
}

/// The puzzles of a file's text; blank lines are skipped. The first bad line is the error, as
/// `line 3: ...`, and no puzzle is given: a damaged file is refused whole.
pub fn read(text: &str) -> Result<Vec<Puzzle>, String> {
    let mut puzzles = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let puzzle: Puzzle = serde_json::from_str(line).map_err(|e| format!("line {}: not a puzzle: {e}", n + 1))?;
        puzzle.validate().map_err(|e| format!("line {}: puzzle {}: {e}", n + 1, puzzle.id))?;
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

//! Game records in PGN: the one reader and the one writer every part of Chuhan uses (the
//! terminal game, the match referee, tuning, the `chuhan pgn` command). The dialect is
//! described in `docs/pgn.md`.
//!
//! Xiangqi PGN follows chess PGN (tag pairs, then move text) with the conventions of xqbase's
//! specification, which XQWizard, ElephantEye's tools and most databases follow: a first tag
//! `[Game "Chinese Chess"]`, players in `Red` and `Black`, a `FEN` tag for games that do not
//! begin at the start position, and a `Format` tag naming the move notation.
//!
//! - [`read_games`] reads every game of a text; [`read_bytes`] a file's bytes whatever their
//!   format; [`read_file`] and [`read_paths`] read files and directories in any of the
//!   character sets of [`decode`]. A bad game is an error in
//!   its place in the list, and the games after it are still read.
//! - [`write_game`] writes one game in a chosen [`Notation`](crate::notation::Notation).
//! - [`convert`] is the `chuhan pgn` command: files in, clean PGN out.

mod convert;
mod dhtmlxq;
mod encoding;
mod error;
mod files;
mod reader;
mod tags;
#[cfg(test)]
mod tests;
mod tree;
mod writer;
mod xqf;

use crate::board::{IllegalMove, Position};
use crate::notation::Notation;
use crate::types::{GameResult, Move};

pub use convert::{ConvertError, Output, Report, Summary, convert};
pub use dhtmlxq::{is_dhtmlxq, read_dhtmlxq, write_dhtmlxq};
pub use encoding::{Charset, decode};
pub use error::{BadRecord, BadSetup, Corruption, GameError, PgnError, Place, Record, Unclosed};
pub use files::{
    Format, GAME_EXTENSIONS, Source, is_game_file, list_files, read_bytes, read_decoded, read_file, read_paths,
};
pub use reader::{move_number, read_games};
pub use tags::{ROSTER, Tags, date};
pub use writer::{LINE_WIDTH, format_name, write_game};
pub use xqf::{is_xqf, read_xqf};

/// A comment in the move text, `{...}` or `; ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The moves played before it: 0 before the first move, `n` after the `n`-th.
    pub ply: usize,
    pub text: String,
}

/// A numeric annotation glyph after a move, `$N` in PGN: `$1` `!`, `$2` `?`, `$4` `??`,
/// `$6` `?!` and so on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nag {
    /// The moves played before it: `n` after the `n`-th (from 1).
    pub ply: usize,
    pub code: u8,
}

/// An alternative line: instead of the move its parent line plays after `ply` of its moves,
/// these moves. PGN's `( ... )`, XQF's branches and DhtmlXQ's `move_B_S_N` all read into it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// The parent line's moves played before it: it replaces the parent's move `ply` (from 0).
    pub ply: usize,
    pub moves: Vec<Move>,
    /// Comments, their `ply` counted from the variation's start (0 before its first move).
    pub comments: Vec<Comment>,
    /// Glyphs, their `ply` counted from the variation's start.
    pub nags: Vec<Nag>,
    /// Alternatives to its own moves, in order of `ply`.
    pub variations: Vec<Variation>,
}

/// A line of play, borrowed: a game's main line or a variation, for code that walks both.
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    pub moves: &'a [Move],
    pub comments: &'a [Comment],
    pub nags: &'a [Nag],
    pub variations: &'a [Variation],
}

impl Variation {
    pub fn line(&self) -> Line<'_> {
        Line { moves: &self.moves, comments: &self.comments, nags: &self.nags, variations: &self.variations }
    }
}

impl Line<'_> {
    /// Variations at every depth under this line.
    pub fn variation_count(&self) -> usize {
        self.variations.iter().map(|v| 1 + v.line().variation_count()).sum()
    }

    /// Comments of this line and of every variation under it.
    pub fn comment_count(&self) -> usize {
        self.comments.len() + self.variations.iter().map(|v| v.line().comment_count()).sum::<usize>()
    }

    /// Moves of this line and of every variation under it.
    pub fn move_count(&self) -> usize {
        self.moves.len() + self.variations.iter().map(|v| v.line().move_count()).sum::<usize>()
    }
}

/// Endings `chuhan match` writes in the `Termination` tag that are no verdict on the position.
const OFF_THE_BOARD: [&str; 4] = ["loses on time", "illegal move", "gave no move", "engine failure"];

/// A game record: its tags, where it started, its moves, the comments on them, and its result.
#[derive(Clone, Debug)]
pub struct Game {
    /// Tag pairs other than those derived from the game (`Game`, `Result`, `FEN`, `SetUp`,
    /// `Format`), in file order.
    pub tags: Tags,
    /// The position before the first move.
    pub start: Position,
    /// The moves played from `start`; the reader checks that each is legal.
    pub moves: Vec<Move>,
    /// Comments of the main line, in order of `ply`.
    pub comments: Vec<Comment>,
    /// Annotation glyphs of the main line, in order of `ply`.
    pub nags: Vec<Nag>,
    /// Alternatives to main-line moves, in order of `ply`. Analysis, books and tuning follow
    /// the main line only.
    pub variations: Vec<Variation>,
    /// What the reader left out or repaired while keeping the game (a variation cut at a move
    /// that cannot be played, comment bytes no character set explains), each with where.
    pub warnings: Vec<PgnError>,
    /// The notation the moves were written in (told from the first move), `None` without moves.
    pub notation: Option<Notation>,
    /// `None` for an unfinished game (`*`).
    pub result: Option<GameResult>,
}

impl Game {
    /// An empty record starting at `start`, with no tags, moves or result.
    pub fn new(start: Position) -> Game {
        Game {
            tags: Tags::new(),
            start,
            moves: Vec::new(),
            comments: Vec::new(),
            nags: Vec::new(),
            variations: Vec::new(),
            warnings: Vec::new(),
            notation: None,
            result: None,
        }
    }

    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }

    /// Whether the game ended by a fault off the board (a reason at fault, or a `Termination`
    /// that `chuhan match` writes for one: a lost clock, an illegal or missing move, a failed
    /// engine): its result says nothing of its positions.
    pub fn ended_off_the_board(&self) -> bool {
        self.result.as_ref().is_some_and(|r| r.reason.at_fault().is_some())
            || self.tag("Termination").is_some_and(|t| OFF_THE_BOARD.iter().any(|s| t.contains(s)))
    }

    /// Sets tag `name`, replacing an earlier value.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        self.tags.set(name, value);
    }

    /// Adds a comment after the first `ply` moves, after the comments already there.
    pub fn comment(&mut self, ply: usize, text: &str) {
        let at = self.comments.partition_point(|c| c.ply <= ply);
        self.comments.insert(at, Comment { ply, text: text.to_string() });
    }

    /// Adds glyph `$code` after the first `ply` moves, after the glyphs already there.
    pub fn nag(&mut self, ply: usize, code: u8) {
        let at = self.nags.partition_point(|n| n.ply <= ply);
        self.nags.insert(at, Nag { ply, code });
    }

    /// The main line, borrowed.
    pub fn main_line(&self) -> Line<'_> {
        Line { moves: &self.moves, comments: &self.comments, nags: &self.nags, variations: &self.variations }
    }

    /// The position after all the moves, or the first move that cannot be played.
    pub fn final_position(&self) -> Result<Position, IllegalMove> {
        self.position_after(self.moves.len())
    }

    /// The position after the first `plies` moves (all of them if there are fewer), or the
    /// first move that cannot be played.
    pub fn position_after(&self, plies: usize) -> Result<Position, IllegalMove> {
        let mut pos = self.start.clone();
        for &mv in self.moves.iter().take(plies) {
            pos.play(mv)?;
        }
        Ok(pos)
    }

    /// The players as a title, `Red - Black`, each side's name where the tags give none.
    pub fn players(&self) -> String {
        format!("{} - {}", self.tag("Red").unwrap_or("Red"), self.tag("Black").unwrap_or("Black"))
    }

    /// The record as PGN text in `notation` (see [`write_game`]).
    pub fn to_pgn(&self, notation: Notation) -> String {
        write_game(self, notation)
    }

    /// Reads the first game of a text; an empty text is an empty game.
    pub fn parse(text: &str) -> Result<Game, PgnError> {
        read_games(text).into_iter().next().unwrap_or_else(|| Ok(Game::new(Position::startpos())))
    }
}

//! The game layer: one game against Chuhan, whichever front shows it. Between `engine` and the
//! fronts (`docs/design.md` §2): the terminal game, the browser, the match referee and datagen
//! keep their games here, and every front that lets Chuhan move asks [`chuhan`] how.
//!
//! A [`Game`] holds where it started, the moves played, its clock if it has one, and its result,
//! judged by [`crate::outcome::game_result`] (`docs/rules.md` §7) with repetitions judged at the
//! third occurrence of a position, as in a game. [`clock`] is the one clock, [`budget`] the one
//! way of saying how long a side thinks; [`tables`] the one wording of what the endgame tables
//! say of a position.

pub mod budget;
pub mod chuhan;
pub mod clock;
pub mod tables;

use crate::board::{CycleReport, IllegalMove, MoveLimit, Position};
use crate::outcome::{GAME_OCCURRENCES, flag_fall, game_result};
use crate::pgn;
use crate::types::{Color, GameResult, Move, Reason};

pub use budget::{Budget, jittered_nodes};
pub use chuhan::{Choice, DEFAULT_LEVEL, DrawAnswer, HINT_LINES, Player, Source};
pub use clock::{Clock, LiveClock, TimeControl};
pub use tables::TableView;

/// What became of a move played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// It stands, and the game was judged after it.
    Moved,
    /// The mover's flag had fallen before it: the move is not kept and the game is lost on time.
    FlagFell,
}

/// A game from a start position, with its moves and, once decided, its result.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    moves: Vec<Move>,
    result: Option<GameResult>,
    /// The move limit at which the game is drawn (`docs/rules.md` §9).
    move_limit: MoveLimit,
    /// The clocks, in a game played on them.
    clock: Option<LiveClock>,
}

impl Game {
    /// A new game from `start` under the move limit `move_limit` (judged at once: the start
    /// may already be decided).
    pub fn new(start: Position, move_limit: MoveLimit) -> Game {
        let mut start = start;
        start.clear_history();
        let result = game_result(&start, GAME_OCCURRENCES, move_limit);
        Game { pos: start.clone(), start, moves: Vec::new(), result, move_limit, clock: None }
    }

    /// A game that goes on from `pos`, whose history counts for its repetitions (a self-play
    /// game after its opening plies).
    pub fn continued(pos: Position, move_limit: MoveLimit) -> Game {
        let result = game_result(&pos, GAME_OCCURRENCES, move_limit);
        Game { start: pos.clone(), pos, moves: Vec::new(), result, move_limit, clock: None }
    }

    /// The game played on `clock` from now on (none: without a clock).
    pub fn set_clock(&mut self, clock: Option<LiveClock>) {
        self.clock = clock;
    }

    pub fn clock(&self) -> Option<&LiveClock> {
        self.clock.as_ref()
    }

    /// When the flag of the side to move falls, in a game on the clock still going on.
    pub fn deadline(&self) -> Option<std::time::Instant> {
        let clock = self.clock.as_ref().filter(|_| !self.is_over())?;
        clock.deadline(self.pos.side_to_move())
    }

    /// The game a PGN record holds. A decided result in the record stands unless the final
    /// position decides the game by rule.
    pub fn from_pgn(record: &pgn::Game, move_limit: MoveLimit) -> Result<Game, IllegalMove> {
        let mut game = Game::new(record.start.clone(), move_limit);
        for &mv in &record.moves {
            game.play(mv)?;
        }
        if game.result.is_none() {
            game.result = record.result.clone();
        }
        Ok(game)
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position, with its history since the start.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Plays a move if it is legal, then judges the new position. On the clock the mover is
    /// charged first: a move after its flag fell is not kept.
    pub fn play(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        let mover = self.pos.side_to_move();
        self.pos.play(mv)?;
        if let Some(clock) = self.clock.as_mut()
            && !clock.moved(mover)
        {
            self.pos.unmake();
            self.flag(mover);
            return Ok(Played::FlagFell);
        }
        self.moves.push(mv);
        self.result = self.judge();
        Ok(Played::Moved)
    }

    /// Ends the game by resignation of `loser`.
    pub fn resign(&mut self, loser: Color) {
        self.result = Some(GameResult::loss(loser, Reason::Resignation(loser)));
    }

    /// Ends the game: `side`'s flag fell.
    pub fn flag(&mut self, side: Color) {
        self.result = Some(flag_fall(side));
    }

    /// Ends the game drawn by agreement.
    pub fn agree_draw(&mut self) {
        self.result = Some(GameResult::draw(Reason::Agreement));
    }

    /// Takes back the last `plies` moves (fewer if the game has fewer) and any result.
    pub fn undo(&mut self, plies: usize) {
        for _ in 0..plies.min(self.moves.len()) {
            self.moves.pop();
            self.pos.unmake();
        }
        self.result = self.judge();
    }

    /// The game-end verdict on the current position (`docs/rules.md` §7), if the game is over.
    fn judge(&self) -> Option<GameResult> {
        game_result(&self.pos, GAME_OCCURRENCES, self.move_limit)
    }

    /// The move limit the game is played under.
    pub fn move_limit(&self) -> MoveLimit {
        self.move_limit
    }

    /// The judge's account of the repetition that ended the game, if one did.
    pub fn repetition_note(&self) -> Option<String> {
        self.repetition_account().map(|report| report.one_line())
    }

    /// The judge's account behind [`Game::repetition_note`], for words in other languages.
    pub fn repetition_account(&self) -> Option<CycleReport> {
        self.result.as_ref().and_then(|r| self.pos.repetition_account(r, GAME_OCCURRENCES))
    }

    /// Takes back `side`'s last move and every move after it; returns the plies taken back
    /// (0 when `side` has not moved). On the clock, the side to move's time runs from now.
    pub fn take_back(&mut self, side: Color) -> usize {
        if let Some(clock) = self.clock.as_mut() {
            clock.restart();
        }
        let first = self.start.side_to_move();
        let mover = |i: usize| if i.is_multiple_of(2) { first } else { !first };
        let moves = self.moves.len();
        let plies = (0..moves).rev().find(|&i| mover(i) == side).map_or(0, |i| moves - i);
        self.undo(plies);
        plies
    }

    /// The record for saving, with the given tags set.
    pub fn record(&self, tags: &[(&str, &str)]) -> pgn::Game {
        let mut record = pgn::Game::new(self.start.clone());
        for (name, value) in tags {
            record.set_tag(name, value);
        }
        record.moves = self.moves.clone();
        if let Some(note) = self.repetition_note() {
            record.comment(self.moves.len(), &note);
        }
        record.result = self.result.clone();
        record
    }
}

#[cfg(test)]
mod tests;

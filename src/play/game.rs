//! The game record of the terminal game: where it started, the moves played, and how it ended.
//!
//! The end of the game is judged by [`crate::outcome::game_result`] (`docs/rules.md` §7), with
//! repetitions judged at the third occurrence of a position, as in a game.

use crate::board::{CycleReport, IllegalMove, MoveLimit, Position};
use crate::outcome::{GAME_OCCURRENCES, flag_fall, game_result};
use crate::pgn;
use crate::types::{Color, GameResult, Move, Reason};

/// A game from a start position, with its moves and, once decided, its result.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    moves: Vec<Move>,
    result: Option<GameResult>,
    /// The move limit at which the game is drawn (`docs/rules.md` §9).
    move_limit: MoveLimit,
}

impl Game {
    /// A new game from `start` under the move limit `move_limit` (judged at once: the start
    /// may already be decided).
    pub fn new(start: Position, move_limit: MoveLimit) -> Game {
        let mut start = start;
        start.clear_history();
        let result = game_result(&start, GAME_OCCURRENCES, move_limit);
        Game { pos: start.clone(), start, moves: Vec::new(), result, move_limit }
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

    /// Plays a move if it is legal, then judges the new position.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.pos.play(mv)?;
        self.moves.push(mv);
        self.result = self.judge();
        Ok(())
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
    /// (0 when `side` has not moved).
    pub fn take_back(&mut self, side: Color) -> usize {
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

/// "Red" or "Black".
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str, moves: &[&str]) -> Game {
        let mut g = Game::new(Position::from_fen(fen).expect("valid test FEN"), MoveLimit::SIXTY);
        for m in moves {
            g.play(Move::parse(m).expect("test move")).unwrap_or_else(|e| panic!("{e}"));
        }
        g
    }

    #[test]
    fn mate_and_no_move_lose() {
        // Two rooks: a8 covers rank 8, the other mates on rank 9.
        let g = game("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", &["b0b9"]);
        assert_eq!(g.result(), Some(&GameResult::win(Color::Red, Reason::Checkmate)));
    }

    #[test]
    fn perpetual_check_loses_on_the_third_occurrence() {
        let cycle = ["a0a9", "d9d8", "a9a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9"];
        let mut g = game("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", &cycle);
        assert!(!g.is_over(), "the rook's first position has occurred twice only");
        g.play(Move::parse("a8a9").expect("move")).expect("legal");
        let o = g.result().expect("third occurrence");
        assert_eq!(o, &GameResult::win(Color::Black, Reason::PerpetualCheck(Color::Red)));
        assert_eq!(o.to_string(), "0-1 (perpetual check by red)");
        let text = pgn::write_game(&g.record(&[]), crate::notation::Notation::Iccs);
        assert!(
            text.ends_with(
                "5. a8a9\n{cycle: d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9; red checks on every move; black \
                 is neither checking nor chasing}\n0-1\n"
            ),
            "{text}"
        );
        g.undo(1);
        assert!(!g.is_over());
    }

    #[test]
    fn quiet_repetition_draws() {
        let shuffle = ["e0e1", "d9d8", "e1e0", "d8d9"];
        let moves: Vec<&str> = shuffle.iter().chain(shuffle.iter()).copied().collect();
        let g = game("3k5/9/9/8p/9/9/P8/9/9/4K4 w - - 0 1", &moves);
        assert_eq!(g.result(), Some(&GameResult::draw(Reason::Repetition { occurrences: 3 })));
    }

    #[test]
    fn sixty_moves_and_bare_kings_draw() {
        let g = game("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 80", &["a0a1"]);
        assert_eq!(g.result().map(|r| &r.reason), Some(&Reason::MoveLimit { moves: 60 }));
        // Under the fifty-move limit the same game ended twenty plies earlier.
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 99 80").expect("valid");
        let mut g = Game::new(start.clone(), MoveLimit::FIFTY);
        assert!(!g.is_over());
        g.play(Move::parse("a0a1").expect("move")).expect("legal");
        assert_eq!(g.result().map(|r| &r.reason), Some(&Reason::MoveLimit { moves: 50 }));
        let mut g = Game::new(start, MoveLimit::SIXTY);
        g.play(Move::parse("a0a1").expect("move")).expect("legal");
        assert!(!g.is_over());
        let g = game("3k5/9/9/9/9/9/9/9/3A5/4K4 w - - 0 1", &[]);
        assert_eq!(g.result().map(|r| &r.reason), Some(&Reason::InsufficientMaterial));
    }

    #[test]
    fn record_round_trip() {
        let mut g = game(crate::board::START_FEN, &["h2e2", "h9g7"]);
        g.resign(Color::Black);
        let record = g.record(&[("Red", "Human")]);
        assert_eq!(record.result, Some(GameResult::win(Color::Red, Reason::Resignation(Color::Black))));
        let text = record.to_pgn(crate::notation::Notation::Iccs);
        assert!(text.contains("[Termination \"black resigns\"]\n"), "{text}");
        let back = Game::from_pgn(&pgn::Game::parse(&text).expect("parses"), MoveLimit::SIXTY).expect("legal");
        assert_eq!(back.moves(), g.moves());
        assert_eq!(back.result(), Some(&GameResult::win(Color::Red, Reason::Recorded)));
        assert_eq!(back.position().fen(), g.position().fen());
    }
}

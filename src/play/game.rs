//! The game record of the terminal game: where it started, the moves played, and how it ended.
//!
//! Game-end judging follows `rules.md` section 7 in its order: no legal move loses; a position
//! occurring for the third time is judged by the repetition rules (section 8); the 60-move
//! counter reaching 120 draws (section 9); neither side having attacking material draws
//! (section 10). The repetition verdict implemented here is perpetual check only: chase
//! detection is not available yet, and section 8 allows "draw" in its place until it is.

use crate::board::{IllegalMove, Position};
use crate::movegen::legal_moves;
use crate::play::pgn::{GameResult, PgnGame};
use crate::types::{Color, Move, PieceKind};

/// How a game ended, and why, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub result: GameResult,
    pub reason: String,
}

impl Outcome {
    fn win(winner: Color, reason: String) -> Outcome {
        Outcome { result: GameResult::win_for(winner), reason }
    }

    fn draw(reason: &str) -> Outcome {
        Outcome { result: GameResult::Draw, reason: reason.to_string() }
    }
}

/// A game from a start position, with its moves and, once decided, its outcome.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game from `start` (judged at once: the start may already be decided).
    pub fn new(start: Position) -> Game {
        let mut start = start;
        start.clear_history();
        let outcome = judge(&start);
        Game { pos: start.clone(), start, moves: Vec::new(), outcome }
    }

    /// The game a PGN record holds. A decided result in the record stands unless the final
    /// position decides the game by rule.
    pub fn from_pgn(record: &PgnGame) -> Result<Game, IllegalMove> {
        let mut game = Game::new(record.start.clone());
        for &mv in &record.moves {
            game.play(mv)?;
        }
        if game.outcome.is_none() && record.result != GameResult::Unfinished {
            game.outcome = Some(Outcome { result: record.result, reason: "as recorded".to_string() });
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

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Plays a move if it is legal, then judges the new position.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.pos.play(mv)?;
        self.moves.push(mv);
        self.outcome = judge(&self.pos);
        Ok(())
    }

    /// Ends the game by resignation of `loser`.
    pub fn resign(&mut self, loser: Color) {
        self.outcome = Some(Outcome::win(!loser, format!("{} resigns", side_name(loser))));
    }

    /// Ends the game drawn by agreement.
    pub fn agree_draw(&mut self) {
        self.outcome = Some(Outcome::draw("by agreement"));
    }

    /// Takes back the last `plies` moves (fewer if the game has fewer) and any outcome.
    pub fn undo(&mut self, plies: usize) {
        for _ in 0..plies.min(self.moves.len()) {
            self.moves.pop();
            self.pos.unmake();
        }
        self.outcome = judge(&self.pos);
    }

    /// The record for saving, with the given tags set.
    pub fn record(&self, tags: &[(&str, &str)]) -> PgnGame {
        let mut record = PgnGame::new(self.start.clone());
        for (name, value) in tags {
            record.set_tag(name, value);
        }
        record.moves = self.moves.clone();
        record.result = self.outcome.as_ref().map_or(GameResult::Unfinished, |o| o.result);
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

/// The game-end verdict on `pos` (`rules.md` section 7), if the game is over.
pub fn judge(pos: &Position) -> Option<Outcome> {
    let stm = pos.side_to_move();
    if legal_moves(pos).is_empty() {
        let how = if pos.in_check() { "checkmate" } else { "no legal move" };
        return Some(Outcome::win(!stm, format!("{how}: {} cannot move", side_name(stm))));
    }
    if let Some(outcome) = repetition(pos) {
        return Some(outcome);
    }
    if pos.rule60() >= 120 {
        return Some(Outcome::draw("60 moves without a capture"));
    }
    let attackers = |c| {
        [PieceKind::Rook, PieceKind::Horse, PieceKind::Cannon, PieceKind::Soldier]
            .iter()
            .any(|&k| pos.pieces_of(c, k).any())
    };
    if !attackers(Color::Red) && !attackers(Color::Black) {
        return Some(Outcome::draw("neither side can attack"));
    }
    None
}

/// The repetition verdict when the current position occurs for the third time (`rules.md`
/// section 8): one side checking with every move of the cycle loses; otherwise a draw.
fn repetition(pos: &Position) -> Option<Outcome> {
    let hist = pos.history();
    let back = (pos.state().reversible as usize).min(hist.len());
    let key = pos.key();
    // Earlier occurrences, nearest first; positions with the same side to move are an even
    // number of plies apart.
    let mut earlier = (2..=back).step_by(2).filter(|&d| hist[hist.len() - d].key == key);
    let _second = earlier.next()?;
    let first = earlier.next()?;

    // The moves of the cycle led to the states at distances first-1 .. 0; the state after a
    // checking move has checkers. The side to move at distance k is the current one when k is
    // even, so the mover of the move leading there is the other side.
    let stm = pos.side_to_move();
    let mut always_checks = [true, true];
    for k in 0..first {
        let st = if k == 0 { pos.state() } else { &hist[hist.len() - k] };
        let mover = if k % 2 == 0 { !stm } else { stm };
        if st.checkers.is_empty() {
            always_checks[mover.index()] = false;
        }
    }
    match always_checks {
        [true, false] => Some(Outcome::win(Color::Black, "Red checks perpetually".to_string())),
        [false, true] => Some(Outcome::win(Color::Red, "Black checks perpetually".to_string())),
        _ => Some(Outcome::draw("repetition")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str, moves: &[&str]) -> Game {
        let mut g = Game::new(Position::from_fen(fen).expect("valid test FEN"));
        for m in moves {
            g.play(Move::parse(m).expect("test move")).unwrap_or_else(|e| panic!("{e}"));
        }
        g
    }

    #[test]
    fn mate_and_no_move_lose() {
        // Two rooks: a8 covers rank 8, the other mates on rank 9.
        let g = game("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", &["b0b9"]);
        let o = g.outcome().expect("mate");
        assert_eq!(o.result, GameResult::RedWins);
        assert!(o.reason.starts_with("checkmate"), "{}", o.reason);
    }

    #[test]
    fn perpetual_check_loses_on_the_third_occurrence() {
        let cycle = ["a0a9", "d9d8", "a9a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9"];
        let mut g = game("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", &cycle);
        assert!(!g.is_over(), "the rook's first position has occurred twice only");
        g.play(Move::parse("a8a9").expect("move")).expect("legal");
        let o = g.outcome().expect("third occurrence");
        assert_eq!(o.result, GameResult::BlackWins);
        assert_eq!(o.reason, "Red checks perpetually");
        g.undo(1);
        assert!(!g.is_over());
    }

    #[test]
    fn quiet_repetition_draws() {
        let shuffle = ["e0e1", "d9d8", "e1e0", "d8d9"];
        let moves: Vec<&str> = shuffle.iter().chain(shuffle.iter()).copied().collect();
        let g = game("3k5/9/9/8p/9/9/P8/9/9/4K4 w - - 0 1", &moves);
        assert_eq!(g.outcome().map(|o| o.result), Some(GameResult::Draw));
    }

    #[test]
    fn sixty_moves_and_bare_kings_draw() {
        let g = game("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 80", &["a0a1"]);
        assert_eq!(g.outcome().map(|o| o.reason.as_str()), Some("60 moves without a capture"));
        let g = game("3k5/9/9/9/9/9/9/9/3A5/4K4 w - - 0 1", &[]);
        assert_eq!(g.outcome().map(|o| o.reason.as_str()), Some("neither side can attack"));
    }

    #[test]
    fn record_round_trip() {
        let mut g = game(crate::board::START_FEN, &["h2e2", "h9g7"]);
        g.resign(Color::Black);
        let record = g.record(&[("Red", "Human")]);
        assert_eq!(record.result, GameResult::RedWins);
        let back = Game::from_pgn(&PgnGame::parse(&record.to_pgn()).expect("parses")).expect("legal");
        assert_eq!(back.moves(), g.moves());
        assert_eq!(back.outcome().map(|o| o.result), Some(GameResult::RedWins));
        assert_eq!(back.position().fen(), g.position().fen());
    }
}

//! How a game ended: the one result type of the rules, the terminal game, the match referee and
//! game records. An unfinished game has no result (`Option<GameResult>` is `None`), so a result
//! always has a winner or is a draw, and always says why.

use std::fmt;

use super::Color;

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// No legal move while in check (`docs/rules.md` §3).
    Checkmate,
    /// No legal move while not in check: also a loss (`docs/rules.md` §3).
    Stalemate,
    /// That side checked with every move of a repetition cycle (`docs/rules.md` §8).
    PerpetualCheck(Color),
    /// That side chased with every move of a repetition cycle (`docs/rules.md` §8).
    PerpetualChase(Color),
    /// A repetition with no forbidden offence, judged at this occurrence (`docs/rules.md` §8).
    Repetition { occurrences: usize },
    /// The move limit was reached: this many moves each without a capture (`docs/rules.md` §9).
    MoveLimit { moves: u32 },
    /// That side claimed the draw by the move limit instead of moving, which the rules grant
    /// from fifty moves on (`docs/rules.md` §9).
    MoveLimitClaim(Color),
    /// Neither side has a rook, horse, cannon or soldier (`docs/rules.md` §10).
    InsufficientMaterial,
    /// That side resigned.
    Resignation(Color),
    /// The players agreed a draw.
    Agreement,
    /// The side exceeded its clock and the referee's grace.
    TimeForfeit(Color),
    /// The side answered a move that is not legal, or not a move.
    IllegalMove { side: Color, text: String, reason: String },
    /// The side answered without a move although it had legal moves.
    NoMove(Color),
    /// The side's engine failed to start, crashed, or stopped answering.
    EngineFailure { side: Color, detail: String },
    /// The referee's ply cap was reached: a draw by adjudication.
    PlyCap(u32),
    /// The result a game record states, for a reason the record does not give.
    Recorded,
}

impl Reason {
    /// Whether the rules of play decided the game (`docs/rules.md` §7 to §10), rather than
    /// a player, a referee or a record.
    pub fn is_rule(&self) -> bool {
        matches!(
            self,
            Reason::Checkmate
                | Reason::Stalemate
                | Reason::PerpetualCheck(_)
                | Reason::PerpetualChase(_)
                | Reason::Repetition { .. }
                | Reason::MoveLimit { .. }
                | Reason::MoveLimitClaim(_)
                | Reason::InsufficientMaterial
        )
    }

    /// The PGN `Termination` category: `time forfeit`, `rules infraction`, `adjudication`, or
    /// `normal` for the rules, resignation, agreement and records.
    pub fn category(&self) -> &'static str {
        match self {
            Reason::TimeForfeit(_) => "time forfeit",
            Reason::IllegalMove { .. } | Reason::NoMove(_) | Reason::EngineFailure { .. } => "rules infraction",
            Reason::PlyCap(_) => "adjudication",
            _ => "normal",
        }
    }

    /// The side whose engine ended the game by a fault (the referee restarts that engine).
    pub fn at_fault(&self) -> Option<Color> {
        match *self {
            Reason::TimeForfeit(side)
            | Reason::IllegalMove { side, .. }
            | Reason::NoMove(side)
            | Reason::EngineFailure { side, .. } => Some(side),
            _ => None,
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Checkmate => write!(f, "checkmate"),
            Reason::Stalemate => write!(f, "stalemate (no legal move)"),
            Reason::PerpetualCheck(c) => write!(f, "perpetual check by {}", c.name()),
            Reason::PerpetualChase(c) => write!(f, "perpetual chase by {}", c.name()),
            Reason::Repetition { occurrences: 2 } => write!(f, "twofold repetition"),
            Reason::Repetition { occurrences: 3 } => write!(f, "threefold repetition"),
            Reason::Repetition { occurrences } => write!(f, "{occurrences}-fold repetition"),
            Reason::MoveLimit { moves } => write!(f, "{moves}-move rule"),
            Reason::MoveLimitClaim(c) => write!(f, "draw claimed by {} under the 50-move limit", c.name()),
            Reason::InsufficientMaterial => write!(f, "insufficient material"),
            Reason::Resignation(c) => write!(f, "{} resigns", c.name()),
            Reason::Agreement => write!(f, "draw by agreement"),
            Reason::TimeForfeit(c) => write!(f, "{} loses on time", c.name()),
            Reason::IllegalMove { side, text, reason } => {
                write!(f, "illegal move by {}: '{text}' ({reason})", side.name())
            }
            Reason::NoMove(c) => write!(f, "{} gave no move while having legal moves", c.name()),
            Reason::EngineFailure { side, detail } => write!(f, "{} engine failure: {detail}", side.name()),
            Reason::PlyCap(n) => write!(f, "draw by ply limit ({n})"),
            Reason::Recorded => write!(f, "as recorded"),
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl GameResult {
    pub fn win(winner: Color, reason: Reason) -> GameResult {
        GameResult { winner: Some(winner), reason }
    }

    pub fn loss(loser: Color, reason: Reason) -> GameResult {
        GameResult { winner: Some(!loser), reason }
    }

    pub fn draw(reason: Reason) -> GameResult {
        GameResult { winner: None, reason }
    }

    /// The score in PGN style, Red first: `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(Color::Red) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// Red's score: 1, ½ or 0.
    pub fn red_score(&self) -> f32 {
        match self.winner {
            Some(Color::Red) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        }
    }

    /// Reads a PGN result token: `Some(None)` for `*` (unfinished), `None` for anything that
    /// is not a result token. A decided result read this way is [`Reason::Recorded`].
    pub fn from_score(token: &str) -> Option<Option<GameResult>> {
        let winner = match token {
            "1-0" => Some(Color::Red),
            "0-1" => Some(Color::Black),
            "1/2-1/2" => None,
            "*" => return Some(None),
            _ => return None,
        };
        Some(Some(GameResult { winner, reason: Reason::Recorded }))
    }

    /// The PGN token of an optional result: [`GameResult::score`], or `*` for an unfinished game.
    pub fn score_of(result: Option<&GameResult>) -> &'static str {
        result.map_or("*", GameResult::score)
    }
}

impl fmt::Display for GameResult {
    /// `1-0 (checkmate)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.score(), self.reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_read_as_words() {
        assert_eq!(Reason::Stalemate.to_string(), "stalemate (no legal move)");
        assert_eq!(Reason::PerpetualChase(Color::Black).to_string(), "perpetual chase by black");
        assert_eq!(Reason::Repetition { occurrences: 3 }.to_string(), "threefold repetition");
        assert_eq!(Reason::TimeForfeit(Color::Red).to_string(), "red loses on time");
        assert_eq!(Reason::PlyCap(200).to_string(), "draw by ply limit (200)");
        let result = GameResult::win(Color::Black, Reason::Checkmate);
        assert_eq!(result.score(), "0-1");
        assert_eq!(result.to_string(), "0-1 (checkmate)");
        assert_eq!(GameResult::loss(Color::Black, Reason::Resignation(Color::Black)).score(), "1-0");
    }

    #[test]
    fn categories_and_faults() {
        let forfeit = GameResult::loss(Color::Red, Reason::TimeForfeit(Color::Red));
        assert_eq!(forfeit.score(), "0-1");
        assert_eq!(forfeit.reason.category(), "time forfeit");
        assert_eq!(forfeit.reason.at_fault(), Some(Color::Red));
        let cap = GameResult::draw(Reason::PlyCap(200));
        assert_eq!((cap.score(), cap.reason.category(), cap.reason.at_fault()), ("1/2-1/2", "adjudication", None));
        let crash = Reason::EngineFailure { side: Color::Black, detail: String::new() };
        assert_eq!((crash.category(), crash.at_fault()), ("rules infraction", Some(Color::Black)));
        assert!(
            Reason::MoveLimit { moves: 60 }.is_rule() && !Reason::Recorded.is_rule() && !Reason::Agreement.is_rule()
        );
    }

    #[test]
    fn pgn_tokens() {
        assert_eq!(GameResult::from_score("1-0"), Some(Some(GameResult::win(Color::Red, Reason::Recorded))));
        assert_eq!(GameResult::from_score("1/2-1/2"), Some(Some(GameResult::draw(Reason::Recorded))));
        assert_eq!(GameResult::from_score("*"), Some(None));
        assert_eq!(GameResult::from_score("1-1"), None);
        assert_eq!(GameResult::score_of(None), "*");
        assert_eq!(GameResult::red_score(&GameResult::draw(Reason::Agreement)), 0.5);
    }
}

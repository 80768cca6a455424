//! `chuhan judge`: plays a move list from a FEN and judges the final position by the rules of
//! the game (`docs/rules.md` §7 to §10).

use std::fmt;

use crate::board::{FenError, IllegalMove, MoveLimit, Position};
use crate::notation::{self, NotationError};
use crate::outcome::game_result;
use crate::types::Move;
use crate::words::{self, Lang, Say};

/// Why a judge request could not be carried out; each names the offending input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JudgeError {
    Fen {
        fen: String,
        error: FenError,
    },
    /// A token of the move list that no notation reads as a move here; `index` counts from 1.
    NotAMove {
        index: usize,
        error: NotationError,
    },
    Illegal {
        index: usize,
        error: IllegalMove,
    },
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::Fen { fen, error } => write!(f, "invalid FEN '{fen}': {error}"),
            JudgeError::NotAMove { index, error } => write!(f, "move {index}: {error}"),
            JudgeError::Illegal { index, error } => write!(f, "move {index}: {error}"),
        }
    }
}

impl std::error::Error for JudgeError {}

/// Sets up `fen` (the start position if `None`), plays `moves` (ICCS, WXF or Chinese, separated by white space)
/// and returns the line `result <score> <reason>`, the score being `1-0`, `0-1`, `1/2-1/2`, or
/// `*` while the game goes on. Only the final position is judged. A repetition is judged at the
/// third occurrence, or at the first recurrence with `first_repetition` (the convention of
/// `repetition.txt`). With `explain`, a repetition verdict is followed by the lines of its
/// [`CycleReport`](crate::board::CycleReport): the moves of the cycle and who repeated what.
/// The move limit is sixty moves and the words English; [`verdict`] takes others.
pub fn judge(fen: Option<&str>, moves: &str, first_repetition: bool, explain: bool) -> Result<String, JudgeError> {
    Ok(verdict(&position_after(fen, moves)?, first_repetition, explain, MoveLimit::SIXTY, Lang::En))
}

/// The verdict on `pos` as [`judge`] writes it, the game drawn at the move limit `limit`, its
/// reason and account in `lang` (the `result <score>` words stay as they are, for scripts).
pub fn verdict(pos: &Position, first_repetition: bool, explain: bool, limit: MoveLimit, lang: Lang) -> String {
    let occurrences = if first_repetition { 2 } else { 3 };
    let Some(result) = game_result(pos, occurrences, limit) else {
        return format!("result * {}", Say::new("game goes on", "对局未结束").get(lang));
    };
    let mut text = format!("result {} {}", result.score(), words::reason(&result.reason).get(lang));
    if explain && let Some(report) = pos.repetition_account(&result, occurrences) {
        text = format!("{text}\n{}", words::cycle_account(&report).get(lang));
    }
    text
}

/// The position after playing `moves` (ICCS, WXF or Chinese notation, separated by white
/// space) from `fen` (the start position if `None`), with the moves as its history.
pub fn position_after(fen: Option<&str>, moves: &str) -> Result<Position, JudgeError> {
    let mut pos = match fen {
        Some(fen) => Position::from_fen(fen).map_err(|error| JudgeError::Fen { fen: fen.to_string(), error })?,
        None => Position::startpos(),
    };
    for (i, token) in moves.split_whitespace().enumerate() {
        let index = i + 1;
        // ICCS text is played as it stands, so an illegal one gets the board's own reason;
        // anything else is read as WXF or Chinese notation, which must name a legal move.
        let mv = match Move::parse(token) {
            Some(mv) => mv,
            None => notation::parse_move(&pos, token).map_err(|error| JudgeError::NotAMove { index, error })?,
        };
        pos.play(mv).map_err(|error| JudgeError::Illegal { index, error })?;
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_and_errors() {
        assert_eq!(judge(None, "", false, false), Ok("result * game goes on".to_string()));
        // The rook checks on the d file; the flying general denies e9.
        assert_eq!(
            judge(Some("3k5/9/9/9/9/9/9/9/8R/4K4 w"), "i1d1", false, false),
            Ok("result 1-0 checkmate".to_string())
        );
        assert!(matches!(judge(Some("xyz"), "", false, false), Err(JudgeError::Fen { .. })));
        assert_eq!(
            judge(None, "h2e2 h9g7 e2e9", false, false).map_err(|e| e.to_string()),
            Err("move 3: 'e2e9' is illegal (a cannon on e2 cannot move to e9)".to_string())
        );
        assert!(matches!(judge(None, "h2e2 e2", false, false), Err(JudgeError::NotAMove { index: 2, .. })));
        // Every notation reads: the central cannon, then the horse in WXF and in Chinese.
        let fen = |moves: &str| position_after(None, moves).map(|pos| pos.fen());
        assert_eq!(fen("炮二平五 H8+7 马二进三"), fen("h2e2 h9g7 h0g2"));
        assert_eq!(
            judge(None, "h2e2 马八进", false, false).map_err(|e| e.to_string()),
            Err("move 2: '马八进' is not a move (examples: h2e2, 炮二平五, C2.5)".to_string())
        );
    }
}

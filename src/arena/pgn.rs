//! Games in PGN, the way xiangqi GUIs and databases exchange them: the seven-tag roster with
//! `Red` and `Black` in place of White and Black, `SetUp`/`FEN` for a game from an opening
//! position, `Termination` with the reason, and moves in ICCS (`h2e2`).

use std::fmt::Write as _;

use super::game::{GameRecord, TimeControl};
use crate::play::pgn::{date, movetext_tokens, wrap_tokens};
use crate::types::{ByColor, Color};

/// Longest line of move text.
const LINE_WIDTH: usize = 79;

/// The PGN text of one game, ending with an empty line. `tc` is each side's time control, or
/// `None` for games played without clocks (fixed nodes), which PGN writes as `-`. Sides with
/// different time controls get `RedTimeControl` and `BlackTimeControl` in place of
/// `TimeControl` (as cutechess writes `WhiteTimeControl`); readers skip tags they do not know.
pub fn game(record: &GameRecord, round: usize, tc: Option<ByColor<TimeControl>>) -> String {
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", "chuhan match".to_string()),
        ("Site", "?".to_string()),
        ("Date", date(record.started)),
        ("Round", round.to_string()),
        ("Red", record.names[Color::Red].clone()),
        ("Black", record.names[Color::Black].clone()),
        ("Result", record.outcome.score().to_string()),
    ];
    if !record.opening.is_start() {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", record.opening.fen.clone()));
    }
    if let Some(name) = &record.opening.name {
        tags.push(("Opening", name.clone()));
    }
    match tc {
        None => tags.push(("TimeControl", "-".to_string())),
        Some(ByColor([red, black])) if red == black => tags.push(("TimeControl", red.to_string())),
        Some(ByColor([red, black])) => {
            tags.push(("RedTimeControl", red.to_string()));
            tags.push(("BlackTimeControl", black.to_string()));
        }
    }
    tags.push(("PlyCount", record.moves.len().to_string()));
    tags.push(("Termination", record.outcome.termination.to_string()));

    let mut out = String::new();
    for (name, value) in tags {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(&value));
    }
    out.push('\n');

    let mut tokens = movetext_tokens(&record.opening.position(), &record.moves);
    tokens.push(format!("{{{}}}", record.outcome.termination.to_string().replace(['{', '}'], "")));
    tokens.push(record.outcome.score().to_string());
    out.push_str(&wrap_tokens(&tokens, LINE_WIDTH));
    out.push_str("\n\n");
    out
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::game::{Outcome, Termination};
    use crate::arena::openings::Opening;
    use crate::board::Reason;
    use crate::types::Move;
    use std::time::Duration;
    use std::time::UNIX_EPOCH;

    fn record(fen: &str, moves: &str, outcome: Outcome) -> GameRecord {
        GameRecord {
            opening: Opening { fen: fen.to_string(), name: Some("test \"line\"".to_string()) },
            names: ByColor::new("A".to_string(), "B".to_string()),
            moves: moves.split_whitespace().filter_map(Move::parse).collect(),
            outcome,
            started: UNIX_EPOCH + Duration::from_secs(1_700_000_000),
        }
    }

    #[test]
    fn a_game_from_the_start_position() {
        let tc = TimeControl { base: Duration::from_secs(5), increment: Duration::from_millis(50) };
        let outcome = Outcome { winner: Some(Color::Red), termination: Termination::Rule(Reason::Checkmate) };
        let text = game(&record(crate::board::START_FEN, "h2e2 h9g7 h0g2", outcome), 7, Some(ByColor::new(tc, tc)));
        assert_eq!(
            text,
            "[Event \"chuhan match\"]\n[Site \"?\"]\n[Date \"2023.11.14\"]\n[Round \"7\"]\n[Red \"A\"]\n\
             [Black \"B\"]\n[Result \"1-0\"]\n[Opening \"test \\\"line\\\"\"]\n[TimeControl \"5+0.05\"]\n\
             [PlyCount \"3\"]\n[Termination \"checkmate\"]\n\n1. h2e2 h9g7 2. h0g2 {checkmate} 1-0\n\n"
        );
    }

    #[test]
    fn a_game_from_a_black_to_move_fen_wraps_its_lines() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
        let shuffle = "h9g7 h0g2 g7h9 g2h0 ".repeat(8);
        let outcome = Outcome { winner: None, termination: Termination::PlyCap(32) };
        let tc = TimeControl { base: Duration::from_secs(1), increment: Duration::ZERO };
        let tenth = TimeControl { base: Duration::from_millis(100), increment: Duration::ZERO };
        let text = game(&record(fen, &shuffle, outcome), 1, Some(ByColor::new(tenth, tc)));
        assert!(text.contains("[RedTimeControl \"0.1+0\"]\n[BlackTimeControl \"1+0\"]\n[PlyCount"), "{text}");
        assert!(!text.contains("[TimeControl"), "{text}");
        assert!(text.contains(
            "[SetUp \"1\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n"
        ));
        let body = text.split("\n\n").nth(1).expect("move text");
        assert!(body.starts_with("1... h9g7 2. h0g2 g7h9 3. g2h0"), "{body}");
        assert!(body.lines().all(|l| l.len() <= LINE_WIDTH), "{body}");
        assert!(body.ends_with("{draw by ply limit (32)} 1/2-1/2"), "{body}");
    }
}

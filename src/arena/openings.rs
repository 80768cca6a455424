//! Opening positions for matches: one per line, `<FEN> [; moves <ICCS ...>] [; <name>]`, or
//! the positions games reach (a PGN file, as cutechess-cli's `-openings format=pgn plies=N`).
//! Blank lines and lines starting with `#` are ignored. The built-in book is
//! `positions/openings.epd`.

use std::collections::HashSet;
use std::fmt;

use crate::board::{FenError, MoveLimit, Position, START_FEN};
use crate::outcome::{GAME_OCCURRENCES, game_result};
use crate::pgn::Game;

/// The built-in openings, `positions/openings.epd`.
pub const BUILTIN: &str = include_str!("../../positions/openings.epd");

/// A starting position of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The FEN, normalised by the library (all six fields).
    pub fen: String,
    /// The opening's name, if the line gives one.
    pub name: Option<String>,
}

impl Opening {
    /// The start position.
    pub fn start() -> Opening {
        Opening { fen: START_FEN.to_string(), name: None }
    }

    /// The position, which was validated when the opening was read.
    pub fn position(&self) -> Position {
        Position::from_fen(&self.fen).unwrap_or_else(|_| Position::startpos())
    }

    pub fn is_start(&self) -> bool {
        self.fen == START_FEN
    }
}

/// A line of an openings file that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningError {
    /// 1-based.
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for OpeningError {}

/// Reads openings. Each FEN must be a legal position in which the game, played to the move
/// limit `limit`, is not over.
pub fn parse(text: &str, limit: MoveLimit) -> Result<Vec<Opening>, OpeningError> {
    let mut openings = Vec::new();
    for line in crate::epd::lines(text) {
        let error = |reason: String| OpeningError { line: line.number, reason };
        let pos = Position::from_fen(line.fen).map_err(|e: FenError| error(format!("invalid FEN: {e}")))?;
        if let Some(result) = game_result(&pos, GAME_OCCURRENCES, limit) {
            return Err(error(format!("the game is already over ({})", result.reason)));
        }
        let name = line.ops.iter().find(|f| !f.starts_with("moves")).map(|f| f.to_string());
        openings.push(Opening { fen: pos.fen(), name });
    }
    if openings.is_empty() {
        return Err(OpeningError { line: 0, reason: "no opening positions".to_string() });
    }
    Ok(openings)
}

/// Openings taken from games: the position after the first `plies` moves of each (all its
/// moves when `None` or when the game is shorter), named by its `Opening` or `ECCO` tag. A
/// position already taken, or in which the game (to the move limit `limit`) is over, is passed
/// over; the second value counts them. Fails only when no position is left.
pub fn from_games(
    games: &[Game],
    plies: Option<usize>,
    limit: MoveLimit,
) -> Result<(Vec<Opening>, usize), OpeningError> {
    let mut openings = Vec::new();
    let mut seen = HashSet::new();
    let mut passed = 0;
    for game in games {
        // The reader checked every move, so the position is always there.
        let Ok(pos) = game.position_after(plies.unwrap_or(usize::MAX)) else {
            passed += 1;
            continue;
        };
        let fen = pos.fen();
        if game_result(&pos, GAME_OCCURRENCES, limit).is_some() || !seen.insert(fen.clone()) {
            passed += 1;
            continue;
        }
        let name = game.tag("Opening").or_else(|| game.tag("ECCO")).filter(|n| !n.is_empty()).map(str::to_string);
        openings.push(Opening { fen, name });
    }
    if openings.is_empty() {
        return Err(OpeningError { line: 0, reason: "no opening positions in the games".to_string() });
    }
    Ok((openings, passed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Color, Move, PieceKind};

    /// Every built-in opening is the position its move list reaches, legal, not over, and with
    /// equal material; no position appears twice.
    #[test]
    fn builtin_openings_are_sound() {
        let openings = parse(BUILTIN, MoveLimit::SIXTY).expect("the built-in book parses");
        assert!((40..=60).contains(&openings.len()), "{} openings", openings.len());
        let mut seen = std::collections::HashSet::new();
        for (line, opening) in crate::epd::lines(BUILTIN).zip(&openings) {
            let moves = line.op("moves").expect("moves field");
            let line = format!("line {}", line.number);
            let mut pos = Position::startpos();
            for m in moves.split_whitespace() {
                let mv = Move::parse(m).unwrap_or_else(|| panic!("{line}: '{m}' is not ICCS"));
                pos.play(mv).unwrap_or_else(|e| panic!("{line}: {e}"));
            }
            assert_eq!(pos.fen(), opening.fen, "{line}");
            assert!(game_result(&pos, GAME_OCCURRENCES, MoveLimit::SIXTY).is_none(), "{line}");
            for kind in PieceKind::ALL {
                assert_eq!(pos.count(Color::Red, kind), pos.count(Color::Black, kind), "{line}");
            }
            assert!(opening.name.is_some(), "{line}");
            assert!(seen.insert(opening.fen.clone()), "duplicate: {line}");
        }
    }

    /// No built-in opening hands one side material: a depth-8 search from each stays within
    /// 80 (a horse or a cannon is worth about 100). Lines written from the wrong side's file
    /// numbers once left a rook to a cannon, or a soldier to the one facing it; an opening
    /// won from the first move turns a game pair into one win each, whoever is stronger.
    #[test]
    fn builtin_openings_are_balanced() {
        use crate::engine::{Engine, Limits};
        let openings = parse(BUILTIN, MoveLimit::SIXTY).expect("the built-in book parses");
        let mut engine = Engine::new().expect("an engine");
        for opening in &openings {
            engine.new_game();
            engine.set_position(opening.position());
            let r = engine.search(Limits { depth: Some(8), ..Limits::default() }, &mut |_| {});
            assert!(
                r.value.abs() <= 80,
                "{opening:?}: {} after depth 8, best {:?}",
                r.value,
                r.best.map(|m| m.to_string())
            );
        }
    }

    #[test]
    fn bad_lines_are_reported() {
        assert_eq!(parse("# nothing\n\n", MoveLimit::SIXTY).map_err(|e| e.line), Err(0));
        let err = parse(&format!("{START_FEN}\nxyz ; bad\n"), MoveLimit::SIXTY).expect_err("bad FEN");
        assert_eq!(err.line, 2);
        let mated = "3k5/9/9/9/9/9/9/9/3R5/4K4 b";
        assert!(parse(mated, MoveLimit::SIXTY).expect_err("over").reason.contains("already over"));
        let ok = parse(&format!("{START_FEN} ; moves ; start\n"), MoveLimit::SIXTY).expect("start");
        assert_eq!(ok, vec![Opening { fen: START_FEN.to_string(), name: Some("start".to_string()) }]);
        assert!(ok[0].is_start());
        // Fifty moves without a capture end a game played to fifty, not one played to sixty.
        let fifty = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 100 1";
        assert_eq!(parse(fifty, MoveLimit::SIXTY).map(|o| o.len()), Ok(1));
        let err = parse(fifty, MoveLimit::FIFTY).expect_err("over");
        assert_eq!(err.reason, "the game is already over (50-move rule)");
    }

    /// A game gives the position after its first `plies` moves (all of them if it is
    /// shorter); the same position twice, or a finished game, gives nothing.
    #[test]
    fn games_give_the_position_after_their_first_plies() {
        let text = "[ECCO \"B00\"]\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n\
                    [Opening \"中炮\"]\n1. h2e2 h9g7 2. h0g2 *\n\n\
                    1. h2e2 h9g7 2. h0g2 b9c7 *\n\n\
                    [FEN \"3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1\"]\n*\n";
        let games: Vec<Game> = crate::pgn::read_games(text).into_iter().map(|g| g.expect("a game")).collect();
        assert_eq!(games.len(), 4);
        let after = |moves: &str| {
            let mut pos = Position::startpos();
            moves.split_whitespace().for_each(|m| pos.play(Move::parse(m).expect("ICCS")).expect("legal"));
            pos.fen()
        };
        // Three plies: the first three games reach the same position; the mated one is over.
        let (openings, passed) = from_games(&games, Some(3), MoveLimit::SIXTY).expect("openings");
        assert_eq!(openings, vec![Opening { fen: after("h2e2 h9g7 h0g2"), name: Some("B00".to_string()) }]);
        assert_eq!(passed, 3);
        // All moves: three positions, the second named by its Opening tag, the third unnamed.
        let (openings, passed) = from_games(&games, None, MoveLimit::SIXTY).expect("openings");
        let fens: Vec<_> = openings.iter().map(|o| o.fen.clone()).collect();
        assert_eq!(fens, [after("h2e2 h9g7 h0g2 i9h9"), after("h2e2 h9g7 h0g2"), after("h2e2 h9g7 h0g2 b9c7")]);
        assert_eq!(openings[1].name.as_deref(), Some("中炮"));
        assert_eq!(openings[2].name, None);
        assert_eq!(passed, 1);
        assert!(from_games(&games[3..], Some(8), MoveLimit::SIXTY).is_err());
    }
}

//! A game file sent by a tab, read as `chuhan pgn` reads one (any character set, ICCS, WXF or
//! Chinese moves): the games it holds, each with its moves in ICCS, and each game that could not
//! be read with its reason. A file that is not text is refused as a whole.

use serde::Serialize;

use crate::pgn;
use crate::types::GameResult;

/// The answer to an upload.
#[derive(Debug, Serialize, PartialEq)]
pub struct Games {
    pub games: Vec<GameInfo>,
    /// One line per game that was skipped, or the reason the whole file was.
    pub errors: Vec<String>,
    /// The character set the file was read in.
    pub charset: &'static str,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct GameInfo {
    /// `Red - Black, 1-0`.
    pub title: String,
    pub fen: String,
    pub moves: Vec<String>,
}

/// Control characters other than white space that a text file may hold, per thousand.
const MAX_CONTROL_PER_MILLE: usize = 5;

/// The games of `bytes`.
pub fn read(bytes: &[u8]) -> Games {
    let (text, charset) = pgn::decode(bytes);
    let charset = charset.name();
    let controls = text.chars().filter(|c| c.is_control() && !c.is_whitespace()).count();
    let replaced = text.chars().filter(|&c| c == char::REPLACEMENT_CHARACTER).count();
    let chars = text.chars().count().max(1);
    if (controls + replaced) * 1000 > chars * MAX_CONTROL_PER_MILLE {
        return Games { games: Vec::new(), errors: vec!["this is not a game file (binary data)".to_string()], charset };
    }
    let mut out = Games { games: Vec::new(), errors: Vec::new(), charset };
    for (i, game) in pgn::read_games(&text).into_iter().enumerate() {
        match game {
            Ok(game) => out.games.push(GameInfo {
                title: format!(
                    "{} - {}, {}",
                    game.tag("Red").unwrap_or("?"),
                    game.tag("Black").unwrap_or("?"),
                    GameResult::score_of(game.result.as_ref())
                ),
                fen: game.start.fen(),
                moves: game.moves.iter().map(|m| m.to_string()).collect(),
            }),
            Err(e) => out.errors.push(format!("game {}: {e}", i + 1)),
        }
    }
    if out.games.is_empty() && out.errors.is_empty() {
        out.errors.push("the file holds no game".to_string());
    }
    out
}

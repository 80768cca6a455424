//! A game file sent by a tab, read as `chuhan pgn` reads one (any character set, ICCS, WXF or
//! Chinese moves): the games it holds, each with its moves in ICCS, and each game that could not
//! be read with its reason. A file that is not text is refused as a whole.

use std::path::Path;

use serde::Serialize;

use crate::pgn;
use crate::types::GameResult;
use crate::words::{self, Lang, Say};

/// The answer to an upload.
#[derive(Debug, Serialize, PartialEq)]
pub struct Games {
    pub games: Vec<GameInfo>,
    /// One line per game that was skipped, or the reason the whole file was.
    pub errors: Vec<String>,
    /// The format the file was read in: `PGN (Big5)`.
    pub format: String,
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

/// The games of `bytes`, refusals and skipped games' reasons in `lang`.
pub fn read(bytes: &[u8], lang: Lang) -> Games {
    let (source, text) = pgn::read_decoded(Path::new("upload"), bytes);
    let format = source.format.map_or_else(|| "unknown".to_string(), |f| f.name());
    let (games, errors) = source.split();
    let mut out = Games { games: Vec::new(), errors: Vec::new(), format };
    if games.is_empty() && text.as_deref().is_some_and(looks_binary) {
        out.errors.push(Say::new("this is not a game file (binary data)", "这不是棋谱文件（二进制数据）").get(lang));
        return out;
    }
    for game in games {
        out.games.push(GameInfo {
            title: format!("{}, {}", game.players(), GameResult::score_of(game.result.as_ref())),
            fen: game.start.fen(),
            moves: game.moves.iter().map(|m| m.to_string()).collect(),
        });
    }
    out.errors.extend(errors.iter().map(|e| words::skipped(e).get(lang)));
    if out.games.is_empty() && out.errors.is_empty() {
        out.errors.push(Say::new("the file holds no game", "文件中没有对局").get(lang));
    }
    out
}

/// Whether a file's decoded `text` holds more control characters or undecodable bytes than
/// text has.
fn looks_binary(text: &str) -> bool {
    let odd = text.chars().filter(|&c| (c.is_control() && !c.is_whitespace()) || c == char::REPLACEMENT_CHARACTER);
    odd.count() * 1000 > text.chars().count().max(1) * MAX_CONTROL_PER_MILLE
}

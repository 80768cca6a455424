//! Positions of recorded games (`docs/datagen.md` §1): each position a move was played from,
//! scored by a short search and labelled with the game's result.

use std::collections::HashSet;

use super::record::Record;
use super::{Settings, keep};
use crate::engine::{Engine, Limits};
use crate::game::jittered_nodes;
use crate::pgn::{self, Game};

/// The games of the sources, in their order, each once: a game filed in several folders (as
/// the CCPD files its master games) is taken the first time. The second value counts the games
/// left out as unreadable or repeated.
pub fn distinct_games(sources: Vec<pgn::Source>) -> (Vec<Game>, usize) {
    let mut seen = HashSet::new();
    let mut games = Vec::new();
    let mut left_out = 0;
    for game in sources.into_iter().flat_map(|s| s.games) {
        match game {
            Ok(game) if seen.insert((game.start.key(), game.moves.iter().map(|m| m.raw()).collect::<Vec<_>>())) => {
                games.push(game);
            }
            _ => left_out += 1,
        }
    }
    (games, left_out)
}

/// The kept positions of `game` (number `index`), from ply `settings.book_plies` on; none
/// for a game without a result or one ended off the board.
pub fn label(engine: &mut Engine, game: &Game, index: u32, settings: &Settings) -> Vec<Record> {
    let Some(result) = game.result.as_ref().filter(|_| !game.ended_off_the_board()) else {
        return Vec::new();
    };
    let red = (result.red_score() * 2.0) as u8;
    engine.new_game();
    let mut pos = game.start.clone();
    let mut records = Vec::new();
    for (ply, &mv) in game.moves.iter().enumerate() {
        if ply >= settings.book_plies {
            engine.set_position(pos.clone());
            let nodes = jittered_nodes(settings.nodes, index as usize, ply);
            let found = engine.search(Limits { nodes: Some(nodes), ..Limits::default() }, &mut |_| {});
            if let Some(best) = found.best
                && keep(&pos, best, found.value)
            {
                records.push(Record { result: red, ..Record::new(&pos, found.value, index, ply) });
            }
        }
        pos.make(mv);
    }
    records
}

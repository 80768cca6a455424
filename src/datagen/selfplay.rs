//! One self-play game (`docs/datagen.md` §1): an opening drawn from the book and a few random
//! plies, then a fixed-node search for every move, the game judged by the rules.

use super::record::Record;
use super::{Rng, Settings, keep};
use crate::board::{MoveLimit, Position};
use crate::engine::{Engine, Limits};
use crate::game::{Game, jittered_nodes};
use crate::movegen::{ALL, legal};
use crate::outcome::no_move_result;
use crate::types::value::is_decisive;
use crate::types::{Color, GameResult, Move, Reason, Value};

/// A score for the side to move at least this large, in this many plies in a row (both sides
/// agreeing), ends the game as a win: a rook and a horse up, the rest is rarely in doubt.
const RESIGN_VALUE: Value = 1000;
const RESIGN_PLIES: usize = 8;

/// Tries at drawing an opening before the game starts from the last one drawn anyway.
const OPENING_TRIES: usize = 16;

/// The opening of game `game`: up to `book_plies` book moves drawn by their weight, then
/// `random_plies` uniform legal moves; one in which the game is over is drawn again.
fn opening(engine: &mut Engine, rng: &mut Rng, settings: &Settings) -> Position {
    let mut pos = Position::startpos();
    for _ in 0..OPENING_TRIES {
        pos = Position::startpos();
        for _ in 0..settings.book_plies {
            engine.set_position(pos.clone());
            match engine.book_move(&[], rng.next_u64()) {
                Some(bm) => pos.make(bm.mv),
                None => break,
            }
        }
        for _ in 0..settings.random_plies {
            let moves = legal::<ALL>(&pos);
            if moves.is_empty() {
                break;
            }
            pos.make(moves.as_slice()[rng.below(moves.len())]);
        }
        if !Game::continued(pos.clone(), MoveLimit::SIXTY).is_over() {
            break;
        }
    }
    pos
}

/// A game played.
#[derive(Clone, Debug)]
pub struct Played {
    /// The position after the opening's plies, with them as its history.
    pub opening: Position,
    /// The moves searched and played from it.
    pub moves: Vec<Move>,
    pub result: GameResult,
    /// The positions kept, each with the game's result.
    pub records: Vec<Record>,
}

/// Plays game `game`.
pub fn play(engine: &mut Engine, game: u32, settings: &Settings) -> Played {
    let mut rng = Rng::for_game(settings.seed, game);
    engine.new_game();
    let opening = opening(engine, &mut rng, settings);
    let mut played = Game::continued(opening.clone(), MoveLimit::SIXTY);
    let first_ply = opening.game_ply();
    let mut records = Vec::new();
    let mut leader: Option<(Color, usize)> = None;
    let result = loop {
        if let Some(result) = played.result() {
            break result.clone();
        }
        let pos = played.position();
        let ply = pos.game_ply();
        if ply - first_ply >= settings.max_plies {
            break GameResult::draw(Reason::PlyCap(settings.max_plies as u32));
        }
        engine.set_position(pos.clone());
        let nodes = jittered_nodes(settings.nodes, game as usize, ply);
        let found = engine.search(Limits { nodes: Some(nodes), ..Limits::default() }, &mut |_| {});
        let Some(best) = found.best else {
            break no_move_result(pos);
        };
        // The side the score favours, and for how many plies in a row both sides agreed.
        let side = pos.side_to_move();
        leader = (found.value.abs() >= RESIGN_VALUE).then(|| {
            let favoured = if found.value > 0 { side } else { !side };
            match leader {
                Some((c, n)) if c == favoured => (c, n + 1),
                _ => (favoured, 1),
            }
        });
        if keep(pos, best, found.value) {
            records.push(Record::new(pos, found.value, game, ply));
        }
        if let Some((winner, n)) = leader
            && (n >= RESIGN_PLIES || (n >= 2 && is_decisive(found.value)))
        {
            break GameResult::loss(!winner, Reason::Resignation(!winner));
        }
        if let Err(e) = played.play(best) {
            unreachable!("the search's best move is legal: {e}");
        }
    };
    let red = (result.red_score() * 2.0) as u8;
    records.iter_mut().for_each(|r| r.result = red);
    Played { opening, moves: played.moves().to_vec(), result, records }
}

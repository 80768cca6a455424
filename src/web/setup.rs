//! What a tab sends to set a board up, checked before anything changes: a start position, a
//! game's moves in any notation, an analysis tree, a thinking time. Each refusal says why in
//! both languages.

use std::time::Duration;

use super::tree::Tree;
use crate::board::{MoveLimit, Position};
use crate::engine::Level;
use crate::game::{DEFAULT_LEVEL, Game, LiveClock, TimeControl};
use crate::notation;
use crate::types::{ByColor, Color, Move};
use crate::words::{self, Say};

/// Chuhan's thinking time per move when the tab gives none, as `chuhan play`'s.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;
/// The longest thinking time per move or per reviewed position accepted, in ms.
const MAX_MOVETIME_MS: u64 = 60_000;
/// Most moves a game sent by a tab may have, and most nodes of an analysis tree.
pub const MAX_MOVES: usize = 1000;

/// The position `fen` (the start when absent).
pub fn start_position(fen: Option<&str>) -> Result<Position, Say> {
    match fen.filter(|f| !f.trim().is_empty()) {
        Some(fen) => Position::from_fen(fen).map_err(|e| words::fen_error(&e)),
        None => Ok(Position::startpos()),
    }
}

/// The game `fen` then `moves` (ICCS, or any notation), checked before anything changes.
/// The game is drawn at `move_limit`.
pub fn game(fen: Option<&str>, moves: Option<&[String]>, move_limit: MoveLimit) -> Result<Game, Say> {
    let mut game = Game::new(start_position(fen)?, move_limit);
    let moves = moves.unwrap_or_default();
    if moves.len() > MAX_MOVES {
        return Err(too_many());
    }
    for (i, text) in moves.iter().enumerate() {
        let n = i + 1;
        let mv = notation::parse_move(game.position(), text)
            .map_err(|e| words::notation_error(&e).after(&format!("move {n}: "), &format!("第 {n} 步：")))?;
        game.play(mv).map_err(|e| words::illegal_move(&e))?;
    }
    Ok(game)
}

/// The analysis tree a reloaded page sends (each node's parent and move), checked move by
/// move, and the game that reaches `node` (the last node when absent).
pub fn tree(
    start: Position,
    nodes: &[(usize, String)],
    node: Option<usize>,
    move_limit: MoveLimit,
) -> Result<(Tree, Game, usize), Say> {
    if nodes.len() >= MAX_MOVES {
        return Err(too_many());
    }
    let mut tree = Tree::default();
    for (i, (parent, text)) in nodes.iter().enumerate() {
        let n = i + 1;
        if *parent >= n {
            return Err(Say::new(
                format!("tree node {n}: its parent {parent} is not an earlier node"),
                format!("着法树第 {n} 个节点：父节点 {parent} 不在它之前"),
            ));
        }
        let pos = replay(&start, &tree.path(*parent), move_limit)?;
        let mv = notation::parse_move(pos.position(), text).map_err(|e| {
            words::notation_error(&e).after(&format!("tree node {n}: "), &format!("着法树第 {n} 个节点："))
        })?;
        if tree.child(*parent, mv) != n {
            return Err(Say::new(format!("tree node {n} repeats a move"), format!("着法树第 {n} 个节点重复了着法")));
        }
    }
    let node = node.unwrap_or(tree.len() - 1);
    if !tree.contains(node) {
        return Err(no_node(node));
    }
    let game = replay(&start, &tree.path(node), move_limit)?;
    Ok((tree, game, node))
}

/// The game of `moves` from `start`, each checked.
pub fn replay(start: &Position, moves: &[Move], move_limit: MoveLimit) -> Result<Game, Say> {
    let mut game = Game::new(start.clone(), move_limit);
    for &mv in moves {
        game.play(mv).map_err(|e| words::illegal_move(&e))?;
    }
    Ok(game)
}

/// The thinking time asked for, or the default, if in range.
pub fn check_movetime(movetime: Option<u64>) -> Result<u64, Say> {
    let movetime = movetime.unwrap_or(DEFAULT_MOVETIME_MS);
    if !(1..=MAX_MOVETIME_MS).contains(&movetime) {
        return Err(Say::new(
            format!("thinking time {movetime} ms is out of range: 1 to {MAX_MOVETIME_MS}"),
            format!("思考时间 {movetime} 毫秒超出范围：1 到 {MAX_MOVETIME_MS}"),
        ));
    }
    Ok(movetime)
}

pub fn over() -> Say {
    Say::new("the game is over", "对局已结束")
}

pub fn too_many() -> Say {
    Say::new(format!("at most {MAX_MOVES} moves"), format!("最多 {MAX_MOVES} 步"))
}

pub fn no_node(node: usize) -> Say {
    Say::new(format!("no node {node} in the move tree"), format!("着法树中没有第 {node} 个节点"))
}

/// The player's side: `red` (the default) or `black`.
pub fn colour(color: Option<&str>) -> Result<Color, Say> {
    match color {
        None | Some("red") => Ok(Color::Red),
        Some("black") => Ok(Color::Black),
        Some(other) => Err(Say::new(
            format!("unknown colour {other:?}: red or black"),
            format!("未知的颜色 {other:?}：应为 red 或 black"),
        )),
    }
}

/// Chuhan's level, `chuhan play`'s default when absent.
pub fn level(level: Option<u8>) -> Result<Level, Say> {
    let (min, max) = (Level::MIN.get(), Level::MAX.get());
    match level {
        None => Ok(DEFAULT_LEVEL),
        Some(n) => Level::new(n).ok_or_else(|| {
            Say::new(format!("level {n} is out of range: {min} to {max}"), format!("级别 {n} 超出范围：{min} 到 {max}"))
        }),
    }
}

/// The clocks of `control` (`BASE+INC` in seconds; absent, empty or `none`: no clock), with the
/// time each side had `left` in ms (Red's, Black's) when a game of which `played` moves are
/// behind resumes; a new game, even from a position reached by moves, starts untimed.
pub fn clock(control: Option<&str>, left: Option<[u64; 2]>, played: usize) -> Result<Option<LiveClock>, Say> {
    let Some(text) = control.filter(|c| !c.is_empty() && *c != "none") else { return Ok(None) };
    let tc = TimeControl::parse(text).ok_or_else(|| {
        Say::new(
            format!("unknown time control {text:?}: BASE+INC in seconds, as 5+3"),
            format!("无法识别的用时 {text:?}：应为“基本时间+每步加秒”（秒），如 5+3"),
        )
    })?;
    let left = left.map(|[r, b]| ByColor::new(Duration::from_millis(r), Duration::from_millis(b)));
    let played = if left.is_some() { played } else { 0 };
    Ok(Some(LiveClock::new(tc, left, played)))
}

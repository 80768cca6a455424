//! `chuhan play --level N` against a scripted player through a pipe: the script takes the most
//! valuable piece it can take without losing material by static exchange, else plays a random
//! legal move. Level 20 never loses to it. (Nor, so far, does level 0: in 12 games it mated the
//! script 11 times, the twelfth called off; see the README, "Strength levels".)

use std::process::Command;

use chuhan::movegen::legal_moves;
use chuhan::{Move, PieceKind, Position};

use crate::common::chuhan;
use crate::session::Session;

/// Bot moves per game before it is called off (the rules end most games sooner).
const MAX_BOT_MOVES: usize = 250;

/// A piece's worth to the script.
fn worth(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Rook => 9,
        PieceKind::Cannon => 5,
        PieceKind::Horse => 4,
        PieceKind::Advisor | PieceKind::Elephant => 2,
        PieceKind::Soldier => 1,
        PieceKind::King => 100,
    }
}

/// The script's move: the safe capture of the most valuable piece, else a random move
/// (`seed` is a xorshift state).
fn script_move(pos: &Position, seed: &mut u64) -> Move {
    let moves: Vec<Move> = legal_moves(pos).iter().copied().collect();
    let capture = moves
        .iter()
        .filter_map(|&m| pos.piece_at(m.to()).map(|victim| (worth(victim.kind()), m)))
        .filter(|&(_, m)| pos.see_ge(m, 0))
        .max_by_key(|&(w, _)| w);
    if let Some((_, m)) = capture {
        return m;
    }
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    moves[(*seed % moves.len() as u64) as usize]
}

/// Plays one game with the script as Red; returns the result line (`Game over: ...`), or
/// `None` when called off.
fn script_game(level: u8, seed: u64) -> Option<String> {
    let mut cmd: Command = chuhan();
    let level = level.to_string();
    cmd.args(["play", "--level", &level, "--depth", "3", "--notation", "iccs"]);
    let mut s = Session::start_command(cmd);
    let mut seed = seed.max(1);
    let mut over = None;
    for _ in 0..MAX_BOT_MOVES {
        s.send("fen");
        let lines = s.until("a FEN", |l| Position::from_fen(l).is_ok());
        if let Some(end) = lines.iter().find(|l| l.starts_with("Game over: ")) {
            over = Some(end.clone());
            break;
        }
        let pos = Position::from_fen(lines.last().map(String::as_str).unwrap_or_default()).expect("a FEN");
        s.send(&script_move(&pos, &mut seed).to_string());
    }
    s.send("quit");
    s.wait_exit();
    over
}

#[test]
fn level_20_never_loses_to_the_capturing_script() {
    for g in 0..4 {
        let r = script_game(20, 0x5151 + g);
        assert!(r.as_deref().is_some_and(|r| !r.starts_with("Game over: 1-0")), "game {g}: {r:?}");
    }
}

//! A position's value and the value each of its legal moves leaves (`docs/egtb.md` §11).

use super::table::{Miss, locate};
use super::tablebase::Tablebase;
use super::value::Value;
use crate::Position;
use crate::movegen::legal_moves;
use crate::types::Move;

/// A position's value, then each legal move with the value it gives the mover, best first
/// (ties in move order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    pub value: Value,
    pub moves: Vec<(Move, Value)>,
}

/// Reads what the position needs (its endgame and the endgames its captures reach) and probes
/// it and each of its moves.
pub fn probe(pos: &Position, tb: &Tablebase) -> Result<Probe, Miss> {
    let at = locate(pos).ok_or(Miss::NotCovered)?;
    if !tb.load_for(pos) {
        return Err(Miss::NotLoaded(at.endgame));
    }
    let value = tb.probe_now(pos).ok_or(Miss::NotCovered)?;
    let mut moves = Vec::new();
    let mut after = pos.clone();
    for &mv in legal_moves(pos).as_slice() {
        after.make(mv);
        let v = tb.probe_now(&after);
        after.unmake();
        moves.push((mv, v.ok_or(Miss::NotCovered)?.before()));
    }
    moves.sort_by_key(|&(_, v)| std::cmp::Reverse(v.rank()));
    Ok(Probe { value, moves })
}

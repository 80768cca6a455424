//! A position's value and the value each of its legal moves leaves (`docs/egtb.md` §11).

use super::table::{Miss, Tables, locate};
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

/// Loads what the position needs from the tables' folder (its endgame and the endgames its
/// captures reach) and probes it.
pub fn probe(pos: &Position, tables: &mut Tables) -> Result<Probe, ProbeError> {
    let at = locate(pos).ok_or(ProbeError::Miss(Miss::NotCovered))?;
    tables.load_with_subgames(at.endgame).map_err(ProbeError::Table)?;
    let value = tables.probe(pos).map_err(ProbeError::Miss)?;
    let mut moves = Vec::new();
    let mut after = pos.clone();
    for &mv in legal_moves(pos).as_slice() {
        after.make(mv);
        let v = tables.probe(&after);
        after.unmake();
        moves.push((mv, v.map_err(ProbeError::Miss)?.before()));
    }
    moves.sort_by_key(|&(_, v)| std::cmp::Reverse(v.rank()));
    Ok(Probe { value, moves })
}

/// Why a probe found no value.
#[derive(Debug)]
pub enum ProbeError {
    Miss(Miss),
    Table(super::file::TableError),
}

impl std::fmt::Display for ProbeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProbeError::Miss(m) => write!(f, "{m}"),
            ProbeError::Table(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ProbeError {}

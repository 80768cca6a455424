//! Material: the base value of each piece.

use super::S;
use super::info::EvalInfo;
use super::params::PIECE_VALUE;
use crate::types::{Color, PieceKind};

/// The base values of `c`'s pieces.
#[inline(always)]
pub(super) fn material(info: &EvalInfo, c: Color) -> S {
    PieceKind::ALL.iter().map(|k| PIECE_VALUE[k.index()] * info.counts[c][k.index()]).sum()
}

//! Material: the base value of each piece.

use super::info::EvalInfo;
use super::weights::{Accumulator, Weight};
use crate::types::{Color, PieceKind};

/// The base values of `c`'s pieces.
#[inline(always)]
pub(super) fn material<A: Accumulator>(info: &EvalInfo, c: Color) -> A {
    let mut score = A::default();
    for k in PieceKind::ALL {
        score.add(Weight::PieceValue(k), info.counts[c][k.index()]);
    }
    score
}

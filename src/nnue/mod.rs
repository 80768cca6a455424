//! The learned evaluation: an efficiently updatable network (NNUE, `docs/nnue.md`).
//!
//! One feature transformer, shared by both perspectives, turns the pieces on the board into
//! an accumulator of `hidden` 16-bit sums per side ([`features`]); a squared clipped ReLU
//! and one output layer turn the side to move's and the other side's accumulators into a
//! value in [`evaluate`](crate::eval::evaluate)'s units. Everything is integer arithmetic, so
//! every build gives the same value bit for bit. The file format is in [`format`].

pub mod features;
pub mod format;

#[cfg(test)]
mod tests;

use crate::board::Position;
use crate::types::value::RULE_BOUND;
use crate::types::{Color, Value};

pub use features::{FEATURES, active, feature};
pub use format::NetError;

/// The activation's ceiling: accumulators are clipped to `0..=QA` and squared.
pub const QA: i32 = 255;
/// The output weights' quantisation: a weight of 1.0 is stored as `QB`.
pub const QB: i32 = 64;

/// A network's weights, checked for shape once, when built or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// `Value` units per `QA * QB` of output.
    scale: i32,
    /// `[FEATURES][hidden]`, feature-major: one feature's column is contiguous.
    ft_weights: Vec<i16>,
    ft_bias: Vec<i16>,
    /// `[2 * hidden]`: the side to move's accumulator's weights, then the other side's.
    out_weights: Vec<i16>,
    /// In units of `QA * QB`.
    out_bias: i32,
}

/// One perspective's first-layer sums: the bias plus the columns of its active features,
/// added with 16-bit wrap-around (the trainer keeps them in range; wrapping keeps every
/// implementation equal where it does not).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator(pub Vec<i16>);

impl Network {
    /// A network from its quantised weights (the trainer's way in); the hidden width is
    /// `ft_bias.len()`.
    pub fn new(
        scale: i32,
        ft_weights: Vec<i16>,
        ft_bias: Vec<i16>,
        out_weights: Vec<i16>,
        out_bias: i32,
    ) -> Result<Network, NetError> {
        let h = ft_bias.len();
        if !format::valid_hidden(h) {
            return Err(NetError::Hidden(h as u32));
        }
        if scale <= 0 {
            return Err(NetError::Scale(scale));
        }
        if ft_weights.len() != FEATURES * h {
            return Err(NetError::Shape("feature weights are not features x hidden"));
        }
        if out_weights.len() != 2 * h {
            return Err(NetError::Shape("output weights are not 2 x hidden"));
        }
        Ok(Network { scale, ft_weights, ft_bias, out_weights, out_bias })
    }

    pub fn hidden(&self) -> usize {
        self.ft_bias.len()
    }

    pub fn scale(&self) -> i32 {
        self.scale
    }

    pub fn ft_weights(&self) -> &[i16] {
        &self.ft_weights
    }

    pub fn ft_bias(&self) -> &[i16] {
        &self.ft_bias
    }

    pub fn out_weights(&self) -> &[i16] {
        &self.out_weights
    }

    pub fn out_bias(&self) -> i32 {
        self.out_bias
    }

    /// Feature `f`'s column of first-layer weights.
    #[inline]
    fn column(&self, f: usize) -> &[i16] {
        let h = self.hidden();
        &self.ft_weights[f * h..(f + 1) * h]
    }

    /// `perspective`'s accumulator for `pos`, summed from scratch.
    pub fn refresh(&self, pos: &Position, perspective: Color) -> Accumulator {
        let mut acc = self.ft_bias.clone();
        for f in active(pos, perspective) {
            for (a, w) in acc.iter_mut().zip(self.column(f)) {
                *a = a.wrapping_add(*w);
            }
        }
        Accumulator(acc)
    }

    /// The value of `pos` for the side to move, every accumulator summed from scratch: the
    /// reference the incremental and SIMD paths are tested against.
    pub fn evaluate(&self, pos: &Position) -> Value {
        let stm = pos.side_to_move();
        self.output(&self.refresh(pos, stm), &self.refresh(pos, !stm))
    }

    /// The output layer on the side to move's (`us`) and the other side's accumulators:
    /// `(Σ clamp(us, 0, QA)² · w + Σ clamp(them, 0, QA)² · w') / QA + bias`, then scaled to
    /// `Value` units (`docs/nnue.md` §3). Sums are 64-bit, so no weight can overflow them.
    pub fn output(&self, us: &Accumulator, them: &Accumulator) -> Value {
        let h = self.hidden();
        let half = |acc: &Accumulator, w: &[i16]| -> i64 {
            acc.0.iter().zip(w).map(|(&a, &w)| screlu(a) * i64::from(w)).sum()
        };
        let sum = half(us, &self.out_weights[..h]) + half(them, &self.out_weights[h..]);
        self.to_value(sum)
    }

    /// The output sum `Σ a · w` in `Value` units, kept inside the ordinary band.
    fn to_value(&self, sum: i64) -> Value {
        let out = sum / i64::from(QA) + i64::from(self.out_bias);
        let v = out * i64::from(self.scale) / i64::from(QA * QB);
        let limit = i64::from(RULE_BOUND - 1);
        v.clamp(-limit, limit) as Value
    }
}

/// The activation, `clamp(a, 0, QA)²`.
#[inline]
fn screlu(a: i16) -> i64 {
    let a = i64::from(a.clamp(0, QA as i16));
    a * a
}

//! Tapered values: the score pair [`S`] (a middlegame and an endgame value, blended once the
//! game phase is known), the evaluation's tuned weights written in it ([`tuned`], which
//! `chuhan tune` writes), and the piece-square table built from them ([`PSQ`]).
//!
//! They sit below the board, which keeps each side's piece-square sum as pieces move, and below
//! the evaluation, which reads them: the board never imports the evaluation.

mod psq;
pub mod tuned;

use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

use crate::types::Value;

pub use psq::PSQ;

/// Resolution of the blended phase: `PHASE_MAX` is the full middlegame, 0 a bare endgame.
pub const PHASE_MAX: i32 = 256;

/// A pair of values, `S(middlegame, endgame)`, in output units.
///
/// Terms add these up per side; [`S::taper`] turns a pair into one value for a given phase, so
/// a weight can matter in the middlegame only (king safety) or grow as pieces come off
/// (soldiers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl S {
    pub const ZERO: S = S(0, 0);

    #[inline]
    pub const fn mg(self) -> i32 {
        self.0
    }

    #[inline]
    pub const fn eg(self) -> i32 {
        self.1
    }

    /// Blends the pair: `phase == PHASE_MAX` is the full middlegame, `0` a bare endgame.
    #[inline]
    pub const fn taper(self, phase: i32) -> Value {
        (self.0 * phase + self.1 * (PHASE_MAX - phase)) / PHASE_MAX
    }
}

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, rhs: S) -> S {
        S(self.0 + rhs.0, self.1 + rhs.1)
    }
}

impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, rhs: S) {
        *self = *self + rhs;
    }
}

impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, rhs: S) -> S {
        S(self.0 - rhs.0, self.1 - rhs.1)
    }
}

impl SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, rhs: S) {
        *self = *self - rhs;
    }
}

impl Neg for S {
    type Output = S;
    #[inline]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, n: i32) -> S {
        S(self.0 * n, self.1 * n)
    }
}

impl Div<i32> for S {
    type Output = S;
    #[inline]
    fn div(self, n: i32) -> S {
        S(self.0 / n, self.1 / n)
    }
}

impl std::iter::Sum for S {
    fn sum<I: Iterator<Item = S>>(iter: I) -> S {
        iter.fold(S::ZERO, Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taper_blends_linearly() {
        let s = S(100, 20);
        assert_eq!(s.taper(PHASE_MAX), 100);
        assert_eq!(s.taper(0), 20);
        assert_eq!(s.taper(PHASE_MAX / 2), 60);
        assert_eq!((s * 2 - S(1, 1)) / 3, S(66, 13));
    }
}

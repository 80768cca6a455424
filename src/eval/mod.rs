//! Static evaluation, hand-written in the style of ElephantEye and the classic "base value,
//! position value, flexibility, threats, protection" evaluators.
//!
//! [`evaluate`] scores a position from the side to move's point of view, in units where a horse
//! or a cannon is worth about 100 (`docs/ucci.md` §7.5). Each term is computed per side as a
//! tapered pair [`S`] (middlegame, endgame) and blended by the game phase; the value is the sum
//! over terms of Red's blended value minus Black's. [`trace()`] exposes the same numbers per term,
//! from the same code, for the `eval` command.
//!
//! Every weight lives in [`params`], the values of the tunable ones in `tapered/tuned.rs`, which
//! `chuhan tune` writes. The terms add weights through [`weights`], naming each one, which lets
//! the tuner read the evaluation as a linear function of them. The attack sets of all pieces are
//! computed once per call (see `info.rs`) and shared by the mobility, threat and king-safety
//! terms.

pub mod endgame;
mod info;
mod king;
mod material;
mod mobility;
pub mod params;
mod psqt;
mod soldiers;
mod threats;
mod trace;
pub mod weights;

#[cfg(test)]
mod tests;

use crate::board::Position;
use crate::types::{ByColor, Color, Value};
pub use endgame::Drawish;
use info::EvalInfo;

pub use crate::tapered::S;
pub use trace::Trace;
pub use weights::{Accumulator, Weight};

/// The static value of `pos` for the side to move.
pub fn evaluate(pos: &Position) -> Value {
    let red = Breakdown::<S>::new(pos).red_total();
    match pos.side_to_move() {
        Color::Red => red,
        Color::Black => -red,
    }
}

/// The evaluation of `pos` term by term, for display; its total is [`evaluate`] from Red's
/// point of view.
pub fn trace(pos: &Position) -> Trace {
    Trace::new(&Breakdown::<S>::new(pos))
}

/// The balance that scales the evaluation of `pos` towards a draw, if any: the side ahead
/// cannot win it (`endgame.rs`).
pub fn drawish(pos: &Position) -> Option<Drawish> {
    Breakdown::<S>::new(pos).applied_drawish()
}

/// The evaluation terms, in the order they are computed and displayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    Material,
    Position,
    Mobility,
    Threats,
    Protection,
    KingSafety,
    Soldiers,
    Tempo,
}

impl Term {
    pub const NUM: usize = 8;
    pub const ALL: [Term; Term::NUM] = [
        Term::Material,
        Term::Position,
        Term::Mobility,
        Term::Threats,
        Term::Protection,
        Term::KingSafety,
        Term::Soldiers,
        Term::Tempo,
    ];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::Position => "Position",
            Term::Mobility => "Mobility",
            Term::Threats => "Threats",
            Term::Protection => "Protection",
            Term::KingSafety => "King safety",
            Term::Soldiers => "Soldiers",
            Term::Tempo => "Tempo",
        }
    }
}

/// Every term's weights for each side, and the phase that blends them: the one place the
/// evaluation is computed, for [`evaluate`], [`trace()`] and the tuner alike. With `A` = [`S`]
/// each term is a tapered score; the tuner's accumulator records which weights made it.
///
/// The term functions it calls are `#[inline(always)]`: each is called once per side from here,
/// and left to itself LLVM kept several out of line, which cost about a tenth more instructions
/// per evaluation (measured with callgrind).
pub struct Breakdown<A> {
    phase: i32,
    terms: [ByColor<A>; Term::NUM],
    /// The balance that would scale each side's lead towards a draw (`endgame.rs`).
    drawish: ByColor<Option<Drawish>>,
}

impl<A: Accumulator> Breakdown<A> {
    #[inline(always)]
    pub fn new(pos: &Position) -> Breakdown<A> {
        // The piece-square pass also counts the pieces, which the shared facts start from.
        let (red_psq, red_counts) = A::psqt(pos, Color::Red);
        let (black_psq, black_counts) = A::psqt(pos, Color::Black);
        let position = ByColor::new(red_psq, black_psq);
        let mut info = EvalInfo::new(pos, ByColor::new(red_counts, black_counts));

        let material = both(|c| material::material(&info, c));
        // Mobility completes the attack maps the later terms read.
        let mobility = both(|c| mobility::mobility(pos, &mut info, c));
        let threats = both(|c| threats::threats(pos, &info, c));
        let protection = both(|c| threats::protection(pos, &info, c));
        let king_safety = both(|c| king::king_safety(pos, &info, c));
        let soldiers = both(|c| soldiers::soldiers(pos, c));
        let mut tempo = ByColor::<A>::default();
        tempo[pos.side_to_move()].add(Weight::Tempo, 1);

        // In `Term` order.
        let terms = [material, position, mobility, threats, protection, king_safety, soldiers, tempo];
        let drawish = endgame::drawish(pos, &info.counts);
        Breakdown { phase: info.phase, terms, drawish }
    }

    /// The game phase, from 0 (endgame) to [`PHASE_MAX`](params::PHASE_MAX).
    pub fn phase(&self) -> i32 {
        self.phase
    }

    /// A term for one side.
    pub fn term(&self, term: Term, c: Color) -> &A {
        &self.terms[term.index()][c]
    }

    /// Whether a lead of either side would be scaled towards a draw (the evaluation of
    /// [`drawish`] says whether it is).
    pub fn may_be_scaled(&self) -> bool {
        self.drawish[Color::Red].is_some() || self.drawish[Color::Black].is_some()
    }
}

impl Breakdown<S> {
    /// A term's blended value for one side.
    #[inline]
    fn value(&self, term: Term, c: Color) -> Value {
        self.terms[term.index()][c].taper(self.phase)
    }

    /// The evaluation from Red's point of view: every term's pair summed, then blended once
    /// (one blend instead of sixteen was about 5% of the evaluation's instructions), then
    /// scaled if the side it favours cannot win the balance on the board.
    #[inline]
    fn red_total(&self) -> Value {
        endgame::scaled(self.unscaled_total(), &self.drawish)
    }

    /// The blended sum of the terms before any endgame scale.
    #[inline]
    fn unscaled_total(&self) -> Value {
        let sum = self.terms.iter().fold(S::ZERO, |acc, t| acc + t[Color::Red] - t[Color::Black]);
        sum.taper(self.phase)
    }

    /// The balance that scales the total: that of the side the sum favours, if any.
    fn applied_drawish(&self) -> Option<Drawish> {
        endgame::applied(self.unscaled_total(), &self.drawish)
    }
}

/// A term evaluated for each side.
#[inline(always)]
fn both<A>(mut f: impl FnMut(Color) -> A) -> ByColor<A> {
    ByColor::new(f(Color::Red), f(Color::Black))
}

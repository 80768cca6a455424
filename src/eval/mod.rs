//! Static evaluation, hand-written in the style of ElephantEye and the classic "base value,
//! position value, flexibility, threats, protection" evaluators.
//!
//! [`evaluate`] scores a position from the side to move's point of view, in units where a horse
//! or a cannon is worth about 100 (`ucci.md` section 7.5). Each term is computed per side as a
//! tapered pair [`S`] (middlegame, endgame) and blended by the game phase; the value is the sum
//! over terms of Red's blended value minus Black's. [`trace()`] exposes the same numbers per term,
//! from the same code, for the `eval` command.
//!
//! Every weight lives in [`params`]. The attack sets of all pieces are computed once per call
//! (see `info.rs`) and shared by the mobility, threat and king-safety terms.

mod info;
mod king;
mod material;
mod mobility;
pub mod params;
mod psqt;
mod score;
mod soldiers;
mod threats;
mod trace;

#[cfg(test)]
mod tests;

use crate::board::Position;
use crate::types::{ByColor, Color, Value};
use info::EvalInfo;

pub use score::S;
pub use trace::Trace;

/// The static value of `pos` for the side to move.
pub fn evaluate(pos: &Position) -> Value {
    let red = Breakdown::new(pos).red_total();
    match pos.side_to_move() {
        Color::Red => red,
        Color::Black => -red,
    }
}

/// The evaluation of `pos` term by term, for display; its total is [`evaluate`] from Red's
/// point of view.
pub fn trace(pos: &Position) -> Trace {
    Trace::new(&Breakdown::new(pos))
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

/// Every term's tapered score for each side, and the phase that blends them: the one place the
/// evaluation is computed, for [`evaluate`] and [`trace()`] alike.
///
/// The term functions it calls are `#[inline(always)]`: each is called once per side from here,
/// and left to itself LLVM kept several out of line, which cost about a tenth more instructions
/// per evaluation (measured with callgrind).
struct Breakdown {
    phase: i32,
    terms: [ByColor<S>; Term::NUM],
}

impl Breakdown {
    #[inline(always)]
    fn new(pos: &Position) -> Breakdown {
        let mut terms = [ByColor::default(); Term::NUM];
        // The piece-square pass also counts the pieces, which the shared facts start from.
        let (red_psq, red_counts) = psqt::psqt(pos, Color::Red);
        let (black_psq, black_counts) = psqt::psqt(pos, Color::Black);
        terms[Term::Position.index()] = ByColor::new(red_psq, black_psq);
        let mut info = EvalInfo::new(pos, ByColor::new(red_counts, black_counts));

        terms[Term::Material.index()] = both(|c| material::material(&info, c));
        // Mobility completes the attack maps the later terms read.
        terms[Term::Mobility.index()] = both(|c| mobility::mobility(pos, &mut info, c));
        terms[Term::Threats.index()] = both(|c| threats::threats(pos, &info, c));
        terms[Term::Protection.index()] = both(|c| threats::protection(pos, &info, c));
        terms[Term::KingSafety.index()] = both(|c| king::king_safety(pos, &info, c));
        terms[Term::Soldiers.index()] = both(|c| soldiers::soldiers(pos, c));
        terms[Term::Tempo.index()][pos.side_to_move()] = params::TEMPO;

        Breakdown { phase: info.phase, terms }
    }

    /// A term's blended value for one side.
    #[inline]
    fn value(&self, term: Term, c: Color) -> Value {
        self.terms[term.index()][c].taper(self.phase)
    }

    /// The evaluation from Red's point of view.
    #[inline]
    fn red_total(&self) -> Value {
        Term::ALL.iter().map(|&t| self.value(t, Color::Red) - self.value(t, Color::Black)).sum()
    }
}

/// A term evaluated for each side.
#[inline(always)]
fn both(mut f: impl FnMut(Color) -> S) -> ByColor<S> {
    ByColor::new(f(Color::Red), f(Color::Black))
}

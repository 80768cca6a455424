//! The evaluation broken down by term, for the `eval` command (`docs/uci.md` §6).

use std::fmt;

use super::endgame::SCALE_NORMAL;
use super::{Breakdown, Drawish, S, Term};
use crate::types::{ByColor, Color, Value};

/// Each term's blended value for Red and for Black, and the evaluation.
///
/// Displays as a header, one row per term (Red, Black, net), then
/// `Final evaluation: <n> (red side)`, with no newline after that last line. The evaluation
/// blends the sum of the terms once, so it may differ from the sum of the rows, each blended
/// apart, by a unit or two of rounding; in a drawish endgame a line before the last gives the
/// scale applied to the sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    values: [ByColor<Value>; Term::NUM],
    total: Value,
    phase: i32,
    /// The balance that scaled the total, if any.
    drawish: Option<Drawish>,
}

impl Trace {
    pub(super) fn new(b: &Breakdown<S>) -> Trace {
        let values = Term::ALL.map(|t| ByColor::new(b.value(t, Color::Red), b.value(t, Color::Black)));
        Trace { values, total: b.red_total(), phase: b.phase, drawish: b.applied_drawish() }
    }

    /// A term's value for one side.
    pub fn value(&self, term: Term, c: Color) -> Value {
        self.values[term.index()][c]
    }

    /// A term's value for Red minus its value for Black.
    pub fn net(&self, term: Term) -> Value {
        self.value(term, Color::Red) - self.value(term, Color::Black)
    }

    /// The evaluation from Red's point of view: [`evaluate`](super::evaluate) for Red.
    pub fn total(&self) -> Value {
        self.total
    }

    /// The game phase used, from 0 (endgame) to [`PHASE_MAX`](super::params::PHASE_MAX).
    pub fn phase(&self) -> i32 {
        self.phase
    }

    /// The drawish balance that scaled the total, if any.
    pub fn drawish(&self) -> Option<Drawish> {
        self.drawish
    }
}

impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{:>12} | {:>6} {:>6} {:>6}", "Term", "Red", "Black", "Net")?;
        writeln!(f, "{:-<13}+{:-<21}", "", "")?;
        for term in Term::ALL {
            let (red, black) = (self.value(term, Color::Red), self.value(term, Color::Black));
            writeln!(f, "{:>12} | {red:>6} {black:>6} {:>6}", term.name(), self.net(term))?;
        }
        if let Some(d) = self.drawish {
            writeln!(f, "Endgame scale: {}/{SCALE_NORMAL} ({})", d.scale(), d.describe())?;
        }
        write!(f, "Final evaluation: {} (red side)", self.total())
    }
}

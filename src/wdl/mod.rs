//! Win/draw/loss: what an evaluation says about the game's outcome.
//!
//! The model is Stockfish's and Pikafish's: for the side to move, with `v` the search value,
//!
//! ```text
//! P(win)  = 1 / (1 + exp((a - v) / b))
//! P(loss) = 1 / (1 + exp((a + v) / b))
//! P(draw) = 1 - P(win) - P(loss)
//! ```
//!
//! `a` is the value at which a win becomes as likely as not, `b` how fast the odds turn. Both
//! move with the material left: with rooks on the board an advantage converts, in a bare
//! ending it often does not. Xiangqi masters draw about a third of their games, which a
//! draw-less logistic cannot express. The parameters are fitted on real outcomes by
//! `chuhan wdl fit` ([`fit`]); `docs/analysis.md` §1 gives the fit's figures.

pub mod fit;

use crate::board::Position;
use crate::types::value::RULE_BOUND;
use crate::types::{Color, PieceKind, Score, Value};

/// The model's parameters: `a` and `b` linear in the attacking material
/// (see [`material`]), `a = a[0] + a[1] * m / MATERIAL_MAX`, and likewise `b`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    pub a: [f64; 2],
    pub b: [f64; 2],
}

/// Fitted by `chuhan wdl fit` on 2,556 master games (`docs/analysis.md` §1.2).
pub const MODEL: Model = Model { a: [65.5, -13.8], b: [20.1, 62.6] };

/// Attacking material with every piece on the board.
pub const MATERIAL_MAX: u32 = 16;

/// Win, draw and loss chances of the side to move, per mille; they sum to 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

impl Wdl {
    /// The same chances from the other side.
    pub fn flipped(self) -> Wdl {
        Wdl { win: self.loss, draw: self.draw, loss: self.win }
    }

    /// The expected score, win plus half the draw, from 0 to 1.
    pub fn expected(self) -> f64 {
        (f64::from(self.win) + f64::from(self.draw) / 2.0) / 1000.0
    }
}

/// `W D L`, as UCI's `wdl` field gives it.
impl std::fmt::Display for Wdl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} {}", self.win, self.draw, self.loss)
    }
}

/// How bad a move was: graded by the drop in the mover's expected score (win plus half the
/// draw, 0 to 1) from the position before it to the position after it, both by the model
/// (`docs/analysis.md` §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grade {
    /// `?!`: a drop of at least [`Grade::INACCURACY`].
    Inaccuracy,
    /// `?`: at least [`Grade::MISTAKE`].
    Mistake,
    /// `??`: at least [`Grade::BLUNDER`].
    Blunder,
}

impl Grade {
    pub const ALL: [Grade; 3] = [Grade::Inaccuracy, Grade::Mistake, Grade::Blunder];
    pub const INACCURACY: f64 = 0.05;
    pub const MISTAKE: f64 = 0.10;
    pub const BLUNDER: f64 = 0.20;

    /// The grade of a move that lost `drop` of the mover's expected score; `None` below an
    /// inaccuracy.
    pub fn of_drop(drop: f64) -> Option<Grade> {
        if drop >= Grade::BLUNDER {
            Some(Grade::Blunder)
        } else if drop >= Grade::MISTAKE {
            Some(Grade::Mistake)
        } else if drop >= Grade::INACCURACY {
            Some(Grade::Inaccuracy)
        } else {
            None
        }
    }

    /// The annotation glyph: `?!`, `?` or `??`.
    pub fn nag(self) -> &'static str {
        match self {
            Grade::Inaccuracy => "?!",
            Grade::Mistake => "?",
            Grade::Blunder => "??",
        }
    }
}

/// The attacking material on the board, both sides together: a rook counts 2, a horse or a
/// cannon 1 (advisors, elephants and soldiers decide less about converting an advantage).
/// From [`MATERIAL_MAX`] at the start to 0 in a bare ending.
pub fn material(pos: &Position) -> u32 {
    Color::ALL
        .into_iter()
        .map(|c| 2 * pos.count(c, PieceKind::Rook) + pos.count(c, PieceKind::Horse) + pos.count(c, PieceKind::Cannon))
        .sum::<u32>()
        .min(MATERIAL_MAX)
}

impl Model {
    /// `(a, b)` for `material`.
    fn scale(&self, material: u32) -> (f64, f64) {
        let m = f64::from(material.min(MATERIAL_MAX)) / f64::from(MATERIAL_MAX);
        // A fit that wandered below zero would make win and loss overlap, or divide by zero.
        ((self.a[0] + self.a[1] * m).max(0.0), (self.b[0] + self.b[1] * m).max(1.0))
    }

    /// Win, draw and loss probabilities of the side to move for an evaluation `v` (not a
    /// decided value).
    pub fn probabilities(&self, v: f64, material: u32) -> [f64; 3] {
        let (a, b) = self.scale(material);
        let win = sigmoid((v - a) / b);
        let loss = sigmoid((-v - a) / b);
        [win, (1.0 - win - loss).max(0.0), loss]
    }

    /// The chances per mille for a search value `v` of the side to move; a decided value
    /// (mate or a rule's verdict) is a certain win or loss.
    pub fn wdl(&self, v: Value, material: u32) -> Wdl {
        if v >= RULE_BOUND {
            return Wdl { win: 1000, draw: 0, loss: 0 };
        }
        if v <= -RULE_BOUND {
            return Wdl { win: 0, draw: 0, loss: 1000 };
        }
        let [w, _, l] = self.probabilities(f64::from(v), material);
        let (win, loss) = ((w * 1000.0).round() as u32, (l * 1000.0).round() as u32);
        // Win and loss each rounded can pass 1000 together by one when the draw is nil.
        let excess = (win + loss).saturating_sub(1000);
        let (win, loss) = if win >= loss { (win - excess, loss) } else { (win, loss - excess) };
        Wdl { win, draw: 1000 - win - loss, loss }
    }
}

/// The chances of the side to move in `pos` for its search value `v`, by [`MODEL`].
pub fn wdl(pos: &Position, v: Value) -> Wdl {
    MODEL.wdl(v, material(pos))
}

/// The chances of the side to move in `pos` for a reported score: a decided score is a certain
/// win or loss.
pub fn of_score(pos: &Position, score: Score) -> Wdl {
    match score {
        Score::Cp(v) => wdl(pos, v),
        Score::Decided { win: true, .. } => Wdl { win: 1000, draw: 0, loss: 0 },
        Score::Decided { win: false, .. } => Wdl { win: 0, draw: 0, loss: 1000 },
    }
}

/// The logistic function `1 / (1 + exp(-x))`: the odds model of this module, and of the
/// evaluation tuner's expected score (`tune::model`).
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::value::{MATE, RULE_WIN};

    #[test]
    fn material_runs_from_the_start_to_a_bare_ending() {
        assert_eq!(material(&Position::startpos()), MATERIAL_MAX);
        let rook_and_cannon = Position::from_fen("3k5/9/9/9/9/9/9/9/4C4/4K3R w").expect("FEN");
        assert_eq!(material(&rook_and_cannon), 3);
        let bare = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").expect("FEN");
        assert_eq!(material(&bare), 0);
    }

    #[test]
    fn chances_sum_to_1000_and_move_the_right_way() {
        for material in [0, 5, MATERIAL_MAX] {
            let mut last = MODEL.wdl(-5000, material);
            assert_eq!(last.win + last.draw + last.loss, 1000);
            for v in (-5000..=5000).step_by(10) {
                let now = MODEL.wdl(v, material);
                assert_eq!(now.win + now.draw + now.loss, 1000, "{v} {material}");
                assert!(now.win >= last.win && now.loss <= last.loss, "{v} {material}: {last:?} then {now:?}");
                last = now;
            }
            // Symmetric: the other side's chances are those of the negated value.
            for v in [0, 37, 150, 420, 2000] {
                assert_eq!(MODEL.wdl(-v, material), MODEL.wdl(v, material).flipped(), "{v}");
            }
            let even = MODEL.wdl(0, material);
            assert!(even.win == even.loss && even.draw > 150, "{even:?}");
            assert!(MODEL.wdl(1500, material).win > 900);
        }
        // With little material left an even position is mostly drawn, more so than with all.
        assert!(MODEL.wdl(0, 0).draw > 500 && MODEL.wdl(0, 0).draw > MODEL.wdl(0, MATERIAL_MAX).draw);
    }

    #[test]
    fn known_values() {
        let model = Model { a: [100.0, 100.0], b: [50.0, 0.0] };
        // a = 100 with no material: at v = a a win is as likely as not.
        let [w, d, l] = model.probabilities(100.0, 0);
        assert!((w - 0.5).abs() < 1e-12 && (l - 1.0 / (1.0 + 4f64.exp())).abs() < 1e-12, "{w} {l}");
        assert!((w + d + l - 1.0).abs() < 1e-12);
        // At full material a = 200: v = 0 gives 1 / (1 + e^4) each.
        let p = 1.0 / (1.0 + 4f64.exp());
        assert_eq!(model.wdl(0, MATERIAL_MAX), Wdl { win: (p * 1000.0).round() as u32, draw: 964, loss: 18 });
        assert_eq!(model.wdl(MATE - 3, 8), Wdl { win: 1000, draw: 0, loss: 0 });
        assert_eq!(model.wdl(-RULE_WIN, 8), Wdl { win: 0, draw: 0, loss: 1000 });
        assert_eq!(Wdl { win: 500, draw: 300, loss: 200 }.expected(), 0.65);
        assert_eq!(Wdl { win: 500, draw: 300, loss: 200 }.to_string(), "500 300 200");
    }

    #[test]
    fn scores_map_to_chances() {
        let start = Position::startpos();
        assert_eq!(of_score(&start, Score::Cp(120)), MODEL.wdl(120, MATERIAL_MAX));
        assert_eq!(of_score(&start, Score::Decided { win: true, plies: 3 }), Wdl { win: 1000, draw: 0, loss: 0 });
        assert_eq!(of_score(&start, Score::Decided { win: false, plies: 0 }), Wdl { win: 0, draw: 0, loss: 1000 });
    }

    #[test]
    fn grades_by_drop() {
        let grades: Vec<Option<Grade>> = [0.0, 0.049, 0.05, 0.099, 0.1, 0.199, 0.2, 0.9].map(Grade::of_drop).into();
        let (i, m, b) = (Some(Grade::Inaccuracy), Some(Grade::Mistake), Some(Grade::Blunder));
        assert_eq!(grades, [None, None, i, i, m, m, b, b]);
        assert_eq!(Grade::ALL.map(Grade::nag), ["?!", "?", "??"]);
    }
}

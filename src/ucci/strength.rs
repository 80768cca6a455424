//! The options that set how well and how variedly Chuhan plays, and how many lines it shows:
//! UCI's `MultiPV`, `Skill Level`, `UCI_LimitStrength` and `UCI_Elo`; UCCI's `multipv` and the
//! specification's `pruning`, `knowledge`, `randomness` and `style`.
//!
//! The UCCI grades act as ElephantEye reads them: `pruning none` turns null-move pruning off
//! (and ProbCut, Chuhan's other forward pruning), `knowledge none` evaluates material and
//! piece placement only, any other grade leaves both at full; `randomness` adds evaluation
//! noise, doubling from `tiny` to `huge`. `style` is in the specification but not in
//! ElephantEye: here it sets what a draw is worth.

use crate::engine::{Level, Strength};
use crate::types::Value;

/// Most lines `MultiPV` accepts.
pub const MAX_MULTIPV: u32 = 64;
/// `UCI_Elo`'s range: the Elo of level 0 and of level 20.
pub const MIN_ELO: u32 = Level::MIN.elo() as u32;
pub const MAX_ELO: u32 = Level::MAX.elo() as u32;

/// The grades of UCCI's combo options, in the specification's order.
pub const GRADES: &[&str] = &["none", "tiny", "small", "medium", "large", "huge"];
/// The grades `pruning` and `knowledge` offer.
pub const COARSE_GRADES: &[&str] = &["none", "small", "medium", "large"];
/// The values of `style`.
pub const STYLES: &[&str] = &["solid", "normal", "risky"];

/// Evaluation noise of each `randomness` grade, in centi-units (a horse is about 100).
const RANDOMNESS_NOISE: [Value; 6] = [0, 2, 4, 8, 16, 32];
/// What a draw is worth to Chuhan in each `style`.
const STYLE_DRAW_VALUE: [Value; 3] = [15, 0, -30];

/// The strength options as set, in the engine's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrengthSettings {
    pub multipv: u32,
    /// `Skill Level`.
    pub level: Level,
    pub limit_strength: bool,
    pub elo: u32,
    /// Index into [`GRADES`].
    pub randomness: usize,
    /// `knowledge` and `pruning` are above `none`.
    pub knowledge: bool,
    pub pruning: bool,
    /// Index into [`STYLES`].
    pub style: usize,
}

impl Default for StrengthSettings {
    fn default() -> StrengthSettings {
        StrengthSettings {
            multipv: 1,
            level: Level::MAX,
            limit_strength: false,
            elo: MAX_ELO,
            randomness: 0,
            knowledge: true,
            pruning: true,
            style: 1,
        }
    }
}

impl StrengthSettings {
    /// The level played: `UCI_Elo`'s when `UCI_LimitStrength` is on, else `Skill Level`.
    pub fn played_level(&self) -> Level {
        if self.limit_strength { Level::for_elo(self.elo as i32) } else { self.level }
    }

    /// What the search is given.
    pub fn strength(&self) -> Strength {
        Strength {
            level: self.played_level(),
            randomness: RANDOMNESS_NOISE[self.randomness.min(RANDOMNESS_NOISE.len() - 1)],
            knowledge: self.knowledge,
            pruning: self.pruning,
            draw_value: STYLE_DRAW_VALUE[self.style.min(STYLE_DRAW_VALUE.len() - 1)],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_full_strength() {
        let s = StrengthSettings::default();
        assert_eq!(s.strength(), Strength::default());
        assert_eq!(s.multipv, 1);
        assert_eq!(GRADES[s.randomness], "none");
        assert_eq!(STYLES[s.style], "normal");
    }

    #[test]
    fn elo_counts_only_when_limiting() {
        let five = Level::new(5).expect("a level");
        let s = StrengthSettings { level: five, elo: MIN_ELO, ..StrengthSettings::default() };
        assert_eq!(s.played_level(), five);
        assert_eq!(StrengthSettings { limit_strength: true, ..s }.played_level(), Level::MIN);
        assert_eq!(StrengthSettings { limit_strength: true, elo: MAX_ELO, ..s }.played_level(), Level::MAX);
    }

    #[test]
    fn grades_and_styles_reach_the_search() {
        let s = StrengthSettings { randomness: 5, knowledge: false, pruning: false, style: 2, ..Default::default() };
        let st = s.strength();
        assert_eq!((st.randomness, st.knowledge, st.pruning, st.draw_value), (32, false, false, -30));
        assert!(st.is_random() && !st.picks());
    }
}

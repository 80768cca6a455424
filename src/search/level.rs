//! Playing below full strength, and playing with variety.
//!
//! A weaker level should play like a weaker player, not like a strong engine that now and then
//! throws a piece away. So each level below [`Level::MAX`] weakens the search in the ways a
//! person's play is weak: it looks less far (a node budget per move, [`LEVELS`]; the two
//! weakest do not even see the reply to their move, as a beginner who grabs a guarded piece),
//! it judges positions less exactly (noise on every static evaluation) and it does not always
//! find the best of the moves it saw (a choice among the best [`LEVEL_LINES`] root lines, each
//! weighted by how far its score is below the best). A free rook still stands out by more than
//! the noise and the spread of the choice, so even level 0 takes it most of the time. The
//! ladder was set by matches (`docs/strength.md` §24).
//!
//! UCCI's `randomness` adds evaluation noise at any level, for variety at full strength; UCCI's
//! `knowledge none` evaluates material and piece placement only, and `pruning none` turns off
//! null-move pruning and ProbCut (as ElephantEye does).

use std::fmt;
use std::str::FromStr;

use crate::board::Position;
use crate::eval::{Term, trace};
use crate::types::{Color, Value};

/// How well the engine plays, one setting under each of its names: UCI's `Skill Level` (and
/// `UCI_Elo`, through [`Level::for_elo`]), `chuhan play --level` and the game's `level N`.
/// [`Level::MIN`] plays like a beginner; [`Level::MAX`] is full strength and deterministic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    pub const MIN: Level = Level(0);
    /// Full strength: no node budget, no noise, always the best line.
    pub const MAX: Level = Level(20);

    /// `None` above [`Level::MAX`].
    pub const fn new(level: u8) -> Option<Level> {
        if level <= Level::MAX.0 { Some(Level(level)) } else { None }
    }

    /// `level`, or [`Level::MAX`] above it.
    pub fn clamped(level: u32) -> Level {
        Level(level.min(u32::from(Level::MAX.0)) as u8)
    }

    pub const fn get(self) -> u8 {
        self.0
    }

    /// The level's Elo on the scale of the level table (`docs/strength.md` §24).
    pub const fn elo(self) -> i32 {
        LEVEL_ELO[self.0 as usize]
    }

    /// The strongest level whose Elo is at most `elo` ([`Level::MIN`] below the scale).
    pub fn for_elo(elo: i32) -> Level {
        Level(LEVEL_ELO.iter().rposition(|&e| e <= elo).unwrap_or(0) as u8)
    }

    /// The level's parameters; `None` at full strength.
    fn params(self) -> Option<&'static LevelParams> {
        LEVELS.get(self.0 as usize)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        let max = Level::MAX;
        s.trim().parse().ok().and_then(Level::new).ok_or_else(|| format!("'{s}' is not a level (0 to {max})"))
    }
}
/// Root lines searched below full strength, for the weighted choice.
pub const LEVEL_LINES: usize = 4;

/// What one level below full strength does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LevelParams {
    /// Nodes per move (the search ends after the first iteration past it; 1: depth 1 only).
    nodes: u64,
    /// Whether the search looks at the captures that follow its last ply (quiescence). A
    /// level without judges a move by the position it leaves, as a beginner who does not see
    /// the reply: it grabs a guarded piece and leaves its own hanging.
    replies: bool,
    /// Evaluation noise amplitude, in centi-units (a horse is about 100).
    noise: Value,
    /// Spread of the choice among lines: a line this far below the best is chosen e^-1 times
    /// as often.
    spread: Value,
}

const fn level(nodes: u64, noise: Value, spread: Value) -> LevelParams {
    LevelParams { nodes, replies: true, noise, spread }
}

/// A level that searches one ply and does not see the reply.
const fn blind(noise: Value, spread: Value) -> LevelParams {
    LevelParams { nodes: 1, replies: false, noise, spread }
}

/// Levels 0 to 19. The weakest five search one ply: levels 0 and 1 judge a move by the position
/// it leaves (a scripted player that takes what it safely can beats them), levels 2 to 4 also
/// see the captures that follow, and they differ in how much they misjudge. From level 5 on,
/// each searches about 1.48 times the nodes of the one below, from 400 (enough for a second ply
/// with four lines: at 140 nodes level 5 played no better than level 4) to 100,000 at level 19
/// (about what full strength searches per move at 5 s + 0.05 s a game), and misjudges less.
const LEVELS: [LevelParams; Level::MAX.0 as usize] = [
    blind(130, 130),
    blind(60, 60),
    level(1, 150, 150),
    level(1, 105, 105),
    level(1, 75, 75),
    level(400, 70, 70),
    level(590, 60, 60),
    level(880, 52, 52),
    level(1_310, 45, 45),
    level(1_940, 38, 38),
    level(2_870, 32, 32),
    level(4_260, 27, 27),
    level(6_320, 22, 22),
    level(9_380, 18, 18),
    level(13_920, 14, 14),
    level(20_650, 11, 11),
    level(30_630, 8, 8),
    level(45_440, 6, 6),
    level(67_410, 4, 4),
    level(100_000, 2, 2),
];

/// Each level's Elo on the scale of the level table of `docs/strength.md` §24: level 0 is 0,
/// each step up adds the gap measured between the two levels in a match at fixed nodes.
const LEVEL_ELO: [i32; Level::MAX.0 as usize + 1] = [
    0, 270, 1070, 1250, 1370, 1480, 1600, 1670, 1920, 2010, 2250, 2540, 2740, 2960, 3170, 3410, 3570, 3840, 4020, 4140,
    4420,
];

/// How well and how predictably the engine plays. The default is full strength and
/// deterministic, which is what `bench` and matches measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    pub level: Level,
    /// Extra evaluation noise amplitude in centi-units (UCCI `randomness`).
    pub randomness: Value,
    /// The full evaluation; `false` counts material and piece placement only.
    pub knowledge: bool,
    /// Null-move pruning and ProbCut.
    pub pruning: bool,
    /// What a draw by rule is worth to the side to move at the root (UCCI `style`: above zero
    /// a solid player takes a draw sooner, below zero a risky one plays on).
    pub draw_value: Value,
}

impl Default for Strength {
    fn default() -> Strength {
        Strength { level: Level::MAX, randomness: 0, knowledge: true, pruning: true, draw_value: 0 }
    }
}

impl Strength {
    /// `level`, with no other handicap.
    pub fn at_level(level: Level) -> Strength {
        Strength { level, ..Strength::default() }
    }

    /// The level's parameters; `None` at full strength.
    fn params(&self) -> Option<&'static LevelParams> {
        self.level.params()
    }

    /// Whether the search looks at the captures after its last ply (quiescence).
    pub fn sees_replies(&self) -> bool {
        self.params().is_none_or(|p| p.replies)
    }

    /// Whether the best move is chosen by lot among several lines.
    pub fn picks(&self) -> bool {
        self.params().is_some()
    }

    /// Root lines to search: [`LEVEL_LINES`] below full strength, else one.
    pub fn lines(&self) -> usize {
        if self.picks() { LEVEL_LINES } else { 1 }
    }

    /// The level's node budget per move; `None` at full strength.
    pub fn node_budget(&self) -> Option<u64> {
        self.params().map(|p| p.nodes)
    }

    /// The amplitude of the evaluation noise: the level's plus `randomness`.
    pub fn noise(&self) -> Value {
        self.params().map_or(0, |p| p.noise) + self.randomness.max(0)
    }

    /// Whether the search needs a random seed: noise or a choice by lot.
    pub fn is_random(&self) -> bool {
        self.noise() > 0 || self.picks()
    }

    /// Whether the static evaluation differs from the engine's own (noise or less knowledge).
    pub fn alters_evaluation(&self) -> bool {
        self.noise() > 0 || !self.knowledge
    }

    /// Chooses among `values` (best first) by lot: each weighs `exp(-(best - value) / spread)`.
    /// `roll` is uniform in [0, 1). Full strength always takes the first.
    pub fn pick(&self, values: &[Value], roll: f64) -> usize {
        let (Some(&best), Some(p)) = (values.first(), self.params()) else { return 0 };
        let spread = p.spread.max(1) as f64;
        let weights: Vec<f64> = values.iter().map(|&v| (-((best - v).max(0) as f64) / spread).exp()).collect();
        let mut left = roll.clamp(0.0, 1.0) * weights.iter().sum::<f64>();
        for (i, w) in weights.iter().enumerate() {
            if left < *w {
                return i;
            }
            left -= w;
        }
        values.len() - 1
    }
}

/// The static evaluation as a handicapped level sees it: the engine's own (or material and
/// piece placement only, without knowledge) plus noise that depends on the position and on the
/// search's seed, so that within one search a position always looks the same.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Handicap {
    seed: u64,
    noise: Value,
    knowledge: bool,
    /// Quiescence at the leaves; without it a leaf is its static evaluation.
    pub replies: bool,
}

impl Handicap {
    /// `None` when the strength leaves the evaluation and the leaves alone.
    pub fn new(strength: &Strength, seed: u64) -> Option<Handicap> {
        (strength.alters_evaluation() || !strength.sees_replies()).then_some(Handicap {
            seed,
            noise: strength.noise(),
            knowledge: strength.knowledge,
            replies: strength.sees_replies(),
        })
    }

    /// The evaluation of `pos` from the side to move's point of view.
    pub fn evaluate(&self, pos: &Position) -> Value {
        let base = if self.knowledge {
            crate::eval::evaluate(pos)
        } else {
            let t = trace(pos);
            let red = t.net(Term::Material) + t.net(Term::Position);
            if pos.side_to_move() == Color::Red { red } else { -red }
        };
        base + self.noise_at(pos.key())
    }

    /// Uniform in `-noise..=noise`, a hash of the position's key and the seed.
    fn noise_at(&self, key: u64) -> Value {
        if self.noise == 0 {
            return 0;
        }
        let mut h = (key ^ self.seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
        let span = 2 * self.noise as u64 + 1;
        ((h >> 16) % span) as Value - self.noise
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(level: u8) -> Strength {
        Strength::at_level(Level::new(level).expect("a level"))
    }

    #[test]
    fn full_strength_changes_nothing() {
        let s = Strength::default();
        assert!(!s.picks() && !s.is_random() && !s.alters_evaluation());
        assert_eq!((s.lines(), s.node_budget(), s.noise()), (1, None, 0));
        assert_eq!(s.pick(&[10, 500, 900], 0.99), 0);
        assert!(Handicap::new(&s, 7).is_none());
    }

    #[test]
    fn levels_search_more_and_choose_better_as_they_rise() {
        let budgets: Vec<u64> = (0..=Level::MAX.get()).filter_map(|l| at(l).node_budget()).collect();
        assert_eq!(budgets.len(), LEVELS.len());
        assert_eq!(budgets[0], 1);
        assert!(budgets.windows(2).all(|w| w[1] >= w[0]));
        // Seeing the replies is the larger step; within each kind the noise and spread fall.
        let better = |a: &LevelParams, b: &LevelParams| {
            (b.replies && !a.replies) || (b.replies == a.replies && b.noise < a.noise && b.spread < a.spread)
        };
        assert!(LEVELS.windows(2).all(|w| better(&w[0], &w[1])));
        assert_eq!(at(0).noise(), 130);
        let blind: Vec<u8> = (0..=Level::MAX.get()).filter(|&l| !at(l).sees_replies()).collect();
        assert_eq!(blind, [0, 1]);
        assert_eq!(at(19).noise(), 2);
        assert_eq!(Strength { randomness: 8, ..Strength::default() }.noise(), 8);
    }

    #[test]
    fn elo_maps_to_the_strongest_level_at_or_below_it() {
        assert!(LEVEL_ELO.windows(2).all(|w| w[1] > w[0]));
        let level = |n| Level::new(n).expect("a level");
        assert_eq!(Level::for_elo(Level::MIN.elo() - 100), Level::MIN);
        assert_eq!(Level::for_elo(Level::MIN.elo()), Level::MIN);
        assert_eq!(Level::for_elo(level(7).elo() + 1), level(7));
        assert_eq!(Level::for_elo(Level::MAX.elo()), Level::MAX);
        assert_eq!(Level::for_elo(i32::MAX), Level::MAX);
    }

    #[test]
    fn levels_read_from_text_within_their_range() {
        assert_eq!("0".parse(), Ok(Level::MIN));
        assert_eq!(" 20".parse(), Ok(Level::MAX));
        assert_eq!("21".parse::<Level>(), Err("'21' is not a level (0 to 20)".to_string()));
        assert!("-1".parse::<Level>().is_err() && "ten".parse::<Level>().is_err());
        assert_eq!((Level::clamped(99), Level::clamped(3).get()), (Level::MAX, 3));
    }

    #[test]
    fn the_choice_weighs_lines_by_score() {
        let s = at(0);
        // Spread 130: weights 1, e^-1, e^-3 for values 0, -130, -390.
        let values = [0, -130, -390];
        let total = 1.0 + (-1.0f64).exp() + (-3.0f64).exp();
        assert_eq!(s.pick(&values, 0.0), 0);
        assert_eq!(s.pick(&values, 0.99 / total), 0);
        assert_eq!(s.pick(&values, 1.01 / total), 1);
        assert_eq!(s.pick(&values, (1.0 + (-1.0f64).exp() + 0.01) / total), 2);
        // A line 400 above three others (a free rook) is chosen most of the time even at level
        // 0: 1 / (1 + 3 e^(-400/130)) = 0.88; at level 4 (spread 75) 0.986. (The noise on the
        // leaves makes the rook look smaller: engine-tests/levels.rs.)
        let share = |l| (0..1000).filter(|&i| at(l).pick(&[400, 0, 0, 0], i as f64 / 1000.0) == 0).count();
        assert_eq!(share(0), 879);
        assert_eq!(share(4), 986);
    }

    #[test]
    fn noise_is_bounded_and_fixed_per_position() {
        let h = Handicap { seed: 12345, noise: 50, knowledge: true, replies: true };
        let draws: Vec<Value> = (0..2000u64).map(|k| h.noise_at(k.wrapping_mul(0x1234_5678_9abc_def1))).collect();
        assert!(draws.iter().all(|v| (-50..=50).contains(v)));
        assert!(draws.iter().any(|&v| v < -40) && draws.iter().any(|&v| v > 40));
        assert_eq!(h.noise_at(99), h.noise_at(99));
        let other = Handicap { seed: 54321, ..h };
        assert!((0..100u64).any(|k| other.noise_at(k) != h.noise_at(k)));
    }
}

//! Every search and time-management constant, in one place so they can be tuned.

use std::sync::atomic::{AtomicI32, Ordering::Relaxed};

use crate::types::{Depth, Value};

/// A search parameter that `chuhan spsa` varies (`docs/tuning.md` §12): its value is read
/// from an atomic, so that a tuning match can send each engine process other values by
/// `setoption` (by the parameter's name, not announced to GUIs). Every process starts at the
/// default, which is what the engine plays with.
pub struct Tunable {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    value: AtomicI32,
}

impl Tunable {
    const fn new(name: &'static str, default: i32, min: i32, max: i32) -> Tunable {
        assert!(min <= default && default <= max);
        Tunable { name, default, min, max, value: AtomicI32::new(default) }
    }

    #[inline]
    pub fn get(&self) -> i32 {
        self.value.load(Relaxed)
    }

    /// Sets the value, which must lie within the range.
    pub fn set(&self, value: i32) -> Result<(), String> {
        if !(self.min..=self.max).contains(&value) {
            return Err(format!("{value} is out of range ({} to {})", self.min, self.max));
        }
        self.value.store(value, Relaxed);
        Ok(())
    }
}

/// The parameter called `name` (case aside).
pub fn tunable(name: &str) -> Option<&'static Tunable> {
    TUNABLES.iter().copied().find(|t| t.name.eq_ignore_ascii_case(name.trim()))
}

/// Half-width of the first aspiration window around the previous iteration's value.
pub static ASPIRATION_DELTA: Tunable = Tunable::new("ASPIRATION_DELTA", 20, 5, 60);
/// Iterations before aspiration windows are used.
pub const ASPIRATION_MIN_DEPTH: Depth = 4;

/// Null-move pruning: minimum depth, base reduction and depth divisor. A base of 2, not 3: a
/// passing side's reduced search must still see the mate an enemy quiet move threatens
/// (`docs/strength.md` §8).
pub const NULL_MIN_DEPTH: Depth = 3;
pub static NULL_BASE_REDUCTION: Tunable = Tunable::new("NULL_BASE_REDUCTION", 2, 1, 5);
pub static NULL_DEPTH_DIVISOR: Tunable = Tunable::new("NULL_DEPTH_DIVISOR", 4, 2, 8);

/// Reverse futility pruning: depth limit and margin per ply.
pub const RFP_MAX_DEPTH: Depth = 7;
pub static RFP_MARGIN: Tunable = Tunable::new("RFP_MARGIN", 60, 20, 160);

/// Futility pruning of quiet moves at frontier nodes: margin per ply.
pub const FUTILITY_MAX_DEPTH: Depth = 3;
pub static FUTILITY_MARGIN: Tunable = Tunable::new("FUTILITY_MARGIN", 70, 20, 200);

/// ProbCut: from this depth, a capture whose search `PROBCUT_REDUCTION` plies shallower beats
/// beta by `PROBCUT_MARGIN` (less `PROBCUT_IMPROVING` when improving) cuts the node.
pub const PROBCUT_MIN_DEPTH: Depth = 5;
pub const PROBCUT_REDUCTION: Depth = 4;
pub static PROBCUT_MARGIN: Tunable = Tunable::new("PROBCUT_MARGIN", 60, 20, 200);
pub static PROBCUT_IMPROVING: Tunable = Tunable::new("PROBCUT_IMPROVING", 15, 0, 60);

/// Internal iterative reduction: nodes this deep without a table move are searched one ply
/// shallower.
pub const IIR_MIN_DEPTH: Depth = 4;

/// Singular extensions: minimum depth, how much shallower the table's entry may be, and the
/// margin per ply below its value that the other moves must stay under.
pub const SE_MIN_DEPTH: Depth = 7;
pub const SE_TT_DEPTH_SLACK: Depth = 3;
pub static SE_MARGIN: Tunable = Tunable::new("SE_MARGIN", 1, 1, 6);

/// SEE pruning at shallow depth: a capture that loses more than `SEE_CAPTURE_MARGIN` per ply
/// by static exchange, or a quiet move that loses more than `SEE_QUIET_MARGIN` per ply squared,
/// is not searched (checks excepted).
pub const SEE_PRUNE_MAX_DEPTH: Depth = 4;
pub static SEE_CAPTURE_MARGIN: Tunable = Tunable::new("SEE_CAPTURE_MARGIN", 40, 0, 150);
pub static SEE_QUIET_MARGIN: Tunable = Tunable::new("SEE_QUIET_MARGIN", 20, 0, 80);

/// Late-move pruning: quiet moves searched before the rest are skipped at shallow depth (half
/// as many when the position is not improving; checks are never skipped).
pub const LMP_MAX_DEPTH: Depth = 3;
pub static LMP_BASE: Tunable = Tunable::new("LMP_BASE", 5, 1, 12);

/// History pruning: at this depth or less, a quiet move whose history is below
/// `-HISTORY_PRUNE_MARGIN` per ply is not searched (checks excepted). Self-play at 0.5+0.005:
/// +12.3 +/- 9.7 Elo, LLR 2.98, 2929 games (at 4+0.04 on an older tree it had shown nothing in
/// 1000 games; the short clocks are what issue 28 asks for). On the linear history bonus, 3,000
/// and 5,000 both lost (-12.2 +/- 18.5 Elo in 711 games, -33.7 +/- 36.4 in 217).
pub const HISTORY_PRUNE_MAX_DEPTH: Depth = 3;
pub static HISTORY_PRUNE_MARGIN: Tunable = Tunable::new("HISTORY_PRUNE_MARGIN", 4000, 500, 12000);

/// Late-move reductions: `ln(depth) * ln(moves) / LMR_DIVISOR + LMR_BASE`.
pub const LMR_MIN_DEPTH: Depth = 3;
pub const LMR_BASE: f64 = 0.5;
pub const LMR_DIVISOR: f64 = 2.2;
/// One ply less (or more) of reduction per this much history of a quiet move. 8,192 against
/// 16,384 on the linear history bonus, self-play at 0.5+0.005: +20.7 +/- 14.4 Elo, LLR 2.96,
/// 1296 games (on the quadratic bonus it had stood at +15.3 +/- 13.2 after 1474, stopped).
pub static LMR_HISTORY_DIVISOR: Tunable = Tunable::new("LMR_HISTORY_DIVISOR", 8_192, 2000, 20000);

/// Quiet moves are sorted by history down to `-QUIET_SORT_PER_DEPTH * depth`; the rest keep
/// their generation order.
pub static QUIET_SORT_PER_DEPTH: Tunable = Tunable::new("QUIET_SORT_PER_DEPTH", 2000, 0, 8000);

/// Quiescence delta pruning margin.
pub static DELTA_MARGIN: Tunable = Tunable::new("DELTA_MARGIN", 50, 0, 200);

/// Correction history (`correction.rs`): entries per table and side (a power of two), and the
/// most a table may add to or take from the static evaluation.
pub const CORRECTION_SIZE: usize = 1 << 14;
pub const CORRECTION_MAX: Value = 32;

/// History scores are kept within ±HISTORY_MAX.
pub const HISTORY_MAX: i32 = 16_384;
/// A cut-off moves its quiet move's history by `HISTORY_BONUS_PER_DEPTH * depth -
/// HISTORY_BONUS_OFFSET`, at most `HISTORY_BONUS_MAX` (the moves tried before it by as much
/// down). Linear in depth, where it was `32 * depth²` up to 12,800: one deep cut-off then all
/// but overwrote what hundreds of shallow ones had taught, and a depth-1 cut-off taught almost
/// nothing. Self-play at 0.5+0.005: +30.5 +/- 18.3 Elo, LLR 2.98, 764 games.
pub static HISTORY_BONUS_PER_DEPTH: Tunable = Tunable::new("HISTORY_BONUS_PER_DEPTH", 300, 50, 800);
pub static HISTORY_BONUS_OFFSET: Tunable = Tunable::new("HISTORY_BONUS_OFFSET", 150, 0, 600);
pub static HISTORY_BONUS_MAX: Tunable = Tunable::new("HISTORY_BONUS_MAX", 3000, 500, 16384);

/// Time allocation (`docs/ucci.md` §7.3): sudden death divides the clock by this many moves.
/// With 20 a 1+0.01 game spends 57 ms a move on its first ten moves and the increment alone
/// from about the 40th. 40 moves against 20 in self-play: +11.6 +/- 11.5 Elo at 0.5+0.005
/// after 2000 games (LLR 1.94 of 2.94), 88-109-195 (-19 Elo) at 1+0.01 after 392: not kept.
pub const TIME_MOVES_SUDDEN_DEATH: u64 = 20;
/// The hard limit never exceeds this many soft targets. The spec's starting value (`docs/ucci.md`
/// §7.3) is half the clock whatever the soft target; but an iteration started just before the
/// soft target then ran on to half the clock, and one such move left the rest of the game short.
pub const HARD_PER_SOFT: u64 = 4;
/// The soft target keeps back the overhead of this many answers, each counted as at least
/// [`RESERVE_PER_MOVE_MS`] (100 ms with the default move overhead): a fast game's clock then
/// settles below the reserve but above the increment, with room for a slow answer (a busy
/// machine delays one by tens of milliseconds). Five answers of 20 ms let the clock settle near
/// 40 ms at 1+0.01, and 3 of 60 games against ElephantEye were lost on time (a loaded machine).
/// A reserve per move to go (440 ms at 20 moves) left most of a 0.5 s base unspent to the end
/// of the game. Ten answers of 10 ms against ten of 20 ms (200 ms), self-play at 0.5+0.005 on a
/// quiet machine: +52.4 +/- 25.2 Elo, LLR 2.99, 461 games, no time forfeit (at load 10-12 the
/// same test had stood at +17.4 +/- 28.7 after 400 games, with 6 forfeits, all its own).
pub const RESERVE_MOVES: u64 = 10;
pub const RESERVE_PER_MOVE_MS: u64 = 10;
/// The soft target in percent by how many iterations in a row kept the best move (then the
/// last entry), and by how far the value fell since the previous iteration: this many percent
/// more per unit of fall, within the bounds (a rise saves a little).
pub const TM_STABILITY_PCT: [u32; 5] = [140, 115, 95, 85, 75];
pub const TM_FALL_PCT_PER_UNIT: Value = 2;
pub const TM_FALL_PCT_MIN: Value = -20;
pub const TM_FALL_PCT_MAX: Value = 60;
/// Pondering stretches the soft target by 5/4.
pub const PONDER_SOFT_NUM: u64 = 5;
pub const PONDER_SOFT_DEN: u64 = 4;
/// Default safety margin subtracted from the clock (ms), the UCI `Move Overhead`.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;

/// Nodes between two polls of the clock and the stop flag.
pub const POLL_INTERVAL: u64 = 1024;

/// Slots of each thread's evaluation cache (a power of two), 8 bytes each: 512 KB, half of
/// a core's L2 cache here. Four times as many hit more often but cost more than they save:
/// start position `go depth 19` took 10% longer with them.
pub const EVAL_CACHE_SIZE: usize = 1 << 16;

/// Every parameter `chuhan spsa` may vary.
pub static TUNABLES: [&Tunable; 18] = [
    &ASPIRATION_DELTA,
    &NULL_BASE_REDUCTION,
    &NULL_DEPTH_DIVISOR,
    &RFP_MARGIN,
    &FUTILITY_MARGIN,
    &PROBCUT_MARGIN,
    &PROBCUT_IMPROVING,
    &SE_MARGIN,
    &SEE_CAPTURE_MARGIN,
    &SEE_QUIET_MARGIN,
    &LMP_BASE,
    &HISTORY_PRUNE_MARGIN,
    &LMR_HISTORY_DIVISOR,
    &QUIET_SORT_PER_DEPTH,
    &DELTA_MARGIN,
    &HISTORY_BONUS_PER_DEPTH,
    &HISTORY_BONUS_OFFSET,
    &HISTORY_BONUS_MAX,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tunables_are_named_once_and_keep_the_history_within_its_bounds() {
        let mut names: Vec<&str> = TUNABLES.iter().map(|t| t.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TUNABLES.len());
        assert!(std::ptr::eq(tunable("rfp_margin").expect("found"), &RFP_MARGIN));
        assert!(tunable("RFP").is_none());
        // A bonus above the history's bound would let one cut-off saturate it (history.rs).
        assert!(HISTORY_BONUS_MAX.max <= HISTORY_MAX);
        assert!(NULL_DEPTH_DIVISOR.min >= 1 && LMR_HISTORY_DIVISOR.min >= 1, "divisors never reach 0");
        assert_eq!(RFP_MARGIN.set(RFP_MARGIN.max + 1), Err("161 is out of range (20 to 160)".to_string()));
        assert_eq!(RFP_MARGIN.get(), RFP_MARGIN.default);
    }
}

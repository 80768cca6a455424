//! Every search and time-management constant, in one place so they can be tuned.

use crate::types::{Depth, Value};

/// Half-width of the first aspiration window around the previous iteration's value.
pub const ASPIRATION_DELTA: Value = 20;
/// Iterations before aspiration windows are used.
pub const ASPIRATION_MIN_DEPTH: Depth = 4;

/// Null-move pruning: minimum depth, base reduction and depth divisor. A base of 2, not 3: a
/// passing side's reduced search must still see the mate an enemy quiet move threatens
/// (`docs/strength.md` §8).
pub const NULL_MIN_DEPTH: Depth = 3;
pub const NULL_BASE_REDUCTION: Depth = 2;
pub const NULL_DEPTH_DIVISOR: Depth = 4;

/// Reverse futility pruning: depth limit and margin per ply.
pub const RFP_MAX_DEPTH: Depth = 7;
pub const RFP_MARGIN: Value = 60;

/// Futility pruning of quiet moves at frontier nodes: margin per ply.
pub const FUTILITY_MAX_DEPTH: Depth = 3;
pub const FUTILITY_MARGIN: Value = 70;

/// ProbCut: from this depth, a capture whose search `PROBCUT_REDUCTION` plies shallower beats
/// beta by `PROBCUT_MARGIN` (less `PROBCUT_IMPROVING` when improving) cuts the node.
pub const PROBCUT_MIN_DEPTH: Depth = 5;
pub const PROBCUT_REDUCTION: Depth = 4;
pub const PROBCUT_MARGIN: Value = 60;
pub const PROBCUT_IMPROVING: Value = 15;

/// Internal iterative reduction: nodes this deep without a table move are searched one ply
/// shallower.
pub const IIR_MIN_DEPTH: Depth = 4;

/// Singular extensions: minimum depth, how much shallower the table's entry may be, and the
/// margin per ply below its value that the other moves must stay under.
pub const SE_MIN_DEPTH: Depth = 7;
pub const SE_TT_DEPTH_SLACK: Depth = 3;
pub const SE_MARGIN: Value = 1;

/// SEE pruning at shallow depth: a capture that loses more than `SEE_CAPTURE_MARGIN` per ply
/// by static exchange, or a quiet move that loses more than `SEE_QUIET_MARGIN` per ply squared,
/// is not searched (checks excepted).
pub const SEE_PRUNE_MAX_DEPTH: Depth = 4;
pub const SEE_CAPTURE_MARGIN: Value = 40;
pub const SEE_QUIET_MARGIN: Value = 20;

/// Late-move pruning: quiet moves searched before the rest are skipped at shallow depth (half
/// as many when the position is not improving; checks are never skipped).
pub const LMP_MAX_DEPTH: Depth = 3;
pub const LMP_BASE: usize = 5;

/// History pruning: at this depth or less, a quiet move whose history is below
/// `-HISTORY_PRUNE_MARGIN` per ply is not searched (checks excepted). Self-play at 0.5+0.005:
/// +12.3 +/- 9.7 Elo, LLR 2.98, 2929 games (at 4+0.04 on an older tree it had shown nothing in
/// 1000 games; the short clocks are what issue 28 asks for). On the linear history bonus, 3,000
/// and 5,000 both lost (-12.2 +/- 18.5 Elo in 711 games, -33.7 +/- 36.4 in 217).
pub const HISTORY_PRUNE_MAX_DEPTH: Depth = 3;
pub const HISTORY_PRUNE_MARGIN: i32 = 4000;

/// Late-move reductions: `ln(depth) * ln(moves) / LMR_DIVISOR + LMR_BASE`.
pub const LMR_MIN_DEPTH: Depth = 3;
pub const LMR_BASE: f64 = 0.5;
pub const LMR_DIVISOR: f64 = 2.2;
/// One ply less (or more) of reduction per this much history of a quiet move. 8,192 against
/// 16,384 on the linear history bonus, self-play at 0.5+0.005: +20.7 +/- 14.4 Elo, LLR 2.96,
/// 1296 games (on the quadratic bonus it had stood at +15.3 +/- 13.2 after 1474, stopped).
pub const LMR_HISTORY_DIVISOR: i32 = 8_192;

/// Quiet moves are sorted by history down to `-QUIET_SORT_PER_DEPTH * depth`; the rest keep
/// their generation order.
pub const QUIET_SORT_PER_DEPTH: i32 = 2000;

/// Quiescence delta pruning margin.
pub const DELTA_MARGIN: Value = 50;

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
pub const HISTORY_BONUS_PER_DEPTH: i32 = 300;
pub const HISTORY_BONUS_OFFSET: i32 = 150;
pub const HISTORY_BONUS_MAX: i32 = 3000;

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

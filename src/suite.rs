//! `chuhan suite FILE`: runs an EPD suite and reports each line and a `N passed, M failed` total.
//!
//! Two kinds of line are understood:
//! - `<FEN> ; mate <N> ; <source>`: the side to move must find a forced mate (or a stalemate,
//!   which also wins) in at most N of its own moves;
//! - `<FEN> ;D1 <n> ;D2 <n> ...`: perft counts, checked up to the depth limit given.

use std::time::Duration;

use rayon::prelude::*;

use crate::board::Position;
use crate::engine::{Engine, Limits, perft_report};
use crate::epd;
use crate::types::Score;

/// How hard to try on each line.
#[derive(Clone, Copy, Debug)]
pub struct SuiteLimits {
    /// Search depth for mate lines (default: the mate's length and a margin; with a movetime,
    /// none), or the deepest perft depth checked.
    pub depth: Option<i32>,
    pub movetime: Option<Duration>,
    /// Only lines announcing a mate in at most this many moves.
    pub max_mate: Option<u32>,
    /// Lines run in parallel.
    pub jobs: usize,
}

enum Case {
    Mate { fen: String, moves: u32 },
    Perft { fen: String, counts: Vec<(u32, u64)> },
}

/// Outcome of one line.
pub struct LineResult {
    pub line: usize,
    pub passed: bool,
    pub text: String,
}

fn parse_line(line: &epd::Line) -> Result<Case, String> {
    let fen = line.fen.to_string();
    if let Some(m) = line.op("mate") {
        return m.parse().map(|moves| Case::Mate { fen, moves }).map_err(|_| format!("bad mate length '{m}'"));
    }
    match line.perft_counts() {
        Some(counts) => Ok(Case::Perft { fen, counts }),
        None => Err("neither '; mate N' nor ';D1 n' perft fields".to_string()),
    }
}

/// Plies of nominal depth beyond the length of an announced mate, for mate lines searched
/// without a time limit: about the largest reduction a late quiet move gets at these depths
/// (late-move reduction, not improving, after a capture from the table, poor history), which
/// can hide a mate's quiet move. The mate in 3 of the suite's line 71 needs depth 15.
const MATE_DEPTH_MARGIN: i32 = 10;

/// Each line gets an engine of its own: a fresh table and histories, one thread.
fn run_case(case: &Case, limits: &SuiteLimits) -> (bool, String) {
    let (Case::Mate { fen, .. } | Case::Perft { fen, .. }) = case;
    let pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => return (false, format!("invalid FEN: {e}")),
    };
    let mut engine = match Engine::new() {
        Ok(e) => e,
        Err(e) => return (false, e.to_string()),
    };
    engine.set_position(pos);
    match case {
        Case::Mate { moves, .. } => {
            // A mate in N is 2N - 1 plies, but a selective search needs more nominal depth to
            // see the quiet moves of a combination unreduced. With a time limit the search
            // runs until the mate is proven or the time is up.
            let depth = match (limits.depth, limits.movetime) {
                (Some(d), _) => Some(d),
                (None, Some(_)) => None,
                (None, None) => Some(2 * *moves as i32 - 1 + MATE_DEPTH_MARGIN),
            };
            let search_limits = Limits { depth, movetime: limits.movetime, mate: Some(*moves), ..Limits::default() };
            let r = engine.search(search_limits, &mut |_| {});
            let best = r.best.map_or("(none)".to_string(), |m| m.to_string());
            match Score::from_value(r.value) {
                Score::Decided { win: true, plies } if plies.div_ceil(2) <= *moves => {
                    (true, format!("mate in {} (announced {moves}), best {best}", plies.div_ceil(2)))
                }
                other => (false, format!("no mate in {moves} found: score {}, best {best}", other.uci())),
            }
        }
        Case::Perft { counts, .. } => {
            let max = limits.depth.map_or(u32::MAX, |d| d.max(0) as u32);
            for &(d, expected) in counts.iter().filter(|(d, _)| *d <= max) {
                let (_, n) = perft_report(&engine.perft_now(d), d);
                if n != expected {
                    return (false, format!("perft {d}: {n}, expected {expected}"));
                }
            }
            (true, "perft counts agree".to_string())
        }
    }
}

/// Runs every line of `text`; `report` gets each result in file order.
pub fn run(text: &str, limits: &SuiteLimits, report: &mut dyn FnMut(&LineResult)) -> (usize, usize) {
    let cases: Vec<(usize, Result<Case, String>)> = epd::lines(text).map(|l| (l.number, parse_line(&l))).collect();
    let selected: Vec<&(usize, Result<Case, String>)> = cases
        .iter()
        .filter(|(_, c)| match (c, limits.max_mate) {
            (Ok(Case::Mate { moves, .. }), Some(max)) => *moves <= max,
            _ => true,
        })
        .collect();
    let run_one = |(line, case): &&(usize, Result<Case, String>)| {
        let (passed, text) = match case {
            Ok(c) => run_case(c, limits),
            Err(e) => (false, e.clone()),
        };
        LineResult { line: *line, passed, text }
    };
    let results: Vec<LineResult> = match rayon::ThreadPoolBuilder::new().num_threads(limits.jobs.max(1)).build() {
        Ok(pool) => pool.install(|| selected.par_iter().map(run_one).collect()),
        Err(_) => selected.iter().map(run_one).collect(),
    };
    let mut passed = 0;
    for r in &results {
        passed += r.passed as usize;
        report(r);
    }
    (passed, results.len() - passed)
}

//! `bench`: a fixed search over `positions/bench.epd` (built into the binary) at a fixed depth,
//! one thread, fresh table per position. Its node count is the search's signature: it changes
//! only when search behaviour changes.

use std::time::{Duration, Instant};

use crate::board::Position;
use crate::search::{self, Control, Limits};
use crate::tt::{AllocError, TranspositionTable};

pub const BENCH_EPD: &str = include_str!("../positions/bench.epd");
pub const DEFAULT_DEPTH: i32 = 9;
const BENCH_HASH_MB: usize = 16;

pub struct BenchResult {
    pub nodes: u64,
    pub time: Duration,
    pub positions: usize,
    /// Positions searched to the full depth; fewer than `positions` when stopped.
    pub completed: usize,
}

impl BenchResult {
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-3)) as u64
    }

    /// The three closing lines of `docs/uci.md` §6.
    pub fn summary(&self) -> [String; 3] {
        [
            format!("Total time (ms): {}", self.time.as_millis()),
            format!("Nodes searched: {}", self.nodes),
            format!("Nodes/second: {}", self.nps()),
        ]
    }

    pub fn stopped(&self) -> bool {
        self.completed < self.positions
    }

    /// One line for a stopped bench: partial figures, worded so that nothing mistakes them for
    /// the signature (`Nodes searched:`).
    pub fn stopped_line(&self) -> String {
        format!(
            "bench stopped after {} of {} positions: {} nodes in {} ms",
            self.completed,
            self.positions,
            self.nodes,
            self.time.as_millis()
        )
    }
}

/// The bench positions, parsed.
pub fn positions() -> Vec<Position> {
    BENCH_EPD
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| Position::from_fen(l.split(';').next().unwrap_or_default()).ok())
        .collect()
}

/// Runs the bench; `progress` receives one line per position. Stopping `ctl` ends it within the
/// current position; the result then counts the positions completed. A depth-only search reads
/// nothing else from `ctl`, so one control for all positions leaves the node count unchanged.
pub fn run(depth: i32, ctl: &Control, progress: &mut dyn FnMut(String)) -> Result<BenchResult, AllocError> {
    let tt = TranspositionTable::new(BENCH_HASH_MB)?;
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let mut time = Duration::ZERO;
    let mut nodes = 0;
    let mut completed = 0;
    let positions = positions();
    for (i, pos) in positions.iter().enumerate() {
        if ctl.is_stopped() {
            break;
        }
        tt.clear();
        let memory = search::SearchMemory::allocated(1);
        let start = Instant::now();
        let r = search::search(pos, &tt, &memory, &limits, &[], 1, ctl, &mut |_| {});
        time += start.elapsed();
        nodes += r.nodes;
        if ctl.is_stopped() {
            break;
        }
        completed += 1;
        let best = r.best.map_or("(none)".to_string(), |m| m.to_string());
        progress(format!("Position {}/{}: {} nodes, best {best}", i + 1, positions.len(), r.nodes));
    }
    Ok(BenchResult { nodes, time, positions: positions.len(), completed })
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_bench_position_is_valid() {
        let lines = super::BENCH_EPD.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).count();
        assert_eq!(super::positions().len(), lines);
    }
}

//! `bench`: a fixed search over `positions/bench.epd` (built into the binary) at a fixed depth,
//! one thread, fresh table per position. Its node count is the search's signature: it changes
//! only when search behaviour changes. [`Engine::bench`](crate::engine::Engine::bench) runs it;
//! this module holds what it searches and what it reports.

use std::time::Duration;

use crate::board::Position;
use crate::types::Depth;

pub const BENCH_EPD: &str = include_str!("../positions/bench.epd");
pub const DEFAULT_DEPTH: Depth = 9;

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
    crate::epd::lines(BENCH_EPD).filter_map(|l| Position::from_fen(l.fen).ok()).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_bench_position_is_valid() {
        let lines = crate::epd::lines(super::BENCH_EPD).count();
        assert_eq!(super::positions().len(), lines);
    }
}

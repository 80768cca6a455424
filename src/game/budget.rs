//! How long a side thinks over each move, for every front: a depth, a number of nodes, a time
//! per move, or a clock. How well it plays is its [`Level`](crate::engine::Level), apart.

use std::fmt;
use std::time::Duration;

use super::clock::TimeControl;
use crate::types::Depth;

/// What bounds a search for a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// To a fixed depth in plies (`go depth N`).
    Depth(Depth),
    /// About N nodes (`go nodes N`); a match varies it from move to move by [`jittered_nodes`].
    Nodes(u64),
    /// A fixed time per move (`go movetime`).
    MoveTime(Duration),
    /// A clock at this control, the side spending its own time (`go time` or `go wtime`).
    Clock(TimeControl),
}

impl Budget {
    /// The time control, for a budget on the clock.
    pub fn clock(self) -> Option<TimeControl> {
        match self {
            Budget::Clock(tc) => Some(tc),
            Budget::Depth(_) | Budget::Nodes(_) | Budget::MoveTime(_) => None,
        }
    }
}

impl fmt::Display for Budget {
    /// `depth 8`, `nodes 20000`, `movetime 1500 ms`, `5+0.05`: the terminal game's, the match
    /// summary's and the PGN tags' spelling.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Depth(d) => write!(f, "depth {d}"),
            Budget::Nodes(n) => write!(f, "nodes {n}"),
            Budget::MoveTime(t) => write!(f, "movetime {} ms", t.as_millis()),
            Budget::Clock(tc) => write!(f, "{tc}"),
        }
    }
}

/// The node limit of one move: `nodes` varied by up to an eighth either way, from a hash of
/// the game's number and the ply, so that the two games of an opening and the replays of an
/// opening in a long match differ (engines searching fixed nodes are deterministic) while the
/// same match played again is the same.
pub fn jittered_nodes(nodes: u64, game: usize, ply: usize) -> u64 {
    // SplitMix64 finaliser over the game number and ply.
    let mut z = (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (ply as u64).wrapping_add(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    let span = nodes / 4;
    (nodes - nodes / 8 + if span > 0 { z % (span + 1) } else { 0 }).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_are_spelt_as_the_fronts_show_them() {
        let tc = TimeControl { base: Duration::from_secs(5), increment: Duration::from_millis(50) };
        let shown: Vec<String> =
            [Budget::Depth(8), Budget::Nodes(20000), Budget::MoveTime(Duration::from_millis(1500)), Budget::Clock(tc)]
                .iter()
                .map(Budget::to_string)
                .collect();
        assert_eq!(shown, ["depth 8", "nodes 20000", "movetime 1500 ms", "5+0.05"]);
        assert_eq!((Budget::Clock(tc).clock(), Budget::Depth(8).clock()), (Some(tc), None));
    }

    #[test]
    fn node_limits_vary_within_an_eighth() {
        let limits: Vec<u64> = (0..200).map(|ply| jittered_nodes(8000, 3, ply)).collect();
        assert!(limits.iter().all(|&n| (7000..=9000).contains(&n)), "{limits:?}");
        assert!(limits.iter().any(|&n| n < 7500) && limits.iter().any(|&n| n > 8500));
        // The same game and ply always get the same limit; another game gets others.
        assert_eq!(jittered_nodes(8000, 3, 17), limits[17]);
        assert_ne!((0..20).map(|p| jittered_nodes(8000, 4, p)).collect::<Vec<_>>(), limits[..20]);
        assert_eq!(jittered_nodes(1, 0, 0), 1);
    }
}

//! Pictures as SVG documents written by the project: the board diagram of a position and the
//! evaluation graph of a game, and line charts (`chuhan train`'s loss curve). All are pure
//! functions from data to text; `chuhan diagram` writes the first, the game analysis the first two.

mod board;
mod chart;
mod graph;
mod svg;

pub use board::{Diagram, Layout};
pub use chart::{LineChart, Series};
pub use graph::{Graph, GraphLayout};
pub use svg::escape;

/// The colours of the pictures, for callers and for tests that check rendered pixels.
pub mod colours {
    pub use super::board::{ARROW, BLACK, BOARD, DISC, INK, MARK, RED};
    pub use super::graph::{BLUNDER, INACCURACY, LINE, MISTAKE};
}

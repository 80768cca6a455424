//! Vocabulary types: squares, colours, pieces, moves, search values and game results.

mod color;
mod mv;
mod piece;
mod result;
mod square;
pub mod value;

pub use color::{ByColor, Color};
pub use mv::Move;
pub use piece::{Piece, PieceKind};
pub use result::{GameResult, Reason};
pub use square::{File, Rank, Square};
pub use value::{Depth, MAX_PLY, Score, Value};

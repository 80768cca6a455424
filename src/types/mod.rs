//! Vocabulary types: squares, colours, pieces, moves and search values.

mod color;
mod mv;
mod piece;
mod square;
pub mod value;

pub use color::{ByColor, Color};
pub use mv::Move;
pub use piece::{Piece, PieceKind};
pub use square::{File, Rank, Square};
pub use value::{Depth, MAX_PLY, Score, Value};

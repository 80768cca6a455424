//! The terminal game (`chuhan play`): move notation for people, the board diagram, and game
//! records in PGN.

pub mod notation;
pub mod pgn;
pub mod render;

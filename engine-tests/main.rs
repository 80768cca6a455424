//! Regression suites that drive the real `chuhan` binary.

mod analysis;
mod arena;
mod book;
mod cluster;
mod common;
mod egtb;
mod fuzz;
mod gui;
mod judge;
mod levels;
mod nnue;
mod perft;
mod pgn;
mod pictures;
mod play;
mod protocol;
mod robustness;
mod session;
mod spsa;
mod strength;
mod suite;
mod tune;

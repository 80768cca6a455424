//! Regression suites that drive the real `chuhan` binary.

mod arena;
mod common;
mod judge;
mod perft;
mod play;
mod protocol;
mod session;
mod suite;

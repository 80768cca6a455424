//! Regression suites that drive the real `chuhan` binary.

mod common;
mod fuzz;
mod judge;
mod perft;
mod protocol;
mod robustness;
mod session;

//! Regression suites that drive the real `chuhan` binary.

mod common;
mod judge;
mod perft;
mod protocol;
mod robustness;
mod session;

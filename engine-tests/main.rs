//! Regression suites that drive the real `chuhan` binary.

mod common;
mod perft;
mod play;

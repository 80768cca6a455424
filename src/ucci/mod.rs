//! The protocol's pure layers: commands in, responses out, for UCCI (`docs/ucci.md`) and UCI
//! (`docs/uci.md`).
//!
//! Nothing here reads input, prints, or runs the engine. [`parse`] turns one input line into a
//! [`Command`] or a [`ParseError`] whose `Display` is the exact `info string` text to answer with;
//! [`PositionSpec::build`] applies a `position` atomically; [`options::validate`] turns a
//! `setoption` into an [`OptionChange`]; [`Response::render`] spells each reply in the session's
//! [`Dialect`]. The driver (the state machine with its reader thread and writer) sits on top.

mod answer;
mod command;
mod dialect;
mod driver;
mod go;
pub mod options;
mod position;
mod response;
mod settings;
pub mod strength;

pub use command::{Command, ParseError, parse};
pub use dialect::{ClockUnit, Dialect};
pub use driver::run;
pub use go::{Go, GoClock};
pub use options::{OptionChange, OptionError, ThreadCount};
pub use position::{NumberedIllegal, PositionError, PositionSpec, check_legal, parse_move};
pub use response::{Bound, ENGINE_AUTHOR, ENGINE_NAME, HashBound, HashProbe, Iteration, Response, Verdict, engine_id};
pub use settings::Settings;

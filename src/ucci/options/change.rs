//! What a `setoption` changes: the value checked against the option's type and range, and the
//! change it makes in the engine's units ([`OptionChange`]), or the refusal's text.

use std::fmt;

use super::{DEFAULT_HASH_MB, EMPTY, Named, OptionId, OptionKind, find};
use crate::board::MoveLimit;
use crate::engine::Level;
use crate::search::params::TUNABLES;
use crate::ucci::Dialect;
use crate::ucci::command::parse_int;

/// The number of search threads requested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThreadCount {
    /// UCCI's `threads 0`: one per available core, capped by the maximum.
    PerCore,
    Fixed(u32),
}

/// A validated `setoption`: what to change, in the engine's units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionChange {
    UseMillisec(bool),
    Batch(bool),
    Debug(bool),
    Ponder(bool),
    /// Transposition table size in MB (UCCI's 0 already replaced by the default).
    HashMb(u32),
    Threads(ThreadCount),
    MoveOverheadMs(u32),
    /// Button: clear the table, history, killers and draw/resign state.
    NewGame,
    /// Button: clear the transposition table.
    ClearHash,
    /// Accepted, changes nothing: `UCI_Variant xiangqi`, and ElephantEye's options that
    /// Chuhan has no use for at the values that are what it does anyway.
    NoChange,
    MultiPv(u32),
    SkillLevel(Level),
    LimitStrength(bool),
    Elo(u32),
    /// `UCI_ShowWDL`: add `wdl W D L` to every `info ... score` line.
    ShowWdl(bool),
    /// Whether `pruning` is above `none`.
    Pruning(bool),
    /// Whether `knowledge` is above `none`.
    Knowledge(bool),
    /// An index into [`GRADES`].
    Randomness(usize),
    /// An index into [`STYLES`].
    Style(usize),
    UseBook(bool),
    /// The book's path; empty for the default book.
    BookFile(String),
    UseEgtb(bool),
    /// Folders of endgame tables, as the option wrote them (empty: none).
    EgtbPaths(String),
    MoveLimit(MoveLimit),
    /// The network evaluates instead of the thesis evaluation.
    UseNnue(bool),
    /// The net file's path; empty for the built-in net.
    EvalFile(String),
    /// A value of one of ElephantEye's options that Chuhan cannot follow (`promotion true`,
    /// `usehash false`, `idle` above `none`); `Display` says why it is ignored. Their default
    /// values, which are what Chuhan does, are [`OptionChange::NoChange`].
    Ignored(Ignored),
    /// A search parameter for tuning, by its index in [`TUNABLES`], not announced to GUIs
    /// (`docs/tuning.md` §12).
    Tune {
        index: usize,
        value: i32,
    },
}

/// The ElephantEye option values that Chuhan accepts and cannot follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ignored {
    Promotion,
    NoHash,
    Idle,
}

impl fmt::Display for Ignored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ignored::Promotion => {
                "setoption: promotion ignored: Chuhan plays the standard rules, where soldiers never promote"
            }
            Ignored::NoHash => "setoption: usehash ignored: the transposition table is always on",
            Ignored::Idle => {
                "setoption: idle ignored: a search runs at full speed (lower Threads to share the machine)"
            }
        })
    }
}

/// A refused `setoption`; `Display` gives the `info string` text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name (as the GUI wrote it).
    Unknown(String),
    /// The value does not fit the option.
    BadValue { name: &'static str, reason: String },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option: {name}"),
            OptionError::BadValue { name, reason } => write!(f, "setoption: {name}: {reason}"),
        }
    }
}

impl std::error::Error for OptionError {}

/// Validates `setoption` into a change. `name` is the option name as sent, `value` the value
/// (`None` or blank when absent); `dialect` is the session's, used only to resolve names shared by
/// both spellings; `max_threads` is the largest thread count accepted.
pub fn validate(
    name: &str,
    value: Option<&str>,
    dialect: Dialect,
    max_threads: u32,
) -> Result<OptionChange, OptionError> {
    let Some(Named { def, spelling, name }) = find(name, dialect) else {
        return tune(name, value);
    };
    let bad = |reason: String| OptionError::BadValue { name, reason };
    let value = value.map(str::trim).filter(|v| !v.is_empty());

    let typed = match def.kind {
        OptionKind::Button => Typed::Button,
        OptionKind::Check { .. } => {
            let Some(text) = value else { return Err(bad("missing value (true or false)".into())) };
            Typed::Check(parse_check(text).ok_or_else(|| bad(format!("'{text}' is not true, false, on or off")))?)
        }
        OptionKind::Spin { .. } => {
            let Some(text) = value else { return Err(bad("missing value (a number)".into())) };
            let n = parse_int(text).ok_or_else(|| bad(format!("'{text}' is not a number")))?;
            let (min, max) = def.range(spelling, max_threads).unwrap_or((0, 0));
            let n = u32::try_from(n)
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| bad(format!("{text} is out of range ({min} to {max})")))?;
            Typed::Spin(n)
        }
        OptionKind::Combo { vars, .. } => {
            let Some(text) = value else { return Err(bad("missing value".into())) };
            let Some(index) = vars.iter().position(|v| v.eq_ignore_ascii_case(text)) else {
                return Err(bad(format!("'{text}' is not supported (only {})", vars.join(", "))));
            };
            Typed::Combo(index)
        }
        OptionKind::Text { .. } => Typed::Text(value.filter(|v| *v != EMPTY).unwrap_or_default().to_string()),
    };
    Ok(change(def.id, typed))
}

/// A `setoption` of a search parameter (`chuhan spsa`), or no option at all.
fn tune(name: &str, value: Option<&str>) -> Result<OptionChange, OptionError> {
    let index = TUNABLES
        .iter()
        .position(|t| t.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| OptionError::Unknown(name.trim().to_string()))?;
    let t = TUNABLES[index];
    let bad = |reason: String| OptionError::BadValue { name: t.name, reason };
    let Some(text) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Err(bad("missing value (a number)".into()));
    };
    let n = parse_int(text).ok_or_else(|| bad(format!("'{text}' is not a number")))?;
    let value = i32::try_from(n)
        .ok()
        .filter(|v| (t.min..=t.max).contains(v))
        .ok_or_else(|| bad(format!("{text} is out of range ({} to {})", t.min, t.max)))?;
    Ok(OptionChange::Tune { index, value })
}

/// A `setoption` value checked against the option's type.
#[derive(Clone, Debug)]
enum Typed {
    Check(bool),
    Spin(u32),
    Button,
    /// The index of the value among the option's.
    Combo(usize),
    Text(String),
}

/// The change a well-typed value makes. Zero in the UCCI spellings of `hashsize` and `threads`
/// (which the range admits only there) means the default size and one thread per core.
fn change(id: OptionId, value: Typed) -> OptionChange {
    match (id, value) {
        (OptionId::UseMillisec, Typed::Check(on)) => OptionChange::UseMillisec(on),
        (OptionId::Batch, Typed::Check(on)) => OptionChange::Batch(on),
        (OptionId::Debug, Typed::Check(on)) => OptionChange::Debug(on),
        (OptionId::Ponder, Typed::Check(on)) => OptionChange::Ponder(on),
        (OptionId::Hash, Typed::Spin(0)) => OptionChange::HashMb(DEFAULT_HASH_MB),
        (OptionId::Hash, Typed::Spin(mb)) => OptionChange::HashMb(mb),
        (OptionId::Threads, Typed::Spin(0)) => OptionChange::Threads(ThreadCount::PerCore),
        (OptionId::Threads, Typed::Spin(n)) => OptionChange::Threads(ThreadCount::Fixed(n)),
        (OptionId::MoveOverhead, Typed::Spin(ms)) => OptionChange::MoveOverheadMs(ms),
        (OptionId::NewGame, Typed::Button) => OptionChange::NewGame,
        (OptionId::ClearHash, Typed::Button) => OptionChange::ClearHash,
        (OptionId::UciVariant, Typed::Combo(_)) => OptionChange::NoChange,
        (OptionId::MultiPv, Typed::Spin(n)) => OptionChange::MultiPv(n),
        (OptionId::SkillLevel, Typed::Spin(n)) => OptionChange::SkillLevel(Level::clamped(n)),
        (OptionId::LimitStrength, Typed::Check(on)) => OptionChange::LimitStrength(on),
        (OptionId::UciElo, Typed::Spin(elo)) => OptionChange::Elo(elo),
        (OptionId::ShowWdl, Typed::Check(on)) => OptionChange::ShowWdl(on),
        (OptionId::Pruning, Typed::Combo(grade)) => OptionChange::Pruning(grade > 0),
        (OptionId::Knowledge, Typed::Combo(grade)) => OptionChange::Knowledge(grade > 0),
        (OptionId::Randomness, Typed::Combo(grade)) => OptionChange::Randomness(grade),
        (OptionId::Style, Typed::Combo(style)) => OptionChange::Style(style),
        (OptionId::UseBook, Typed::Check(on)) => OptionChange::UseBook(on),
        (OptionId::BookFile, Typed::Text(path)) => OptionChange::BookFile(path),
        (OptionId::UseEgtb, Typed::Check(on)) => OptionChange::UseEgtb(on),
        (OptionId::EgtbPaths, Typed::Text(paths)) => OptionChange::EgtbPaths(paths),
        (OptionId::MoveLimit, Typed::Spin(moves)) => OptionChange::MoveLimit(MoveLimit::moves(moves)),
        (OptionId::UseNnue, Typed::Check(on)) => OptionChange::UseNnue(on),
        (OptionId::EvalFile, Typed::Text(path)) => OptionChange::EvalFile(path),
        (OptionId::Promotion, Typed::Check(false))
        | (OptionId::UseHash, Typed::Check(true))
        | (OptionId::Idle, Typed::Combo(0)) => OptionChange::NoChange,
        (OptionId::Promotion, Typed::Check(true)) => OptionChange::Ignored(Ignored::Promotion),
        (OptionId::UseHash, Typed::Check(false)) => OptionChange::Ignored(Ignored::NoHash),
        (OptionId::Idle, Typed::Combo(_)) => OptionChange::Ignored(Ignored::Idle),
        (id, value) => unreachable!("OPTIONS declares {id:?} with another type than {value:?}"),
    }
}

/// `true`/`on`/`1` or `false`/`off`/`0`, any case (ElephantEye accepts `on` and `off`; uci2wb
/// sends `setoption ponder 1` for XBoard's `hard`).
fn parse_check(text: &str) -> Option<bool> {
    match text.to_ascii_lowercase().as_str() {
        "true" | "on" | "1" => Some(true),
        "false" | "off" | "0" => Some(false),
        _ => None,
    }
}

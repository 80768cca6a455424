//! The option table: every option Chuhan knows, with its UCCI and UCI spellings.
//!
//! One table ([`OPTIONS`]) holds each option once; the announcement order of each dialect is a
//! list of ids into it ([`UCCI_ANNOUNCED`], [`UCI_ANNOUNCED`]), because the two documents order
//! their blocks differently (`docs/ucci.md` §6, `docs/uci.md` §2). Either spelling is accepted
//! in either dialect; names are matched case-insensitively, with runs of blanks compared as one.
//!
//! Where the spellings share a name that differs only in case (`threads` and `Threads`), the
//! session's dialect decides which one was meant. The spelling matters for two spins: UCCI's
//! `hashsize` and `threads` accept 0 (the default size, one thread per core), UCI's `Hash` and
//! `Threads` start at 1.

use super::Dialect;
use super::strength::{COARSE_GRADES, GRADES, MAX_ELO, MAX_MULTIPV, MIN_ELO, STYLES};
use crate::board::MoveLimit;
use crate::engine::{self, Level};

mod change;
pub use change::{Ignored, OptionChange, OptionError, ThreadCount, validate};

/// Default transposition table size in MB (the engine's).
pub const DEFAULT_HASH_MB: u32 = engine::DEFAULT_HASH_MB as u32;
/// Largest transposition table size in MB that `setoption` accepts.
pub const MAX_HASH_MB: u32 = 32_768;
/// Default `Move Overhead` in milliseconds (the search's).
pub const DEFAULT_MOVE_OVERHEAD_MS: u32 = engine::DEFAULT_MOVE_OVERHEAD_MS as u32;
/// Largest `Move Overhead` in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u32 = 5_000;

/// Identifies an option independently of its spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OptionId {
    UseMillisec,
    Batch,
    Debug,
    Ponder,
    Hash,
    Threads,
    NewGame,
    MoveOverhead,
    ClearHash,
    UciVariant,
    MultiPv,
    SkillLevel,
    LimitStrength,
    UciElo,
    ShowWdl,
    Pruning,
    Knowledge,
    Randomness,
    Style,
    UseBook,
    BookFile,
    UseEgtb,
    EgtbPaths,
    MoveLimit,
    UseNnue,
    EvalFile,
    Promotion,
    UseHash,
    Idle,
}

/// The largest value of a spin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpinMax {
    Fixed(u32),
    /// The number of search threads the engine can use (a parameter of the announcement).
    Threads,
}

/// Type, range and default of an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Check {
        default: bool,
    },
    /// A number. `min` is the UCI spelling's minimum; the UCCI spelling starts at `ucci_min`.
    Spin {
        default: u32,
        min: u32,
        ucci_min: u32,
        max: SpinMax,
    },
    Button,
    /// One of a fixed set of words, matched case-insensitively.
    Combo {
        default: &'static str,
        vars: &'static [&'static str],
    },
    /// Free text, such as a path; both dialects write it empty as [`EMPTY`].
    Text {
        default: &'static str,
    },
}

/// How an empty text value is written, and read back (UCCI's spelling, which Pikafish shares).
pub const EMPTY: &str = "<empty>";

/// One option with both spellings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionDef {
    pub id: OptionId,
    /// The UCCI name, if the option has one.
    pub ucci: Option<&'static str>,
    /// The UCI name, if the option has one.
    pub uci: Option<&'static str>,
    pub kind: OptionKind,
}

/// Every option Chuhan accepts.
pub const OPTIONS: &[OptionDef] = &[
    OptionDef {
        id: OptionId::UseMillisec,
        ucci: Some("usemillisec"),
        uci: None,
        kind: OptionKind::Check { default: true },
    },
    OptionDef { id: OptionId::Batch, ucci: Some("batch"), uci: None, kind: OptionKind::Check { default: false } },
    OptionDef { id: OptionId::Debug, ucci: Some("debug"), uci: None, kind: OptionKind::Check { default: false } },
    OptionDef {
        id: OptionId::Ponder,
        ucci: Some("ponder"),
        uci: Some("Ponder"),
        kind: OptionKind::Check { default: false },
    },
    OptionDef {
        id: OptionId::Hash,
        ucci: Some("hashsize"),
        uci: Some("Hash"),
        kind: OptionKind::Spin { default: DEFAULT_HASH_MB, min: 1, ucci_min: 0, max: SpinMax::Fixed(MAX_HASH_MB) },
    },
    OptionDef {
        id: OptionId::Threads,
        ucci: Some("threads"),
        uci: Some("Threads"),
        kind: OptionKind::Spin { default: 1, min: 1, ucci_min: 0, max: SpinMax::Threads },
    },
    OptionDef { id: OptionId::NewGame, ucci: Some("newgame"), uci: None, kind: OptionKind::Button },
    OptionDef {
        id: OptionId::MoveOverhead,
        ucci: None,
        uci: Some("Move Overhead"),
        kind: OptionKind::Spin {
            default: DEFAULT_MOVE_OVERHEAD_MS,
            min: 0,
            ucci_min: 0,
            max: SpinMax::Fixed(MAX_MOVE_OVERHEAD_MS),
        },
    },
    OptionDef { id: OptionId::ClearHash, ucci: None, uci: Some("Clear Hash"), kind: OptionKind::Button },
    OptionDef {
        id: OptionId::UciVariant,
        ucci: None,
        uci: Some("UCI_Variant"),
        kind: OptionKind::Combo { default: "xiangqi", vars: &["xiangqi"] },
    },
    OptionDef {
        id: OptionId::MultiPv,
        ucci: Some("multipv"),
        uci: Some("MultiPV"),
        kind: OptionKind::Spin { default: 1, min: 1, ucci_min: 1, max: SpinMax::Fixed(MAX_MULTIPV) },
    },
    OptionDef {
        id: OptionId::SkillLevel,
        ucci: None,
        uci: Some("Skill Level"),
        kind: OptionKind::Spin {
            default: Level::MAX.get() as u32,
            min: 0,
            ucci_min: 0,
            max: SpinMax::Fixed(Level::MAX.get() as u32),
        },
    },
    OptionDef {
        id: OptionId::LimitStrength,
        ucci: None,
        uci: Some("UCI_LimitStrength"),
        kind: OptionKind::Check { default: false },
    },
    OptionDef {
        id: OptionId::UciElo,
        ucci: None,
        uci: Some("UCI_Elo"),
        kind: OptionKind::Spin { default: MAX_ELO, min: MIN_ELO, ucci_min: MIN_ELO, max: SpinMax::Fixed(MAX_ELO) },
    },
    OptionDef {
        id: OptionId::ShowWdl,
        ucci: None,
        uci: Some("UCI_ShowWDL"),
        kind: OptionKind::Check { default: false },
    },
    OptionDef {
        id: OptionId::Pruning,
        ucci: Some("pruning"),
        uci: None,
        kind: OptionKind::Combo { default: "large", vars: COARSE_GRADES },
    },
    OptionDef {
        id: OptionId::Knowledge,
        ucci: Some("knowledge"),
        uci: None,
        kind: OptionKind::Combo { default: "large", vars: COARSE_GRADES },
    },
    OptionDef {
        id: OptionId::Randomness,
        ucci: Some("randomness"),
        uci: None,
        kind: OptionKind::Combo { default: "none", vars: GRADES },
    },
    OptionDef {
        id: OptionId::Style,
        ucci: Some("style"),
        uci: None,
        kind: OptionKind::Combo { default: "normal", vars: STYLES },
    },
    OptionDef {
        id: OptionId::UseBook,
        ucci: Some("usebook"),
        uci: Some("OwnBook"),
        kind: OptionKind::Check { default: true },
    },
    // Empty for the book built into Chuhan (`docs/book.md`).
    OptionDef {
        id: OptionId::BookFile,
        ucci: Some("bookfiles"),
        uci: Some("BookFile"),
        kind: OptionKind::Text { default: "" },
    },
    // The endgame tables (`docs/egtb.md` §14): UCCI's own names; UCI's path is Stockfish's
    // `SyzygyPath` renamed, so that a GUI that fills `SyzygyPath` with chess tables leaves
    // it alone. Empty: no tables.
    OptionDef { id: OptionId::UseEgtb, ucci: Some("useegtb"), uci: None, kind: OptionKind::Check { default: true } },
    OptionDef {
        id: OptionId::EgtbPaths,
        ucci: Some("egtbpaths"),
        uci: Some("EGTBPath"),
        kind: OptionKind::Text { default: "" },
    },
    // Moves each side without a capture before the game is drawn (`docs/rules.md` §9).
    OptionDef {
        id: OptionId::MoveLimit,
        ucci: Some("movelimit"),
        uci: Some("MoveLimit"),
        kind: OptionKind::Spin {
            default: MoveLimit::SIXTY.moves_each(),
            min: *MoveLimit::MOVES.start(),
            ucci_min: *MoveLimit::MOVES.start(),
            max: SpinMax::Fixed(*MoveLimit::MOVES.end()),
        },
    },
    OptionDef {
        id: OptionId::UseNnue,
        ucci: Some("usennue"),
        uci: Some("Use NNUE"),
        kind: OptionKind::Check { default: crate::nnue::ON_BY_DEFAULT },
    },
    // Empty for the net built into Chuhan (`docs/nnue.md`).
    OptionDef {
        id: OptionId::EvalFile,
        ucci: Some("evalfile"),
        uci: Some("EvalFile"),
        kind: OptionKind::Text { default: "" },
    },
    // ElephantEye 3.31's options with nothing in Chuhan to map to: accepted, never announced
    // (`docs/ucci.md` §6); a value other than what Chuhan does is ignored with a line saying so.
    OptionDef {
        id: OptionId::Promotion,
        ucci: Some("promotion"),
        uci: None,
        kind: OptionKind::Check { default: false },
    },
    OptionDef { id: OptionId::UseHash, ucci: Some("usehash"), uci: None, kind: OptionKind::Check { default: true } },
    OptionDef {
        id: OptionId::Idle,
        ucci: Some("idle"),
        uci: None,
        kind: OptionKind::Combo { default: "none", vars: COARSE_GRADES },
    },
];

/// The options announced after `ucci`, in order (`docs/ucci.md` §6).
pub const UCCI_ANNOUNCED: &[OptionId] = &[
    OptionId::UseMillisec,
    OptionId::Batch,
    OptionId::Debug,
    OptionId::Ponder,
    OptionId::UseBook,
    OptionId::BookFile,
    OptionId::UseEgtb,
    OptionId::EgtbPaths,
    OptionId::UseNnue,
    OptionId::EvalFile,
    OptionId::Hash,
    OptionId::Threads,
    OptionId::Pruning,
    OptionId::Knowledge,
    OptionId::Randomness,
    OptionId::Style,
    OptionId::MultiPv,
    OptionId::MoveLimit,
    OptionId::NewGame,
];

/// The options announced after `uci`, in order (`docs/uci.md` §2). `UCI_Variant` is accepted
/// but deliberately not announced.
pub const UCI_ANNOUNCED: &[OptionId] = &[
    OptionId::Hash,
    OptionId::Threads,
    OptionId::Ponder,
    OptionId::MultiPv,
    OptionId::SkillLevel,
    OptionId::MoveOverhead,
    OptionId::LimitStrength,
    OptionId::UciElo,
    OptionId::ShowWdl,
    OptionId::ClearHash,
    OptionId::UseBook,
    OptionId::BookFile,
    OptionId::EgtbPaths,
    OptionId::MoveLimit,
    OptionId::UseNnue,
    OptionId::EvalFile,
];

impl OptionId {
    /// The option's entry in [`OPTIONS`].
    pub fn def(self) -> &'static OptionDef {
        match OPTIONS.iter().find(|d| d.id == self) {
            Some(def) => def,
            None => unreachable!("option {self:?} is missing from OPTIONS"),
        }
    }
}

impl OptionDef {
    /// The name in a dialect's spelling.
    pub const fn name(&self, dialect: Dialect) -> Option<&'static str> {
        match dialect {
            Dialect::Ucci => self.ucci,
            Dialect::Uci => self.uci,
        }
    }

    /// The accepted range of a spin in a spelling; `None` for other kinds.
    pub fn range(&self, spelling: Dialect, max_threads: u32) -> Option<(u32, u32)> {
        let OptionKind::Spin { min, ucci_min, max, .. } = self.kind else { return None };
        let min = match spelling {
            Dialect::Ucci => ucci_min,
            Dialect::Uci => min,
        };
        let max = match max {
            SpinMax::Fixed(max) => max,
            SpinMax::Threads => max_threads.max(1),
        };
        Some((min, max))
    }

    /// The `option` line announcing this option in a dialect; `None` if the dialect has no name
    /// for it. Field order: UCCI's `type`, `min`, `max`, `var`, `default`; Stockfish's `type`,
    /// `default`, `min`, `max`, `var` for UCI.
    pub fn announcement(&self, dialect: Dialect, max_threads: u32) -> Option<String> {
        let name = self.name(dialect)?;
        let mut line = match dialect {
            Dialect::Ucci => format!("option {name} type "),
            Dialect::Uci => format!("option name {name} type "),
        };
        match (self.kind, dialect) {
            (OptionKind::Check { default }, _) => line += &format!("check default {default}"),
            (OptionKind::Spin { default, .. }, _) => {
                let (min, max) = self.range(dialect, max_threads)?;
                line += &match dialect {
                    Dialect::Ucci => format!("spin min {min} max {max} default {default}"),
                    Dialect::Uci => format!("spin default {default} min {min} max {max}"),
                };
            }
            (OptionKind::Button, _) => line += "button",
            (OptionKind::Combo { default, vars }, Dialect::Ucci) => {
                // The default first: uci2wb cuts the line at ` default ` and gives XBoard the
                // first `var` as the default, which it then sets (`docs/ucci.md` §6).
                line += "combo";
                for v in std::iter::once(&default).chain(vars.iter().filter(|v| **v != default)) {
                    line += &format!(" var {v}");
                }
                line += &format!(" default {default}");
            }
            (OptionKind::Combo { default, vars }, Dialect::Uci) => {
                line += &format!("combo default {default}");
                for v in vars {
                    line += &format!(" var {v}");
                }
            }
            (OptionKind::Text { default }, _) => {
                line += &format!("string default {}", if default.is_empty() { EMPTY } else { default })
            }
        }
        Some(line)
    }
}

/// The `option` lines of a dialect's handshake, in order. `max_threads` is the `max` of the
/// threads option: the number of search threads the engine can really use.
pub fn announcements(dialect: Dialect, max_threads: u32) -> Vec<String> {
    let order = match dialect {
        Dialect::Ucci => UCCI_ANNOUNCED,
        Dialect::Uci => UCI_ANNOUNCED,
    };
    order.iter().filter_map(|id| id.def().announcement(dialect, max_threads)).collect()
}

/// An option as a `setoption` named it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Named {
    pub def: &'static OptionDef,
    /// The spelling whose name matched.
    pub spelling: Dialect,
    /// That name as the table writes it.
    pub name: &'static str,
}

/// Finds an option by name in either spelling, the session dialect's spelling first.
pub fn find(name: &str, dialect: Dialect) -> Option<Named> {
    let other = match dialect {
        Dialect::Ucci => Dialect::Uci,
        Dialect::Uci => Dialect::Ucci,
    };
    [dialect, other].into_iter().find_map(|spelling| {
        OPTIONS.iter().find_map(|def| {
            let canonical = def.name(spelling)?;
            names_match(canonical, name).then_some(Named { def, spelling, name: canonical })
        })
    })
}

/// Case-insensitive comparison treating any run of whitespace as one blank.
fn names_match(a: &str, b: &str) -> bool {
    let mut a = a.split_whitespace();
    let mut b = b.split_whitespace();
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(x), Some(y)) if x.eq_ignore_ascii_case(y) => {}
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests;

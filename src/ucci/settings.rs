//! The values the protocol driver keeps for the options that are plain settings; the option
//! table and the validation of `setoption` are in `options.rs`.

use super::options::{DEFAULT_MOVE_OVERHEAD_MS, OptionChange};
use super::strength::StrengthSettings;
use crate::board::MoveLimit;

/// The values of the options that are plain settings, as the protocol driver keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub usemillisec: bool,
    pub batch: bool,
    pub debug: bool,
    pub ponder: bool,
    pub move_overhead_ms: u32,
    pub show_wdl: bool,
    pub strength: StrengthSettings,
    pub move_limit: MoveLimit,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            usemillisec: true,
            batch: false,
            debug: false,
            ponder: false,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            show_wdl: false,
            strength: StrengthSettings::default(),
            move_limit: MoveLimit::default(),
        }
    }
}

impl Settings {
    /// Records a change. Buttons and `UCI_Variant` hold no value, and the engine keeps the
    /// table's size, the threads, the book's, the tables' and the network's options itself: they change
    /// nothing here.
    pub fn apply(&mut self, change: OptionChange) {
        match change {
            OptionChange::UseMillisec(on) => self.usemillisec = on,
            OptionChange::Batch(on) => self.batch = on,
            OptionChange::Debug(on) => self.debug = on,
            OptionChange::Ponder(on) => self.ponder = on,
            OptionChange::MoveOverheadMs(ms) => self.move_overhead_ms = ms,
            OptionChange::ShowWdl(on) => self.show_wdl = on,
            OptionChange::MultiPv(n) => self.strength.multipv = n,
            OptionChange::SkillLevel(level) => self.strength.level = level,
            OptionChange::LimitStrength(on) => self.strength.limit_strength = on,
            OptionChange::Elo(elo) => self.strength.elo = elo,
            OptionChange::Pruning(on) => self.strength.pruning = on,
            OptionChange::Knowledge(on) => self.strength.knowledge = on,
            OptionChange::Randomness(grade) => self.strength.randomness = grade,
            OptionChange::Style(style) => self.strength.style = style,
            OptionChange::MoveLimit(limit) => self.move_limit = limit,
            OptionChange::NewGame
            | OptionChange::HashMb(_)
            | OptionChange::Threads(_)
            | OptionChange::ClearHash
            | OptionChange::NoChange
            | OptionChange::UseBook(_)
            | OptionChange::BookFile(_)
            | OptionChange::UseEgtb(_)
            | OptionChange::EgtbPaths(_)
            | OptionChange::UseNnue(_)
            | OptionChange::EvalFile(_)
            | OptionChange::Ignored(_)
            | OptionChange::Tune { .. } => {}
        }
    }
}

//! The two spellings of the protocol.
//!
//! Chuhan speaks UCCI (`docs/ucci.md`) or UCI (`docs/uci.md`), chosen once by the first line the GUI sends.
//! Both drive the same engine; every difference in spelling between them is answered here, so the
//! rest of the protocol layer asks a [`Dialect`] instead of testing which one it is.

use std::fmt;

use crate::types::Score;

/// The protocol dialect of a session.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// UCCI 3.0 as specified in `docs/ucci.md` (first line `ucci`).
    Ucci,
    /// UCI the way Pikafish speaks it, `docs/uci.md` (first line `uci`).
    Uci,
}

/// The unit of UCCI's clock keywords (`time`, `increment`, `opptime`, `oppincrement`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockUnit {
    Milliseconds,
    Seconds,
}

impl ClockUnit {
    /// Converts a clock value in this unit to milliseconds, saturating.
    pub const fn to_millis(self, value: u64) -> u64 {
        match self {
            ClockUnit::Milliseconds => value,
            ClockUnit::Seconds => value.saturating_mul(1000),
        }
    }
}

impl Dialect {
    /// The dialect a handshake line selects: `ucci` or `uci`, in any case.
    pub fn from_hello(token: &str) -> Option<Dialect> {
        if token.eq_ignore_ascii_case("ucci") {
            Some(Dialect::Ucci)
        } else if token.eq_ignore_ascii_case("uci") {
            Some(Dialect::Uci)
        } else {
            None
        }
    }

    /// The handshake command: `ucci` or `uci`.
    pub const fn hello(self) -> &'static str {
        match self {
            Dialect::Ucci => "ucci",
            Dialect::Uci => "uci",
        }
    }

    /// The line closing the handshake: `ucciok` or `uciok`.
    pub const fn hello_ok(self) -> &'static str {
        match self {
            Dialect::Ucci => "ucciok",
            Dialect::Uci => "uciok",
        }
    }

    /// A score as it follows the `score` keyword: `12` / `9999` in UCCI, `cp 12` / `mate 1` in UCI.
    pub fn score(self, score: Score) -> String {
        match self {
            Dialect::Ucci => score.ucci().to_string(),
            Dialect::Uci => score.uci(),
        }
    }

    /// The answer to a search that ends without a move (`docs/ucci.md` §7.6, `docs/uci.md` §5).
    pub const fn no_move(self) -> &'static str {
        match self {
            Dialect::Ucci => "nobestmove",
            Dialect::Uci => "bestmove (none)",
        }
    }

    /// A text for an `info string` line, with the words that end a game written in capitals in
    /// UCCI: gmchess reads `draw`, `resign`, `nobestmove` and `bestmove` anywhere in a line
    /// (`docs/ucci.md` §12), and a refusal may quote them (`go: ponder and DRAW cannot be
    /// combined`), or the GUI's own text.
    pub fn quiet(self, text: &str) -> String {
        match self {
            Dialect::Ucci => {
                ["bestmove", "draw", "resign"].iter().fold(text.to_string(), |t, w| t.replace(w, &w.to_uppercase()))
            }
            Dialect::Uci => text.to_string(),
        }
    }

    /// The answer to `go` with no position to search (`docs/ucci.md` §4, `docs/uci.md` §5).
    pub const fn no_position(self) -> &'static str {
        match self {
            Dialect::Ucci => "nobestmove",
            Dialect::Uci => "bestmove 0000",
        }
    }

    /// The answer to `quit`: `bye` in UCCI, nothing in UCI.
    pub const fn bye(self) -> Option<&'static str> {
        match self {
            Dialect::Ucci => Some("bye"),
            Dialect::Uci => None,
        }
    }

    /// Whether draw offers (`go draw`, `ponderhit draw`) and `bestmove ... draw | resign` exist.
    /// UCI accepts the offers and ignores them.
    pub const fn has_draw_offers(self) -> bool {
        matches!(self, Dialect::Ucci)
    }

    /// The unit of the UCCI clock keywords: seconds only in UCCI after
    /// `setoption usemillisec false`; UCI reads them as milliseconds always (`docs/uci.md` §4).
    pub const fn clock_unit(self, usemillisec: bool) -> ClockUnit {
        match self {
            Dialect::Ucci if !usemillisec => ClockUnit::Seconds,
            _ => ClockUnit::Milliseconds,
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dialect::Ucci => "UCCI",
            Dialect::Uci => "UCI",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings() {
        assert_eq!(Dialect::from_hello("UCCI"), Some(Dialect::Ucci));
        assert_eq!(Dialect::from_hello("uci"), Some(Dialect::Uci));
        assert_eq!(Dialect::from_hello("ucinewgame"), None);
        assert_eq!(Dialect::Ucci.hello_ok(), "ucciok");
        assert_eq!(Dialect::Uci.hello_ok(), "uciok");
        assert_eq!(Dialect::Ucci.score(Score::Cp(12)), "12");
        assert_eq!(Dialect::Uci.score(Score::Cp(12)), "cp 12");
        assert_eq!(Dialect::Ucci.score(Score::Decided { win: true, plies: 1 }), "9999");
        assert_eq!(Dialect::Uci.score(Score::Decided { win: true, plies: 1 }), "mate 1");
        assert_eq!(Dialect::Ucci.score(Score::Decided { win: false, plies: 0 }), "-10000");
        assert_eq!(Dialect::Uci.score(Score::Decided { win: false, plies: 0 }), "mate 0");
        assert_eq!(Dialect::Ucci.no_move(), "nobestmove");
        assert_eq!(Dialect::Uci.no_move(), "bestmove (none)");
        assert_eq!(Dialect::Ucci.bye(), Some("bye"));
        assert_eq!(Dialect::Uci.bye(), None);
    }

    #[test]
    fn clock_units() {
        assert_eq!(Dialect::Ucci.clock_unit(true), ClockUnit::Milliseconds);
        assert_eq!(Dialect::Ucci.clock_unit(false), ClockUnit::Seconds);
        assert_eq!(Dialect::Uci.clock_unit(false), ClockUnit::Milliseconds);
        assert_eq!(ClockUnit::Seconds.to_millis(30), 30_000);
        assert_eq!(ClockUnit::Seconds.to_millis(u64::MAX), u64::MAX);
    }
}

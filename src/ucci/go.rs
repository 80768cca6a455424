//! The arguments of `go`: every keyword of `docs/ucci.md` §7.1 and `docs/uci.md` §4.
//!
//! Parsing is syntactic: numbers are decimal integers, negative clock values count as 0, values
//! too large for their field saturate, and a later keyword overrides an earlier one of the same
//! name. Units are kept as sent; [`Go::own_clock`] converts UCCI's clock keywords to milliseconds.

use super::command::{Command, Tokens, parse_int};
use super::dialect::{ClockUnit, Dialect};
use super::position::parse_move;
use crate::types::{Color, MAX_PLY, Move};

/// A parsed `go` (without `perft`, which is [`super::Command::Perft`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `go ponder`: think on the opponent's time and hold the answer (`docs/ucci.md` §7.4).
    pub ponder: bool,
    /// `go draw`: the opponent offers a draw (UCCI only; always false in UCI sessions).
    pub draw: bool,
    /// `depth <d>`.
    pub depth: Option<u32>,
    /// `infinite` or `depth infinite`.
    pub infinite: bool,
    /// `nodes <n>`.
    pub nodes: Option<u64>,
    /// `time <t>`: own remaining clock, in the UCCI clock unit.
    pub time: Option<u64>,
    /// `movestogo <n>`.
    pub movestogo: Option<u32>,
    /// `increment <i>`: own increment, in the UCCI clock unit.
    pub increment: Option<u64>,
    /// `opptime <t>`, in the UCCI clock unit.
    pub opptime: Option<u64>,
    /// `oppmovestogo <n>`.
    pub oppmovestogo: Option<u32>,
    /// `oppincrement <i>`, in the UCCI clock unit.
    pub oppincrement: Option<u64>,
    /// `movetime <ms>`.
    pub movetime: Option<u64>,
    /// `wtime <ms>`: Red's clock.
    pub wtime: Option<u64>,
    /// `btime <ms>`: Black's clock.
    pub btime: Option<u64>,
    /// `winc <ms>`: Red's increment.
    pub winc: Option<u64>,
    /// `binc <ms>`: Black's increment.
    pub binc: Option<u64>,
    /// `mate <n>`: stop once a mate in at most `n` moves is proven.
    pub mate: Option<u32>,
    /// `searchmoves <m> ...`: restrict the root to these moves (empty: no restriction).
    pub searchmoves: Vec<Move>,
}

/// One side's clock as `go` sends it, in milliseconds (the game's own clock is
/// [`crate::game::Clock`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoClock {
    pub time_ms: u64,
    pub increment_ms: u64,
    /// Moves until the next time control (`None`: sudden death or increment).
    pub movestogo: Option<u32>,
}

/// Keywords that take one number.
const NUMBERED: &[&str] = &[
    "depth",
    "nodes",
    "time",
    "movestogo",
    "increment",
    "opptime",
    "oppmovestogo",
    "oppincrement",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "mate",
    "perft",
];

/// Keywords that take no argument.
const FLAGS: &[&str] = &["ponder", "draw", "infinite"];

fn is_keyword(token: &str) -> bool {
    NUMBERED.iter().chain(FLAGS).chain(&["searchmoves"]).any(|k| k.eq_ignore_ascii_case(token))
}

impl Go {
    /// Parses the tokens after `go` into [`Command::Go`] or [`Command::Perft`]. A draw offer is
    /// dropped in dialects without draw offers. Errors are the reason of `go: <reason>`.
    pub(crate) fn parse(tokens: &mut Tokens<'_>, dialect: Dialect) -> Result<Command, String> {
        let mut go = Go::default();
        let mut perft = None;
        while let Some(token) = tokens.next() {
            let keyword = token.to_ascii_lowercase();
            match keyword.as_str() {
                "ponder" => go.ponder = true,
                "draw" => go.draw = true,
                "infinite" => go.infinite = true,
                "depth" => match tokens.next() {
                    Some(t) if t.eq_ignore_ascii_case("infinite") => {
                        go.infinite = true;
                        go.depth = None;
                    }
                    arg => go.depth = Some(count32(&keyword, arg, "a number or 'infinite'")?),
                },
                "nodes" => go.nodes = Some(count(&keyword, tokens.next(), "a number")?),
                "movestogo" => go.movestogo = Some(count32(&keyword, tokens.next(), "a number")?),
                "oppmovestogo" => go.oppmovestogo = Some(count32(&keyword, tokens.next(), "a number")?),
                "mate" => go.mate = Some(count32(&keyword, tokens.next(), "a number")?),
                "perft" => {
                    // Perft recurses once per ply: a deeper request would overflow the stack.
                    let depth = count32(&keyword, tokens.next(), "a number")?;
                    if depth as usize > MAX_PLY {
                        return Err(format!("perft: depth {depth} is too deep (at most {MAX_PLY})"));
                    }
                    perft = Some(depth);
                }
                "time" => go.time = Some(clock(&keyword, tokens.next())?),
                "increment" => go.increment = Some(clock(&keyword, tokens.next())?),
                "opptime" => go.opptime = Some(clock(&keyword, tokens.next())?),
                "oppincrement" => go.oppincrement = Some(clock(&keyword, tokens.next())?),
                "movetime" => go.movetime = Some(clock(&keyword, tokens.next())?),
                "wtime" => go.wtime = Some(clock(&keyword, tokens.next())?),
                "btime" => go.btime = Some(clock(&keyword, tokens.next())?),
                "winc" => go.winc = Some(clock(&keyword, tokens.next())?),
                "binc" => go.binc = Some(clock(&keyword, tokens.next())?),
                "searchmoves" => go.searchmoves = searchmoves(tokens)?,
                _ => return Err(format!("unknown keyword '{token}'")),
            }
        }
        if go.ponder && go.draw {
            return Err("ponder and draw cannot be combined".into());
        }
        match perft {
            Some(_) if go != Go::default() => Err("perft cannot be combined with other keywords".into()),
            Some(depth) => Ok(Command::Perft { depth }),
            None => Ok(Command::Go(Go { draw: go.draw && dialect.has_draw_offers(), ..go })),
        }
    }

    /// The side to move's clock in milliseconds. UCCI's `time`/`increment`/`movestogo` come
    /// first; otherwise the side to move's `wtime`/`btime` and `winc`/`binc`. As in Stockfish, if
    /// only the other side's UCI clock is given, the side to move's counts as 0. `None` when the
    /// line carries no clock. `unit` is the unit of the UCCI keywords
    /// ([`super::Dialect::clock_unit`]).
    pub fn own_clock(&self, stm: Color, unit: ClockUnit) -> Option<GoClock> {
        let (uci_time, uci_inc) = match stm {
            Color::Red => (self.wtime, self.winc),
            Color::Black => (self.btime, self.binc),
        };
        self.clock(self.time, self.increment, self.movestogo, (uci_time, uci_inc), unit)
    }

    /// The opponent's clock, by the same rules as [`Go::own_clock`] (`opptime`,
    /// `oppincrement`, `oppmovestogo` first).
    pub fn opponent_clock(&self, stm: Color, unit: ClockUnit) -> Option<GoClock> {
        let (uci_time, uci_inc) = match stm {
            Color::Red => (self.btime, self.binc),
            Color::Black => (self.wtime, self.winc),
        };
        let movestogo = self.oppmovestogo.or(self.movestogo);
        self.clock(self.opptime, self.oppincrement, movestogo, (uci_time, uci_inc), unit)
    }

    fn clock(
        &self,
        ucci_time: Option<u64>,
        ucci_inc: Option<u64>,
        movestogo: Option<u32>,
        (uci_time, uci_inc): (Option<u64>, Option<u64>),
        unit: ClockUnit,
    ) -> Option<GoClock> {
        let ucci_inc_ms = ucci_inc.map(|i| unit.to_millis(i));
        if let Some(t) = ucci_time {
            let increment_ms = ucci_inc_ms.or(uci_inc).unwrap_or(0);
            return Some(GoClock { time_ms: unit.to_millis(t), increment_ms, movestogo });
        }
        if self.wtime.is_none() && self.btime.is_none() {
            return None;
        }
        let increment_ms = uci_inc.or(ucci_inc_ms).unwrap_or(0);
        Some(GoClock { time_ms: uci_time.unwrap_or(0), increment_ms, movestogo })
    }

    /// Whether the line carries a clock (`time`, `wtime` or `btime`): the only kind of search in
    /// which Chuhan may resign (`docs/ucci.md` §8).
    pub fn is_timed(&self) -> bool {
        self.time.is_some() || self.wtime.is_some() || self.btime.is_some()
    }

    /// Whether this `go` asks for a move to play against a clock (`time`, `wtime`/`btime` or
    /// `movetime`, and no `depth`, `nodes` or `mate`): the only kind the opening book answers
    /// (`docs/book.md` §3). Fixed depth, node and mate searches stay searches, exact and
    /// repeatable (analysis, tests, the bench, fixed-node matches), and so do infinite and
    /// ponder searches.
    pub fn is_game_move(&self) -> bool {
        (self.is_timed() || self.movetime.is_some())
            && self.depth.is_none()
            && self.nodes.is_none()
            && self.mate.is_none()
            && !self.ponder
            && !self.infinite
    }

    /// Whether the search ends by itself: a depth, node, move-time or clock limit, and neither
    /// `infinite` nor `ponder`. Batch mode refuses a `go` without one (`docs/ucci.md` §9).
    pub fn has_finite_limit(&self) -> bool {
        !self.infinite
            && !self.ponder
            && (self.depth.is_some() || self.nodes.is_some() || self.movetime.is_some() || self.is_timed())
    }
}

/// A non-negative count; saturates at `u64::MAX`.
fn count(keyword: &str, arg: Option<&str>, expected: &str) -> Result<u64, String> {
    let Some(text) = arg else { return Err(format!("{keyword}: missing argument ({expected})")) };
    match parse_int(text).map(u64::try_from) {
        Some(Ok(n)) => Ok(n),
        _ => Err(format!("{keyword}: expected {expected}, got '{text}'")),
    }
}

/// A non-negative count that saturates at `u32::MAX`.
fn count32(keyword: &str, arg: Option<&str>, expected: &str) -> Result<u32, String> {
    count(keyword, arg, expected).map(|n| u32::try_from(n).unwrap_or(u32::MAX))
}

/// A clock value; negative values (sent by some GUIs after a flag fall) count as 0.
fn clock(keyword: &str, arg: Option<&str>) -> Result<u64, String> {
    let Some(text) = arg else { return Err(format!("{keyword}: missing argument (a number)")) };
    match parse_int(text) {
        Some(n) => Ok(u64::try_from(n).unwrap_or(0)),
        None => Err(format!("{keyword}: expected a number, got '{text}'")),
    }
}

/// The moves after `searchmoves`, up to the end of the line.
fn searchmoves(tokens: &mut Tokens<'_>) -> Result<Vec<Move>, String> {
    let mut moves = Vec::new();
    for (i, text) in tokens.enumerate() {
        if is_keyword(text) {
            return Err(format!("searchmoves must come last ('{text}' follows it)"));
        }
        match parse_move(text) {
            Ok(mv) => moves.push(mv),
            Err(reason) => return Err(format!("searchmoves: move {} '{text}' is not a move ({reason})", i + 1)),
        }
    }
    if moves.is_empty() {
        return Err("searchmoves: missing moves".into());
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(args: &str) -> Go {
        match Go::parse(&mut Tokens::new(args), Dialect::Ucci) {
            Ok(Command::Go(go)) => go,
            other => panic!("go {args}: {other:?}"),
        }
    }

    fn err(args: &str) -> String {
        match Go::parse(&mut Tokens::new(args), Dialect::Ucci) {
            Err(e) => e,
            Ok(r) => panic!("go {args} accepted as {r:?}"),
        }
    }

    fn mv(text: &str) -> Move {
        Move::parse(text).unwrap_or_else(|| panic!("bad test move {text}"))
    }

    #[test]
    fn every_keyword() {
        assert_eq!(go(""), Go::default());
        assert_eq!(go("ponder"), Go { ponder: true, ..Go::default() });
        assert_eq!(go("draw time 1000"), Go { draw: true, time: Some(1000), ..Go::default() });
        assert_eq!(go("depth 7"), Go { depth: Some(7), ..Go::default() });
        assert_eq!(go("depth infinite"), Go { infinite: true, ..Go::default() });
        assert_eq!(go("DEPTH Infinite"), Go { infinite: true, ..Go::default() });
        assert_eq!(go("infinite"), Go { infinite: true, ..Go::default() });
        assert_eq!(go("nodes 123456789012"), Go { nodes: Some(123_456_789_012), ..Go::default() });
        assert_eq!(
            go("time 300000 movestogo 40 increment 2000 opptime 290000 oppmovestogo 39 oppincrement 1000"),
            Go {
                time: Some(300_000),
                movestogo: Some(40),
                increment: Some(2000),
                opptime: Some(290_000),
                oppmovestogo: Some(39),
                oppincrement: Some(1000),
                ..Go::default()
            }
        );
        assert_eq!(go("movetime 500"), Go { movetime: Some(500), ..Go::default() });
        assert_eq!(
            go("wtime 60000 btime 59000 winc 1000 binc 900"),
            Go { wtime: Some(60_000), btime: Some(59_000), winc: Some(1000), binc: Some(900), ..Go::default() }
        );
        assert_eq!(go("mate 3"), Go { mate: Some(3), ..Go::default() });
        assert_eq!(
            go("depth 5 searchmoves h2e2 B2-E2"),
            Go { depth: Some(5), searchmoves: vec![mv("h2e2"), mv("b2e2")], ..Go::default() }
        );
        assert_eq!(Go::parse(&mut Tokens::new("perft 4"), Dialect::Ucci), Ok(Command::Perft { depth: 4 }));
        assert_eq!(Go::parse(&mut Tokens::new("PERFT 0"), Dialect::Uci), Ok(Command::Perft { depth: 0 }));
    }

    #[test]
    fn numbers() {
        assert_eq!(
            go("time -1500 wtime -1 winc -5"),
            Go { time: Some(0), wtime: Some(0), winc: Some(0), ..Go::default() }
        );
        assert_eq!(go("depth 99999999999"), Go { depth: Some(u32::MAX), ..Go::default() });
        assert_eq!(go("nodes 99999999999999999999999"), Go { nodes: Some(i64::MAX as u64), ..Go::default() });
        assert_eq!(go("depth 3 depth 4"), Go { depth: Some(4), ..Go::default() });
        assert_eq!(go("depth 007"), Go { depth: Some(7), ..Go::default() });
    }

    #[test]
    fn errors() {
        assert_eq!(err("ponder draw"), "ponder and draw cannot be combined");
        assert_eq!(err("draw depth 3 ponder"), "ponder and draw cannot be combined");
        assert_eq!(err("depth"), "depth: missing argument (a number or 'infinite')");
        assert_eq!(err("depth x"), "depth: expected a number or 'infinite', got 'x'");
        assert_eq!(err("depth -1"), "depth: expected a number or 'infinite', got '-1'");
        assert_eq!(err("nodes 1e6"), "nodes: expected a number, got '1e6'");
        assert_eq!(err("time 0x10"), "time: expected a number, got '0x10'");
        assert_eq!(err("time 1.5"), "time: expected a number, got '1.5'");
        assert_eq!(err("time +5"), "time: expected a number, got '+5'");
        assert_eq!(err("time"), "time: missing argument (a number)");
        assert_eq!(err("wtime btime 5"), "wtime: expected a number, got 'btime'");
        assert_eq!(err("mate -2"), "mate: expected a number, got '-2'");
        assert_eq!(err("depth 3 quickly"), "unknown keyword 'quickly'");
        assert_eq!(err("searchmoves"), "searchmoves: missing moves");
        assert_eq!(err("searchmoves h2e2 depth 3"), "searchmoves must come last ('depth' follows it)");
        assert_eq!(err("searchmoves h2e2 h2e10"), "searchmoves: move 2 'h2e10' is not a move (ranks are 0 to 9)");
        assert_eq!(err("perft"), "perft: missing argument (a number)");
        assert_eq!(err("perft 3 depth 3"), "perft cannot be combined with other keywords");
        assert_eq!(err("ponder perft 3"), "perft cannot be combined with other keywords");
    }

    #[test]
    fn clocks() {
        let ms = ClockUnit::Milliseconds;
        let s = ClockUnit::Seconds;
        let ucci = go("time 300 increment 2 movestogo 10 opptime 200 oppincrement 1");
        assert_eq!(
            ucci.own_clock(Color::Black, s),
            Some(GoClock { time_ms: 300_000, increment_ms: 2000, movestogo: Some(10) })
        );
        assert_eq!(
            ucci.own_clock(Color::Red, ms),
            Some(GoClock { time_ms: 300, increment_ms: 2, movestogo: Some(10) })
        );
        assert_eq!(
            ucci.opponent_clock(Color::Red, s),
            Some(GoClock { time_ms: 200_000, increment_ms: 1000, movestogo: Some(10) })
        );

        let uci = go("wtime 60000 btime 50000 winc 1000 binc 500");
        assert_eq!(
            uci.own_clock(Color::Red, s),
            Some(GoClock { time_ms: 60_000, increment_ms: 1000, movestogo: None })
        );
        assert_eq!(
            uci.own_clock(Color::Black, s),
            Some(GoClock { time_ms: 50_000, increment_ms: 500, movestogo: None })
        );
        assert_eq!(
            uci.opponent_clock(Color::Black, ms),
            Some(GoClock { time_ms: 60_000, increment_ms: 1000, movestogo: None })
        );
        assert_eq!(
            go("wtime 1000").own_clock(Color::Black, ms),
            Some(GoClock { time_ms: 0, increment_ms: 0, movestogo: None })
        );
        assert_eq!(go("depth 5 increment 3").own_clock(Color::Red, ms), None);
        assert_eq!(go("movetime 100").own_clock(Color::Red, ms), None);
    }

    #[test]
    fn limits() {
        assert!(go("time 1000").is_timed() && go("btime 1").is_timed());
        assert!(!go("movetime 100").is_timed() && !go("depth 3").is_timed());
        for finite in ["depth 1", "nodes 10", "movetime 10", "time 10", "wtime 5 btime 5", "depth 0", "draw depth 3"] {
            assert!(go(finite).has_finite_limit(), "{finite}");
        }
        for endless in ["", "infinite", "depth infinite", "ponder depth 5", "mate 3", "depth 3 infinite", "opptime 5"] {
            assert!(!go(endless).has_finite_limit(), "{endless}");
        }
    }
}

//! Commands from the GUI: one input line parsed into a [`Command`] or a [`ParseError`].
//!
//! Parsing is pure and total: any string gives a value, never a panic. Keywords and option names
//! are matched case-insensitively; tokens are separated by any run of whitespace; a trailing `\r`
//! and surrounding blanks are ignored. Whether a command is allowed in the current state, and
//! whether a position or move is legal, is the driver's business; this layer checks syntax only.

use std::fmt;

use super::Dialect;
use super::go::Go;
use super::position::{PositionError, PositionSpec, parse_move};
use crate::types::Move;

/// One line from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A blank line: ignored silently.
    Empty,
    /// `ucci`: UCCI handshake.
    Ucci,
    /// `uci`: UCI handshake.
    Uci,
    /// `isready`.
    IsReady,
    /// `setoption <name> [<value>]` or `setoption name <name> [value <value>]`; validated by
    /// [`super::options::validate`].
    SetOption { name: String, value: Option<String> },
    /// `position {startpos | fen <FEN>} [moves ...]`.
    Position(PositionSpec),
    /// `banmoves [<m> ...]`: replaces the banned-move list (an empty list clears it).
    BanMoves(Vec<Move>),
    /// `go ...`: a search.
    Go(Go),
    /// `go perft <n>`.
    Perft { depth: u32 },
    /// `ponderhit [draw]` (`draw` is always false in UCI sessions).
    PonderHit { draw: bool },
    /// `stop`.
    Stop,
    /// `probe {startpos | fen <FEN>} [moves ...]`.
    Probe(PositionSpec),
    /// `quit`.
    Quit,
    /// `uccinewgame` or `ucinewgame` (same as `setoption newgame`).
    NewGame,
    /// `debug on | off`.
    Debug(bool),
    /// `d`: board diagram, FEN, key, checkers.
    Display,
    /// `eval`: evaluation terms.
    Eval,
    /// `bench [depth]`.
    Bench { depth: Option<u32> },
}

impl Command {
    /// The command word, as used in messages (`go`, `position`, ...); empty for [`Command::Empty`].
    pub const fn name(&self) -> &'static str {
        match self {
            Command::Empty => "",
            Command::Ucci => "ucci",
            Command::Uci => "uci",
            Command::IsReady => "isready",
            Command::SetOption { .. } => "setoption",
            Command::Position(_) => "position",
            Command::BanMoves(_) => "banmoves",
            Command::Go(_) | Command::Perft { .. } => "go",
            Command::PonderHit { .. } => "ponderhit",
            Command::Stop => "stop",
            Command::Probe(_) => "probe",
            Command::Quit => "quit",
            Command::NewGame => "ucinewgame",
            Command::Debug(_) => "debug",
            Command::Display => "d",
            Command::Eval => "eval",
            Command::Bench { .. } => "bench",
        }
    }

    /// Commands that read the position the GUI last set: refused while the last `position` was
    /// refused (`docs/ucci.md` §4), so none answers from a board the GUI did not send.
    pub const fn reads_the_position(&self) -> bool {
        matches!(self, Command::Go(_) | Command::Perft { .. } | Command::BanMoves(_) | Command::Display | Command::Eval)
    }

    /// Commands handled at once while a search runs (`docs/ucci.md` §2); the others wait in
    /// the queue until the answer is printed.
    pub const fn acts_while_thinking(&self) -> bool {
        matches!(self, Command::Stop | Command::PonderHit { .. } | Command::IsReady | Command::Probe(_) | Command::Quit)
    }
}

/// A refused line. `Display` gives the exact text of the `info string` answer (`docs/ucci.md`
/// §10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The first token is no command: `unknown command: <token>`.
    UnknownCommand(String),
    /// A known command with bad arguments: `<command>: <reason>`.
    BadArguments { command: &'static str, reason: String },
    /// A `position` that cannot be accepted: `position rejected: <reason>`. The driver uses it
    /// also for the legality errors of [`PositionSpec::build`].
    Position(PositionError),
    /// A `probe` whose position is invalid: `probe: <reason>` (then a bare `pophash`).
    Probe(PositionError),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::UnknownCommand(token) => write!(f, "unknown command: {token}"),
            ParseError::BadArguments { command, reason } => write!(f, "{command}: {reason}"),
            ParseError::Position(e) => write!(f, "position rejected: {e}"),
            ParseError::Probe(e) => write!(f, "probe: {e}"),
        }
    }
}

impl std::error::Error for ParseError {}

/// Parses one input line. `dialect` is the session's: in UCI sessions draw offers (`go draw`,
/// `ponderhit draw`) are accepted and dropped, since UCI cannot answer them (`docs/uci.md` §3 and §4).
/// Before the handshake any dialect may be passed; only `ucci`, `uci` and `quit` matter then.
pub fn parse(line: &str, dialect: Dialect) -> Result<Command, ParseError> {
    let mut tokens = Tokens::new(line);
    let Some(word) = tokens.next() else { return Ok(Command::Empty) };
    let command = word.to_ascii_lowercase();

    let parsed = match command.as_str() {
        "ucci" => no_arguments(tokens, Command::Ucci).map_err(bad("ucci"))?,
        "uci" => no_arguments(tokens, Command::Uci).map_err(bad("uci"))?,
        "isready" => no_arguments(tokens, Command::IsReady).map_err(bad("isready"))?,
        "stop" => no_arguments(tokens, Command::Stop).map_err(bad("stop"))?,
        "quit" => no_arguments(tokens, Command::Quit).map_err(bad("quit"))?,
        "uccinewgame" => no_arguments(tokens, Command::NewGame).map_err(bad("uccinewgame"))?,
        "ucinewgame" => no_arguments(tokens, Command::NewGame).map_err(bad("ucinewgame"))?,
        "d" => no_arguments(tokens, Command::Display).map_err(bad("d"))?,
        "eval" => no_arguments(tokens, Command::Eval).map_err(bad("eval"))?,
        "setoption" => setoption(tokens).map_err(bad("setoption"))?,
        "position" => Command::Position(PositionSpec::parse(&mut tokens).map_err(ParseError::Position)?),
        "probe" => Command::Probe(PositionSpec::parse(&mut tokens).map_err(ParseError::Probe)?),
        "banmoves" => Command::BanMoves(banmoves(tokens).map_err(bad("banmoves"))?),
        "go" => Go::parse(&mut tokens, dialect).map_err(bad("go"))?,
        "ponderhit" => {
            let draw = match tokens.next() {
                None => false,
                Some(t) if t.eq_ignore_ascii_case("draw") => true,
                Some(t) => return Err(bad("ponderhit")(format!("unexpected '{t}' (expected 'draw' or nothing)"))),
            };
            no_arguments(tokens, Command::PonderHit { draw: draw && dialect.has_draw_offers() })
                .map_err(bad("ponderhit"))?
        }
        "debug" => {
            let on = match tokens.next() {
                Some(t) if t.eq_ignore_ascii_case("on") => true,
                Some(t) if t.eq_ignore_ascii_case("off") => false,
                Some(t) => return Err(bad("debug")(format!("expected 'on' or 'off', got '{t}'"))),
                None => return Err(bad("debug")("expected 'on' or 'off'".into())),
            };
            no_arguments(tokens, Command::Debug(on)).map_err(bad("debug"))?
        }
        "bench" => {
            let depth = match tokens.next() {
                None => None,
                Some(t) => match parse_int(t).map(u32::try_from) {
                    Some(Ok(d)) => Some(d),
                    _ => return Err(bad("bench")(format!("expected a depth, got '{t}'"))),
                },
            };
            no_arguments(tokens, Command::Bench { depth }).map_err(bad("bench"))?
        }
        _ => return Err(ParseError::UnknownCommand(word.to_string())),
    };
    Ok(parsed)
}

/// Wraps the reason a command's arguments were refused.
fn bad(command: &'static str) -> impl Fn(String) -> ParseError {
    move |reason| ParseError::BadArguments { command, reason }
}

/// `command` if nothing follows it.
fn no_arguments(mut tokens: Tokens<'_>, command: Command) -> Result<Command, String> {
    match tokens.next() {
        None => Ok(command),
        Some(t) => Err(format!("unexpected argument '{t}'")),
    }
}

/// `setoption`, in the UCI form when the first token is `name`, else in the UCCI form.
fn setoption(mut tokens: Tokens<'_>) -> Result<Command, String> {
    let Some(first) = tokens.next() else { return Err("missing option name".into()) };
    let (name, value) = if first.eq_ignore_ascii_case("name") {
        // UCI: `name <words...> [value <rest of line>]`.
        let mut words = Vec::new();
        let mut value = None;
        while let Some(t) = tokens.next() {
            if t.eq_ignore_ascii_case("value") {
                value = Some(tokens.rest());
                break;
            }
            words.push(t);
        }
        if words.is_empty() {
            return Err("missing option name".into());
        }
        (words.join(" "), value)
    } else {
        // UCCI: `<name> [<rest of line>]`.
        (first.to_string(), Some(tokens.rest()))
    };
    let value = value.filter(|v| !v.is_empty()).map(str::to_string);
    Ok(Command::SetOption { name, value })
}

/// The moves of `banmoves`, checked for syntax.
fn banmoves(tokens: Tokens<'_>) -> Result<Vec<Move>, String> {
    tokens
        .enumerate()
        .map(|(i, text)| parse_move(text).map_err(|why| format!("move {} '{text}' is not a move ({why})", i + 1)))
        .collect()
}

/// A decimal integer: an optional `-` and one or more ASCII digits, nothing else. Values beyond
/// the range of `i64` saturate.
pub(crate) fn parse_int(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits.bytes().fold(0i64, |n, b| n.saturating_mul(10).saturating_add(i64::from(b - b'0')));
    Some(if negative { -magnitude } else { magnitude })
}

/// The whitespace-separated tokens of a line, with access to the unread rest of it (for
/// `setoption` values, which may contain blanks).
#[derive(Clone, Debug)]
pub(crate) struct Tokens<'a> {
    rest: &'a str,
}

impl<'a> Tokens<'a> {
    pub(crate) fn new(line: &'a str) -> Tokens<'a> {
        Tokens { rest: line }
    }

    /// The unread part of the line, trimmed; consumes it.
    pub(crate) fn rest(&mut self) -> &'a str {
        std::mem::take(&mut self.rest).trim()
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let s = self.rest.trim_start();
        let end = s.find(char::is_whitespace).unwrap_or(s.len());
        let (token, rest) = s.split_at(end);
        self.rest = rest;
        (!token.is_empty()).then_some(token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Setup;

    fn ok(line: &str) -> Command {
        ok_in(line, Dialect::Ucci)
    }

    fn ok_in(line: &str, dialect: Dialect) -> Command {
        match parse(line, dialect) {
            Ok(c) => c,
            Err(e) => panic!("'{line}' refused: {e}"),
        }
    }

    fn err(line: &str) -> String {
        match parse(line, Dialect::Ucci) {
            Ok(c) => panic!("'{line}' accepted as {c:?}"),
            Err(e) => e.to_string(),
        }
    }

    fn mv(text: &str) -> Move {
        Move::parse(text).unwrap_or_else(|| panic!("bad test move {text}"))
    }

    fn setopt(name: &str, value: Option<&str>) -> Command {
        Command::SetOption { name: name.into(), value: value.map(Into::into) }
    }

    #[test]
    fn simple_commands() {
        for (line, command) in [
            ("ucci", Command::Ucci),
            ("UCI", Command::Uci),
            ("isready", Command::IsReady),
            ("stop", Command::Stop),
            ("quit", Command::Quit),
            ("uccinewgame", Command::NewGame),
            ("ucinewgame", Command::NewGame),
            ("d", Command::Display),
            ("eval", Command::Eval),
            ("debug on", Command::Debug(true)),
            ("debug OFF", Command::Debug(false)),
            ("bench", Command::Bench { depth: None }),
            ("bench 13", Command::Bench { depth: Some(13) }),
            ("ponderhit", Command::PonderHit { draw: false }),
            ("ponderhit draw", Command::PonderHit { draw: true }),
            ("go perft 3", Command::Perft { depth: 3 }),
        ] {
            assert_eq!(ok(line), command, "{line}");
        }
    }

    #[test]
    fn line_handling() {
        for blank in ["", "   ", "\t", "\r", " \r\n"] {
            assert_eq!(ok(blank), Command::Empty, "{blank:?}");
        }
        assert_eq!(ok("isready\r"), Command::IsReady);
        assert_eq!(ok("  \tIsReady  "), Command::IsReady);
        assert_eq!(
            ok("position\tstartpos   moves\th2e2\r"),
            Command::Position(PositionSpec { moves: vec![mv("h2e2")], ..PositionSpec::startpos() })
        );
    }

    #[test]
    fn setoption_forms() {
        assert_eq!(ok("setoption usemillisec true"), setopt("usemillisec", Some("true")));
        assert_eq!(ok("setoption newgame"), setopt("newgame", None));
        assert_eq!(ok("setoption bookfiles  a b.dat  c.dat "), setopt("bookfiles", Some("a b.dat  c.dat")));
        assert_eq!(ok("setoption name Hash value 64"), setopt("Hash", Some("64")));
        assert_eq!(ok("SETOPTION NAME Move   Overhead VALUE 30"), setopt("Move Overhead", Some("30")));
        assert_eq!(ok("setoption name Clear Hash"), setopt("Clear Hash", None));
        assert_eq!(ok("setoption name Clear Hash value"), setopt("Clear Hash", None));
        assert_eq!(ok("setoption name UCI_Variant value xiangqi"), setopt("UCI_Variant", Some("xiangqi")));
        assert_eq!(ok("setoption name Book File value C:\\x y.bin"), setopt("Book File", Some("C:\\x y.bin")));
        assert_eq!(err("setoption"), "setoption: missing option name");
        assert_eq!(err("setoption name"), "setoption: missing option name");
        assert_eq!(err("setoption name value 3"), "setoption: missing option name");
    }

    #[test]
    fn position_and_probe() {
        let fen = "3k5/9/9/4N4/9/8R/9/9/4K4/9 w - - 0 1";
        assert_eq!(ok("position startpos"), Command::Position(PositionSpec::startpos()));
        assert_eq!(
            ok(&format!("position fen {fen} moves i4i9")),
            Command::Position(PositionSpec {
                setup: Setup::parse(fen).ok(),
                passed_over: vec![],
                moves: vec![mv("i4i9")]
            })
        );
        assert_eq!(
            ok(&format!("probe fen {fen}")),
            Command::Probe(PositionSpec { setup: Setup::parse(fen).ok(), passed_over: vec![], moves: vec![] })
        );
        assert_eq!(
            ok("PROBE STARTPOS MOVES H2E2"),
            Command::Probe(PositionSpec { moves: vec![mv("h2e2")], ..PositionSpec::startpos() })
        );
        assert_eq!(
            err(&format!("position fen {fen} moves i4i10")),
            "position rejected: move 1 'i4i10' is not a move (ranks are 0 to 9)"
        );
        assert_eq!(err("position"), "position rejected: expected 'startpos' or 'fen <FEN>'");
        assert_eq!(
            err("position fen 9/9 w"),
            "position rejected: invalid FEN (placement field: expected 10 ranks separated by '/', found 2)"
        );
        assert_eq!(err("probe"), "probe: expected 'startpos' or 'fen <FEN>'");
        assert_eq!(err("probe startpos moves x"), "probe: move 1 'x' is not a move (expected a move such as h2e2)");
    }

    #[test]
    fn banmoves() {
        assert_eq!(ok("banmoves h2e2 B2-E2"), Command::BanMoves(vec![mv("h2e2"), mv("b2e2")]));
        assert_eq!(ok("banmoves"), Command::BanMoves(vec![]));
        assert_eq!(err("banmoves h2e2 h2"), "banmoves: move 2 'h2' is not a move (expected a move such as h2e2)");
    }

    #[test]
    fn go_forms() {
        assert_eq!(ok("go"), Command::Go(Go::default()));
        assert_eq!(ok("GO DEPTH 5"), Command::Go(Go { depth: Some(5), ..Go::default() }));
        assert_eq!(
            ok("go draw time 300000 increment 2000 opptime 300000 oppincrement 2000"),
            Command::Go(Go {
                draw: true,
                time: Some(300_000),
                increment: Some(2000),
                opptime: Some(300_000),
                oppincrement: Some(2000),
                ..Go::default()
            })
        );
        // UCI accepts draw offers and ignores them.
        assert_eq!(ok_in("go draw depth 3", Dialect::Uci), Command::Go(Go { depth: Some(3), ..Go::default() }));
        assert_eq!(ok_in("ponderhit draw", Dialect::Uci), Command::PonderHit { draw: false });
        assert_eq!(
            ok_in("go ponder wtime 1 btime 2", Dialect::Uci),
            Command::Go(Go { ponder: true, wtime: Some(1), btime: Some(2), ..Go::default() })
        );
    }

    #[test]
    fn error_texts() {
        for (line, text) in [
            ("hello", "unknown command: hello"),
            ("Hello world", "unknown command: Hello"),
            ("isready now", "isready: unexpected argument 'now'"),
            ("quit 0", "quit: unexpected argument '0'"),
            ("ucci x", "ucci: unexpected argument 'x'"),
            ("debug", "debug: expected 'on' or 'off'"),
            ("debug yes", "debug: expected 'on' or 'off', got 'yes'"),
            ("debug on off", "debug: unexpected argument 'off'"),
            ("bench x", "bench: expected a depth, got 'x'"),
            ("bench -1", "bench: expected a depth, got '-1'"),
            ("bench 10 20", "bench: unexpected argument '20'"),
            ("ponderhit now", "ponderhit: unexpected 'now' (expected 'draw' or nothing)"),
            ("ponderhit draw draw", "ponderhit: unexpected argument 'draw'"),
            ("go ponder draw", "go: ponder and draw cannot be combined"),
            ("go depth", "go: depth: missing argument (a number or 'infinite')"),
            ("go depth five", "go: depth: expected a number or 'infinite', got 'five'"),
            ("go fast", "go: unknown keyword 'fast'"),
            ("go movetime 1e3", "go: movetime: expected a number, got '1e3'"),
        ] {
            assert_eq!(err(line), text, "{line}");
        }
    }

    #[test]
    fn names_and_queueing() {
        assert_eq!(ok("go perft 2").name(), "go");
        assert_eq!(ok("ucinewgame").name(), "ucinewgame");
        assert!(ok("stop").acts_while_thinking() && ok("probe startpos").acts_while_thinking());
        assert!(!ok("position startpos").acts_while_thinking() && !ok("go").acts_while_thinking());
    }

    #[test]
    fn integers() {
        assert_eq!(parse_int("0"), Some(0));
        assert_eq!(parse_int("-12"), Some(-12));
        assert_eq!(parse_int("99999999999999999999"), Some(i64::MAX));
        assert_eq!(parse_int("-99999999999999999999"), Some(-i64::MAX));
        for bad in ["", "-", "+1", "1.0", "0x1", "1e3", " 1", "١"] {
            assert_eq!(parse_int(bad), None, "{bad}");
        }
    }

    #[test]
    fn tokens_keep_the_rest_of_the_line() {
        let mut t = Tokens::new("  a\tb  c d  ");
        assert_eq!(t.next(), Some("a"));
        assert_eq!(t.rest(), "b  c d");
        assert_eq!(t.next(), None);
        assert_eq!(Tokens::new("x\u{3000}y").collect::<Vec<_>>(), ["x", "y"]);
    }
}

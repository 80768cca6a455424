//! The referee's side of UCCI and UCI: starts an engine process, performs the handshake, sets
//! options, sends positions and clocks, and reads the answer within a deadline.
//!
//! The engine's standard output is read on a thread of its own that forwards each line over a
//! channel, so every wait has a timeout: a hung engine is noticed when its deadline passes and
//! a crashed one when its output closes.

use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::game::Clock;
use crate::types::{Color, Move, Score};

/// How long an engine may take to answer the handshake, or `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an engine may take to exit after `quit` before it is killed.
pub const QUIT_TIMEOUT: Duration = Duration::from_millis(500);
/// Transposition table size, in MB, asked of every engine that announces a hash option.
pub const HASH_MB: u32 = crate::engine::DEFAULT_HASH_MB as u32;

/// The protocol spoken with an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Ucci,
    Uci,
}

impl Protocol {
    pub fn parse(s: &str) -> Option<Protocol> {
        match s.to_ascii_lowercase().as_str() {
            "ucci" => Some(Protocol::Ucci),
            "uci" => Some(Protocol::Uci),
            _ => None,
        }
    }

    fn hello(self) -> (&'static str, &'static str) {
        match self {
            Protocol::Ucci => ("ucci", "ucciok"),
            Protocol::Uci => ("uci", "uciok"),
        }
    }
}

/// How to start an engine and what to tell it before the first game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program and its arguments (no shell is involved).
    pub command: Vec<String>,
    pub protocol: Protocol,
    /// Lines sent verbatim after the handshake and the standard options, e.g.
    /// `setoption usebook false`.
    pub init: Vec<String>,
    /// A display name; by default the engine's `id name`.
    pub name: Option<String>,
}

/// Why talking to an engine failed. Every variant ends the game for that engine.
#[derive(Debug)]
pub enum ClientError {
    Spawn {
        program: String,
        error: io::Error,
    },
    /// No answer in time; `waiting_for` names the expected reply.
    Timeout {
        waiting_for: &'static str,
    },
    /// The engine closed its output (it exited or crashed).
    Exited {
        waiting_for: &'static str,
    },
    Write(io::Error),
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Spawn { program, error } => write!(f, "cannot start '{program}': {error}"),
            ClientError::Timeout { waiting_for } => write!(f, "no '{waiting_for}' in time"),
            ClientError::Exited { waiting_for } => write!(f, "exited while the referee waited for '{waiting_for}'"),
            ClientError::Write(e) => write!(f, "cannot write to the engine: {e}"),
        }
    }
}

impl std::error::Error for ClientError {}

/// The answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The move text as the engine wrote it (checked by the caller).
    Move(String),
    /// `nobestmove`, or UCI's `bestmove (none)`.
    NoMove,
}

/// An engine's reply to `go`: its answer, the time from sending `go` to reading it, and what
/// its last `info` line with a score said (of the first line, with MultiPV).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub answer: Answer,
    pub used: Duration,
    pub thought: Option<Thought>,
}

/// The depth and score of a search, the score from the mover's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thought {
    pub depth: Option<u32>,
    pub score: Score,
}

impl Thought {
    /// Reads an `info` line; `None` for one without a score, or of a MultiPV line after the first.
    pub fn parse(line: &str) -> Option<Thought> {
        let mut words = line.split_whitespace();
        if words.next() != Some("info") {
            return None;
        }
        let (mut depth, mut score) = (None, None);
        while let Some(word) = words.next() {
            match word {
                "depth" => depth = words.next().and_then(|d| d.parse().ok()),
                // The guard reads the line's number: only the first line counts.
                "multipv" if words.next() != Some("1") => return None,
                "score" => score = Score::parse(&mut words),
                // The rest of the line is free text.
                "string" | "pv" => break,
                _ => {}
            }
        }
        Some(Thought { depth, score: score? })
    }
}

/// What a `go` command limits: the clocks (each side's time left and increment, as the
/// mover sees them), a number of nodes, a depth or a time for the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoLimit {
    Clocks(Clock),
    Nodes(u64),
    Depth(u32),
    MoveTime(Duration),
}

/// A running engine process.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    protocol: Protocol,
    /// The names of the announced options, as spelt.
    options: Vec<String>,
    /// The engine's `id name`, or the program name if it sent none.
    pub id_name: String,
}

impl Engine {
    /// Starts the engine, performs the handshake, sets the standard options (milliseconds,
    /// hash size), sends the spec's init lines, and waits for `readyok`.
    pub fn start(spec: &EngineSpec) -> Result<Engine, ClientError> {
        let program = spec.command.first().cloned().unwrap_or_default();
        let spawn_error = |error| ClientError::Spawn { program: program.clone(), error };
        let mut child = Command::new(&program)
            .args(spec.command.iter().skip(1))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(spawn_error)?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(spawn_error(io::Error::other("no pipes to the engine")));
        };
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim().to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let default_name = std::path::Path::new(&program)
            .file_name()
            .map_or_else(|| program.clone(), |n| n.to_string_lossy().into_owned());
        let mut engine =
            Engine { child, stdin, lines, protocol: spec.protocol, options: Vec::new(), id_name: default_name };
        engine.handshake(spec)?;
        Ok(engine)
    }

    fn handshake(&mut self, spec: &EngineSpec) -> Result<(), ClientError> {
        let (hello, ok) = self.protocol.hello();
        self.send(hello)?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let line = self.recv(deadline, ok)?;
            let mut tokens = line.split_whitespace();
            match tokens.next() {
                Some(t) if t == ok => break,
                Some("id") if tokens.next() == Some("name") => {
                    let name = tokens.collect::<Vec<_>>().join(" ");
                    if !name.is_empty() {
                        self.id_name = name;
                    }
                }
                Some("option") => {
                    if let Some(name) = option_name(self.protocol, &line) {
                        self.options.push(name);
                    }
                }
                _ => {}
            }
        }
        if self.protocol == Protocol::Ucci
            && let Some(name) = self.announced("usemillisec")
        {
            self.set_option(&name, "true")?;
        }
        if let Some(name) = self.announced("hashsize").or_else(|| self.announced("hash")) {
            self.set_option(&name, &HASH_MB.to_string())?;
        }
        for line in &spec.init {
            self.send(line)?;
        }
        self.ready()
    }

    /// The announced spelling of an option, matched case-insensitively.
    fn announced(&self, name: &str) -> Option<String> {
        self.options.iter().find(|o| o.eq_ignore_ascii_case(name)).cloned()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), ClientError> {
        match self.protocol {
            Protocol::Ucci => self.send(&format!("setoption {name} {value}")),
            Protocol::Uci => self.send(&format!("setoption name {name} value {value}")),
        }
    }

    /// The operating system's id of the engine process.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends `isready` and waits for `readyok`.
    pub fn ready(&mut self) -> Result<(), ClientError> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        while self.recv(deadline, "readyok")? != "readyok" {}
        Ok(())
    }

    /// Tells the engine a new game starts (`setoption newgame` in UCCI if announced,
    /// `ucinewgame` in UCI) and waits until it is ready.
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        match self.protocol {
            Protocol::Ucci if self.announced("newgame").is_some() => self.send("setoption newgame")?,
            Protocol::Ucci => {}
            Protocol::Uci => self.send("ucinewgame")?,
        }
        self.ready()
    }

    /// Sends `position fen <fen> [moves ...]` and a `go` with the clocks of `stm` to move (or a
    /// node count or depth), then waits at most `limit` for the answer. Returns the answer and
    /// the time from sending `go` to reading it.
    pub fn go(
        &mut self,
        fen: &str,
        moves: &[Move],
        stm: Color,
        go_limit: &GoLimit,
        limit: Duration,
    ) -> Result<Reply, ClientError> {
        let mut position = format!("position fen {fen}");
        if !moves.is_empty() {
            position.push_str(" moves");
            for mv in moves {
                position.push_str(&format!(" {mv}"));
            }
        }
        self.send(&position)?;
        let ms = |d: Duration| d.as_millis();
        let go = match (go_limit, self.protocol) {
            (GoLimit::Nodes(n), _) => format!("go nodes {n}"),
            (GoLimit::Depth(d), _) => format!("go depth {d}"),
            (GoLimit::MoveTime(t), _) => format!("go movetime {}", ms(*t)),
            (GoLimit::Clocks(clock), Protocol::Ucci) => format!(
                "go time {} increment {} opptime {} oppincrement {}",
                ms(clock.remaining(stm)),
                ms(clock.increment(stm)),
                ms(clock.remaining(!stm)),
                ms(clock.increment(!stm))
            ),
            (GoLimit::Clocks(clock), Protocol::Uci) => format!(
                "go wtime {} btime {} winc {} binc {}",
                ms(clock.remaining(Color::Red)),
                ms(clock.remaining(Color::Black)),
                ms(clock.increment(Color::Red)),
                ms(clock.increment(Color::Black))
            ),
        };
        self.send(&go)?;
        let start = Instant::now();
        let deadline = start + limit;
        let mut thought = None;
        loop {
            let line = self.recv(deadline, "bestmove")?;
            let mut tokens = line.split_whitespace();
            let answer = match tokens.next() {
                Some("nobestmove") => Answer::NoMove,
                Some("bestmove") => match tokens.next() {
                    None | Some("(none)") => Answer::NoMove,
                    Some(mv) => Answer::Move(mv.to_string()),
                },
                Some("info") => {
                    thought = Thought::parse(&line).or(thought);
                    continue;
                }
                _ => continue,
            };
            return Ok(Reply { answer, used: start.elapsed(), thought });
        }
    }

    fn send(&mut self, line: &str) -> Result<(), ClientError> {
        writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush()).map_err(ClientError::Write)
    }

    fn recv(&mut self, deadline: Instant, waiting_for: &'static str) -> Result<String, ClientError> {
        let left = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(left).map_err(|e| match e {
            RecvTimeoutError::Timeout => ClientError::Timeout { waiting_for },
            RecvTimeoutError::Disconnected => ClientError::Exited { waiting_for },
        })
    }

    /// Sends `quit`, gives the engine [`QUIT_TIMEOUT`] to exit, and kills it otherwise.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + QUIT_TIMEOUT;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) => thread::sleep(Duration::from_millis(5)),
            }
        }
        // Drop kills it.
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// The name in an `option` line: UCCI `option <name> type ...`, UCI `option name <name words>
/// type ...`.
fn option_name(protocol: Protocol, line: &str) -> Option<String> {
    let mut tokens = line.split_whitespace().skip(1).peekable();
    if protocol == Protocol::Uci || tokens.peek() == Some(&"name") {
        if tokens.peek() == Some(&"name") {
            tokens.next();
        }
        let words: Vec<&str> = tokens.take_while(|t| *t != "type").collect();
        return (!words.is_empty()).then(|| words.join(" "));
    }
    tokens.next().map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_names() {
        assert_eq!(option_name(Protocol::Ucci, "option hashsize type spin min 0").as_deref(), Some("hashsize"));
        assert_eq!(option_name(Protocol::Ucci, "option Hash type spin default 16").as_deref(), Some("Hash"));
        assert_eq!(
            option_name(Protocol::Uci, "option name Move Overhead type spin default 10").as_deref(),
            Some("Move Overhead")
        );
        assert_eq!(option_name(Protocol::Uci, "option").as_deref(), None);
    }

    #[test]
    fn thoughts_from_info_lines() {
        let thought = |line| Thought::parse(line);
        let cp = |depth, v| Some(Thought { depth: Some(depth), score: Score::Cp(v) });
        assert_eq!(thought("info depth 10 score 24 pv c3c4 g6g5"), cp(10, 24));
        assert_eq!(thought("info depth 9 seldepth 14 multipv 1 score cp -7 wdl 1 2 3 nodes 5 pv h2e2"), cp(9, -7));
        assert_eq!(thought("info depth 9 seldepth 14 multipv 2 score cp -7 nodes 5 pv h2e2"), None);
        assert_eq!(
            thought("info depth 3 score mate 2 pv a0a9"),
            Some(Thought { depth: Some(3), score: Score::Decided { win: true, plies: 3 } })
        );
        assert_eq!(thought("info score 5"), Some(Thought { depth: None, score: Score::Cp(5) }));
        for none in
            ["info depth 4 currmove h2e2", "info string score 5", "info depth 4 pv score 3", "bestmove a0a1", ""]
        {
            assert_eq!(thought(none), None, "{none}");
        }
    }

    #[test]
    fn protocols() {
        assert_eq!(Protocol::parse("UCI"), Some(Protocol::Uci));
        assert_eq!(Protocol::parse("ucci"), Some(Protocol::Ucci));
        assert_eq!(Protocol::parse("xboard"), None);
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let spec = EngineSpec {
            command: vec!["/nonexistent/engine".to_string()],
            protocol: Protocol::Ucci,
            init: Vec::new(),
            name: None,
        };
        assert!(matches!(Engine::start(&spec), Err(ClientError::Spawn { .. })));
    }
}

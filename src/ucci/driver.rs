//! The protocol loop: a state machine over boot, idle and thinking (ElephantEye's `BootLine`,
//! `IdleLine` and `BusyLine`).
//!
//! A reader thread turns raw input into messages (lines, invalid UTF-8, end of input) on a
//! channel; the search runs on the engine's threads and reports on the same channel when its
//! answer is out. So `stop`, `isready`, `ponderhit`, `probe` and `quit` are handled during a search,
//! and every other line that arrives then is queued and handled, in order, once the answer is
//! printed (`docs/ucci.md` §2). All output goes through one [`Output`] that writes whole
//! lines and flushes; a failed write ends the session quietly.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::answer::Answer;
use super::options::{self, OptionChange, ThreadCount};
use super::response::{HashBound, HashProbe, Iteration, Response};
use super::settings::Settings;
use super::{Command, Dialect, Go, ParseError, check_legal, parse};
use crate::engine::{Bound, Engine, Limits, MAX_DEPTH, MAX_THREADS};
use crate::game::chuhan::{self, Source};
use crate::search::params::TUNABLES;
use crate::types::{Depth, Score};

/// What the reader thread and the search thread tell the loop.
enum Msg {
    Line(String),
    BadUtf8,
    Eof,
    /// A search, perft or bench has ended, with its final lines (`bestmove`, ...). The loop prints them
    /// as it becomes idle, so whatever the GUI sends after reading the answer finds the engine
    /// idle (a `stop` then finds nothing to stop, a `probe` sees queued option changes).
    SearchDone(Vec<Response>),
}

/// The one writer: whole lines, flushed at once, shared by the loop and the search thread.
#[derive(Clone)]
pub struct Output {
    inner: Arc<Mutex<Box<dyn Write + Send>>>,
    broken: Arc<AtomicBool>,
}

impl Output {
    pub fn new(w: Box<dyn Write + Send>) -> Output {
        Output { inner: Arc::new(Mutex::new(w)), broken: Arc::new(AtomicBool::new(false)) }
    }

    fn line(&self, text: &str) {
        let Ok(mut w) = self.inner.lock() else { return };
        if writeln!(w, "{text}").and_then(|_| w.flush()).is_err() {
            self.broken.store(true, Ordering::Relaxed);
        }
    }

    fn send(&self, r: &Response, dialect: Dialect) {
        for l in r.render(dialect) {
            self.line(&l);
        }
    }

    fn is_broken(&self) -> bool {
        self.broken.load(Ordering::Relaxed)
    }
}

/// A search (or perft, or bench) running on the engine's threads.
struct Thinking {
    /// Offer a draw was made with `go draw` or `ponderhit draw`.
    draw_offer: Arc<AtomicBool>,
    /// An infinite or ponder search: ended by the loop at end of input.
    open_ended: bool,
}

enum State {
    Boot,
    Idle,
    Thinking(Thinking),
}

/// The protocol session.
pub struct Driver {
    engine: Engine,
    settings: Settings,
    dialect: Dialect,
    out: Output,
    state: State,
    queue: VecDeque<String>,
    tx: Sender<Msg>,
    rx: Receiver<Msg>,
    eof: bool,
    /// The last `position` was refused: the engine holds no position the GUI meant until the
    /// next good one, so nothing answers from the board before it (`docs/ucci.md` §4).
    no_position: bool,
}

/// Reads raw lines (any length, any bytes) and forwards them; ends with `Eof`.
fn spawn_reader(input: Box<dyn BufRead + Send>, tx: Sender<Msg>) {
    std::thread::spawn(move || {
        let mut input = input;
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => {
                    let _ = tx.send(Msg::Eof);
                    return;
                }
                Ok(_) => {
                    while matches!(buf.last(), Some(b'\n' | b'\r')) {
                        buf.pop();
                    }
                    let msg = match String::from_utf8(std::mem::take(&mut buf)) {
                        Ok(s) => Msg::Line(s),
                        Err(_) => Msg::BadUtf8,
                    };
                    if tx.send(msg).is_err() {
                        return;
                    }
                }
            }
        }
    });
}

/// Runs a session on the given streams until `quit` or end of input.
pub fn run(input: Box<dyn BufRead + Send>, output: Box<dyn Write + Send>) -> anyhow::Result<()> {
    let (tx, rx) = mpsc::channel();
    spawn_reader(input, tx.clone());
    let mut driver = Driver {
        engine: Engine::new()?,
        settings: Settings::default(),
        dialect: Dialect::Ucci,
        out: Output::new(output),
        state: State::Boot,
        queue: VecDeque::new(),
        tx,
        rx,
        eof: false,
        no_position: false,
    };
    driver.main_loop();
    Ok(())
}

impl Driver {
    fn say(&self, r: Response) {
        self.out.send(&r, self.dialect);
    }

    fn info(&self, text: impl ToString) {
        self.say(Response::info_string(text));
    }

    fn main_loop(&mut self) {
        loop {
            if self.out.is_broken() {
                self.abandon_search();
                return;
            }
            // Queued lines run as soon as the engine is idle again.
            if matches!(self.state, State::Idle)
                && let Some(line) = self.queue.pop_front()
            {
                if !self.handle_line(&line) {
                    return;
                }
                continue;
            }
            if self.eof && !matches!(self.state, State::Thinking(_)) {
                // End of input acts as `quit` after everything already read.
                if !matches!(self.state, State::Boot) {
                    self.say(Response::Bye);
                }
                return;
            }
            // After end of input an open-ended search ends at once, also one that started from
            // the queue after the end was read (it would otherwise wait for a `stop` that
            // cannot come).
            if self.eof
                && let State::Thinking(t) = &self.state
                && t.open_ended
            {
                self.engine.stop();
            }
            let Ok(msg) = self.rx.recv() else { return };
            let keep_going = match msg {
                Msg::Line(line) => self.on_line(line),
                Msg::BadUtf8 => {
                    self.info("input line is not valid UTF-8; ignored");
                    true
                }
                Msg::Eof => {
                    self.eof = true;
                    true
                }
                Msg::SearchDone(answer) => {
                    self.finish_search(answer);
                    true
                }
            };
            if !keep_going {
                return;
            }
        }
    }

    /// A line read from the input: handled now, or queued while thinking.
    fn on_line(&mut self, line: String) -> bool {
        if let State::Thinking(t) = &self.state {
            if self.settings.batch {
                self.queue.push_back(line);
                return true;
            }
            match parse(&line, self.dialect) {
                Ok(cmd) if cmd.acts_while_thinking() => {
                    let draw_offer = Arc::clone(&t.draw_offer);
                    return self.while_thinking(cmd, &draw_offer);
                }
                Ok(Command::Empty) => return true,
                Err(e @ ParseError::Probe(_)) => {
                    self.bad_probe(e);
                    return true;
                }
                _ => {
                    self.queue.push_back(line);
                    return true;
                }
            }
        }
        self.handle_line(&line)
    }

    /// Commands that act during a search. Returns false to end the session.
    fn while_thinking(&mut self, cmd: Command, draw_offer: &AtomicBool) -> bool {
        match cmd {
            Command::Stop => self.engine.stop(),
            Command::IsReady => self.say(Response::ReadyOk),
            Command::PonderHit { draw } => {
                if self.engine.is_pondering() {
                    if draw {
                        draw_offer.store(true, Ordering::Relaxed);
                    }
                    self.engine.ponderhit();
                } else {
                    self.info("ponderhit ignored: not pondering");
                }
            }
            Command::Probe(spec) => self.probe(&spec),
            Command::Quit => {
                self.engine.stop();
                self.wait_search();
                self.say(Response::Bye);
                return false;
            }
            _ => {}
        }
        true
    }

    /// Handles one line while idle (or in boot). Returns false to end the session.
    fn handle_line(&mut self, line: &str) -> bool {
        if matches!(self.state, State::Boot) {
            return self.boot_line(line);
        }
        let cmd = match parse(line, self.dialect) {
            Ok(cmd) => cmd,
            Err(e @ ParseError::Probe(_)) => {
                self.bad_probe(e);
                return true;
            }
            Err(e) => {
                self.no_position |= matches!(e, ParseError::Position(_));
                self.info(e);
                return true;
            }
        };
        if self.no_position && cmd.reads_the_position() {
            self.info(format!("{}: no position (the last 'position' was refused)", cmd.name()));
            if matches!(cmd, Command::Go(_)) {
                self.say(Response::NoPosition);
            }
            return true;
        }
        match cmd {
            Command::Empty => {}
            Command::Ucci | Command::Uci => {
                let asked = if matches!(cmd, Command::Ucci) { Dialect::Ucci } else { Dialect::Uci };
                if asked == self.dialect {
                    self.say(Response::Handshake { max_threads: MAX_THREADS as u32 });
                } else {
                    self.info(format!("{}: the dialect is already {}", asked.hello(), self.dialect.hello()));
                }
            }
            Command::IsReady => self.say(Response::ReadyOk),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => self.engine.new_game(),
            Command::Debug(on) => self.settings.debug = on,
            Command::Position(spec) => match spec.build() {
                Ok(pos) => {
                    if !spec.passed_over.is_empty() {
                        self.info(format!("position: ignored '{}' after the FEN's fields", spec.passed_over.join(" ")));
                    }
                    self.engine.set_position(pos);
                    self.no_position = false;
                }
                Err(e) => {
                    self.info(ParseError::Position(e));
                    self.no_position = true;
                }
            },
            Command::BanMoves(moves) => match check_legal(self.engine.position(), &moves) {
                Ok(()) => self.engine.set_banned(moves),
                Err(e) => self.info(format!("banmoves: {e}")),
            },
            Command::Go(go) => self.go(go),
            Command::Perft { depth } => self.perft(depth),
            Command::PonderHit { .. } => self.info("ponderhit ignored: not pondering"),
            // Nothing to stop: no answer, which a GUI that sends `stop` before every `go`
            // (cchess) would take for the next search's (`docs/ucci.md` §4).
            Command::Stop => {}
            Command::Probe(spec) => self.probe(&spec),
            Command::Display => self.say(Response::Text(self.engine.position().to_string())),
            Command::Eval => self.say(Response::Text(self.engine.eval_trace().to_string())),
            Command::Bench { depth } => self.bench(depth),
            Command::Quit => {
                self.say(Response::Bye);
                return false;
            }
        }
        true
    }

    fn boot_line(&mut self, line: &str) -> bool {
        let mut tokens = line.split_whitespace();
        let first = tokens.next().map(str::to_ascii_lowercase);
        match (first.as_deref(), tokens.next()) {
            (None, _) => {}
            (Some("quit"), None) => return false,
            (Some(word), None) if Dialect::from_hello(word).is_some() => {
                if let Some(d) = Dialect::from_hello(word) {
                    self.dialect = d;
                    self.state = State::Idle;
                    self.say(Response::Handshake { max_threads: MAX_THREADS as u32 });
                }
            }
            _ => self.info("expected 'ucci' or 'uci'"),
        }
        true
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let change = match options::validate(name, value, self.dialect, MAX_THREADS as u32) {
            Ok(c) => c,
            Err(e) => return self.info(e),
        };
        match change {
            OptionChange::HashMb(mb) => {
                if let Err(e) = self.engine.set_hash_mb(mb as usize) {
                    return self.info(format!("setoption: {e}; the old table stays"));
                }
            }
            OptionChange::Threads(n) => {
                let n = match n {
                    ThreadCount::PerCore => std::thread::available_parallelism().map_or(1, |n| n.get()),
                    ThreadCount::Fixed(n) => n as usize,
                };
                match self.engine.set_threads(n) {
                    // Per core may ask for more than the maximum, which is no news.
                    Ok(set) if set < n.min(MAX_THREADS) => {
                        self.info(format!("setoption: threads capped at {set}: no memory for more"))
                    }
                    Ok(_) => {}
                    Err(e) => {
                        let kept = self.engine.threads();
                        return self.info(format!("setoption: cannot start {n} threads ({e}); {kept} stay"));
                    }
                }
            }
            OptionChange::NewGame => self.engine.new_game(),
            OptionChange::ClearHash => self.engine.clear_hash(),
            OptionChange::UseBook(on) => self.engine.set_use_book(on),
            OptionChange::BookFile(ref path) => {
                if let Err(e) = self.engine.set_book_file(path) {
                    return self.info(format!("setoption: {e}; the old book stays"));
                }
            }
            OptionChange::UseEgtb(on) => self.engine.set_use_egtb(on),
            OptionChange::EgtbPaths(ref paths) => match self.engine.set_egtb_paths(paths) {
                Ok(refused) => {
                    for e in refused {
                        self.info(format!("setoption: {e}; its endgame is not used"));
                    }
                    if let Some(tb) = self.engine.egtb() {
                        self.info(format!("setoption: {} endgames in {paths}", tb.endgames().count()));
                    }
                }
                Err(e) => return self.info(format!("setoption: {e}; the old tables stay")),
            },
            OptionChange::UseNnue(on) => {
                if let Err(e) = self.engine.set_use_nnue(on) {
                    return self.info(format!("setoption: {e}; the thesis evaluation stays"));
                }
            }
            OptionChange::EvalFile(ref path) => {
                if let Err(e) = self.engine.set_eval_file(path) {
                    return self.info(format!("setoption: {e}; the old net stays"));
                }
            }
            OptionChange::Ignored(why) => self.info(why),
            OptionChange::Tune { index, value } => {
                // Validated against the range already.
                let _ = TUNABLES[index].set(value);
            }
            _ => {}
        }
        self.settings.apply(change);
    }

    /// The search limits of a `go`, in milliseconds whatever the dialect.
    fn limits(&self, go: &Go) -> Limits {
        let stm = self.engine.position().side_to_move();
        let unit = self.dialect.clock_unit(self.settings.usemillisec);
        let clock = go.own_clock(stm, unit);
        let depth = match (go.depth, self.dialect) {
            (Some(0), Dialect::Uci) => Some(1),
            (d, _) => d.map(|d| d.min(MAX_DEPTH as u32) as Depth),
        };
        let infinite = go.infinite
            || (go.depth.is_none()
                && go.nodes.is_none()
                && go.movetime.is_none()
                && clock.is_none()
                && go.mate.is_none());
        Limits {
            depth,
            nodes: go.nodes,
            movetime: go.movetime.map(Duration::from_millis),
            time: clock.map(|c| Duration::from_millis(c.time_ms)),
            increment: Duration::from_millis(clock.map_or(0, |c| c.increment_ms)),
            movestogo: clock.and_then(|c| c.movestogo),
            mate: go.mate,
            infinite,
            searchmoves: go.searchmoves.clone(),
            ponder_option: self.settings.ponder,
            move_overhead: Duration::from_millis(self.settings.move_overhead_ms as u64),
            multipv: self.settings.strength.multipv as usize,
            strength: self.settings.strength.strength(),
            move_limit: self.settings.move_limit,
        }
    }

    fn go(&mut self, go: Go) {
        if self.settings.batch && !go.has_finite_limit() {
            return self.info("go: batch mode needs a finite limit (depth, nodes, time or movetime)");
        }
        if go.depth == Some(0) && self.dialect == Dialect::Ucci {
            // A static evaluation only (`docs/ucci.md` §7.6).
            let v = self.engine.evaluate();
            self.say(Response::RootScore { score: Score::from_value(v), wdl: None });
            return self.say(Response::NoBestMove);
        }
        // A game move in a book position is answered at once (`docs/book.md` §3).
        if go.is_game_move()
            && let Some(choice) = chuhan::prepared(&self.engine, &go.searchmoves, rand::random())
        {
            if let Some(line) = self.engine.line_of(choice.mv) {
                let root = self.settings.show_wdl.then(|| self.engine.position().clone());
                self.say(Response::Iteration(Iteration::of(&line, false, root.as_ref())));
            }
            let Source::Book { games } = choice.source;
            self.info(format!("book: {} ({games} games)", choice.mv));
            return self.say(Response::BestMove { mv: choice.mv, ponder: None, verdict: None });
        }
        let limits = self.limits(&go);
        if self.settings.debug {
            let b = limits.budget();
            self.info(format!("limits: {limits:?}; soft {:?}, hard {:?}", b.soft, b.hard));
        }
        let draw_offer = Arc::new(AtomicBool::new(go.draw));
        let open_ended = go.ponder || limits.infinite;
        let (out, dialect) = (self.out.clone(), self.dialect);
        let several = limits.multipv > 1;
        let answer = Answer {
            pos: self.engine.position().clone(),
            draw_offer: Arc::clone(&draw_offer),
            timed: go.is_timed(),
            show_wdl: self.settings.show_wdl,
        };
        let done = self.tx.clone();
        let root = self.settings.show_wdl.then(|| self.engine.position().clone());
        self.engine.go(
            limits,
            go.ponder,
            move |info| out.send(&Response::Iteration(Iteration::of(info, several, root.as_ref())), dialect),
            move |result, time| {
                let _ = done.send(Msg::SearchDone(answer.lines(result, time)));
            },
        );
        self.state = State::Thinking(Thinking { draw_offer, open_ended });
    }

    fn perft(&mut self, depth: u32) {
        let done = self.tx.clone();
        self.engine.perft(depth, move |divide| {
            let answer = match divide {
                Some(divide) => Response::Perft { depth, divide },
                None => Response::info_string("perft stopped"),
            };
            let _ = done.send(Msg::SearchDone(vec![answer]));
        });
        let draw_offer = Arc::new(AtomicBool::new(false));
        self.state = State::Thinking(Thinking { draw_offer, open_ended: true });
    }

    /// `bench` runs on the engine's threads like a search, so `stop`, `isready` and `quit` are
    /// answered during it (it takes seconds). Unlike perft it is finite: end of input lets it
    /// finish.
    fn bench(&mut self, depth: Option<u32>) {
        let depth = depth.map_or(crate::bench::DEFAULT_DEPTH, |d| d.clamp(1, MAX_DEPTH as u32) as Depth);
        let (done, out, dialect) = (self.tx.clone(), self.out.clone(), self.dialect);
        self.engine.bench(
            depth,
            move |line| out.send(&Response::info_string(line), dialect),
            move |result| {
                let answer = match result {
                    Ok(r) if r.stopped() => Response::info_string(r.stopped_line()),
                    Ok(r) => Response::Text(r.summary().join("\n")),
                    Err(e) => Response::info_string(e),
                };
                let _ = done.send(Msg::SearchDone(vec![answer]));
            },
        );
        let draw_offer = Arc::new(AtomicBool::new(false));
        self.state = State::Thinking(Thinking { draw_offer, open_ended: false });
    }

    /// An invalid `probe` still gets its (bare) `pophash` (`docs/ucci.md` §4).
    fn bad_probe(&self, e: ParseError) {
        self.info(e);
        self.say(Response::PopHash(HashProbe::default()));
    }

    fn probe(&self, spec: &super::PositionSpec) {
        let pos = match spec.build() {
            Ok(p) => p,
            Err(e) => return self.bad_probe(ParseError::Probe(e)),
        };
        let mut probe = HashProbe::default();
        if let Some(e) = self.engine.probe(&pos) {
            probe.best = e.mv.filter(|&m| pos.is_legal_move(m));
            let hb = HashBound { score: Score::from_value(e.value), depth: e.depth };
            match e.bound {
                Bound::Exact => (probe.lower, probe.upper) = (Some(hb), Some(hb)),
                Bound::Lower => probe.lower = Some(hb),
                Bound::Upper => probe.upper = Some(hb),
            }
        }
        self.say(Response::PopHash(probe));
    }

    /// The search thread has ended: back to idle, then print its answer.
    fn finish_search(&mut self, answer: Vec<Response>) {
        if matches!(std::mem::replace(&mut self.state, State::Idle), State::Thinking(_)) {
            self.engine.wait();
        }
        // A table file found damaged when the search read it: said once, before the answer.
        for failure in self.engine.egtb().map(|tb| tb.take_failures()).unwrap_or_default() {
            self.info(format!("egtb: {failure}"));
        }
        for r in answer {
            self.say(r);
        }
    }

    /// Waits for a stopped search to print its answer.
    fn wait_search(&mut self) {
        while matches!(self.state, State::Thinking(_)) {
            match self.rx.recv() {
                Ok(Msg::SearchDone(answer)) => self.finish_search(answer),
                Err(_) => self.finish_search(Vec::new()),
                Ok(Msg::Line(l)) => self.queue.push_back(l),
                Ok(Msg::Eof) => self.eof = true,
                Ok(Msg::BadUtf8) => {}
            }
        }
    }

    fn abandon_search(&mut self) {
        if matches!(self.state, State::Thinking(_)) {
            self.engine.stop();
        }
        self.wait_search();
    }
}

//! One tab: its game or analysis board, its engine, and the work that engine is doing. The
//! session owns everything; the engine's threads only send [`Event`]s back, each stamped with
//! the generation it was started in, so a result that a later move, undo or new game made stale
//! is dropped. A search starts only with a permit of the shared semaphore (one per core) and
//! gives it back when it ends; a closed tab stops its search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc};

use super::protocol::{ClientMessage, ServerMessage};
use super::view::{self, Mode};
use crate::analysis::Review;
use crate::board::Position;
use crate::engine::{DRAW_ACCEPT_MAX, Engine, Info, Level, Limits, SearchResult, Strength};
use crate::notation::{self, Notation, Script};
use crate::play::DEFAULT_LEVEL;
use crate::play::advice::HINT_LINES;
use crate::play::game::Game;
use crate::types::{Color, Move};

/// Chuhan's thinking time per move when the tab gives none, as `chuhan play`'s.
const DEFAULT_MOVETIME_MS: u64 = 1000;
/// The longest thinking time per move or per reviewed position accepted, in ms.
const MAX_MOVETIME_MS: u64 = 60_000;
/// How long a hint or a draw offer is thought over.
const ADVICE_MS: u64 = 800;
/// Most analysis lines.
const MAX_MULTIPV: usize = 5;
/// Most moves a game sent by a tab may have.
const MAX_MOVES: usize = 1000;

/// Word from the engine's threads.
pub(super) enum Event {
    Info(u64, Info),
    Done(u64, Work, SearchResult),
    Progress(u64, usize, usize),
    Reviewed(u64, Box<Review>),
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Work {
    Reply,
    Analyse,
    Hint,
    Draw,
    Review,
}

/// Serves one WebSocket until the tab closes it.
pub async fn run(mut ws: WebSocket, searches: Arc<Semaphore>) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut session = Session::new(tx, searches);
    loop {
        let replies = tokio::select! {
            msg = ws.recv() => match msg {
                Some(Ok(Message::Text(text))) => session.handle_text(&text),
                Some(Ok(Message::Binary(_))) => vec![error("messages are JSON text")],
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => Vec::new(),
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            Some(event) = rx.recv() => session.on_event(event),
            permit = session.searches.clone().acquire_owned(), if session.pending.is_some() => match permit {
                Ok(permit) => session.start(permit),
                Err(_) => break,
            },
        };
        for reply in replies {
            let Ok(text) = serde_json::to_string(&reply) else { continue };
            if ws.send(Message::Text(text.into())).await.is_err() {
                break;
            }
        }
    }
    session.close();
}

fn error(text: impl Into<String>) -> ServerMessage {
    ServerMessage::Error { text: text.into() }
}

pub(super) struct Session {
    events: mpsc::UnboundedSender<Event>,
    searches: Arc<Semaphore>,
    /// Made at the first search.
    engine: Option<Engine>,
    pub(super) game: Game,
    pub(super) mode: Mode,
    pub(super) notation: Notation,
    /// Bumped whenever the board or the work changes: older events are stale.
    generation: u64,
    /// Work waiting for a permit.
    pending: Option<Work>,
    /// Work under way (its permit held by its thread).
    running: Option<Work>,
    /// The review under way stops when this is set.
    cancel: Arc<AtomicBool>,
    /// The game under review (a review has its own engine, on a blocking thread).
    review: Option<crate::pgn::Game>,
    /// The analysis lines of the iteration being reported, by rank.
    pub(super) lines: Vec<super::protocol::LineInfo>,
}

impl Session {
    fn new(events: mpsc::UnboundedSender<Event>, searches: Arc<Semaphore>) -> Session {
        Session {
            events,
            searches,
            engine: None,
            game: Game::new(Position::startpos()),
            mode: Mode::Analysis { multipv: 1 },
            notation: Notation::Chinese(Script::Simplified),
            generation: 0,
            pending: None,
            running: None,
            cancel: Arc::new(AtomicBool::new(false)),
            review: None,
            lines: Vec::new(),
        }
    }

    fn handle_text(&mut self, text: &str) -> Vec<ServerMessage> {
        match serde_json::from_str::<ClientMessage>(text) {
            Ok(msg) => self.handle(msg),
            Err(e) => vec![error(format!("not a message: {e}"))],
        }
    }

    fn handle(&mut self, msg: ClientMessage) -> Vec<ServerMessage> {
        let result = match msg {
            ClientMessage::Play { fen, moves, color, level, movetime } => self.play(fen, moves, color, level, movetime),
            ClientMessage::Analyse { fen, moves, multipv } => self.analyse(fen, moves, multipv),
            ClientMessage::Move { mv } => self.play_move(&mv),
            ClientMessage::Undo => self.undo(),
            ClientMessage::Hint => self.advise(Work::Hint),
            ClientMessage::Draw => self.advise(Work::Draw),
            ClientMessage::Resign => self.resign(),
            ClientMessage::Stop => {
                self.halt();
                Ok(vec![self.state()])
            }
            ClientMessage::Notation { notation } => match Notation::from_name(&notation) {
                Some(n) => {
                    self.notation = n;
                    Ok(vec![self.state()])
                }
                None => Err(format!("unknown notation {notation:?}: iccs, wxf, chinese or traditional")),
            },
            ClientMessage::Review { fen, moves, movetime } => self.start_review(fen, moves, movetime),
        };
        result.unwrap_or_else(|e| vec![error(e)])
    }

    pub(super) fn state(&self) -> ServerMessage {
        view::state(self, self.running.is_some_and(|w| w == Work::Reply) || self.pending == Some(Work::Reply))
    }

    /// The game `fen` then `moves` (ICCS, or any notation), checked before anything changes.
    fn setup(fen: Option<&str>, moves: Option<&[String]>) -> Result<Game, String> {
        let start = match fen.filter(|f| !f.trim().is_empty()) {
            Some(fen) => Position::from_fen(fen).map_err(|e| format!("invalid FEN: {e}"))?,
            None => Position::startpos(),
        };
        let mut game = Game::new(start);
        let moves = moves.unwrap_or_default();
        if moves.len() > MAX_MOVES {
            return Err(format!("at most {MAX_MOVES} moves"));
        }
        for (i, text) in moves.iter().enumerate() {
            let mv = notation::parse_move(game.position(), text).map_err(|e| format!("move {}: {e}", i + 1))?;
            game.play(mv).map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        Ok(game)
    }

    fn play(
        &mut self,
        fen: Option<String>,
        moves: Option<Vec<String>>,
        color: Option<String>,
        level: Option<u8>,
        movetime: Option<u64>,
    ) -> Result<Vec<ServerMessage>, String> {
        let human = match color.as_deref() {
            None | Some("red") => Color::Red,
            Some("black") => Color::Black,
            Some(other) => return Err(format!("unknown colour {other:?}: red or black")),
        };
        let level = match level {
            None => DEFAULT_LEVEL,
            Some(n) => Level::new(n)
                .ok_or_else(|| format!("level {n} is out of range: {} to {}", Level::MIN.get(), Level::MAX.get()))?,
        };
        let movetime = movetime.unwrap_or(DEFAULT_MOVETIME_MS);
        if !(1..=MAX_MOVETIME_MS).contains(&movetime) {
            return Err(format!("thinking time {movetime} ms is out of range: 1 to {MAX_MOVETIME_MS}"));
        }
        let game = Session::setup(fen.as_deref(), moves.as_deref())?;
        self.halt();
        self.game = game;
        self.mode = Mode::Play { human, level, movetime };
        if let Some(engine) = self.engine.as_mut() {
            tokio::task::block_in_place(|| engine.new_game());
        }
        Ok(self.after_move())
    }

    fn analyse(
        &mut self,
        fen: Option<String>,
        moves: Option<Vec<String>>,
        multipv: Option<usize>,
    ) -> Result<Vec<ServerMessage>, String> {
        let multipv = multipv.unwrap_or(1);
        if !(1..=MAX_MULTIPV).contains(&multipv) {
            return Err(format!("MultiPV {multipv} is out of range: 1 to {MAX_MULTIPV}"));
        }
        let game = Session::setup(fen.as_deref(), moves.as_deref())?;
        self.halt();
        self.game = game;
        self.mode = Mode::Analysis { multipv };
        Ok(self.after_move())
    }

    fn play_move(&mut self, text: &str) -> Result<Vec<ServerMessage>, String> {
        if self.game.is_over() {
            return Err("the game is over".to_string());
        }
        if let Mode::Play { human, .. } = self.mode
            && self.game.position().side_to_move() != human
        {
            return Err("it is Chuhan's turn".to_string());
        }
        let mv = notation::parse_move(self.game.position(), text).map_err(|e| e.to_string())?;
        self.halt();
        self.game.play(mv).map_err(|e| e.to_string())?;
        Ok(self.after_move())
    }

    fn undo(&mut self) -> Result<Vec<ServerMessage>, String> {
        let plies = match self.mode {
            Mode::Play { human, .. } => {
                self.halt();
                self.game.take_back(human)
            }
            Mode::Analysis { .. } => {
                self.halt();
                let n = usize::from(!self.game.moves().is_empty());
                self.game.undo(n);
                n
            }
        };
        if plies == 0 {
            return Err("nothing to take back".to_string());
        }
        Ok(self.after_move())
    }

    fn resign(&mut self) -> Result<Vec<ServerMessage>, String> {
        let Mode::Play { human, .. } = self.mode else { return Err("there is no game to resign".to_string()) };
        if self.game.is_over() {
            return Err("the game is over".to_string());
        }
        self.halt();
        self.game.resign(human);
        Ok(vec![self.state()])
    }

    /// A hint or a draw offer: a full-strength search in the player's turn.
    fn advise(&mut self, work: Work) -> Result<Vec<ServerMessage>, String> {
        if self.game.is_over() {
            return Err("the game is over".to_string());
        }
        if work == Work::Draw && !matches!(self.mode, Mode::Play { .. }) {
            return Err("there is no game to offer a draw in".to_string());
        }
        if self.running == Some(Work::Reply) || self.pending == Some(Work::Reply) {
            return Err("Chuhan is thinking".to_string());
        }
        Ok(self.schedule(work))
    }

    /// After any change of the board: the state, then Chuhan's reply or the analysis.
    fn after_move(&mut self) -> Vec<ServerMessage> {
        self.lines.clear();
        let mut out = Vec::new();
        if !self.game.is_over() {
            match self.mode {
                Mode::Play { human, .. } if self.game.position().side_to_move() != human => {
                    let from_book = self.book_move().is_some_and(|mv| self.game.play(mv).is_ok());
                    if !from_book {
                        out.extend(self.schedule(Work::Reply));
                    }
                }
                Mode::Analysis { .. } => out.extend(self.schedule(Work::Analyse)),
                Mode::Play { .. } => {}
            }
        }
        out.insert(0, self.state());
        out
    }

    fn book_move(&mut self) -> Option<Move> {
        let pos = self.game.position().clone();
        let engine = self.engine()?;
        engine.set_position(pos);
        engine.book_move(&[], rand::random()).map(|bm| bm.mv)
    }

    fn engine(&mut self) -> Option<&mut Engine> {
        if self.engine.is_none() {
            self.engine = Engine::new().ok();
        }
        self.engine.as_mut()
    }

    /// Queues `work` for the next free core; says so when none is free now.
    fn schedule(&mut self, work: Work) -> Vec<ServerMessage> {
        self.halt();
        self.pending = Some(work);
        match self.searches.clone().try_acquire_owned() {
            Ok(permit) => self.start(permit),
            Err(_) => vec![ServerMessage::Notice { text: "waiting for a free core".to_string() }],
        }
    }

    /// Stops the work under way and forgets the work queued.
    fn halt(&mut self) {
        self.generation += 1;
        self.pending = None;
        match self.running.take() {
            Some(Work::Review) => self.cancel.store(true, Ordering::Relaxed),
            Some(_) => {
                // A stopped search ends within a node check; waiting for it gives its permit
                // back before the next work asks for one.
                if let Some(engine) = &self.engine {
                    engine.stop();
                    tokio::task::block_in_place(|| engine.wait());
                }
            }
            None => {}
        }
    }

    /// Starts the queued work with its permit, which its thread keeps until it ends.
    fn start(&mut self, permit: OwnedSemaphorePermit) -> Vec<ServerMessage> {
        let Some(work) = self.pending.take() else { return Vec::new() };
        if work == Work::Review {
            return self.run_review(permit);
        }
        let (generation, pos) = (self.generation, self.game.position().clone());
        let limits = match (work, self.mode) {
            (Work::Reply, Mode::Play { level, movetime, .. }) => Limits {
                strength: Strength::at_level(level),
                movetime: Some(Duration::from_millis(movetime)),
                ..Limits::default()
            },
            (Work::Analyse, Mode::Analysis { multipv }) => Limits { infinite: true, multipv, ..Limits::default() },
            (Work::Hint, _) => {
                Limits { multipv: HINT_LINES, movetime: Some(Duration::from_millis(ADVICE_MS)), ..Limits::default() }
            }
            (Work::Draw, _) => Limits { movetime: Some(Duration::from_millis(ADVICE_MS)), ..Limits::default() },
            _ => return Vec::new(),
        };
        let (info_tx, done_tx) = (self.events.clone(), self.events.clone());
        let Some(engine) = self.engine() else { return vec![error("cannot start an engine: out of memory")] };
        engine.set_position(pos);
        let report = work == Work::Analyse;
        tokio::task::block_in_place(|| {
            engine.go(
                limits,
                false,
                move |info| {
                    if report {
                        let _ = info_tx.send(Event::Info(generation, info.clone()));
                    }
                },
                move |result, _| {
                    drop(permit);
                    let _ = done_tx.send(Event::Done(generation, work, result));
                },
            )
        });
        self.running = Some(work);
        if work == Work::Reply { vec![self.state()] } else { Vec::new() }
    }

    fn start_review(
        &mut self,
        fen: Option<String>,
        moves: Vec<String>,
        movetime: Option<u64>,
    ) -> Result<Vec<ServerMessage>, String> {
        let movetime = movetime.unwrap_or(DEFAULT_MOVETIME_MS);
        if !(1..=MAX_MOVETIME_MS).contains(&movetime) {
            return Err(format!("thinking time {movetime} ms is out of range: 1 to {MAX_MOVETIME_MS}"));
        }
        let game = Session::setup(fen.as_deref(), Some(&moves))?;
        self.halt();
        let mut record = game.record(&[]);
        record.set_tag("Movetime", &movetime.to_string());
        self.review = Some(record);
        self.game = game;
        self.mode = Mode::Analysis { multipv: 1 };
        let mut out = vec![self.state()];
        out.extend(self.schedule(Work::Review));
        Ok(out)
    }

    /// Reviews the game on a blocking thread with an engine of its own, as `chuhan analyze`.
    fn run_review(&mut self, permit: OwnedSemaphorePermit) -> Vec<ServerMessage> {
        let Some(record) = self.review.clone() else { return Vec::new() };
        let movetime = record.tag("Movetime").and_then(|t| t.parse().ok()).unwrap_or(DEFAULT_MOVETIME_MS);
        self.cancel = Arc::new(AtomicBool::new(false));
        let (cancel, events, generation) = (Arc::clone(&self.cancel), self.events.clone(), self.generation);
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let Ok(mut engine) = Engine::new() else { return };
            let limits = Limits { movetime: Some(Duration::from_millis(movetime)), ..Limits::default() };
            let total = record.moves.len() + 1;
            let review = Review::run(&mut engine, &record.start, &record.moves, &limits, &mut |i| {
                let _ = events.send(Event::Progress(generation, i, total));
                !cancel.load(Ordering::Relaxed)
            });
            let _ = events.send(Event::Reviewed(generation, Box::new(review)));
        });
        self.running = Some(Work::Review);
        vec![ServerMessage::Progress { done: 0, total: self.game.moves().len() + 1 }]
    }

    fn on_event(&mut self, event: Event) -> Vec<ServerMessage> {
        match event {
            Event::Info(generation, info) if generation == self.generation => view::lines(self, &info),
            Event::Progress(generation, done, total) if generation == self.generation => {
                vec![ServerMessage::Progress { done, total }]
            }
            Event::Reviewed(generation, review) if generation == self.generation => {
                self.running = None;
                self.review.as_ref().map(|g| vec![view::reviewed(g, &review, self.notation)]).unwrap_or_default()
            }
            Event::Done(generation, work, result) if generation == self.generation => {
                self.running = None;
                self.finished(work, result)
            }
            _ => Vec::new(),
        }
    }

    fn finished(&mut self, work: Work, result: SearchResult) -> Vec<ServerMessage> {
        match work {
            Work::Reply => match result.best.map(|mv| self.game.play(mv)) {
                Some(Ok(())) => self.after_move(),
                _ => vec![error("Chuhan found no move"), self.state()],
            },
            Work::Hint => vec![ServerMessage::Hint { lines: view::result_lines(self, &result) }],
            Work::Draw => {
                // The search was of the player's turn: Chuhan's own value is its negation.
                if -result.value <= DRAW_ACCEPT_MAX {
                    self.game.agree_draw();
                    vec![ServerMessage::Notice { text: "Chuhan accepts the draw".to_string() }, self.state()]
                } else {
                    vec![ServerMessage::Notice { text: "Chuhan declines the draw".to_string() }]
                }
            }
            Work::Analyse | Work::Review => Vec::new(),
        }
    }

    /// The tab is gone: its search stops, and its engine is dropped off the async threads.
    fn close(mut self) {
        self.halt();
        if let Some(engine) = self.engine.take() {
            tokio::task::spawn_blocking(move || drop(engine));
        }
    }
}

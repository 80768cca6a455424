//! One tab: its game or analysis board, its engine, and the work that engine is doing. The
//! session owns everything; the engine's threads only send [`Event`]s back, each stamped with
//! the generation it was started in, so a result that a later move, undo or new game made stale
//! is dropped. A search starts only with a core of the shared [`Cores`](super::cores::Cores) and gives it back when
//! it ends; an analysis yields its core to a game in another tab and resumes afterwards, and
//! pauses while its tab is hidden; a closed tab stops its search.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use tokio::sync::mpsc;

use super::Shared;
use super::cores::{Core, Waiting};
use super::protocol::{ClientMessage, ServerMessage};
use super::setup;
use super::tree::{ROOT, Tree};
use super::view;
use crate::analysis::Review;
use crate::board::Position;
use crate::engine::{Engine, Info, SearchResult};
use crate::game::{Budget, Game, Player};
use crate::notation;
use crate::pgn;
use crate::types::Move;
use crate::words::{self, Say};

mod board;
mod work;

pub(super) use board::{Board, Mode, Prefs};

/// How long a hint or a draw offer is thought over.
const ADVICE_MS: u64 = 800;
/// Most analysis lines.
const MAX_MULTIPV: usize = 5;

/// Word from the engine's threads.
pub(super) enum Event {
    Info(u64, Info),
    Done(u64, Work, SearchResult),
    Progress(u64, usize, usize),
    Reviewed(u64, Box<Review>),
    /// A core granted to the request of this ticket.
    Core(Core),
    /// Give up the core of this ticket: a game waits for it, for at most this long; the
    /// request to resume afterwards is queued already.
    Yield(u64, Waiting, Duration),
}

/// The tab's choices that come with its connection.
#[derive(serde::Deserialize, Default)]
pub(super) struct Query {
    lang: Option<String>,
    notation: Option<String>,
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

/// Serves one WebSocket until the tab closes it. The tab's language and notation come with
/// the connection (`/ws?lang=zh&notation=wxf`), so the first state it is sent is its own game's
/// in its own words; a value the server does not know is answered with an error and the default kept.
pub async fn run(mut ws: WebSocket, shared: Shared, query: Query) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut session = Session::new(tx, shared);
    let mut replies = Vec::new();
    if let Some(lang) = query.lang {
        replies.extend(session.prefs.set_lang(&lang).err().map(|e| session.error(e)));
    }
    if let Some(notation) = query.notation {
        replies.extend(session.prefs.set_notation(&notation).err().map(|e| session.error(e)));
    }
    if !deliver(&mut ws, replies).await {
        return;
    }
    loop {
        let flag = session.board.game.deadline().map(tokio::time::Instant::from_std);
        let replies = tokio::select! {
            msg = ws.recv() => match msg {
                Some(Ok(Message::Text(text))) => session.handle_text(&text),
                Some(Ok(Message::Binary(_))) => vec![session.error(Say::new("messages are JSON text", "消息须为 JSON 文本"))],
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => Vec::new(),
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            Some(event) = rx.recv() => session.on_event(event),
            () = tokio::time::sleep_until(flag.unwrap_or_else(tokio::time::Instant::now)), if flag.is_some() => session.flag_fell(),
        };
        if !deliver(&mut ws, replies).await {
            break;
        }
    }
    session.close();
}

/// Sends `replies` in order; false once the socket is gone.
async fn deliver(ws: &mut WebSocket, replies: Vec<ServerMessage>) -> bool {
    for reply in replies {
        let Ok(text) = serde_json::to_string(&reply) else { continue };
        if ws.send(Message::Text(text.into())).await.is_err() {
            return false;
        }
    }
    true
}

/// One tab: its board, its preferences, and its engine's work (the fields below them).
pub(super) struct Session {
    pub(super) board: Board,
    pub(super) prefs: Prefs,
    events: mpsc::UnboundedSender<Event>,
    pub(super) shared: Shared,
    /// Made at the first search.
    engine: Option<Engine>,
    /// Bumped whenever the board or the work changes: older events are stale.
    generation: u64,
    /// Work waiting for a core, and its place in the queue.
    pending: Option<Work>,
    waiting: Option<Waiting>,
    /// Work under way, and the ticket of the core its thread holds.
    running: Option<Work>,
    core: Option<u64>,
    /// The tab's place among the analyses waiting for a core, kept from its first.
    place: Option<u64>,
    /// The tab is hidden: its analysis pauses.
    hidden: bool,
    /// Its analysis was paused while hidden, and resumes when it is shown.
    paused: bool,
    /// The review under way stops when this is set.
    cancel: Arc<AtomicBool>,
    /// The game under review (a review has its own engine, on a blocking thread).
    review: Option<pgn::Game>,
    /// The analysis lines of the iteration being reported, by rank.
    lines: Vec<super::protocol::LineInfo>,
}

impl Session {
    fn new(events: mpsc::UnboundedSender<Event>, shared: Shared) -> Session {
        Session {
            board: Board::new(Game::new(Position::startpos(), shared.move_limit)),
            prefs: Prefs::new(shared.book.clone()),
            events,
            shared,
            engine: None,
            generation: 0,
            pending: None,
            waiting: None,
            running: None,
            core: None,
            place: None,
            hidden: false,
            paused: false,
            cancel: Arc::new(AtomicBool::new(false)),
            review: None,
            lines: Vec::new(),
        }
    }

    /// An error in the tab's language.
    fn error(&self, say: Say) -> ServerMessage {
        ServerMessage::Error { text: say.get(self.prefs.lang) }
    }

    fn notice(&self, say: Say) -> ServerMessage {
        ServerMessage::Notice { text: say.get(self.prefs.lang) }
    }

    fn handle_text(&mut self, text: &str) -> Vec<ServerMessage> {
        match super::protocol::read(text) {
            Ok(msg) => self.handle(msg),
            Err(refusal) => vec![self.error(refusal)],
        }
    }

    fn handle(&mut self, msg: ClientMessage) -> Vec<ServerMessage> {
        let result = match msg {
            ClientMessage::Play { fen, moves, color, level, movetime, clock, left } => {
                self.play(fen, moves, color, level, (movetime, clock, left))
            }
            ClientMessage::Analyse { fen, moves, multipv, tree, node } => self.analyse(fen, moves, multipv, tree, node),
            ClientMessage::Goto { node } => self.goto(node),
            ClientMessage::Pgn => Ok(vec![view::pgn(&self.board, &self.prefs)]),
            ClientMessage::Check { fen } => match Position::from_fen(&fen) {
                Ok(pos) => Ok(vec![ServerMessage::Position { fen: pos.fen() }]),
                Err(e) => Err(words::fen_error(&e)),
            },
            ClientMessage::Lang { lang } => self.prefs.set_lang(&lang).map(|()| vec![self.state()]),
            ClientMessage::Move { mv } => self.play_move(&mv),
            ClientMessage::Undo => self.undo(),
            ClientMessage::Hint => self.advise(Work::Hint),
            ClientMessage::Draw => self.advise(Work::Draw),
            ClientMessage::Resign => self.resign(),
            ClientMessage::Stop => {
                self.halt();
                Ok(vec![self.state()])
            }
            ClientMessage::Notation { notation } => self.prefs.set_notation(&notation).map(|()| vec![self.state()]),
            ClientMessage::Review { fen, moves, movetime } => self.start_review(fen, moves, movetime),
            ClientMessage::Book { token } => self.use_book(token),
            ClientMessage::Visible { visible } => Ok(self.set_visible(visible)),
        };
        result.unwrap_or_else(|e| vec![self.error(e)])
    }

    pub(super) fn state(&self) -> ServerMessage {
        let thinking = self.running == Some(Work::Reply) || self.pending == Some(Work::Reply);
        view::state(&self.board, &self.prefs, thinking, self.shared.egtb.as_deref())
    }

    /// A new game; `time` is the thinking time per move, the clock's control and the time
    /// each side has left.
    fn play(
        &mut self,
        fen: Option<String>,
        moves: Option<Vec<String>>,
        color: Option<String>,
        level: Option<u8>,
        time: (Option<u64>, Option<String>, Option<[u64; 2]>),
    ) -> Result<Vec<ServerMessage>, Say> {
        let (human, level) = (setup::colour(color.as_deref())?, setup::level(level)?);
        let (movetime, control, left) = time;
        let movetime = setup::check_movetime(movetime)?;
        let mut game = setup::game(fen.as_deref(), moves.as_deref(), self.shared.move_limit)?;
        let clock = setup::clock(control.as_deref(), left, game.moves().len())?;
        let budget = clock.map_or(Budget::MoveTime(Duration::from_millis(movetime)), |c| Budget::Clock(c.control()));
        game.set_clock(clock);
        self.halt();
        self.board.set(game, Mode::Play { human, player: Player { level, budget } });
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
        tree: Option<Vec<(usize, String)>>,
        node: Option<usize>,
    ) -> Result<Vec<ServerMessage>, Say> {
        let multipv = multipv.unwrap_or(1);
        if !(1..=MAX_MULTIPV).contains(&multipv) {
            return Err(Say::new(
                format!("MultiPV {multipv} is out of range: 1 to {MAX_MULTIPV}"),
                format!("MultiPV {multipv} 超出范围：1 到 {MAX_MULTIPV}"),
            ));
        }
        let (tree, game, node) = match tree {
            Some(nodes) => setup::tree(setup::start_position(fen.as_deref())?, &nodes, node, self.shared.move_limit)?,
            None => {
                let game = setup::game(fen.as_deref(), moves.as_deref(), self.shared.move_limit)?;
                let tree = Tree::line(game.moves());
                let node = tree.len() - 1;
                (tree, game, node)
            }
        };
        self.halt();
        self.board.set(game, Mode::Analysis { multipv });
        (self.board.tree, self.board.node) = (tree, node);
        Ok(self.after_move())
    }

    /// Shows node `node` of the analysis tree.
    fn goto(&mut self, node: usize) -> Result<Vec<ServerMessage>, Say> {
        if !matches!(self.board.mode, Mode::Analysis { .. }) {
            return Err(Say::new("a game has no move tree", "对局中没有着法树"));
        }
        if !self.board.tree.contains(node) {
            return Err(setup::no_node(node));
        }
        let game = setup::replay(self.board.game.start(), &self.board.tree.path(node), self.shared.move_limit)?;
        self.halt();
        (self.board.game, self.board.node) = (game, node);
        Ok(self.after_move())
    }

    /// The side to move ran out of time.
    fn flag_fell(&mut self) -> Vec<ServerMessage> {
        if self.board.game.deadline().is_none_or(|d| d > std::time::Instant::now()) {
            return Vec::new();
        }
        self.halt();
        let side = self.board.game.position().side_to_move();
        self.board.game.flag(side);
        vec![self.state()]
    }

    fn play_move(&mut self, text: &str) -> Result<Vec<ServerMessage>, Say> {
        if self.board.game.is_over() {
            return Err(setup::over());
        }
        if let Mode::Play { human, .. } = self.board.mode
            && self.board.game.position().side_to_move() != human
        {
            return Err(Say::new("it is Chuhan's turn", "现在轮到楚汉走棋"));
        }
        let mv = notation::parse_move(self.board.game.position(), text).map_err(|e| words::notation_error(&e))?;
        self.halt();
        self.board.play(mv)?;
        Ok(self.after_move())
    }

    fn undo(&mut self) -> Result<Vec<ServerMessage>, Say> {
        let plies = match self.board.mode {
            Mode::Play { human, .. } => {
                self.halt();
                let plies = self.board.game.take_back(human);
                self.board.tree = Tree::line(self.board.game.moves());
                self.board.node = self.board.tree.len() - 1;
                plies
            }
            Mode::Analysis { .. } if self.board.node != ROOT => {
                return self.goto(self.board.tree.parent(self.board.node));
            }
            Mode::Analysis { .. } => 0,
        };
        if plies == 0 {
            return Err(Say::new("nothing to take back", "没有可悔的棋"));
        }
        Ok(self.after_move())
    }

    fn resign(&mut self) -> Result<Vec<ServerMessage>, Say> {
        let Mode::Play { human, .. } = self.board.mode else {
            return Err(Say::new("there is no game to resign", "没有可认输的对局"));
        };
        if self.board.game.is_over() {
            return Err(setup::over());
        }
        self.halt();
        self.board.game.resign(human);
        Ok(vec![self.state()])
    }

    /// A hint or a draw offer: a full-strength search in the player's turn.
    fn advise(&mut self, work: Work) -> Result<Vec<ServerMessage>, Say> {
        if self.board.game.is_over() {
            return Err(setup::over());
        }
        if work == Work::Draw && !matches!(self.board.mode, Mode::Play { .. }) {
            return Err(Say::new("there is no game to offer a draw in", "没有可提和的对局"));
        }
        if self.running == Some(Work::Reply) || self.pending == Some(Work::Reply) {
            return Err(Say::new("Chuhan is thinking", "楚汉正在思考"));
        }
        Ok(self.schedule(work))
    }

    /// After any change of the board: the state, then Chuhan's reply or the analysis.
    fn after_move(&mut self) -> Vec<ServerMessage> {
        self.lines.clear();
        let mut out = Vec::new();
        if !self.board.game.is_over() {
            match self.board.mode {
                Mode::Play { human, .. } if self.board.game.position().side_to_move() != human => {
                    let from_book = self.book_move().is_some_and(|mv| self.board.play(mv).is_ok());
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

    /// Chuhan's move without a search, if it has one here (the book's).
    fn book_move(&mut self) -> Option<Move> {
        let Mode::Play { player, .. } = self.board.mode else { return None };
        let game = self.board.game.clone();
        Some(player.prepared(self.engine()?, &game)?.mv)
    }

    /// The book sent under `token` (the server's when `None`) for the explorer and Chuhan.
    fn use_book(&mut self, token: Option<u64>) -> Result<Vec<ServerMessage>, Say> {
        let (book, said) = self.shared.book_for(token)?;
        self.prefs.book = book;
        Ok(vec![self.state(), self.notice(said)])
    }

    /// The tab is gone: its search stops, and its engine is dropped off the async threads.
    fn close(mut self) {
        self.halt();
        if let Some(engine) = self.engine.take() {
            tokio::task::spawn_blocking(move || drop(engine));
        }
    }
}

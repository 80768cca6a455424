//! The work a tab's engine does: a search or a review queued for a core of the shared
//! [`Cores`](super::super::cores::Cores), started on the engine's threads or a blocking thread,
//! and the events they send back; an analysis yielding its core to a game, or pausing while its
//! tab is hidden.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::Mode;
use super::{ADVICE_MS, Event, Session, Work};
use crate::analysis::Review;
use crate::engine::{Engine, Info, Limits, SearchResult};
use crate::game::Budget;
use crate::game::chuhan::{self, HINT_LINES};
use crate::movegen::legal_moves;
use crate::web::cores::{Asked, Core, Need, Waiting, Why};
use crate::web::protocol::ServerMessage;
use crate::web::setup::{self, DEFAULT_MOVETIME_MS};
use crate::web::view;
use crate::words::Say;

impl Session {
    /// The tab's engine, with the tab's book (which may have changed since it was made).
    pub(super) fn engine(&mut self) -> Option<&mut Engine> {
        if self.engine.is_none() {
            self.engine = Engine::new().ok();
            if let Some(engine) = self.engine.as_mut() {
                engine.set_egtb(self.shared.egtb.clone());
            }
        }
        let engine = self.engine.as_mut()?;
        if let Some(book) = &self.prefs.book {
            engine.set_book(Arc::clone(book));
        }
        Some(engine)
    }

    /// Queues `work` for the next free core; says why when none is free now.
    pub(super) fn schedule(&mut self, work: Work) -> Vec<ServerMessage> {
        self.halt();
        self.pending = Some(work);
        self.ask()
    }

    /// Asks for a core for the pending work; starts it if one is free, else tells the tab why
    /// it waits. A hidden tab's analysis waits until the tab is shown.
    fn ask(&mut self) -> Vec<ServerMessage> {
        let Some(work) = self.pending else { return Vec::new() };
        if work == Work::Analyse && self.hidden {
            (self.pending, self.paused) = (None, true);
            return Vec::new();
        }
        let place = self.place.filter(|_| work == Work::Analyse);
        match self.shared.cores.ask(self.need(work), &self.events, place) {
            Asked::Now(core) => self.start(core),
            Asked::Queued(waiting, why) => {
                if work == Work::Analyse {
                    self.place = Some(waiting.place);
                }
                self.waiting = Some(waiting);
                vec![self.notice(waiting_words(why))]
            }
        }
    }

    /// What `work` asks of a core: a search the player waits for is urgent, for as long as its
    /// limits allow; an analysis yields; a review keeps its core.
    fn need(&self, work: Work) -> Need {
        let urgent = |limits: Limits| Need::Urgent(limits.budget().hard.unwrap_or(Duration::from_millis(ADVICE_MS)));
        match (work, self.board.mode) {
            (Work::Reply, Mode::Play { player, .. }) => urgent(player.limits(&self.board.game)),
            (Work::Reply | Work::Hint | Work::Draw, _) => Need::Urgent(Duration::from_millis(ADVICE_MS)),
            (Work::Analyse, _) => Need::Yielding,
            (Work::Review, _) => Need::Steady,
        }
    }

    /// A core granted: the pending work starts if it still waits for it.
    fn granted(&mut self, core: Core) -> Vec<ServerMessage> {
        if self.waiting.as_ref().is_none_or(|w| w.ticket != core.ticket) {
            return Vec::new();
        }
        self.waiting = None;
        self.start(core)
    }

    /// A game in another tab waits for the core of this tab's analysis, for at most `time`: the
    /// analysis stops, giving the core back, and waits in its old place (`resume`).
    fn yield_core(&mut self, ticket: u64, resume: Waiting, time: Duration) -> Vec<ServerMessage> {
        if self.running != Some(Work::Analyse) || self.core != Some(ticket) {
            return Vec::new();
        }
        self.halt();
        (self.pending, self.waiting) = (Some(Work::Analyse), Some(resume));
        let s = time.as_secs_f64().ceil().max(1.0);
        vec![self.notice(Say::new(
            format!("Analysis paused: a game in another tab needs this core for at most {s} s; it resumes then"),
            format!("分析暂停：另一标签页的对局需要此核心，最多 {s} 秒，之后继续分析"),
        ))]
    }

    /// The tab was hidden or shown: a hidden tab's analysis pauses, and resumes when it is shown.
    pub(super) fn set_visible(&mut self, visible: bool) -> Vec<ServerMessage> {
        self.hidden = !visible;
        let analysing = self.running == Some(Work::Analyse) || self.pending == Some(Work::Analyse);
        if !visible && analysing {
            self.halt();
            self.paused = true;
        }
        if !visible || !self.paused {
            return Vec::new();
        }
        self.paused = false;
        let mut out = vec![self.notice(Say::new(
            "Analysis resumed: it was paused while the tab was hidden",
            "分析已继续：标签页隐藏时分析暂停",
        ))];
        out.extend(self.schedule(Work::Analyse));
        out
    }

    /// Stops the work under way and forgets the work queued.
    pub(super) fn halt(&mut self) {
        self.generation += 1;
        (self.pending, self.waiting, self.core) = (None, None, None);
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

    /// Starts the queued work with its core, which its thread keeps until it ends.
    pub(super) fn start(&mut self, core: Core) -> Vec<ServerMessage> {
        let Some(work) = self.pending.take() else { return Vec::new() };
        if work == Work::Analyse {
            self.place.get_or_insert(core.ticket);
        }
        self.core = Some(core.ticket);
        if work == Work::Review {
            return self.run_review(core);
        }
        let (generation, pos) = (self.generation, self.board.game.position().clone());
        let advice = Budget::MoveTime(Duration::from_millis(ADVICE_MS));
        let limits = match (work, self.board.mode) {
            (Work::Reply, Mode::Play { player, .. }) => player.limits(&self.board.game),
            (Work::Analyse, Mode::Analysis { multipv }) => {
                Limits { infinite: true, multipv, move_limit: self.board.game.move_limit(), ..Limits::default() }
            }
            (Work::Hint, _) => chuhan::advice(&self.board.game, advice, HINT_LINES),
            (Work::Draw, _) => chuhan::advice(&self.board.game, advice, 1),
            _ => return Vec::new(),
        };
        let (info_tx, done_tx) = (self.events.clone(), self.events.clone());
        if self.engine().is_none() {
            return vec![self.error(Say::new("cannot start an engine: out of memory", "无法启动引擎：内存不足"))];
        }
        let Some(engine) = self.engine.as_mut() else { return Vec::new() };
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
                    drop(core);
                    let _ = done_tx.send(Event::Done(generation, work, result));
                },
            )
        });
        self.running = Some(work);
        if work == Work::Reply { vec![self.state()] } else { Vec::new() }
    }

    pub(super) fn start_review(
        &mut self,
        fen: Option<String>,
        moves: Vec<String>,
        movetime: Option<u64>,
    ) -> Result<Vec<ServerMessage>, Say> {
        let movetime = setup::check_movetime(movetime)?;
        let game = setup::game(fen.as_deref(), Some(&moves), self.shared.move_limit)?;
        self.halt();
        let mut record = game.record(&[]);
        record.set_tag("Movetime", &movetime.to_string());
        self.review = Some(record);
        self.board.set(game, Mode::Analysis { multipv: 1 });
        let mut out = vec![self.state()];
        out.extend(self.schedule(Work::Review));
        Ok(out)
    }

    /// Reviews the game on a blocking thread with an engine of its own, as `chuhan analyze`.
    pub(super) fn run_review(&mut self, core: Core) -> Vec<ServerMessage> {
        let Some(record) = self.review.clone() else { return Vec::new() };
        let movetime = record.tag("Movetime").and_then(|t| t.parse().ok()).unwrap_or(DEFAULT_MOVETIME_MS);
        self.cancel = Arc::new(AtomicBool::new(false));
        let (cancel, events, generation) = (Arc::clone(&self.cancel), self.events.clone(), self.generation);
        let egtb = self.shared.egtb.clone();
        tokio::task::spawn_blocking(move || {
            let _core = core;
            let Ok(mut engine) = Engine::new() else { return };
            engine.set_egtb(egtb);
            let limits = Limits { movetime: Some(Duration::from_millis(movetime)), ..Limits::default() };
            let total = record.moves.len() + 1;
            let review = Review::run(&mut engine, &record.start, &record.moves, &limits, &mut |i| {
                let _ = events.send(Event::Progress(generation, i, total));
                !cancel.load(Ordering::Relaxed)
            });
            let _ = events.send(Event::Reviewed(generation, Box::new(review)));
        });
        self.running = Some(Work::Review);
        vec![ServerMessage::Progress { done: 0, total: self.board.game.moves().len() + 1 }]
    }

    pub(super) fn on_event(&mut self, event: Event) -> Vec<ServerMessage> {
        match event {
            Event::Info(generation, info) if generation == self.generation => self.report(&info),
            Event::Progress(generation, done, total) if generation == self.generation => {
                vec![ServerMessage::Progress { done, total }]
            }
            Event::Reviewed(generation, review) if generation == self.generation => {
                (self.running, self.core) = (None, None);
                let Some(record) = self.review.as_ref() else { return Vec::new() };
                let (message, annotated) = view::reviewed(record, &review, self.prefs.notation, self.prefs.lang);
                self.board.annotated = Some(annotated);
                vec![message]
            }
            Event::Done(generation, work, result) if generation == self.generation => {
                (self.running, self.core) = (None, None);
                self.finished(work, result)
            }
            Event::Core(core) => self.granted(core),
            Event::Yield(ticket, resume, time) => self.yield_core(ticket, resume, time),
            _ => Vec::new(),
        }
    }

    /// The analysis lines once `info` completes an iteration's (the search reports them in rank
    /// order at the end of each iteration).
    fn report(&mut self, info: &Info) -> Vec<ServerMessage> {
        let rank = info.multipv.max(1) - 1;
        if rank == 0 {
            self.lines.clear();
        }
        if rank != self.lines.len() {
            return Vec::new();
        }
        self.lines.push(view::line(self.board.game.position(), info.score, &info.pv, self.prefs.notation));
        let Mode::Analysis { multipv } = self.board.mode else { return Vec::new() };
        if self.lines.len() < multipv.min(legal_moves(self.board.game.position()).len()) {
            return Vec::new();
        }
        vec![view::lines(info, self.lines.clone())]
    }

    pub(super) fn finished(&mut self, work: Work, result: SearchResult) -> Vec<ServerMessage> {
        match work {
            Work::Reply => match result.best.map(|mv| self.board.play(mv)) {
                Some(Ok(())) => self.after_move(),
                _ => vec![self.error(Say::new("Chuhan found no move", "楚汉找不到着法")), self.state()],
            },
            Work::Hint => vec![ServerMessage::Hint { lines: view::result_lines(&self.board, &self.prefs, &result) }],
            Work::Draw => {
                let Mode::Play { human, .. } = self.board.mode else { return Vec::new() };
                if chuhan::answer_draw(self.board.game.position(), !human, result.value).accepts {
                    self.board.game.agree_draw();
                    vec![self.state(), self.notice(Say::new("Chuhan accepts the draw", "楚汉同意和棋"))]
                } else {
                    vec![self.notice(Say::new("Chuhan declines the draw", "楚汉拒绝和棋"))]
                }
            }
            Work::Analyse | Work::Review => Vec::new(),
        }
    }
}

/// Why a tab waits for a core, and for how long, in words.
fn waiting_words(why: Why) -> Say {
    match why {
        Why::Yielding => Say::new(
            "Waiting a moment for an analysis in another tab to give up its core",
            "稍候：另一标签页的分析正在让出处理器核心",
        ),
        Why::Games(time) => {
            let s = time.as_secs_f64().ceil().max(1.0);
            Say::new(
                format!("Waiting for a free core: every core is thinking for a game, for at most {s} s"),
                format!("等待空闲的处理器核心：所有核心都在为对局思考，最多 {s} 秒"),
            )
        }
        Why::Busy { ahead } => Say::new(
            format!(
                "Waiting for a free core: every core is busy in other tabs ({ahead} ahead); it starts when one of them stops"
            ),
            format!("等待空闲的处理器核心：所有核心都在其他标签页工作（前面还有 {ahead} 个）；其中一个停止后开始"),
        ),
    }
}

//! The work a tab's engine does: a search or a review queued for a permit of the shared
//! semaphore, started on the engine's threads or a blocking thread, and the events they send back.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::OwnedSemaphorePermit;

use super::{ADVICE_MS, Event, Session, Work};
use crate::analysis::Review;
use crate::engine::{Engine, Limits, SearchResult};
use crate::game::Budget;
use crate::game::chuhan::{self, HINT_LINES};
use crate::web::protocol::ServerMessage;
use crate::web::setup::{self, DEFAULT_MOVETIME_MS};
use crate::web::tree::Tree;
use crate::web::view::{self, Mode};
use crate::words::Say;

impl Session {
    /// The tab's engine, with the tab's book (which may have changed since it was made).
    pub(super) fn engine(&mut self) -> Option<&mut Engine> {
        if self.engine.is_none() {
            self.engine = Engine::new().ok();
        }
        let engine = self.engine.as_mut()?;
        if let Some(book) = &self.book {
            engine.set_book(Arc::clone(book));
        }
        Some(engine)
    }

    /// Queues `work` for the next free core; says so when none is free now.
    pub(super) fn schedule(&mut self, work: Work) -> Vec<ServerMessage> {
        self.halt();
        self.pending = Some(work);
        match self.shared.searches.clone().try_acquire_owned() {
            Ok(permit) => self.start(permit),
            Err(_) => vec![self.notice(Say::new("Waiting for a free core", "等待空闲的处理器核心"))],
        }
    }

    /// Stops the work under way and forgets the work queued.
    pub(super) fn halt(&mut self) {
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
    pub(super) fn start(&mut self, permit: OwnedSemaphorePermit) -> Vec<ServerMessage> {
        let Some(work) = self.pending.take() else { return Vec::new() };
        if work == Work::Review {
            return self.run_review(permit);
        }
        let (generation, pos) = (self.generation, self.game.position().clone());
        let advice = Budget::MoveTime(Duration::from_millis(ADVICE_MS));
        let limits = match (work, self.mode) {
            (Work::Reply, Mode::Play { player, .. }) => player.limits(&self.game),
            (Work::Analyse, Mode::Analysis { multipv }) => {
                Limits { infinite: true, multipv, move_limit: self.game.move_limit(), ..Limits::default() }
            }
            (Work::Hint, _) => chuhan::advice(&self.game, advice, HINT_LINES),
            (Work::Draw, _) => chuhan::advice(&self.game, advice, 1),
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
                    drop(permit);
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
        self.annotated = None;
        self.tree = Tree::line(game.moves());
        self.node = self.tree.len() - 1;
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
    pub(super) fn run_review(&mut self, permit: OwnedSemaphorePermit) -> Vec<ServerMessage> {
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

    pub(super) fn on_event(&mut self, event: Event) -> Vec<ServerMessage> {
        match event {
            Event::Info(generation, info) if generation == self.generation => view::lines(self, &info),
            Event::Progress(generation, done, total) if generation == self.generation => {
                vec![ServerMessage::Progress { done, total }]
            }
            Event::Reviewed(generation, review) if generation == self.generation => {
                self.running = None;
                let Some(record) = self.review.as_ref() else { return Vec::new() };
                let (message, annotated) = view::reviewed(record, &review, self.notation, self.lang);
                self.annotated = Some(annotated);
                vec![message]
            }
            Event::Done(generation, work, result) if generation == self.generation => {
                self.running = None;
                self.finished(work, result)
            }
            _ => Vec::new(),
        }
    }

    pub(super) fn finished(&mut self, work: Work, result: SearchResult) -> Vec<ServerMessage> {
        match work {
            Work::Reply => match result.best.map(|mv| self.play_checked(mv)) {
                Some(Ok(())) => self.after_move(),
                _ => vec![self.error(Say::new("Chuhan found no move", "楚汉找不到着法")), self.state()],
            },
            Work::Hint => vec![ServerMessage::Hint { lines: view::result_lines(self, &result) }],
            Work::Draw => {
                let Mode::Play { human, .. } = self.mode else { return Vec::new() };
                if chuhan::answer_draw(self.game.position(), !human, result.value).accepts {
                    self.game.agree_draw();
                    vec![self.state(), self.notice(Say::new("Chuhan accepts the draw", "楚汉同意和棋"))]
                } else {
                    vec![self.notice(Say::new("Chuhan declines the draw", "楚汉拒绝和棋"))]
                }
            }
            Work::Analyse | Work::Review => Vec::new(),
        }
    }
}

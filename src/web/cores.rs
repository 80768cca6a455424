//! The machine's cores, shared by the tabs (`docs/web.md` §5): one search a core. A search the
//! player waits for (Chuhan's move, a hint, a draw answer) never waits behind an analysis: an
//! analysis holding a core it needs is asked to yield it ([`Event::Yield`]), and its request to
//! resume is queued at once in its old place, so that it resumes before the analyses that came
//! after it. Waiting work is served those searches first, then in the order it first asked.
//!
//! A core is granted as a [`Core`] sent to the tab's own events ([`Event::Core`]); the work
//! holds it while it runs and gives it back by dropping it. A tab that no longer wants a core
//! drops its [`Waiting`], which leaves the queue.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::mpsc::UnboundedSender;

use super::session::Event;

/// What a tab asks a core for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// A search the player waits for, done within this time.
    Urgent(Duration),
    /// An infinite analysis: it yields its core to urgent work.
    Yielding,
    /// Work that keeps its core until it ends (a review).
    Steady,
}

/// The cores of the server and who holds or waits for them.
pub struct Cores {
    inner: Mutex<Inner>,
}

struct Inner {
    free: usize,
    holders: Vec<Holder>,
    queue: VecDeque<Request>,
    last_ticket: u64,
}

struct Holder {
    ticket: u64,
    place: u64,
    need: Need,
    tab: UnboundedSender<Event>,
    /// Asked to yield already.
    asked: bool,
}

struct Request {
    ticket: u64,
    /// Its place among the work that is not urgent: the ticket of its first request.
    place: u64,
    need: Need,
    tab: UnboundedSender<Event>,
}

/// What [`Cores::ask`] gives.
pub enum Asked {
    /// A core, free now.
    Now(Core),
    /// A place in the queue, and why the tab waits.
    Queued(Waiting, Why),
}

/// Why a tab waits for a core.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// An analysis in another tab is giving its core up for this search (a moment).
    Yielding,
    /// Every core is thinking for a game; the longest of those searches ends within this time.
    Games(Duration),
    /// The cores are analysing for other tabs (and this many requests are served first).
    Busy { ahead: usize },
}

/// A core held: dropping it gives it back.
pub struct Core {
    cores: Arc<Cores>,
    pub ticket: u64,
    armed: bool,
}

/// A request in the queue: dropping it leaves the queue.
pub struct Waiting {
    cores: Arc<Cores>,
    pub ticket: u64,
    /// Its place among the work that is not urgent.
    pub place: u64,
    armed: bool,
}

impl Cores {
    pub fn new(n: usize) -> Arc<Cores> {
        let inner = Inner { free: n.max(1), holders: Vec::new(), queue: VecDeque::new(), last_ticket: 0 };
        Arc::new(Cores { inner: Mutex::new(inner) })
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Asks for a core for work of `need`, for the tab whose events are `tab`, at `place` in
    /// the queue (a yielded analysis's old one; `None`: at the end).
    pub fn ask(self: &Arc<Self>, need: Need, tab: &UnboundedSender<Event>, place: Option<u64>) -> Asked {
        let mut inner = self.lock();
        inner.last_ticket += 1;
        let ticket = inner.last_ticket;
        let place = place.unwrap_or(ticket);
        if inner.free > 0 {
            inner.free -= 1;
            inner.holders.push(Holder { ticket, place, need, tab: tab.clone(), asked: false });
            return Asked::Now(Core { cores: Arc::clone(self), ticket, armed: true });
        }
        inner.queue.push_back(Request { ticket, place, need, tab: tab.clone() });
        let why = match need {
            Need::Urgent(_) => {
                self.ask_to_yield(&mut inner);
                if inner.holders.iter().any(|h| h.asked) {
                    Why::Yielding
                } else if let Some(time) = inner.holders.iter().map(|h| urgent_time(h.need)).collect::<Option<Vec<_>>>()
                {
                    Why::Games(time.into_iter().max().unwrap_or_default())
                } else {
                    Why::Busy {
                        ahead: inner
                            .queue
                            .iter()
                            .filter(|r| r.ticket != ticket && urgent_time(r.need).is_some())
                            .count(),
                    }
                }
            }
            Need::Yielding | Need::Steady => {
                let ahead = inner.queue.iter().filter(|r| r.ticket != ticket && served_first(r, place)).count();
                Why::Busy { ahead }
            }
        };
        Asked::Queued(Waiting { cores: Arc::clone(self), ticket, place, armed: true }, why)
    }

    /// `ticket`'s core is free again: it goes to the next request.
    fn release(self: &Arc<Self>, ticket: u64) {
        let mut inner = self.lock();
        inner.holders.retain(|h| h.ticket != ticket);
        inner.free += 1;
        while inner.free > 0 {
            let Some(request) = inner.next() else { break };
            inner.free -= 1;
            let (ticket, place, need, tab) = (request.ticket, request.place, request.need, request.tab.clone());
            inner.holders.push(Holder { ticket, place, need, tab, asked: false });
            let core = Core { cores: Arc::clone(self), ticket: request.ticket, armed: true };
            if let Err(refused) = request.tab.send(Event::Core(core)) {
                // The tab is gone: the core is still free.
                if let Event::Core(mut core) = refused.0 {
                    core.armed = false;
                }
                inner.holders.retain(|h| h.ticket != request.ticket);
                inner.free += 1;
            }
        }
    }

    fn leave(&self, ticket: u64) {
        self.lock().queue.retain(|r| r.ticket != ticket);
    }

    /// Asks analyses to yield until as many are yielding as urgent requests wait; each one's
    /// request to resume is queued now, in its place, and sent with the request to yield.
    fn ask_to_yield(self: &Arc<Self>, inner: &mut Inner) {
        let waiting = inner.queue.iter().filter(|r| matches!(r.need, Need::Urgent(_))).count();
        let time = inner.queue.iter().filter_map(|r| urgent_time(r.need)).max().unwrap_or_default();
        let mut asked = inner.holders.iter().filter(|h| h.asked).count();
        for i in 0..inner.holders.len() {
            let holder = &inner.holders[i];
            if asked >= waiting {
                break;
            }
            if holder.need != Need::Yielding || holder.asked {
                continue;
            }
            let (held, place, tab) = (holder.ticket, holder.place, holder.tab.clone());
            inner.holders[i].asked = true;
            asked += 1;
            inner.last_ticket += 1;
            let ticket = inner.last_ticket;
            inner.queue.push_back(Request { ticket, place, need: Need::Yielding, tab: tab.clone() });
            let resume = Waiting { cores: Arc::clone(self), ticket, place, armed: true };
            if let Err(refused) = tab.send(Event::Yield(held, resume, time)) {
                // The tab is gone: its request leaves the queue here, under the lock.
                if let Event::Yield(_, mut resume, _) = refused.0 {
                    resume.armed = false;
                }
                inner.queue.retain(|r| r.ticket != ticket);
            }
        }
    }
}

/// The time within which urgent work ends.
fn urgent_time(need: Need) -> Option<Duration> {
    match need {
        Need::Urgent(time) => Some(time),
        Need::Yielding | Need::Steady => None,
    }
}

/// Whether `r` is served before work at `place` that is not urgent.
fn served_first(r: &Request, place: u64) -> bool {
    matches!(r.need, Need::Urgent(_)) || r.place < place
}

impl Inner {
    /// The next request to serve: the first urgent one, else the one with the earliest place.
    fn next(&mut self) -> Option<Request> {
        let i = match self.queue.iter().position(|r| matches!(r.need, Need::Urgent(_))) {
            Some(i) => i,
            None => self.queue.iter().enumerate().min_by_key(|(_, r)| r.place).map(|(i, _)| i)?,
        };
        self.queue.remove(i)
    }
}

impl Drop for Core {
    fn drop(&mut self) {
        if self.armed {
            self.cores.release(self.ticket);
        }
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        if self.armed {
            self.cores.leave(self.ticket);
        }
    }
}

#[cfg(test)]
mod tests {
    use tokio::sync::mpsc::{self, UnboundedReceiver};

    use super::*;

    fn tab() -> (UnboundedSender<Event>, UnboundedReceiver<Event>) {
        mpsc::unbounded_channel()
    }

    fn core(asked: Asked) -> Core {
        match asked {
            Asked::Now(core) => core,
            Asked::Queued(..) => panic!("queued, not granted"),
        }
    }

    fn queued(asked: Asked) -> (Waiting, Why) {
        match asked {
            Asked::Queued(waiting, why) => (waiting, why),
            Asked::Now(_) => panic!("granted, not queued"),
        }
    }

    /// The ticket of the core `rx` was granted, if one.
    fn granted(rx: &mut UnboundedReceiver<Event>) -> Option<Core> {
        match rx.try_recv() {
            Ok(Event::Core(core)) => Some(core),
            _ => None,
        }
    }

    #[test]
    fn a_game_takes_an_analysis_core_and_the_analysis_resumes_before_later_ones() {
        let cores = Cores::new(1);
        let ((a, mut a_rx), (b, mut b_rx), (g, mut g_rx)) = (tab(), tab(), tab());
        let a_core = core(cores.ask(Need::Yielding, &a, None));
        let (_b_waits, why) = queued(cores.ask(Need::Yielding, &b, None));
        assert_eq!(why, Why::Busy { ahead: 0 });
        let second = Duration::from_secs(1);
        let (_g_waits, why) = queued(cores.ask(Need::Urgent(second), &g, None));
        assert_eq!(why, Why::Yielding);
        // A is asked to yield, its request to resume already queued in its first place.
        let Ok(Event::Yield(ticket, resume, time)) = a_rx.try_recv() else { panic!("A was not asked to yield") };
        assert_eq!((ticket, resume.place, time), (a_core.ticket, a_core.ticket, second));
        drop(a_core);
        let g_core = granted(&mut g_rx).expect("the game has A's core");
        assert!(granted(&mut b_rx).is_none());
        drop(g_core);
        let resumed = granted(&mut a_rx).expect("A resumes before B, which asked after it");
        assert_eq!(resumed.ticket, resume.ticket);
        assert!(granted(&mut b_rx).is_none());
        drop(resume);
        drop(resumed);
        assert!(granted(&mut b_rx).is_some(), "B's turn at last");
    }

    #[test]
    fn a_request_left_or_a_tab_gone_frees_its_place() {
        let cores = Cores::new(1);
        let ((a, _a_rx), (b, b_rx), (c, mut c_rx)) = (tab(), tab(), tab());
        let a_core = core(cores.ask(Need::Steady, &a, None));
        let (b_waits, _) = queued(cores.ask(Need::Yielding, &b, None));
        let (_c_waits, why) = queued(cores.ask(Need::Yielding, &c, None));
        assert_eq!(why, Why::Busy { ahead: 1 });
        // B's tab closes (its receiver gone) while its request still waits.
        drop(b_rx);
        drop(a_core);
        assert!(granted(&mut c_rx).is_some(), "B's tab is gone: C has the core");
        drop(b_waits);
        assert_eq!(cores.lock().queue.len(), 0);
    }
}

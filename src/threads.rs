//! The engine's threads: a fixed set of persistent threads that sleep until given work, as
//! Stockfish's `ThreadPool`, so that a `go` wakes threads instead of spawning them.
//!
//! [`ThreadPool`] owns the threads (the engine owns the pool) and ends them when dropped;
//! [`Threads`] is a handle on them that work can carry along: the search started on thread 0
//! starts its helpers on threads 1, 2, ... through it and waits for them before it returns.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

type Job = Box<dyn FnOnce() + Send>;

/// What a thread is doing.
enum State {
    Idle,
    /// Work handed over, not yet picked up.
    Queued(Job),
    Running,
    /// The pool is being dropped: the thread ends.
    Exit,
}

/// One thread's mailbox: its state, and a condition variable signalled on every change.
struct Slot {
    state: Mutex<State>,
    changed: Condvar,
}

impl Slot {
    /// The state; a job that panicked is caught outside the lock, so a poisoned lock still
    /// holds a whole state.
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait<'a>(&self, guard: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        self.changed.wait(guard).unwrap_or_else(|e| e.into_inner())
    }

    fn set(&self, state: State) {
        *self.lock() = state;
        self.changed.notify_all();
    }
}

/// A handle on a pool's threads: starts work on one and waits for it. Cheap to clone; it does
/// not keep the threads alive (work started after the pool is gone never runs).
#[derive(Clone)]
pub struct Threads(Arc<[Slot]>);

impl Threads {
    /// How many threads the pool has.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Runs `job` on thread `i`, after the work it has now (if any) is done.
    pub fn start(&self, i: usize, job: impl FnOnce() + Send + 'static) {
        let slot = &self.0[i];
        let mut state = slot.lock();
        while matches!(*state, State::Queued(_) | State::Running) {
            state = slot.wait(state);
        }
        if matches!(*state, State::Idle) {
            *state = State::Queued(Box::new(job));
            slot.changed.notify_all();
        }
    }

    /// Blocks until thread `i` has no work.
    pub fn wait(&self, i: usize) {
        let slot = &self.0[i];
        let mut state = slot.lock();
        while matches!(*state, State::Queued(_) | State::Running) {
            state = slot.wait(state);
        }
    }

    /// Whether thread `i` has work queued or running.
    pub fn is_busy(&self, i: usize) -> bool {
        matches!(*self.0[i].lock(), State::Queued(_) | State::Running)
    }
}

/// Persistent threads, ended (after their current work) when the pool is dropped.
pub struct ThreadPool {
    threads: Threads,
    handles: Vec<JoinHandle<()>>,
}

impl ThreadPool {
    /// A pool of `n` threads (at least one). Fails if the system will not start them.
    pub fn new(n: usize) -> std::io::Result<ThreadPool> {
        let slots: Arc<[Slot]> =
            (0..n.max(1)).map(|_| Slot { state: Mutex::new(State::Idle), changed: Condvar::new() }).collect();
        let mut pool = ThreadPool { threads: Threads(Arc::clone(&slots)), handles: Vec::new() };
        for i in 0..slots.len() {
            let slots = Arc::clone(&slots);
            let handle = std::thread::Builder::new().name(format!("chuhan-{i}")).spawn(move || run(&slots[i]))?;
            // On an early return, dropping `pool` ends the threads already started.
            pool.handles.push(handle);
        }
        Ok(pool)
    }

    pub fn threads(&self) -> &Threads {
        &self.threads
    }

    pub fn len(&self) -> usize {
        self.threads.len()
    }

    pub fn is_empty(&self) -> bool {
        self.threads.is_empty()
    }
}

impl Drop for ThreadPool {
    fn drop(&mut self) {
        for i in 0..self.threads.len() {
            self.threads.wait(i);
            self.threads.0[i].set(State::Exit);
        }
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
    }
}

/// A pool thread: waits for work, runs it, reports itself idle, until told to exit.
fn run(slot: &Slot) {
    loop {
        let job = {
            let mut state = slot.lock();
            loop {
                match std::mem::replace(&mut *state, State::Running) {
                    State::Queued(job) => break job,
                    State::Exit => {
                        *state = State::Exit;
                        return;
                    }
                    other => {
                        *state = other;
                        state = slot.wait(state);
                    }
                }
            }
        };
        // A panicking job (a bug; release builds abort) must not leave its waiters hanging.
        let _ = catch_unwind(AssertUnwindSafe(job));
        slot.set(State::Idle);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn work_runs_on_the_named_thread_and_waits_finish_it() {
        let pool = ThreadPool::new(3).expect("three threads");
        let seen = Arc::new(Mutex::new(Vec::new()));
        for i in 0..3 {
            for _ in 0..2 {
                let seen = Arc::clone(&seen);
                pool.threads().start(i, move || {
                    seen.lock().unwrap().push(std::thread::current().name().map(str::to_string));
                });
            }
        }
        for i in 0..3 {
            pool.threads().wait(i);
            assert!(!pool.threads().is_busy(i));
        }
        let mut names: Vec<String> = seen.lock().unwrap().iter().flatten().cloned().collect();
        names.sort();
        assert_eq!(names, ["chuhan-0", "chuhan-0", "chuhan-1", "chuhan-1", "chuhan-2", "chuhan-2"]);
    }

    #[test]
    fn dropping_the_pool_finishes_the_work_first() {
        let done = Arc::new(AtomicUsize::new(0));
        {
            let pool = ThreadPool::new(2).expect("two threads");
            for i in 0..2 {
                let done = Arc::clone(&done);
                pool.threads().start(i, move || {
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    done.fetch_add(1, Ordering::Relaxed);
                });
            }
        }
        assert_eq!(done.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn a_panicking_job_leaves_the_thread_usable() {
        let pool = ThreadPool::new(1).expect("one thread");
        pool.threads().start(0, || panic!("deliberate"));
        let ran = Arc::new(AtomicUsize::new(0));
        let r = Arc::clone(&ran);
        pool.threads().start(0, move || {
            r.fetch_add(1, Ordering::Relaxed);
        });
        pool.threads().wait(0);
        assert_eq!(ran.load(Ordering::Relaxed), 1);
    }
}

//! The engine facade, as Pikafish's `Engine`: the current position and its game history, banned
//! moves, the hash table, the search memory and the pool of search threads. The protocol loop,
//! the terminal game and the tools (`bench`, `suite`, `perft`) reach search, evaluation and perft
//! only through it, so the bench signature is taken on the path a GUI's `go` takes.
//!
//! Work (`go`, `perft`, `bench`) runs on thread 0 of the pool while the caller goes on; the
//! caller hears of it through the callbacks it passes, ends it with [`Engine::stop`] and waits
//! for it with [`Engine::wait`]. Only one piece of work runs at a time.

use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::bench::{self, BenchResult};
use crate::board::Position;
use crate::book::{Book, BookError, BookMove, Ecco};
use crate::egtb::{OpenError, TableError, Tablebase};
use crate::hugemem;
use crate::nnue::{LoadError, Network};
use crate::search::{self, SearchContext, SearchMemory};
use crate::threads::ThreadPool;
use crate::tt::{AllocError, HEADROOM_MB, TranspositionTable};
use crate::types::{Depth, Move, Value};

pub use crate::eval::Trace;
pub use crate::perft::report as perft_report;
pub use crate::search::params::DEFAULT_MOVE_OVERHEAD_MS;
pub use crate::search::{Control, Info, Level, Limits, Line, MAX_DEPTH, SearchResult, Strength, TimeBudget};
pub use crate::tt::{Bound, Entry};

/// Hash size in MB when none is set.
pub const DEFAULT_HASH_MB: usize = 16;
/// Most search threads accepted.
pub const MAX_THREADS: usize = 64;
/// Memory one search thread needs, in MB, rounded up: its histories (the continuation table
/// alone is 3 MB), its evaluation cache, its stack.
const THREAD_MB: usize = 8;
/// Tables from this size are cleared in the background ([`Engine::clear_hash`]): writing 64 MB
/// takes milliseconds, and below it a clear is whole before the next search, as fixed-depth
/// searches after a new game need to repeat exactly.
const BACKGROUND_CLEAR_MB: usize = 64;

/// Why [`Engine::new`] could not make an engine.
#[derive(Debug)]
pub enum StartError {
    /// The hash table could not be allocated.
    Hash(AllocError),
    /// The search thread could not be started.
    Thread(std::io::Error),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Hash(e) => write!(f, "{e}"),
            StartError::Thread(e) => write!(f, "cannot start the search thread: {e}"),
        }
    }
}

impl std::error::Error for StartError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StartError::Hash(e) => Some(e),
            StartError::Thread(e) => Some(e),
        }
    }
}

/// Per-root-move perft counts, sorted by move text (`None`: stopped).
pub type Divide = Option<Vec<(Move, u64)>>;

pub struct Engine {
    pos: Position,
    banned: Vec<Move>,
    tt: Arc<TranspositionTable>,
    memory: Arc<SearchMemory>,
    pool: ThreadPool,
    /// The control of the latest work: `stop` and `ponderhit` act on it.
    ctl: Arc<Control>,
    /// The opening book (`docs/book.md`): the default one until another is set; `None` only if
    /// the default book cannot be read.
    book: Option<Arc<Book>>,
    use_book: bool,
    /// The network (`docs/nnue.md`): the built-in one until another is loaded; `None` when
    /// this build has none and no file was loaded.
    net: Option<Arc<Network>>,
    /// The network evaluates instead of the thesis evaluation (UCI `Use NNUE`).
    use_nnue: bool,
    /// Thread 0 is clearing a large table ([`Engine::clear_hash`]); the next work stops it.
    background: bool,
    /// The endgame tables (`docs/egtb.md` §14): none until a folder is set.
    egtb: Option<Arc<Tablebase>>,
    use_egtb: bool,
}

impl Engine {
    /// An engine with the default hash size and one search thread.
    pub fn new() -> Result<Engine, StartError> {
        let net = Network::open_or_default("").ok();
        Ok(Engine {
            pos: Position::startpos(),
            banned: Vec::new(),
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB).map_err(StartError::Hash)?),
            memory: Arc::new(SearchMemory::allocated(1)),
            pool: ThreadPool::new(1).map_err(StartError::Thread)?,
            ctl: Arc::new(Control::new(false)),
            book: Book::open_or_default("").ok(),
            use_book: true,
            use_nnue: crate::nnue::ON_BY_DEFAULT && net.is_some(),
            background: false,
            net,
            egtb: None,
            use_egtb: true,
        })
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Sets the position (with its game history). Clears the banned moves.
    pub fn set_position(&mut self, pos: Position) {
        self.pos = pos;
        self.banned.clear();
    }

    pub fn banned(&self) -> &[Move] {
        &self.banned
    }

    pub fn set_banned(&mut self, moves: Vec<Move>) {
        self.banned = moves;
    }

    /// Resizes the hash table, if the machine has the memory for it (the old table stays
    /// allocated until the new one is made); on failure the old table stays, with its entries.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), AllocError> {
        let tt = TranspositionTable::within_memory(mb)?;
        self.settle();
        self.tt = Arc::new(tt);
        // The new table reads zero already; clearing it faults its pages in before a search
        // would (`crate::hugemem`).
        self.clear_hash();
        Ok(())
    }

    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    /// Sets the number of search threads (1 to [`MAX_THREADS`], and no more than the machine's
    /// available memory can serve beside the table's headroom): a new pool of that size once the
    /// current work is done. Returns the number set; on failure the old pool stays.
    pub fn set_threads(&mut self, n: usize) -> std::io::Result<usize> {
        let mut n = n.clamp(1, MAX_THREADS);
        if let Some(avail) = hugemem::available_mb() {
            n = n.min((avail.saturating_sub(HEADROOM_MB) / THREAD_MB).max(1));
        }
        if n != self.pool.len() {
            self.settle();
            self.pool = ThreadPool::new(n)?;
            self.memory.fit(n);
        }
        Ok(n)
    }

    pub fn threads(&self) -> usize {
        self.pool.len()
    }

    /// Opens the book at `path` (empty: the default book); on failure the old book stays.
    pub fn set_book_file(&mut self, path: &str) -> Result<(), BookError> {
        self.book = Some(Book::open_or_default(path)?);
        Ok(())
    }

    /// Uses `book`, already open (one copy shared by many engines).
    pub fn set_book(&mut self, book: Arc<Book>) {
        self.book = Some(book);
    }

    /// Switches the book on or off; the book file stays.
    pub fn set_use_book(&mut self, on: bool) {
        self.use_book = on;
    }

    pub fn uses_book(&self) -> bool {
        self.use_book
    }

    /// A book move to play in the current position, drawn with `random` (uniform over `u64`)
    /// among those neither banned nor outside `searchmoves` (any when empty); `None` with the
    /// book off or the position out of it.
    pub fn book_move(&self, searchmoves: &[Move], random: u64) -> Option<BookMove> {
        let allowed = |mv| !self.banned.contains(&mv) && (searchmoves.is_empty() || searchmoves.contains(&mv));
        self.book.as_ref().filter(|_| self.use_book)?.pick(&self.pos, allowed, random)
    }

    /// The line behind a move chosen without a search (from the book): a depth-1 search of
    /// that move alone, so a GUI shows a depth, a score and a `pv` for it as for any searched
    /// move (`docs/ucci.md` §7.5). `None` if `mv` is not legal here.
    pub fn line_of(&mut self, mv: Move) -> Option<Info> {
        let limits = Limits { depth: Some(1), searchmoves: vec![mv], multipv: 1, ..Limits::default() };
        let mut line = None;
        self.search(limits, &mut |info| line = Some(info.clone()));
        line.filter(|l| l.pv.first() == Some(&mv))
    }

    /// The opening of `pos` by the book: the most common ECCO code of the games through it.
    pub fn opening(&self, pos: &Position) -> Option<Ecco> {
        self.book.as_ref().filter(|_| self.use_book)?.opening(pos)
    }

    /// Plays from the endgame tables in `paths` (folders separated as in `PATH`; empty: none),
    /// returning the files refused, each with its fault; on failure the old tables stay.
    pub fn set_egtb_paths(&mut self, paths: &str) -> Result<Vec<TableError>, OpenError> {
        if paths.trim().is_empty() {
            self.egtb = None;
            return Ok(Vec::new());
        }
        let opened = Tablebase::open_paths(paths)?;
        self.set_egtb(Some(Arc::new(opened.tablebase)));
        Ok(opened.refused)
    }

    /// Plays from `tables`, opened already and perhaps shared with other engines (none: no
    /// tables).
    pub fn set_egtb(&mut self, tables: Option<Arc<Tablebase>>) {
        self.settle();
        self.egtb = tables;
    }

    /// Switches the tables on or off; the folders stay.
    pub fn set_use_egtb(&mut self, on: bool) {
        self.use_egtb = on;
    }

    /// The tables, when set and on.
    pub fn egtb(&self) -> Option<&Arc<Tablebase>> {
        self.egtb.as_ref().filter(|_| self.use_egtb)
    }

    /// Forgets everything learnt: the hash table and the move-ordering histories.
    pub fn new_game(&mut self) {
        self.clear_hash();
        self.memory.clear();
    }

    /// Empties the hash table only: at once for the usual sizes, in the background on thread 0
    /// from [`BACKGROUND_CLEAR_MB`], so that a GUI is not kept waiting for seconds; the next
    /// work stops it where it got to ([`TranspositionTable::clear`]).
    pub fn clear_hash(&mut self) {
        let ctl = self.new_control(false);
        if self.tt.size_mb() < BACKGROUND_CLEAR_MB {
            return self.tt.clear(&|| false);
        }
        let tt = Arc::clone(&self.tt);
        self.background = true;
        self.pool.threads().start(0, move || tt.clear(&|| ctl.is_stopped()));
    }

    /// The table's entry for `pos`, if any.
    pub fn probe(&self, pos: &Position) -> Option<Entry> {
        self.tt.probe(pos.key(), 0)
    }

    /// Loads the net at `path` (empty: the built-in one); on failure the old net stays.
    pub fn set_eval_file(&mut self, path: &str) -> Result<(), LoadError> {
        let net = Network::open_or_default(path)?;
        self.settle();
        self.net = Some(net);
        if self.use_nnue {
            self.memory.forget_evaluation();
        }
        Ok(())
    }

    /// Switches between the network and the thesis evaluation. The network needs a net: with
    /// none loaded the thesis evaluation stays.
    pub fn set_use_nnue(&mut self, on: bool) -> Result<(), LoadError> {
        if on && self.net.is_none() {
            return Err(LoadError::NoDefault);
        }
        if on != self.use_nnue {
            self.settle();
            self.use_nnue = on;
            // The cache and the corrections were learnt with the other evaluation.
            self.memory.forget_evaluation();
        }
        Ok(())
    }

    pub fn uses_nnue(&self) -> bool {
        self.use_nnue
    }

    /// The network the search evaluates with, if it is on.
    fn search_net(&self) -> Option<Arc<Network>> {
        self.net.clone().filter(|_| self.use_nnue)
    }

    /// The static evaluation of the current position, for the side to move, by the evaluation
    /// the search uses.
    pub fn evaluate(&self) -> Value {
        match self.search_net() {
            Some(net) => net.evaluate(&self.pos),
            None => crate::eval::evaluate(&self.pos),
        }
    }

    /// The evaluation of the current position term by term.
    pub fn eval_trace(&self) -> Trace {
        crate::eval::trace(&self.pos)
    }

    /// A fresh control for the next work, kept for `stop` and `ponderhit`.
    fn new_control(&mut self, pondering: bool) -> Arc<Control> {
        self.settle();
        self.ctl = Arc::new(Control::new(pondering));
        Arc::clone(&self.ctl)
    }

    fn context(&self, ctl: &Arc<Control>) -> SearchContext {
        SearchContext {
            tt: Arc::clone(&self.tt),
            memory: Arc::clone(&self.memory),
            ctl: Arc::clone(ctl),
            pool: self.pool.threads().clone(),
            count: self.pool.len(),
            net: self.search_net(),
            egtb: self.egtb.clone().filter(|_| self.use_egtb),
        }
    }

    /// Starts searching the current position. `on_info` hears of each completed iteration;
    /// `on_done` gets the result and the time since `go`. An infinite or ponder search holds its
    /// result until [`stop`](Engine::stop) (or, pondering, [`ponderhit`](Engine::ponderhit)).
    pub fn go(
        &mut self,
        limits: Limits,
        ponder: bool,
        mut on_info: impl FnMut(&Info) + Send + 'static,
        on_done: impl FnOnce(SearchResult, Duration) + Send + 'static,
    ) {
        let ctl = self.new_control(ponder);
        let cx = self.context(&ctl);
        let (pos, banned) = (self.pos.clone(), self.banned.clone());
        self.pool.threads().start(0, move || {
            let result = search::search(&pos, &cx, &limits, &banned, &mut on_info);
            while !ctl.is_stopped() && (limits.infinite || ctl.is_pondering()) {
                std::thread::sleep(Duration::from_millis(1));
            }
            on_done(result, ctl.since_go());
        });
    }

    /// Searches the current position and waits for the result; `report` hears of each completed
    /// iteration on the calling thread.
    pub fn search(&mut self, limits: Limits, report: &mut dyn FnMut(&Info)) -> SearchResult {
        enum Event {
            Info(Info),
            Done(SearchResult),
        }
        let (tx, rx) = mpsc::channel();
        let done = tx.clone();
        self.go(
            limits,
            false,
            move |info| {
                let _ = tx.send(Event::Info(info.clone()));
            },
            move |result, _| {
                let _ = done.send(Event::Done(result));
            },
        );
        for event in rx {
            match event {
                Event::Info(info) => report(&info),
                Event::Done(result) => {
                    self.wait();
                    return result;
                }
            }
        }
        unreachable!("the search thread ended without a result")
    }

    /// Starts a perft of the current position to `depth` on the engine's threads.
    pub fn perft(&mut self, depth: u32, on_done: impl FnOnce(Divide) + Send + 'static) {
        let ctl = self.new_control(false);
        let (pos, pool, count) = (self.pos.clone(), self.pool.threads().clone(), self.pool.len());
        self.pool.threads().start(0, move || on_done(crate::perft::divide(&pos, depth, &pool, count, &ctl)));
    }

    /// Perft of the current position, waiting for the counts.
    pub fn perft_now(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let (tx, rx) = mpsc::channel();
        self.perft(depth, move |d| {
            let _ = tx.send(d);
        });
        rx.recv().ok().flatten().unwrap_or_default()
    }

    /// Starts the bench (`bench.rs`): each position searched to `depth` on one thread with a
    /// fresh table of its own of the default size, as `go depth` searches. The engine's own table, histories and
    /// position are left as they are. `progress` gets one line per position.
    pub fn bench(
        &mut self,
        depth: Depth,
        mut progress: impl FnMut(String) + Send + 'static,
        on_done: impl FnOnce(Result<BenchResult, AllocError>) + Send + 'static,
    ) {
        let ctl = self.new_control(false);
        let (pool, net) = (self.pool.threads().clone(), self.search_net());
        self.pool.threads().start(0, move || {
            let mut run = || -> Result<BenchResult, AllocError> {
                let tt = Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)?);
                let limits = Limits { depth: Some(depth), ..Limits::default() };
                let positions = bench::positions();
                let mut r = BenchResult { nodes: 0, time: Duration::ZERO, positions: positions.len(), completed: 0 };
                for (i, pos) in positions.iter().enumerate() {
                    if ctl.is_stopped() {
                        break;
                    }
                    // A new game for each position, its tables made before the clock starts.
                    tt.clear(&|| false);
                    let memory = Arc::new(SearchMemory::allocated(1));
                    let cx = SearchContext {
                        tt: Arc::clone(&tt),
                        memory,
                        ctl: Arc::clone(&ctl),
                        pool: pool.clone(),
                        count: 1,
                        net: net.clone(),
                        egtb: None,
                    };
                    let start = Instant::now();
                    let s = search::search(pos, &cx, &limits, &[], &mut |_| {});
                    r.time += start.elapsed();
                    r.nodes += s.nodes;
                    if ctl.is_stopped() {
                        break;
                    }
                    r.completed += 1;
                    let best = s.best.map_or("(none)".to_string(), |m| m.to_string());
                    progress(format!("Position {}/{}: {} nodes, best {best}", i + 1, positions.len(), s.nodes));
                }
                Ok(r)
            };
            on_done(run());
        });
    }

    /// Ends the current work soon (a search answers with what it has).
    pub fn stop(&self) {
        self.ctl.stop();
    }

    /// The opponent played the expected move: the pondering search goes on under its clock.
    pub fn ponderhit(&self) {
        self.ctl.ponderhit();
    }

    pub fn is_pondering(&self) -> bool {
        self.ctl.is_pondering()
    }

    /// Blocks until the current work, if any, has ended (its `on_done` has returned).
    /// Stops background work (a large table's clearing), then waits for the engine's threads
    /// to be idle: what every change of the engine's state does first.
    fn settle(&mut self) {
        if std::mem::take(&mut self.background) {
            self.ctl.stop();
        }
        self.wait();
    }

    pub fn wait(&self) {
        self.pool.threads().wait(0);
    }
}

impl Drop for Engine {
    /// Work still running is stopped; the pool then ends its threads.
    fn drop(&mut self) {
        self.stop();
    }
}

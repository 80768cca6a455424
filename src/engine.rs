//! The engine facade: the current position and its game history, banned moves, the hash table
//! and the search settings. The protocol loop and the terminal game are two front ends on it;
//! neither has a search path of its own.

use std::sync::Arc;

use crate::board::Position;
use crate::search::{self, Control, Info, Limits, SearchMemory, SearchResult};
use crate::tt::{AllocError, TranspositionTable};
use crate::types::Move;

/// Hash size in MB when none is set.
pub const DEFAULT_HASH_MB: usize = 16;
/// Most search threads accepted.
pub const MAX_THREADS: usize = 64;

pub struct Engine {
    pos: Position,
    banned: Vec<Move>,
    tt: Arc<TranspositionTable>,
    memory: Arc<SearchMemory>,
    threads: usize,
}

/// Everything one search needs, owned, so it can run on another thread while the front end
/// keeps reading input.
pub struct SearchJob {
    pub pos: Position,
    pub banned: Vec<Move>,
    pub tt: Arc<TranspositionTable>,
    pub memory: Arc<SearchMemory>,
    pub threads: usize,
}

impl SearchJob {
    pub fn run(&self, limits: &Limits, ctl: &Control, report: &mut dyn FnMut(&Info)) -> SearchResult {
        search::search(&self.pos, &self.tt, &self.memory, limits, &self.banned, self.threads, ctl, report)
    }
}

impl Engine {
    pub fn new() -> Result<Engine, AllocError> {
        Ok(Engine {
            pos: Position::startpos(),
            banned: Vec::new(),
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)?),
            memory: Arc::new(SearchMemory::new()),
            threads: 1,
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

    /// Resizes the hash table; on failure the old table stays.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), AllocError> {
        self.tt = Arc::new(TranspositionTable::new(mb)?);
        Ok(())
    }

    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, MAX_THREADS);
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets everything learnt: the hash table and the move-ordering histories.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.memory.clear();
    }

    pub fn table(&self) -> &Arc<TranspositionTable> {
        &self.tt
    }

    pub fn job(&self) -> SearchJob {
        SearchJob {
            pos: self.pos.clone(),
            banned: self.banned.clone(),
            tt: Arc::clone(&self.tt),
            memory: Arc::clone(&self.memory),
            threads: self.threads,
        }
    }

    /// Searches the current position on the calling thread.
    pub fn search(&self, limits: &Limits, ctl: &Control, report: &mut dyn FnMut(&Info)) -> SearchResult {
        search::search(&self.pos, &self.tt, &self.memory, limits, &self.banned, self.threads, ctl, report)
    }
}

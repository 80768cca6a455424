//! Training data for the network (`docs/datagen.md`): positions scored by a fixed-node search
//! and labelled with their game's result, written as fixed-size records.
//!
//! - [`record`]: the 38-byte record and its reader;
//! - [`selfplay`]: one self-play game from a varied opening;
//! - [`label`]: the positions of recorded games.
//!
//! Game `i` is a function of the settings and `i` alone (each game starts with a cleared
//! engine, its opening drawn from a generator seeded by `--seed` and `i`), and the file holds
//! the games in their order, so a run stopped anywhere resumes by dropping the last game it
//! began and playing on from it: the file ends as one uninterrupted run would have left it.

pub mod label;
pub mod record;
pub mod selfplay;

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;

use crate::board::Position;
use crate::board::zobrist::splitmix64;
use crate::cluster::Shard;
use crate::engine::Engine;
use crate::pgn::Game;
use crate::types::value::is_decisive;
use crate::types::{Move, Value};
use record::{RECORD_SIZE, Record};

/// How games are played and positions scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The nodes of each move's search, varied by up to an eighth either way
    /// ([`jittered_nodes`](crate::game::jittered_nodes)).
    pub nodes: u64,
    /// Distinguishes one run's openings from another's.
    pub seed: u64,
    /// Self-play: book moves at most at the start of a game; recorded games: plies not scored.
    pub book_plies: usize,
    /// Self-play: uniform random legal moves after the book's.
    pub random_plies: usize,
    /// Self-play: plies after the opening at which the game is drawn.
    pub max_plies: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { nodes: 5000, seed: 0, book_plies: 8, random_plies: 4, max_plies: 400 }
    }
}

/// Where the games come from.
#[derive(Clone, Debug)]
pub enum Source {
    /// This many self-play games in the file in all.
    SelfPlay { games: u32 },
    /// Recorded games, in order ([`label::distinct_games`]).
    Games(Vec<Game>),
}

impl Source {
    fn games(&self) -> u32 {
        match self {
            Source::SelfPlay { games } => *games,
            Source::Games(games) => games.len().min(u32::MAX as usize) as u32,
        }
    }
}

/// What `chuhan datagen` is asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    pub out: PathBuf,
    pub source: Source,
    pub settings: Settings,
    pub threads: usize,
    /// The evaluation of the searches: `None` the thesis evaluation, else the network of this
    /// file (empty: the built-in net), so each net's games can be the next net's data.
    pub eval_file: Option<String>,
    /// The games this run plays: its shard's block of them ([`Shard::WHOLE`]: all), so the
    /// shards' files laid end to end in shard order are the file of one run.
    pub shard: Shard,
}

/// What the run has done so far, or in all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// The game the run began with (0, or where an earlier run stopped).
    pub first_game: u32,
    /// Games in the file now, and wanted in all.
    pub games: u32,
    pub total: u32,
    /// Positions written by this run, and in the file.
    pub written: u64,
    pub positions: u64,
}

/// Whether a searched position is kept (`docs/datagen.md` §1): not in check, its best move no
/// capture, its score no mate or rule verdict. The network learns quiet positions' values.
pub fn keep(pos: &Position, best: Move, value: Value) -> bool {
    !pos.in_check() && pos.piece_at(best.to()).is_none() && !is_decisive(value)
}

/// A small reproducible generator (SplitMix64) for the openings.
pub struct Rng(u64);

impl Rng {
    /// The generator of game `game` of the run seeded `seed`.
    pub fn for_game(seed: u64, game: u32) -> Rng {
        Rng(splitmix64(seed ^ splitmix64(u64::from(game)).1).1)
    }

    pub fn next_u64(&mut self) -> u64 {
        let (state, out) = splitmix64(self.0);
        self.0 = state;
        out
    }

    /// Uniform in `0..n` (`n` > 0), up to a bias of `n / 2^64`.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// Where `file` resumes: the game to go on from, its last (which may be partly written;
/// `None` for an empty file), and the records before it, which are kept.
fn resume_point(file: &mut File) -> std::io::Result<(Option<u32>, u64)> {
    let records = file.metadata()?.len() / RECORD_SIZE as u64;
    let game_of = |file: &mut File, i: u64| -> std::io::Result<u32> {
        let mut bytes = [0u8; RECORD_SIZE];
        file.seek(SeekFrom::Start(i * RECORD_SIZE as u64))?;
        file.read_exact(&mut bytes)?;
        Ok(u32::from_le_bytes([bytes[32], bytes[33], bytes[34], bytes[35]]))
    };
    let mut keep = records;
    let mut next = None;
    if records > 0 {
        let last = game_of(file, records - 1)?;
        while keep > 0 && game_of(file, keep - 1)? == last {
            keep -= 1;
        }
        next = Some(last);
    }
    Ok((next, keep))
}

/// Generates the games from where the file stops to the last one, `threads` at a time, and
/// appends their positions in game order; `progress` hears after each game written.
pub fn run(opts: &Options, progress: &mut dyn FnMut(&Progress)) -> Result<Progress, String> {
    let name = opts.out.display().to_string();
    let fail = |e: std::io::Error| format!("{name}: {e}");
    if let Some(dir) = opts.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let mut file =
        OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&opts.out).map_err(fail)?;
    let (resume, kept) = resume_point(&mut file).map_err(fail)?;
    let block = opts.shard.block(u64::from(opts.source.games()));
    let (start, total) = (block.start as u32, block.end as u32);
    let first = resume.unwrap_or(start);
    if !(start..total.max(start + 1)).contains(&first) {
        return Err(format!("{name} holds game {first}, which is not of shard {} ({start} to {total})", opts.shard));
    }
    // A trailing partial record and the last game, which may be partly written, go.
    file.set_len(kept * RECORD_SIZE as u64).and_then(|()| file.seek(SeekFrom::End(0))).map_err(fail)?;
    let mut state = Progress { first_game: first, games: first, total, written: 0, positions: kept };
    let threads = opts.threads.clamp(1, 64);
    let mut engines = Vec::with_capacity(threads);
    for _ in 0..threads.min(total.saturating_sub(first) as usize) {
        let mut engine = Engine::new().map_err(|e| e.to_string())?;
        engine.set_use_book(true);
        // The evaluation is the one asked for, not the engine's default: a data file is kept to
        // one evaluation (`docs/datagen.md` §1).
        match &opts.eval_file {
            Some(path) => {
                engine.set_eval_file(path).and_then(|()| engine.set_use_nnue(true)).map_err(|e| e.to_string())?
            }
            None => engine.set_use_nnue(false).map_err(|e| e.to_string())?,
        }
        engines.push(engine);
    }
    let next = AtomicU32::new(first);
    let mut error = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(u32, Vec<Record>)>();
        for mut engine in engines {
            let (tx, next) = (tx.clone(), &next);
            scope.spawn(move || {
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= total {
                        break;
                    }
                    let records = match &opts.source {
                        Source::SelfPlay { .. } => selfplay::play(&mut engine, game, &opts.settings).records,
                        Source::Games(games) => label::label(&mut engine, &games[game as usize], game, &opts.settings),
                    };
                    if tx.send((game, records)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Games finish out of order; they are written in order.
        let mut done: BTreeMap<u32, Vec<Record>> = BTreeMap::new();
        for (game, records) in rx {
            done.insert(game, records);
            while let Some(records) = done.remove(&state.games) {
                let bytes: Vec<u8> = records.iter().flat_map(|r| r.encode()).collect();
                if let Err(e) = file.write_all(&bytes) {
                    // Stop the workers: the channel closes when this loop ends.
                    error = Some(fail(e));
                    next.store(total, Ordering::Relaxed);
                    return;
                }
                state.games += 1;
                state.written += records.len() as u64;
                state.positions += records.len() as u64;
                progress(&state);
            }
        }
    });
    match error {
        Some(e) => Err(e),
        None => file.flush().map(|()| state).map_err(fail),
    }
}

#[cfg(test)]
mod tests;

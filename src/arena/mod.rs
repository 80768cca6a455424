//! `chuhan match`: a referee that plays games between two engines speaking UCCI or UCI, keeps
//! their clocks, judges the games by the rules, and reports the score, the Elo difference and,
//! optionally, a sequential probability ratio test.
//!
//! - [`client`]: the engine process and its protocol;
//! - [`game`]: one game, the clocks, the engines kept between games, the game's record;
//! - [`ledger`]: a shard's finished games, written as they end and pooled by a merge;
//! - [`memory`]: resident memory of the engines and the referee (Linux);
//! - [`openings`]: opening positions (the built-in book is `positions/openings.epd`);
//! - [`stats`]: score, Elo, LOS and SPRT.
//!
//! Each opening is played twice, the engines swapping colours; game `i` (from 0) uses opening
//! `i / 2` (cycling through the book) and gives Red to the first engine when `i` is even.
//! Each of the `--concurrency` slots keeps its two engine processes from game to game (a long
//! match is then also a test of long-lived engines) and restarts one only after its fault.
//! A shard (`docs/cluster.md` §2) plays the opening pairs dealt to it round-robin, keeps its
//! finished games in its ledger, and on a second start plays only the games the ledger lacks.

pub mod client;
pub mod game;
pub mod ledger;
pub mod memory;
pub mod openings;
pub mod stats;

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use client::{Engine, EngineSpec};
use game::{GameConfig, GameRecord, Seat};
use ledger::{GameLine, Header, Ledger, Pool};
use memory::EngineMemory;
use openings::Opening;
use stats::{Sprt, Tally, Verdict};

use crate::board::{MOVE_LIMIT_CLAIM_PLIES, MoveLimit};
use crate::checksum::fnv1a64;
use crate::cluster::{Shard, write_atomic};
use crate::game::Budget;
use crate::notation::Notation;
use crate::types::ByColor;

/// The least time between two writes of a ledger, which is written whole: a long match's
/// ledger is megabytes, and games lost with a killed shard since its last write are played
/// again, to the same end where the games are deterministic.
const LEDGER_EVERY: Duration = Duration::from_secs(2);

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// The first engine is the one whose score is reported.
    pub engines: [EngineSpec; 2],
    pub games: usize,
    /// What bounds each engine's search (a clock, nodes or a depth), in the order of `engines`.
    pub limits: [Budget; 2],
    pub openings: Vec<Opening>,
    pub concurrency: usize,
    pub pgn: Option<PathBuf>,
    pub sprt: Option<Sprt>,
    pub max_plies: Option<u32>,
    /// The move limit the referee draws at; a `nobestmove` claim is granted from fifty moves
    /// whatever it is (`docs/rules.md` §9).
    pub move_limit: MoveLimit,
    /// The part of the games this run plays ([`Shard::WHOLE`]: all).
    pub shard: Shard,
    /// The ledger the finished games are kept in, continued if it exists ([`ledger`]).
    pub ledger: Option<PathBuf>,
}

impl MatchOptions {
    /// What decides the games, hashed: shards of one match agree on it, and a ledger of
    /// another match is refused. The concurrency, the files and the shard are left out.
    pub fn key(&self) -> u64 {
        let mut text = format!(
            "{:?}\n{} {}\n{}\n{:?}\n{}\n{:?}\n",
            self.engines, self.limits[0], self.limits[1], self.games, self.max_plies, self.move_limit, self.sprt
        );
        self.openings.iter().for_each(|o| text += &format!("{}\n", o.fen));
        fnv1a64(text.as_bytes())
    }

    /// The games this run's shard plays.
    pub fn share(&self) -> usize {
        self.header(&[String::new(), String::new()]).share()
    }

    fn header(&self, names: &[String; 2]) -> Header {
        Header {
            shard: self.shard,
            key: self.key(),
            games: self.games,
            names: names.clone(),
            limits: self.limits.map(|l| l.to_string()),
            move_limit: self.move_limit.to_string(),
            sprt: self.sprt,
        }
    }
}

/// The ledger at `path` if there is one, which must be of this match and shard, else a new one.
fn open_ledger(path: &Path, header: Header) -> Result<Ledger, String> {
    let text = match std::fs::read_to_string(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Ledger::new(header)),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        Ok(text) => text,
    };
    let name = path.display();
    let ledger = Ledger::parse(&text).map_err(|e| format!("{name} is damaged ({e}); move it aside to play again"))?;
    if ledger.header.key != header.key || ledger.header.shard != header.shard {
        return Err(format!("{name} holds the games of another match or shard; remove it or choose another file"));
    }
    Ok(ledger)
}

/// The display names of the two engines: the `--name`, or the `id name` each engine gives when
/// started once for the purpose (which also proves it can be started); equal names get `#1`
/// and `#2` appended.
pub fn engine_names(engines: &[EngineSpec; 2]) -> Result<[String; 2], String> {
    let mut names = [String::new(), String::new()];
    for (i, spec) in engines.iter().enumerate() {
        let engine = Engine::start(spec).map_err(|e| format!("engine {} ({}): {e}", i + 1, spec.command.join(" ")))?;
        names[i] = spec.name.clone().unwrap_or_else(|| engine.id_name.clone());
        engine.quit();
    }
    if names[0] == names[1] {
        names[0].push_str(" #1");
        names[1].push_str(" #2");
    }
    Ok(names)
}

/// The opening and the colours of game `index`: the first engine has Red when the index is
/// even.
fn schedule(index: usize, openings: &[Opening]) -> (&Opening, bool) {
    (&openings[(index / 2) % openings.len()], index.is_multiple_of(2))
}

/// A value of each engine, by the colour it plays.
fn by_color<T>(pair: [T; 2], first_is_red: bool) -> ByColor<T> {
    let [first, second] = pair;
    if first_is_red { ByColor::new(first, second) } else { ByColor::new(second, first) }
}

/// What the referee tells while the match runs.
pub enum Progress<'a> {
    /// Game `index` (from 0) ended, the `finished`th to end; `tally` is the score so far.
    Game { index: usize, finished: usize, record: &'a GameRecord, names: &'a [String; 2], tally: &'a Tally },
    /// The PGN file could not be written; no more games are written to it.
    PgnFailed(std::io::Error),
}

/// Plays the match (the games of its shard that its ledger lacks), telling `progress` of each
/// game, and returns the summary's lines.
pub fn run_match(options: &MatchOptions, progress: &mut dyn FnMut(Progress)) -> Result<Vec<String>, String> {
    let names = engine_names(&options.engines)?;
    let mut ledger = Ledger::new(options.header(&names));
    if let Some(path) = &options.ledger {
        ledger = open_ledger(path, ledger.header)?;
    }
    let todo: Vec<usize> =
        (0..options.games).filter(|&i| ledger.header.owns(i) && !ledger.games.contains_key(&i)).collect();
    let mut pgn_file: Option<File> = match &options.pgn {
        None => None,
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
        ),
    };
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let mut pool = Pool::default();
    ledger.games.values().for_each(|g| pool.add(g));
    let mut decided = None;
    let mut ledger_error = None;
    // When the ledger was last written, and whether games have ended since.
    let (mut written, mut unwritten) = (None, false);

    let engine_memory = thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, GameRecord)>();
        let mut slots = Vec::new();
        for _ in 0..options.concurrency.min(todo.len()) {
            let tx = tx.clone();
            let (next, stop, names, todo) = (&next, &stop, &names, &todo);
            slots.push(scope.spawn(move || {
                // This slot's two engines, kept from game to game.
                let mut seats = [Seat::new(&options.engines[0]), Seat::new(&options.engines[1])];
                while !stop.load(Ordering::Relaxed) {
                    let Some(&index) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else { break };
                    let (opening, first_is_red) = schedule(index, &options.openings);
                    let [a, b] = &mut seats;
                    let order = if first_is_red { ByColor::new(a, b) } else { ByColor::new(b, a) };
                    let game_names = by_color(names.clone(), first_is_red);
                    let limits = by_color(options.limits, first_is_red);
                    let cfg = GameConfig { limits, max_plies: options.max_plies, move_limit: options.move_limit };
                    let record = game::play(order, game_names, opening, &cfg, index);
                    if tx.send((index, record)).is_err() {
                        break;
                    }
                }
                for seat in &mut seats {
                    seat.retire();
                }
                seats.map(|seat| seat.memory())
            }));
        }
        drop(tx);
        for (index, record) in rx {
            let line = GameLine::of(index, &record);
            pool.add(&line);
            ledger.games.insert(index, line);
            if let Some(path) = &options.ledger
                && written.is_none_or(|t: Instant| t.elapsed() >= LEDGER_EVERY)
            {
                written = Some(Instant::now());
                unwritten = false;
                if let Err(e) = write_atomic(path, ledger.to_text().as_bytes()) {
                    // The games are the ledger's: without it the shard stops.
                    ledger_error = Some(format!("cannot write {}: {e}", path.display()));
                    stop.store(true, Ordering::Relaxed);
                }
            } else {
                unwritten = true;
            }
            if let Some(file) = pgn_file.as_mut() {
                let limits = by_color(options.limits, index.is_multiple_of(2));
                let text = crate::pgn::write_game(&record.to_pgn(index + 1, limits), Notation::Iccs) + "\n";
                if let Err(e) = file.write_all(text.as_bytes()) {
                    progress(Progress::PgnFailed(e));
                    pgn_file = None;
                }
            }
            let (finished, tally) = (pool.finished(), &pool.tally);
            progress(Progress::Game { index, finished, record: &record, names: &names, tally });
            // A shard's test is the merge's to judge, over all the shards' games.
            if let Some(sprt) = &options.sprt
                && options.shard == Shard::WHOLE
                && decided.is_none()
                && sprt.verdict(&pool.tally) != Verdict::Continue
            {
                decided = Some(pool.tally);
                stop.store(true, Ordering::Relaxed);
            }
        }
        let mut memory = [EngineMemory::default(); 2];
        for slot in slots.into_iter().filter_map(|h| h.join().ok()) {
            for (total, m) in memory.iter_mut().zip(&slot) {
                total.merge(m);
            }
        }
        memory
    });
    if let Some(path) = options.ledger.as_ref().filter(|_| unwritten && ledger_error.is_none()) {
        write_atomic(path, ledger.to_text().as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(e) = ledger_error {
        return Err(e);
    }
    let header = &ledger.header;
    let mut lines = report(header, &pool, decided.as_ref(), header.share());
    lines.extend(names.iter().zip(&engine_memory).filter_map(|(name, m)| m.line(name)).chain(memory::referee_line()));
    Ok(lines)
}

/// The report of the games of `pool`, `total` wanted: the score, Elo and test (`decided`: the
/// tally at which the test stopped the match), then the games finished, the limits, the move
/// limit, the endings and the move times. A run and a merge of shards report alike.
pub fn report(header: &Header, pool: &Pool, decided: Option<&Tally>, total: usize) -> Vec<String> {
    let names = &header.names;
    let mut lines = stats::summary(&names[0], &names[1], &pool.tally, header.sprt.as_ref(), decided);
    lines.push(format!("{} of {total} games finished.", pool.finished()));
    lines.push(format!("Limits: {} {}, {} {}", names[0], header.limits[0], names[1], header.limits[1]));
    match header.move_limit.parse::<MoveLimit>() {
        Ok(limit) => lines.push(move_limit_line(limit)),
        Err(_) => lines.push(format!("Move limit: {} moves each", header.move_limit)),
    }
    lines.push(pool.endings.to_string());
    lines.extend(names.iter().zip(&pool.times).filter_map(|(name, t)| t.line(name)));
    lines
}

/// `Move limit: 60 moves each, a nobestmove claim granted from 50`: the count the referee draws
/// at and the one it grants a claim from (`docs/rules.md` §9).
fn move_limit_line(limit: MoveLimit) -> String {
    let claim = MOVE_LIMIT_CLAIM_PLIES / 2;
    if limit.moves_each() > claim {
        format!("Move limit: {limit} moves each, a nobestmove claim granted from {claim}")
    } else {
        format!("Move limit: {limit} moves each")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_says_the_move_limit() {
        assert_eq!(move_limit_line(MoveLimit::SIXTY), "Move limit: 60 moves each, a nobestmove claim granted from 50");
        assert_eq!(move_limit_line(MoveLimit::FIFTY), "Move limit: 50 moves each");
    }

    #[test]
    fn each_opening_is_played_twice_with_colours_swapped() {
        let book = openings::parse(openings::BUILTIN, MoveLimit::SIXTY).expect("book");
        let (o0, red0) = schedule(0, &book);
        let (o1, red1) = schedule(1, &book);
        let (o2, _) = schedule(2, &book);
        assert_eq!(o0, o1);
        assert_ne!(o0, o2);
        assert!(red0 && !red1);
        assert_eq!(schedule(2 * book.len(), &book).0, o0);
    }
}

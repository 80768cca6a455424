//! `chuhan match`: a referee that plays games between two engines speaking UCCI or UCI, keeps
//! their clocks, judges the games by the rules, and reports the score, the Elo difference and,
//! optionally, a sequential probability ratio test.
//!
//! - [`client`]: the engine process and its protocol;
//! - [`game`]: one game, the clocks, the engines kept between games, the game's record;
//! - [`memory`]: resident memory of the engines and the referee (Linux);
//! - [`openings`]: opening positions (the built-in book is `positions/openings.epd`);
//! - [`stats`]: score, Elo, LOS and SPRT.
//!
//! Each opening is played twice, the engines swapping colours; game `i` (from 0) uses opening
//! `i / 2` (cycling through the book) and gives Red to the first engine when `i` is even.
//! Each of the `--concurrency` slots keeps its two engine processes from game to game (a long
//! match is then also a test of long-lived engines) and restarts one only after its fault.

pub mod client;
pub mod game;
pub mod memory;
pub mod openings;
pub mod stats;

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use client::{Engine, EngineSpec};
use game::{GameConfig, GameRecord, Seat};
use memory::EngineMemory;
use openings::Opening;
use stats::{MoveTimes, Sprt, Tally, Verdict};

use crate::board::{MOVE_LIMIT_CLAIM_PLIES, MoveLimit};
use crate::game::Budget;
use crate::notation::Notation;
use crate::types::{ByColor, Color, Reason};

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

/// Plays the match, telling `progress` of each game, and returns the summary's lines.
pub fn run_match(options: &MatchOptions, progress: &mut dyn FnMut(Progress)) -> Result<Vec<String>, String> {
    let names = engine_names(&options.engines)?;
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
    let mut tally = Tally::default();
    let mut decided = None;
    let mut finished = 0usize;
    let mut endings = Endings::default();
    let mut times = [MoveTimes::default(), MoveTimes::default()];

    let engine_memory = thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, GameRecord)>();
        let mut slots = Vec::new();
        for _ in 0..options.concurrency.min(options.games) {
            let tx = tx.clone();
            let (next, stop, names) = (&next, &stop, &names);
            slots.push(scope.spawn(move || {
                // This slot's two engines, kept from game to game.
                let mut seats = [Seat::new(&options.engines[0]), Seat::new(&options.engines[1])];
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= options.games {
                        break;
                    }
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
            finished += 1;
            endings.count(&record.result.reason);
            let first_color = if index.is_multiple_of(2) { Color::Red } else { Color::Black };
            let opener = record.opening.position().side_to_move();
            for (ply, note) in record.notes.iter().enumerate() {
                let mover = if ply % 2 == 0 { opener } else { !opener };
                times[usize::from(mover != first_color)].add(note.used);
            }
            match record.result.winner {
                None => tally.draws += 1,
                Some(c) if c == first_color => tally.wins += 1,
                Some(_) => tally.losses += 1,
            }
            if let Some(file) = pgn_file.as_mut() {
                let limits = by_color(options.limits, index.is_multiple_of(2));
                let text = crate::pgn::write_game(&record.to_pgn(index + 1, limits), Notation::Iccs) + "\n";
                if let Err(e) = file.write_all(text.as_bytes()) {
                    progress(Progress::PgnFailed(e));
                    pgn_file = None;
                }
            }
            progress(Progress::Game { index, finished, record: &record, names: &names, tally: &tally });
            if let Some(sprt) = &options.sprt
                && decided.is_none()
                && sprt.verdict(&tally) != Verdict::Continue
            {
                decided = Some(tally);
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
    let mut lines = stats::summary(&names[0], &names[1], &tally, options.sprt.as_ref(), decided.as_ref());
    lines.push(format!("{finished} of {} games finished.", options.games));
    lines.push(format!("Limits: {} {}, {} {}", names[0], options.limits[0], names[1], options.limits[1]));
    lines.push(move_limit_line(options.move_limit));
    lines.push(endings.to_string());
    lines.extend(names.iter().zip(&times).filter_map(|(name, t)| t.line(name)));
    lines.extend(names.iter().zip(&engine_memory).filter_map(|(name, m)| m.line(name)).chain(memory::referee_line()));
    Ok(lines)
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

/// How the games ended, by kind: the faults a soak run must show none of.
#[derive(Debug, Default, PartialEq, Eq)]
struct Endings {
    rules: usize,
    time_forfeits: usize,
    illegal_moves: usize,
    engine_failures: usize,
    adjudications: usize,
}

impl Endings {
    fn count(&mut self, reason: &Reason) {
        let n = match reason {
            Reason::TimeForfeit(_) => &mut self.time_forfeits,
            Reason::IllegalMove { .. } | Reason::NoMove(_) => &mut self.illegal_moves,
            Reason::EngineFailure { .. } => &mut self.engine_failures,
            Reason::PlyCap(_) => &mut self.adjudications,
            // The referee ends no game by resignation, agreement or record.
            _ => &mut self.rules,
        };
        *n += 1;
    }
}

impl std::fmt::Display for Endings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Endings: {} by the rules, {} time forfeits, {} illegal moves, {} engine failures, {} ply caps",
            self.rules, self.time_forfeits, self.illegal_moves, self.engine_failures, self.adjudications
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_are_counted_by_kind() {
        let mut e = Endings::default();
        e.count(&Reason::TimeForfeit(Color::Red));
        e.count(&Reason::NoMove(Color::Black));
        e.count(&Reason::PlyCap(300));
        e.count(&Reason::PlyCap(300));
        assert_eq!(
            e.to_string(),
            "Endings: 0 by the rules, 1 time forfeits, 1 illegal moves, 0 engine failures, 2 ply caps"
        );
    }

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

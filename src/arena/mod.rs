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
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use client::{Engine, EngineSpec, Protocol};
use game::{GameConfig, GameRecord, Seat, TimeControl};
use memory::EngineMemory;
use openings::Opening;
use stats::{MoveTimes, Sprt, Tally, Verdict};

use crate::notation::Notation;
use crate::types::{ByColor, Color, Reason};

/// The text of `chuhan match --help`.
pub const USAGE: &str = "\
Usage: chuhan match --engine CMD [ENGINE OPTIONS] --engine CMD [ENGINE OPTIONS] [OPTIONS]

Plays games between two engines and reports the score of the first against the second.
Each opening is played twice with colours swapped.

Engine (each applies to the --engine before it):
  --engine CMD        program and arguments, split on whitespace (no shell)
  --proto ucci|uci    protocol (default ucci)
  --init LINE         a line sent after the handshake, e.g. \"setoption usebook false\"
                      (repeatable)
  --name NAME         display name (default: the engine's `id name`)
  --tc BASE+INC       this engine's own time control (see below)

Match:
  --games N           number of games (default 2)
  --tc BASE+INC       time control in seconds of both engines, e.g. 5+0.05 (default
                      5+0.05); an engine's own --tc overrides it
  --nodes N           instead of clocks, search each move with `go nodes` (N varied by up
                      to N/8 from move to move, so that games differ); results then do
                      not depend on the machine's load
  --openings FILE     openings, one `<FEN> [; moves ...] [; name]` per line
                      (default: the built-in positions/openings.epd); or a .pgn file,
                      whose games give the positions they reach (any charset or notation
                      `chuhan pgn` reads; repeated positions are used once)
  --opening-plies N   with a .pgn file: the position after N plies of each game
                      (default: after all its moves)
  --concurrency K     games played at once (default 1)
  --pgn FILE          append the games to FILE in PGN
  --sprt ELO0 ELO1    sequential test (alpha = beta = 0.05); stops when decided
  --max-plies N       adjudicate a draw after N plies
  -h, --help          this text

A --tc belongs to the engine whose options it follows (with no match option in between);
before the first --engine or after a match option it is the match's. A --tc right after the
second engine's options, when the first engine has none and no match --tc is given, is the
match's too, as in earlier versions: `--engine A --engine B --tc 1+0.01` gives both 1+0.01,
while `--engine A --tc 1+0.01 --engine B --tc 10+0.1` gives A a tenth of B's time.

The referee forfeits an engine that exceeds its clock by more than 50 ms, answers an illegal
move, or crashes. Each slot keeps its two engines for successive games (new game and isready
in between) and restarts an engine only after such a fault.
Output ends with `Score of A vs B: W - L - D [score] N`,
`Elo difference: E +/- M, LOS: P %, DrawRatio: D %` and, with --sprt,
`LLR: x (lower, upper) H0|H1|continue` (`... H1 at game N` when games still being played at
the decision ended after it and count in the score); then the games finished, the time controls
(`Time controls: A 1+0.01, B 10+0.1`, without --nodes), the endings by kind, each engine's
time per move (`Move times of A: median 5.2 ms, mean 6.1 ms, max 24.0 ms over 2456 moves`,
from sending `go` to reading `bestmove`); then, where /proc can be read (Linux), each
engine's resident memory after its first game, at the end and at its peak (the largest over
its processes), and the referee's peak. In the PGN each move carries a comment as
cutechess writes it: the mover's last score and depth and the time, `{+0.24/10 0.015s}`.
";

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// The first engine is the one whose score is reported.
    pub engines: [EngineSpec; 2],
    pub games: usize,
    /// The time control of each engine, in the order of `engines`.
    pub tc: [TimeControl; 2],
    pub openings: Vec<Opening>,
    pub concurrency: usize,
    pub pgn: Option<PathBuf>,
    pub sprt: Option<Sprt>,
    pub max_plies: Option<u32>,
    /// Fixed-node games instead of clocks.
    pub nodes: Option<u64>,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Request {
    Help,
    Match(Box<MatchOptions>),
}

/// Parses the arguments after `match`. Errors are one-line messages for the user.
pub fn parse_args(args: &[String]) -> Result<Request, String> {
    let mut engines: Vec<EngineSpec> = Vec::new();
    let mut games = 2usize;
    // The match's --tc, and each engine's own.
    let mut match_tc: Option<TimeControl> = None;
    let mut own_tc: Vec<Option<TimeControl>> = Vec::new();
    // Whether the last argument was an --engine or one of its options.
    let mut in_engine = false;
    let mut openings_file: Option<PathBuf> = None;
    let mut opening_plies = None;
    let mut concurrency = 1usize;
    let mut pgn = None;
    let mut sprt = None;
    let mut max_plies = None;
    let mut nodes = None;

    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |what: &str| -> Result<String, String> {
            match &inline {
                Some(v) => Ok(v.clone()),
                None => it.next().cloned().ok_or_else(|| format!("{flag} needs {what}")),
            }
        };
        let engine_option =
            matches!(flag, "--engine" | "--proto" | "--init" | "--name") || (flag == "--tc" && in_engine);
        match flag {
            "-h" | "--help" => return Ok(Request::Help),
            "--engine" => {
                let command: Vec<String> = value("a command")?.split_whitespace().map(str::to_string).collect();
                if command.is_empty() {
                    return Err("--engine needs a non-empty command".to_string());
                }
                engines.push(EngineSpec { command, protocol: Protocol::Ucci, init: Vec::new(), name: None });
                own_tc.push(None);
            }
            "--proto" => {
                let v = value("ucci or uci")?;
                let p = Protocol::parse(&v).ok_or_else(|| format!("--proto: '{v}' is not ucci or uci"))?;
                current(&mut engines, flag)?.protocol = p;
            }
            "--init" => {
                let v = value("a line")?;
                current(&mut engines, flag)?.init.push(v);
            }
            "--name" => {
                let v = value("a name")?;
                current(&mut engines, flag)?.name = Some(v);
            }
            "--games" => games = number(flag, &value("a number")?, 1)?,
            "--concurrency" => concurrency = number(flag, &value("a number")?, 1)?.min(256),
            "--max-plies" => max_plies = Some(number(flag, &value("a number")?, 1)?),
            "--nodes" => nodes = Some(number(flag, &value("a number")?, 1)?),
            "--tc" => {
                let v = value("BASE+INC")?;
                let tc = TimeControl::parse(&v)
                    .ok_or_else(|| format!("--tc: '{v}' is not BASE+INC in seconds, e.g. 5+0.05"))?;
                match own_tc.last_mut() {
                    Some(own) if in_engine => *own = Some(tc),
                    _ => match_tc = Some(tc),
                }
            }
            "--openings" => openings_file = Some(PathBuf::from(value("a file")?)),
            "--opening-plies" => opening_plies = Some(number(flag, &value("a number")?, 0)?),
            "--pgn" => pgn = Some(PathBuf::from(value("a file")?)),
            "--sprt" => {
                let elo0 = elo(flag, &value("ELO0 ELO1")?)?;
                let elo1 = match inline {
                    Some(_) => return Err("--sprt takes two values: --sprt ELO0 ELO1".to_string()),
                    None => elo(flag, it.next().ok_or("--sprt needs ELO0 ELO1")?)?,
                };
                if elo0 >= elo1 {
                    return Err(format!("--sprt: ELO0 ({elo0}) must be below ELO1 ({elo1})"));
                }
                sprt = Some(Sprt::new(elo0, elo1));
            }
            other => return Err(format!("unexpected argument '{other}' (see chuhan match --help)")),
        }
        in_engine = engine_option;
    }
    // Earlier versions' `--engine A --engine B --tc X`: X is the match's.
    if let [None, last @ Some(_)] = own_tc[..]
        && match_tc.is_none()
    {
        (match_tc, own_tc[1]) = (last, None);
    }
    let match_tc = match match_tc {
        Some(tc) => tc,
        None => TimeControl::parse("5+0.05").ok_or("internal: default time control")?,
    };
    let tc = [0, 1].map(|i| own_tc.get(i).copied().flatten().unwrap_or(match_tc));
    let engines: [EngineSpec; 2] =
        engines.try_into().map_err(|e: Vec<_>| format!("two --engine are needed, {} given", e.len()))?;
    let openings = match &openings_file {
        None if opening_plies.is_some() => return Err("--opening-plies needs --openings FILE.pgn".to_string()),
        None => openings::parse(openings::BUILTIN).map_err(|e| format!("built-in openings: {e}"))?,
        Some(path) if crate::pgn::is_pgn_file(path) => read_pgn_openings(path, opening_plies)?,
        Some(_) if opening_plies.is_some() => return Err("--opening-plies applies to a .pgn file only".to_string()),
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            openings::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?
        }
    };
    let options = MatchOptions { engines, games, tc, openings, concurrency, pgn, sprt, max_plies, nodes };
    Ok(Request::Match(Box::new(options)))
}

/// The openings of a game file; games that cannot be read are reported on stderr and skipped.
fn read_pgn_openings(path: &std::path::Path, plies: Option<usize>) -> Result<Vec<Opening>, String> {
    let source = crate::pgn::read_file(path);
    if source.format.is_none() {
        let reason = source.games.into_iter().find_map(Result::err).map(|e| e.to_string()).unwrap_or_default();
        return Err(format!("cannot read {}: {reason}", path.display()));
    }
    let (games, skipped) = source.split();
    for error in &skipped {
        eprintln!("warning: {error}; skipped");
    }
    let (openings, passed) = openings::from_games(&games, plies).map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!(
        "openings: {} positions from {} games of {} ({} repeated or finished, {} unreadable)",
        openings.len(),
        games.len() + skipped.len(),
        path.display(),
        passed,
        skipped.len()
    );
    Ok(openings)
}

/// The engine an engine option applies to: the last one given.
fn current<'a>(engines: &'a mut [EngineSpec], flag: &str) -> Result<&'a mut EngineSpec, String> {
    engines.last_mut().ok_or_else(|| format!("{flag} must follow the --engine it applies to"))
}

fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display>(flag: &str, v: &str, min: T) -> Result<T, String> {
    match v.parse::<T>() {
        Ok(n) if n >= min => Ok(n),
        _ => Err(format!("{flag}: '{v}' is not a whole number of at least {min}")),
    }
}

fn elo(flag: &str, v: &str) -> Result<f64, String> {
    match v.parse::<f64>() {
        Ok(x) if x.is_finite() && x.abs() < 2000.0 => Ok(x),
        _ => Err(format!("{flag}: '{v}' is not an Elo value")),
    }
}

/// `chuhan match ARGS`: 0 when the match was played, 2 for bad arguments, 1 when an engine
/// cannot be started or the PGN file cannot be opened.
pub fn main(args: &[String]) -> ExitCode {
    let options = match parse_args(args) {
        Ok(Request::Help) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Request::Match(options)) => options,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match run_match(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
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

/// Plays the match, printing progress on stderr and the summary on stdout.
pub fn run_match(options: &MatchOptions) -> Result<(), String> {
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
    let tty = std::io::stderr().is_terminal();
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
                    let tc = by_color(options.tc, first_is_red);
                    let cfg = GameConfig { tc, max_plies: options.max_plies, nodes: options.nodes };
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
                let tc = options.nodes.is_none().then(|| by_color(options.tc, index.is_multiple_of(2)));
                let text = crate::pgn::write_game(&record.to_pgn(index + 1, tc), Notation::Iccs) + "\n";
                if let Err(e) = file.write_all(text.as_bytes()) {
                    eprintln!("warning: cannot write the PGN file: {e}; no more games are written");
                    pgn_file = None;
                }
            }
            progress(tty, index, finished, options.games, &record, &names, &tally);
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
    if tty {
        eprintln!();
    }
    let mut out = std::io::stdout().lock();
    for line in stats::summary(&names[0], &names[1], &tally, options.sprt.as_ref(), decided.as_ref()) {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{finished} of {} games finished.", options.games);
    if options.nodes.is_none() {
        let _ = writeln!(out, "Time controls: {} {}, {} {}", names[0], options.tc[0], names[1], options.tc[1]);
    }
    let _ = writeln!(out, "{endings}");
    for line in names.iter().zip(&times).filter_map(|(name, t)| t.line(name)) {
        let _ = writeln!(out, "{line}");
    }
    for line in names.iter().zip(&engine_memory).filter_map(|(name, m)| m.line(name)).chain(memory::referee_line()) {
        let _ = writeln!(out, "{line}");
    }
    Ok(())
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

fn progress(
    tty: bool,
    index: usize,
    finished: usize,
    total: usize,
    record: &GameRecord,
    names: &[String; 2],
    tally: &Tally,
) {
    let score = format!("Score of {} vs {}: {tally} {}", names[0], names[1], tally.games());
    if tty {
        eprint!("\r\x1b[2K[{finished}/{total}] {score}");
    } else {
        eprintln!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            index + 1,
            record.names[Color::Red],
            record.names[Color::Black],
            record.result.score(),
            record.result.reason
        );
        eprintln!("{score}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Position, START_FEN};
    use crate::types::Move;

    fn args(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    fn parse(s: &str) -> Result<MatchOptions, String> {
        match parse_args(&args(s))? {
            Request::Match(m) => Ok(*m),
            Request::Help => Err("help".to_string()),
        }
    }

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
    fn engine_options_attach_to_the_preceding_engine() {
        let m = parse("--engine a --proto uci --name X --engine b --init setoption=1 --games 4 --tc=1+0.01")
            .expect("valid");
        assert_eq!(m.engines[0].command, ["a"]);
        assert_eq!(m.engines[0].protocol, Protocol::Uci);
        assert_eq!(m.engines[0].name.as_deref(), Some("X"));
        assert_eq!(m.engines[1].protocol, Protocol::Ucci);
        assert_eq!(m.engines[1].init, ["setoption=1"]);
        assert_eq!(m.games, 4);
        assert_eq!(m.tc.map(|tc| tc.base.as_millis()), [1000, 1000]);
        assert!(m.openings.len() >= 40);
        assert!(m.sprt.is_none() && m.pgn.is_none() && m.max_plies.is_none() && m.nodes.is_none());
        let m = parse("--engine a --engine b --sprt -5 5 --max-plies 300 --concurrency 2 --nodes 5000").expect("valid");
        assert_eq!(m.nodes, Some(5000));
        assert_eq!(m.sprt, Some(Sprt::new(-5.0, 5.0)));
        assert_eq!(m.max_plies, Some(300));
        assert_eq!(m.concurrency, 2);
    }

    #[test]
    fn a_time_control_belongs_to_the_engine_it_follows() {
        let tcs = |s: &str| parse(s).expect(s).tc.map(|tc| tc.to_string());
        assert_eq!(tcs("--engine a --engine b"), ["5+0.05", "5+0.05"]);
        // The match's: before the engines, after a match option, or (as in earlier versions)
        // right after the second engine when nothing else sets a clock.
        assert_eq!(tcs("--tc 2+0.02 --engine a --engine b"), ["2+0.02", "2+0.02"]);
        assert_eq!(tcs("--engine a --engine b --games 2 --tc 2+0.02"), ["2+0.02", "2+0.02"]);
        assert_eq!(tcs("--engine a --engine b --tc 2+0.02"), ["2+0.02", "2+0.02"]);
        assert_eq!(tcs("--engine a --engine b --name B --tc=2+0.02 --games 2"), ["2+0.02", "2+0.02"]);
        // An engine's own.
        assert_eq!(tcs("--engine a --tc 1+0.01 --engine b --tc 10+0.1"), ["1+0.01", "10+0.1"]);
        assert_eq!(tcs("--engine a --name A --tc 1+0.01 --engine b"), ["1+0.01", "5+0.05"]);
        assert_eq!(tcs("--tc 3 --engine a --engine b --tc 1+0.01"), ["3+0", "1+0.01"]);
        assert_eq!(tcs("--engine a --tc 1 --engine b --tc 2 --games 4 --tc 3"), ["1+0", "2+0"]);
        assert_eq!(tcs("--engine a --engine b --tc 1 --games 4 --tc 3"), ["3+0", "1+0"]);
    }

    #[test]
    fn bad_arguments_are_refused() {
        for bad in [
            "--engine a",
            "--engine a --engine b --engine c",
            "--proto uci --engine a --engine b",
            "--engine a --engine b --proto xboard",
            "--engine a --engine b --games 0",
            "--engine a --engine b --games x",
            "--engine a --engine b --nodes 0",
            "--engine a --engine b --nodes -5",
            "--engine a --engine b --tc 0+1",
            "--engine a --tc 1+0.01+1 --engine b",
            "--engine a --engine b --tc",
            "--tc 1 --engine a --engine b --tc 5+z",
            "--engine a --engine b --sprt 5 0",
            "--engine a --engine b --sprt 5",
            "--engine a --engine b --concurrency",
            "--engine a --engine b --openings /nonexistent/file.epd",
            "--engine a --engine b --openings /nonexistent/file.pgn",
            "--engine a --engine b --opening-plies 8",
            "--engine a --engine b --openings /nonexistent/file.pgn --opening-plies x",
            "--engine a --engine b --bogus",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert!(matches!(parse_args(&args("--engine a --help")), Ok(Request::Help)));
    }

    /// A .pgn openings file gives one opening per distinct position reached, after the games
    /// it cannot read are reported and skipped; --opening-plies cuts each game; an EPD file
    /// refuses it.
    #[test]
    fn a_pgn_file_gives_openings() {
        let dir = std::env::temp_dir().join(format!("chuhan-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let pgn = dir.join("lines.PGN");
        std::fs::write(&pgn, "1. h2e2 h9g7 2. h0g2 *\n\n1. h2e2 h9g7 2. h2h9 *\n\n1. c3c4 *\n\n1. h2e2 b9c7 *\n")
            .expect("written");
        let fens = |extra: &str| -> Vec<String> {
            let m = parse(format!("--engine a --engine b --openings {} {extra}", pgn.display()).trim()).expect("valid");
            m.openings.iter().map(|o| o.fen.clone()).collect()
        };
        let after = |moves: &[&str]| {
            let mut pos = Position::startpos();
            moves.iter().for_each(|m| pos.play(Move::parse(m).expect("ICCS")).expect("legal"));
            pos.fen()
        };
        // The second game's third move is illegal: the game is skipped, not the file.
        assert_eq!(fens(""), [after(&["h2e2", "h9g7", "h0g2"]), after(&["c3c4"]), after(&["h2e2", "b9c7"])]);
        assert_eq!(fens("--opening-plies 1"), [after(&["h2e2"]), after(&["c3c4"])]);
        assert_eq!(fens("--opening-plies 0"), [START_FEN]);
        let epd = dir.join("lines.epd");
        std::fs::write(&epd, format!("{START_FEN}\n")).expect("written");
        assert!(parse(&format!("--engine a --engine b --openings {} --opening-plies 2", epd.display())).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_usage_states_the_grace() {
        let grace = format!("by more than {} ms", game::TIME_GRACE.as_millis());
        assert!(USAGE.contains(&grace), "{grace}");
    }

    #[test]
    fn each_opening_is_played_twice_with_colours_swapped() {
        let book = openings::parse(openings::BUILTIN).expect("book");
        let (o0, red0) = schedule(0, &book);
        let (o1, red1) = schedule(1, &book);
        let (o2, _) = schedule(2, &book);
        assert_eq!(o0, o1);
        assert_ne!(o0, o2);
        assert!(red0 && !red1);
        assert_eq!(schedule(2 * book.len(), &book).0, o0);
    }
}

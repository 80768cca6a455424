//! Protocol fuzzing (issue #7 item 4): thousands of mutated command lines into the real binary,
//! with a consistency checkpoint every few lines.
//!
//! Valid protocol lines are mutated (byte flips, token drops, duplications and swaps,
//! truncation, random numbers, foreign tokens) and sent without waiting for answers. Lines that
//! would legitimately end or block the session are not sent: `quit`, `setoption batch true` (it
//! makes `stop` wait behind the search) and hash sizes over 64 MB (the engine also runs under an
//! address-space limit). Every search, perft or bench started is followed, sooner or later, by a
//! `stop`.
//!
//! Checkpoint: `stop`, `position fen <known>`, `d`; the `Fen:` line proves the engine idle with an
//! empty queue (more `stop`s are sent while it does not come, for searches that were queued);
//! then `go depth 3` must answer a move the library finds legal. A checkpoint that fails, or an
//! engine that exits, counts as a failure; the session is then restarted.
//!
//! `make fuzz` runs the long version; [`fuzz_small`] runs a few hundred lines in the ordinary
//! test suite.

use std::time::{Duration, Instant};

use chuhan::ucci::{Command, Dialect, OptionChange, options, parse};
use chuhan::{Move, Position};

use crate::robustness::{MATE_IN_ONE, MIDDLEGAME};
use crate::session::Session;

/// SplitMix64: a small deterministic generator, so a run is reproducible from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const CHECKPOINT_FENS: [&str; 2] = [MIDDLEGAME, MATE_IN_ONE];

/// Valid lines of both dialects (the seeds of the mutations).
const CORPUS: &[&str] = &[
    "position startpos",
    "position startpos moves h2e2 h9g7",
    "position startpos moves h2e2 h9g7 h0g2 i9h9 i0h0",
    "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves b2e2",
    "position fen 3k5/9/9/4N4/9/8R/9/9/4K4/9 w - - 0 1",
    "position fen 4k4/9/9/9/9/9/9/4n4/3A5/3K5 w - - 0 1",
    "position fen 3ak4/9/9/9/9/9/9/9/9/4KA3 w - - 0 1",
    "position fen r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1 moves f3f9",
    "position fen 1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 12 30",
    "go depth 2",
    "go depth 3",
    "go depth 0",
    "go nodes 3000",
    "go movetime 20",
    "go time 2000 increment 10 opptime 2000 oppincrement 10",
    "go time 60 movestogo 3",
    "go draw depth 2",
    "go ponder depth 2",
    "go ponder time 1000 increment 0",
    "go infinite",
    "go depth infinite",
    "go",
    "go wtime 1000 btime 1000 winc 10 binc 10",
    "go mate 2",
    "go depth 3 searchmoves h2e2 b2e2",
    "go perft 2",
    "bench 2",
    "setoption hashsize 1",
    "setoption hashsize 0",
    "setoption hashsize 8",
    "setoption threads 2",
    "setoption threads 0",
    "setoption threads 1",
    "setoption debug true",
    "setoption debug false",
    "setoption ponder true",
    "setoption usemillisec false",
    "setoption usemillisec true",
    "setoption batch false",
    "setoption newgame",
    "setoption name Hash value 4",
    "setoption name Threads value 2",
    "setoption name Clear Hash",
    "banmoves h2e2",
    "banmoves h2e2 b2e2",
    "banmoves i4i9",
    "probe startpos",
    "probe fen 3k5/9/9/4N4/9/8R/9/9/4K4/9 w - - 0 1 moves i4i9",
    "ponderhit",
    "ponderhit draw",
    "stop",
    "isready",
    "d",
    "eval",
    "uccinewgame",
    "ucinewgame",
    "ucci",
    "uci",
    "debug on",
];

/// Tokens spliced into lines.
const FOREIGN: &[&str] = &[
    "moves",
    "fen",
    "startpos",
    "depth",
    "nodes",
    "ponder",
    "draw",
    "infinite",
    "searchmoves",
    "name",
    "value",
    "h2e2",
    "e0e1",
    "a0a9",
    "z9z9",
    "h2-e2",
    "-",
    "w",
    "b",
    "/",
    "9",
    "\t",
    "\u{5c07}",
    "\u{feff}",
];

fn random_number(rng: &mut Rng) -> String {
    match rng.below(8) {
        0 => "0".into(),
        1 => "-1".into(),
        2 => "4294967296".into(),
        3 => "18446744073709551616".into(),
        4 => "99999999999999999999999999".into(),
        5 => format!("-{}", rng.next()),
        6 => rng.next().to_string(),
        _ => rng.below(100).to_string(),
    }
}

/// One to three mutations of a corpus line, or (one time in five) the line itself. May produce
/// invalid UTF-8; never a newline.
fn mutate(rng: &mut Rng, line: &str) -> Vec<u8> {
    let mut tokens: Vec<String> = line.split(' ').map(str::to_string).collect();
    let mut bytes_stage = None;
    if !rng.chance(5) {
        for _ in 0..1 + rng.below(3) {
            let n = tokens.len();
            match rng.below(8) {
                0 if n > 1 => {
                    tokens.remove(rng.below(n));
                }
                1 => {
                    let t = tokens[rng.below(n)].clone();
                    tokens.insert(rng.below(n + 1), t);
                }
                2 if n > 1 => tokens.swap(rng.below(n), rng.below(n)),
                3 => {
                    let i = rng.below(n);
                    tokens[i] = random_number(rng);
                }
                4 => tokens.insert(rng.below(n + 1), rng.pick(FOREIGN).to_string()),
                5 => {
                    // Numbers become other numbers.
                    for t in tokens.iter_mut() {
                        if t.bytes().all(|b| b.is_ascii_digit()) && rng.chance(2) {
                            *t = random_number(rng);
                        }
                    }
                }
                6 => bytes_stage = Some(0),
                _ => bytes_stage = Some(1),
            }
        }
    }
    let mut bytes = tokens.join(" ").into_bytes();
    match bytes_stage {
        Some(0) if !bytes.is_empty() => {
            // Byte flips, anywhere (may break UTF-8).
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(bytes.len());
                bytes[i] ^= 1 << rng.below(8);
            }
        }
        Some(_) => {
            let cut = rng.below(bytes.len() + 1);
            bytes.truncate(cut);
        }
        None => {}
    }
    for b in bytes.iter_mut() {
        if *b == b'\n' {
            *b = b' ';
        }
    }
    bytes
}

/// What a line will do to the session, judged with the library's own parser.
enum Effect {
    /// Would end the session or block it for good: not sent.
    Skip,
    /// Starts a search, a perft or a bench: needs a `stop` later.
    Search,
    Other,
}

fn effect(bytes: &[u8], dialect: Dialect) -> Effect {
    let Ok(text) = std::str::from_utf8(bytes) else { return Effect::Other };
    match parse(text, dialect) {
        Ok(Command::Quit) => Effect::Skip,
        Ok(Command::SetOption { name, value }) => match options::validate(&name, value.as_deref(), dialect, 64) {
            Ok(OptionChange::Batch(true)) => Effect::Skip,
            Ok(OptionChange::HashMb(mb)) if mb > 64 => Effect::Skip,
            _ => Effect::Other,
        },
        Ok(Command::Go(_) | Command::Perft { .. } | Command::Bench { .. }) => Effect::Search,
        _ => Effect::Other,
    }
}

/// Figures of a fuzz run.
#[derive(Debug, Default)]
pub struct Report {
    pub lines: usize,
    pub checkpoints: usize,
    pub failures: usize,
}

/// A fuzzing session: the engine under a 4 GB address-space limit where the platform allows it.
fn start(dialect: Dialect) -> Session {
    #[cfg(unix)]
    let mut s = Session::start_command(crate::common::chuhan_with_memory_limit(4 << 20));
    #[cfg(not(unix))]
    let mut s = Session::start();
    // CHUHAN_FUZZ_LOG=<dir>: each session's input is kept in <dir>/session-<n>.txt for replay.
    if let Ok(dir) = std::env::var("CHUHAN_FUZZ_LOG") {
        static SESSIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        s.input_log = std::fs::File::create(format!("{dir}/session-{n}.txt")).ok();
    }
    let hello = dialect.hello();
    s.send(hello);
    s.expect(&format!("{hello}ok"));
    s
}

/// Runs a checkpoint; `Err` describes the failure.
fn checkpoint(s: &mut Session, fen: &str) -> Result<(), String> {
    s.transcript.clear();
    s.send("stop");
    s.send(&format!("position fen {fen}"));
    s.send("d");
    let want = format!("Fen: {fen}");
    let mut idle = false;
    'wait: for _ in 0..30 {
        let deadline = Instant::now() + Duration::from_millis(500);
        while let Some(line) = s.next_line(deadline.saturating_duration_since(Instant::now())) {
            if line == want {
                idle = true;
                break 'wait;
            }
        }
        // A queued search may have started after the first `stop`.
        s.send("stop");
    }
    if !idle {
        return Err("no 'Fen:' line: the engine never became idle".into());
    }
    s.send("go depth 3");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let Some(line) = s.next_line(deadline.saturating_duration_since(Instant::now())) else {
            return Err("no answer to go depth 3".into());
        };
        if line == "nobestmove" {
            return Err("nobestmove in a position with legal moves".into());
        }
        if let Some(rest) = line.strip_prefix("bestmove ") {
            let text = rest.split_whitespace().next().unwrap_or_default();
            let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
            return match Move::parse(text) {
                Some(mv) if pos.is_legal_move(mv) => Ok(()),
                _ => Err(format!("illegal answer '{line}'")),
            };
        }
    }
}

/// Sends `lines` mutated lines in each dialect in turn, a checkpoint every `every` lines.
pub fn fuzz(seed: u64, lines: usize, every: usize, verbose: bool) -> Report {
    let mut rng = Rng(seed);
    let mut report = Report::default();
    let dialects = [Dialect::Ucci, Dialect::Uci];
    let mut dialect = dialects[0];
    let mut s = start(dialect);
    let mut pending = 0usize;
    let mut recent: Vec<String> = Vec::new();
    while report.lines < lines {
        let seed_line = *rng.pick(CORPUS);
        let line = mutate(&mut rng, seed_line);
        match effect(&line, dialect) {
            Effect::Skip => continue,
            Effect::Search => pending += 1,
            Effect::Other => {}
        }
        s.send_bytes(&[line.as_slice(), b"\n"].concat());
        recent.push(String::from_utf8_lossy(&line).into_owned());
        report.lines += 1;
        // Stop searches now or a line later, so that some lines arrive while thinking.
        if pending > 0 && (pending > 1 || rng.chance(2)) {
            for _ in 0..pending {
                s.send("stop");
            }
            pending = 0;
        }
        if report.lines % every == 0 || report.lines == lines {
            pending = 0;
            report.checkpoints += 1;
            // Unique counters make the `Fen:` line of the checkpoint's `d` unmistakable.
            let placement = rng.pick(&CHECKPOINT_FENS).split(' ').take(2).collect::<Vec<_>>().join(" ");
            let fen = format!("{placement} - - 0 {}", 1000 + report.checkpoints);
            if let Err(e) = checkpoint(&mut s, &fen) {
                report.failures += 1;
                eprintln!(
                    "checkpoint {} failed: {e}\nlines since the last checkpoint:\n{}\nengine output:\n{}",
                    report.checkpoints,
                    recent.join("\n"),
                    s.transcript.join("\n")
                );
                s = start(dialect);
            }
            recent.clear();
            if verbose && report.checkpoints % 50 == 0 {
                eprintln!("{report:?}");
            }
            // Alternate dialects every 500 lines (a fresh session each time).
            let next = dialects[(report.lines / 500) % 2];
            if next != dialect {
                dialect = next;
                s = start(dialect);
            }
        }
    }
    report
}

/// A few hundred lines in the ordinary suite.
#[test]
fn fuzz_small() {
    let report = fuzz(0x5eed, 300, 25, false);
    println!("lines: {}, checkpoints: {}, failures: {}", report.lines, report.checkpoints, report.failures);
    assert_eq!(report.lines, 300);
    assert_eq!(report.checkpoints, 12);
    assert_eq!(report.failures, 0);
}

/// The long run behind `make fuzz`: `CHUHAN_FUZZ_LINES` (default 20000) lines from
/// `CHUHAN_FUZZ_SEED` (default 1), a checkpoint every `CHUHAN_FUZZ_EVERY` (default 50) lines.
#[test]
#[ignore = "long; run with make fuzz"]
fn fuzz_long() {
    let var = |name: &str, default: u64| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let (seed, lines, every) =
        (var("CHUHAN_FUZZ_SEED", 1), var("CHUHAN_FUZZ_LINES", 20_000), var("CHUHAN_FUZZ_EVERY", 50));
    let report = fuzz(seed, lines as usize, every.max(1) as usize, true);
    println!("seed: {seed}");
    println!("lines: {}, checkpoints: {}, failures: {}", report.lines, report.checkpoints, report.failures);
    assert_eq!(report.failures, 0);
}

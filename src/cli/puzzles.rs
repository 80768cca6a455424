//! `chuhan puzzles build` (puzzles mined from game files) and `chuhan puzzles check` (a puzzle
//! file's solutions searched again, deeper): `docs/puzzles.md`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

use chuhan::Move;
use chuhan::board::Position;
use chuhan::cluster::write_atomic;
use chuhan::engine::Engine;
use chuhan::puzzles::{self, Puzzle, Settings};
use chuhan::types::Score;

use super::CliError;
use super::args::ShardArg;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Mine puzzles from game files: positions where exactly one move wins or saves the game.
    Build(BuildArgs),
    /// Search a puzzle file's solutions again, deeper, and say which hold.
    Check(CheckArgs),
}

impl Command {
    pub fn run(self) -> Result<(), CliError> {
        match self {
            Command::Build(args) => args.run(),
            Command::Check(args) => args.run(),
        }
    }
}

#[derive(clap::Args)]
pub struct BuildArgs {
    /// Game files (PGN, XQF, DhtmlXQ, any encoding), or folders searched recursively.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The puzzle file to write, one JSON object a line (a shard writes its own beside it).
    #[arg(long)]
    out: PathBuf,
    /// The depth of the searches that decide a puzzle and its line.
    #[arg(long, default_value_t = Settings::default().depth, value_parser = clap::value_parser!(i32).range(2..=40))]
    depth: i32,
    /// The depth of the review that picks the candidate positions.
    #[arg(long, default_value_t = Settings::default().prefilter, value_parser = clap::value_parser!(i32).range(1..=40))]
    prefilter: i32,
    /// Plies left out at the start of each game (the opening).
    #[arg(long, default_value_t = Settings::default().skip)]
    skip: usize,
    /// Most moves of the solver in a solution.
    #[arg(long, default_value_t = Settings::default().max_moves as u64, value_parser = clap::value_parser!(u64).range(1..=20))]
    max_moves: u64,
    /// Only every K-th distinct game (1: all), for a reproducible sample of a large collection.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    every: u64,
    #[command(flatten)]
    shard: ShardArg,
}

#[derive(clap::Args)]
pub struct CheckArgs {
    /// The puzzle file.
    file: PathBuf,
    /// The depth of the check's searches.
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=64))]
    depth: i32,
    /// Check this many puzzles spread evenly over the file (default: all).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    sample: Option<u64>,
    /// Write the puzzles that hold here, as they are in the file.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// One distinct game to mine: where it comes from, its start and moves.
struct Mined {
    source: String,
    start: Position,
    moves: Vec<Move>,
}

impl BuildArgs {
    /// Progress and skipped games go to stderr, the summary to stdout.
    fn run(self) -> Result<(), CliError> {
        let started = Instant::now();
        let shard = self.shard.get()?;
        let settings = Settings {
            depth: self.depth,
            prefilter: self.prefilter,
            skip: self.skip,
            max_moves: self.max_moves as usize,
        };
        let out = shard.map_or(self.out.clone(), |s| s.file(&self.out));
        let progress = progress_path(&out);
        let (games, read, duplicates) = distinct_games(&self.inputs)?;
        let chosen: Vec<Mined> = games.into_iter().step_by(self.every as usize).collect();
        let block = shard.map_or(0..chosen.len() as u64, |s| s.block(chosen.len() as u64));
        let mine: Vec<Mined> =
            chosen.into_iter().skip(block.start as usize).take((block.end - block.start) as usize).collect();
        eprintln!(
            "{read} games read, {duplicates} duplicates left out; mining {} (every {}{}) at depth {}",
            mine.len(),
            self.every,
            shard.map_or(String::new(), |s| format!(", shard {s}")),
            self.depth
        );

        // A run stopped part-way goes on from its progress file.
        let (mut text, done) = resume(&out, &progress)?;
        if done > 0 {
            eprintln!("{}: {done} games mined before, going on", out.display());
        }
        let mut engine = Engine::new().map_err(|e| CliError::Failed(format!("cannot start the engine: {e}")))?;
        engine.set_use_book(false);
        let mut found = puzzles::read(&text).map(|p| p.len()).unwrap_or(0);
        let mut seen: HashSet<String> = puzzles::read(&text)
            .unwrap_or_default()
            .into_iter()
            .map(|p| p.fen.split(' ').take(2).collect::<Vec<_>>().join(" "))
            .collect();
        let since = Instant::now();
        for (i, game) in mine.iter().enumerate().skip(done) {
            for puzzle in puzzles::mine(&mut engine, &game.start, &game.moves, &game.source, &settings) {
                // The same position from another game is one puzzle.
                if seen.insert(puzzle.fen.split(' ').take(2).collect::<Vec<_>>().join(" ")) {
                    text.push_str(&puzzles::to_line(&puzzle));
                    text.push('\n');
                    found += 1;
                }
            }
            write_atomic(&out, text.as_bytes())
                .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", out.display())))?;
            write_atomic(&progress, format!("{}\n", i + 1).as_bytes())
                .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", progress.display())))?;
            let n = i + 1 - done;
            if n % 10 == 0 || i + 1 == mine.len() {
                let secs = since.elapsed().as_secs_f64();
                eprintln!(
                    "{}/{} games, {found} puzzles, {:.1} s a game, {:.0} s",
                    i + 1,
                    mine.len(),
                    secs / n as f64,
                    secs
                );
            }
        }
        out!(
            "{}: {found} puzzles from {} games at depth {} in {:.0} s",
            out.display(),
            mine.len(),
            self.depth,
            started.elapsed().as_secs_f64()
        );
        Ok(())
    }
}

/// `puzzles.jsonl` keeps its count of games mined in `puzzles.jsonl.progress`.
fn progress_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".progress");
    PathBuf::from(name)
}

/// The text of a run stopped part-way and its count of games mined; nothing without a progress
/// file. A damaged file is refused, so that nothing mined is lost by writing over it.
fn resume(out: &Path, progress: &Path) -> Result<(String, usize), CliError> {
    let done = match std::fs::read_to_string(progress) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((String::new(), 0)),
        Err(e) => return Err(CliError::Failed(format!("cannot read {}: {e}", progress.display()))),
        Ok(text) => text
            .trim()
            .parse::<usize>()
            .map_err(|_| CliError::Failed(format!("{} holds no count of games; move it aside", progress.display())))?,
    };
    let text = std::fs::read_to_string(out).unwrap_or_default();
    puzzles::read(&text).map_err(|e| CliError::Failed(format!("{} is damaged ({e}); move it aside", out.display())))?;
    Ok((text, done))
}

/// Every readable game of the inputs once (the same moves from the same start filed twice is one
/// game), in the order of the files, with the count read and the count of duplicates.
fn distinct_games(inputs: &[PathBuf]) -> Result<(Vec<Mined>, usize, usize), CliError> {
    let sources = chuhan::pgn::read_paths(inputs).map_err(CliError::usage)?;
    if sources.is_empty() {
        return Err(CliError::usage("no game files in the inputs"));
    }
    let mut seen = HashSet::new();
    let (mut games, mut read, mut duplicates, mut skipped) = (Vec::new(), 0, 0, 0);
    for source in sources {
        let name = short_name(&source.path, inputs);
        let (ok, errors) = source.split();
        for error in errors {
            eprintln!("skipped {error}");
            skipped += 1;
        }
        for (i, game) in ok.into_iter().enumerate() {
            read += 1;
            let key = format!("{} {}", game.start.fen(), game.moves.iter().map(|m| m.to_string()).collect::<String>());
            if !seen.insert(key) {
                duplicates += 1;
                continue;
            }
            games.push(Mined { source: format!("{name}:{}", i + 1), start: game.start, moves: game.moves });
        }
    }
    if games.is_empty() {
        return Err(CliError::Failed(format!("no readable game in the inputs ({skipped} skipped)")));
    }
    Ok((games, read, duplicates))
}

/// A file's name below the input folder that holds it (the path as given otherwise).
fn short_name(path: &Path, inputs: &[PathBuf]) -> String {
    inputs.iter().filter(|i| i.is_dir()).find_map(|i| path.strip_prefix(i).ok()).unwrap_or(path).display().to_string()
}

impl CheckArgs {
    fn run(self) -> Result<(), CliError> {
        let text = std::fs::read_to_string(&self.file)
            .map_err(|e| CliError::Usage(format!("{}: {e}", self.file.display())))?;
        let all = puzzles::read(&text).map_err(|e| CliError::Usage(format!("{}: {e}", self.file.display())))?;
        if all.is_empty() {
            return Err(CliError::Usage(format!("{} holds no puzzles", self.file.display())));
        }
        let chosen: Vec<&Puzzle> = match self.sample {
            Some(n) if (n as usize) < all.len() => (0..n as usize).map(|k| &all[k * all.len() / n as usize]).collect(),
            _ => all.iter().collect(),
        };
        let mut engine = Engine::new().map_err(|e| CliError::Failed(format!("cannot start the engine: {e}")))?;
        engine.set_use_book(false);
        let mut holding = 0;
        let mut kept = String::new();
        for puzzle in &chosen {
            let check = puzzles::check(&mut engine, puzzle, self.depth).map_err(CliError::Failed)?;
            holding += usize::from(check.holds);
            if check.holds {
                kept.push_str(&puzzles::to_line(puzzle));
                kept.push('\n');
            }
            let steps: Vec<String> = check
                .steps
                .iter()
                .map(|(mv, best, second)| {
                    let second = second.map_or("-".to_string(), |v| Score::from_value(v).pawns());
                    format!("{mv} {}/{second}", Score::from_value(*best).pawns())
                })
                .collect();
            out!(
                "{} {} | {} | {} {} | depth {}: {} | {}",
                puzzle.id,
                puzzle.fen,
                puzzle.moves.join(" "),
                puzzle.rating,
                puzzle.themes.join(","),
                self.depth,
                steps.join(", "),
                if check.holds { "holds" } else { "FAILS" }
            );
        }
        out!("{holding} of {} puzzles hold at depth {}", chosen.len(), self.depth);
        if let Some(path) = &self.out {
            write_atomic(path, kept.as_bytes())
                .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", path.display())))?;
        }
        Ok(())
    }
}

//! `chuhan analyze FILE`: reads the games, reviews each (or one), and writes what was asked.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use chuhan::GameResult;
use chuhan::analysis::{Entry, Review, annotate, graph, notation_of, page};
use chuhan::cluster::{Shard, write_atomic};
use chuhan::engine::{Engine, Limits};
use chuhan::pgn::{self, Game};
use chuhan::words::Lang;

use super::CliError;
use super::args::{Egtb, ShardArg};

/// Time per position when neither a time nor a depth is given.
const DEFAULT_MOVETIME_MS: u64 = 1000;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The PGN file (UTF-8, GBK or Big5; ICCS, WXF or Chinese moves).
    file: PathBuf,
    /// Only game N of the file (from 1, counting unreadable games too).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    game: Option<u64>,
    /// Search time per position in milliseconds [default: 1000].
    #[arg(long, conflicts_with = "depth", value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    /// Search depth per position, instead of a time.
    #[arg(long, value_parser = clap::value_parser!(i32).range(1..=64))]
    depth: Option<i32>,
    /// Write the annotated games here as PGN.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write the evaluation graph here as SVG (`NAME-K.svg` for game K when there are several).
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Write one HTML page: the annotated moves, the graph and a diagram of each blunder.
    #[arg(long)]
    html: Option<PathBuf>,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: u64,
    #[command(flatten)]
    shard: ShardArg,
    /// Instead of reviewing, join the --out files of shards 0/N to N-1/N into --out, once
    /// every shard has reviewed all its games (docs/cluster.md §4).
    #[arg(long, value_name = "N", conflicts_with_all = ["game", "html", "svg", "shard"], requires = "out")]
    merge: Option<u32>,
    /// The engine plays from these tables, and a move that throws away a table win or draw is
    /// marked with the tables' words and best move.
    #[command(flatten)]
    egtb: Egtb,
}

impl Args {
    /// The summary goes to stdout, skipped games and the progress bar to stderr.
    pub fn run(self) -> Result<(), CliError> {
        let shard = self.shard.get()?;
        if shard.is_some() && (self.out.is_none() || self.game.is_some() || self.html.is_some()) {
            return Err(CliError::usage("--shard needs --out and takes neither --game nor --html"));
        }
        match self.merge {
            Some(count) => merge(&self, count),
            None => review(&self, shard),
        }
    }
}

/// The annotated games a shard's file already holds, as text and how many; none without one.
fn done_before(path: &Path) -> Result<(String, usize), String> {
    match std::fs::read_to_string(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok((String::new(), 0)),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        Ok(text) => {
            let games = pgn::read_games(&text);
            if let Some(e) = games.iter().find_map(|g| g.as_ref().err()) {
                return Err(format!("{} is damaged ({e}); move it aside", path.display()));
            }
            Ok((text, games.len()))
        }
    }
}

/// The games of `shard`'s block of the file's games (counting unreadable ones, as `--game` does).
fn shard_games(games: Numbered, count: usize, shard: Shard) -> Numbered {
    let block = shard.block(count as u64);
    games.into_iter().filter(|(n, _)| block.contains(&(*n as u64 - 1))).collect()
}

/// `--merge N`: the shards' files, each whole, joined in shard order.
fn merge(args: &Args, count: u32) -> Result<(), CliError> {
    let out = args.out.as_deref().ok_or_else(|| CliError::usage("--merge needs --out"))?;
    let (games, skipped) = read(&args.file, None)?;
    let total = games.len() + skipped.len();
    let mut text = String::new();
    let mut problems = Vec::new();
    for index in 0..count {
        let shard = Shard::new(index, count).map_err(|e| CliError::Usage(format!("--merge {count}: {e}")))?;
        let path = shard.file(out);
        let wanted = shard_games(games.clone(), total, shard).len();
        if !path.exists() {
            problems.push(format!("shard {shard}: {} is missing", path.display()));
            continue;
        }
        match done_before(&path) {
            Ok((part, n)) if n == wanted => text.push_str(&part),
            Ok((_, n)) => problems.push(format!("shard {shard}: {} holds {n} of its {wanted} games", path.display())),
            Err(e) => problems.push(format!("shard {shard}: {e}")),
        }
    }
    if !problems.is_empty() {
        for problem in &problems {
            eprintln!("error: {problem}");
        }
        return Err(CliError::Failed(format!(
            "{} of {count} shards not ready; {} not written",
            problems.len(),
            out.display()
        )));
    }
    write_atomic(out, text.as_bytes()).map_err(|e| CliError::Failed(format!("cannot write {}: {e}", out.display())))?;
    out!("{}: {} games from {count} shards", out.display(), games.len());
    Ok(())
}

fn review(args: &Args, shard: Option<Shard>) -> Result<(), CliError> {
    let (mut games, mut skipped) = read(&args.file, args.game)?;
    // A shard's annotated games, kept in memory and its file replaced after each game; those it
    // already holds are not reviewed again.
    let mut sharded = None;
    if let (Some(shard), Some(out)) = (shard, &args.out) {
        let total = games.len() + skipped.len();
        let block = shard.block(total as u64);
        skipped.retain(|line| numbered_in(line, &args.file).is_some_and(|n| block.contains(&(n - 1))));
        games = shard_games(games, total, shard);
        let path = shard.file(out);
        let (text, done) = done_before(&path).map_err(CliError::Failed)?;
        if done > 0 {
            eprintln!("{}: {done} games reviewed before, going on", path.display());
        }
        games.drain(..done.min(games.len()));
        sharded = Some((path, text));
    }
    let tables = args.egtb.open()?;
    // Output files are made before hours of search, so a bad path fails at once.
    let mut out = if sharded.is_some() { None } else { args.out.as_deref().map(create).transpose()? };
    let mut html = args.html.as_deref().map(create).transpose()?;
    for line in &skipped {
        eprintln!("skipped {line}");
    }
    if !skipped.is_empty() {
        eprintln!("{} of {} games skipped", skipped.len(), skipped.len() + games.len());
    }
    let mut engine = Engine::new().map_err(|e| CliError::Failed(format!("cannot start the engine: {e}")))?;
    engine
        .set_threads(args.threads as usize)
        .map_err(|e| CliError::Failed(format!("cannot start the threads: {e}")))?;
    engine.set_egtb(tables);
    let limits = match args.depth {
        Some(d) => Limits { depth: Some(d), ..Limits::default() },
        None => Limits {
            movetime: Some(Duration::from_millis(args.movetime.unwrap_or(DEFAULT_MOVETIME_MS))),
            ..Limits::default()
        },
    };
    let per_position = match args.depth {
        Some(d) => format!("depth {d}"),
        None => format!("{} ms a position", args.movetime.unwrap_or(DEFAULT_MOVETIME_MS)),
    };
    let annotator = format!("Chuhan {} ({per_position})", env!("CARGO_PKG_VERSION"));

    let total: usize = games.iter().map(|(_, g)| g.moves.len() + 1).sum();
    // Hidden by indicatif itself when stderr is no terminal, so logs stay clean.
    let bar = indicatif::ProgressBar::new(total as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} positions  {msg}  {elapsed} (eta {eta})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut entries = Vec::new();
    for (k, (number, game)) in games.iter().enumerate() {
        engine.new_game();
        let moves = game.moves.len();
        let review = Review::run(&mut engine, &game.start, &game.moves, &limits, &mut |i| {
            bar.set_message(format!(
                "game {}/{} move {}/{}",
                k + 1,
                games.len(),
                i.min(moves.max(1) - 1) / 2 + 1,
                moves.div_ceil(2)
            ));
            bar.inc(u64::from(i > 0));
            true
        });
        bar.inc(1);
        let heading = heading(*number, game);
        bar.suspend(|| print_lines(&chuhan::analysis::review_summary(Lang::En, &heading, game, &review)));
        let annotated = annotate(game, &review, &annotator);
        if let Some(file) = out.as_mut() {
            write(file, &format!("{}\n", annotated.to_pgn(notation_of(game))), args.out.as_deref())?;
        }
        if let Some((path, text)) = sharded.as_mut() {
            text.push_str(&format!("{}\n", annotated.to_pgn(notation_of(game))));
            write_atomic(path, text.as_bytes())
                .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", path.display())))?;
        }
        if let Some(svg) = &args.svg {
            let name = if games.len() > 1 { numbered(svg, *number) } else { svg.clone() };
            std::fs::write(&name, graph(game, &review).render())
                .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", name.display())))?;
        }
        entries.push(Entry { heading, game: annotated, review });
    }
    bar.finish_and_clear();
    for failure in engine.egtb().map(|tb| tb.take_failures()).unwrap_or_default() {
        eprintln!("warning: --egtb: {failure}");
    }
    if let Some(file) = html.as_mut() {
        write(file, &page(&entries), args.html.as_deref())?;
    }
    Ok(())
}

/// Games to review, each with its number in the file (from 1).
type Numbered = Vec<(usize, Game)>;

/// The games to review (game `only`, or every readable one), and a line for each unreadable one.
fn read(path: &Path, only: Option<u64>) -> Result<(Numbered, Vec<String>), CliError> {
    let meta = std::fs::metadata(path).map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    if meta.is_dir() {
        return Err(CliError::Usage(format!("{} is a directory, not a game file", path.display())));
    }
    let source = pgn::read_file(path);
    if let Some(Err(pgn::PgnError::Unreadable(why))) = source.games.first() {
        return Err(CliError::Usage(format!("{}: {why}", path.display())));
    }
    let count = source.games.len();
    if count == 0 {
        return Err(CliError::Failed(format!("{} holds no games", path.display())));
    }
    let skipped = |n: usize, e: &pgn::PgnError| format!("{} game {n}: {e}", path.display());
    if let Some(n) = only {
        let n = usize::try_from(n).unwrap_or(usize::MAX);
        return match source.games.into_iter().nth(n - 1) {
            None => Err(CliError::Usage(format!("--game {n}: {} holds {count} game{}", path.display(), plural(count)))),
            Some(Err(e)) => Err(CliError::Failed(skipped(n, &e))),
            Some(Ok(game)) => Ok((vec![(n, game)], Vec::new())),
        };
    }
    let mut games = Vec::new();
    let mut broken = Vec::new();
    for (i, game) in source.games.into_iter().enumerate() {
        match game {
            Ok(game) => games.push((i + 1, game)),
            Err(e) => broken.push(skipped(i + 1, &e)),
        }
    }
    if games.is_empty() {
        // One game: its own error is the clearest line; several: how many and the first.
        return Err(CliError::Failed(match broken.len() {
            1 => broken.remove(0),
            n => format!("no readable game among {n} in {}; first: {}", path.display(), broken[0]),
        }));
    }
    Ok((games, broken))
}

/// The game number of a skipped game's line (`FILE game N: why`).
fn numbered_in(line: &str, path: &Path) -> Option<u64> {
    let rest = line.strip_prefix(&format!("{} game ", path.display()))?;
    rest.split(':').next()?.parse().ok()
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `Game 3: 張三 - 李四, 1-0, 41 moves`.
fn heading(number: usize, game: &Game) -> String {
    format!(
        "Game {number}: {} - {}, {}, {} move{}",
        game.tag("Red").unwrap_or("?"),
        game.tag("Black").unwrap_or("?"),
        GameResult::score_of(game.result.as_ref()),
        game.moves.len().div_ceil(2),
        plural(game.moves.len().div_ceil(2))
    )
}

/// `graph.svg` for game 3 is `graph-3.svg`.
fn numbered(path: &Path, number: usize) -> PathBuf {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{number}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{number}"),
    };
    path.with_file_name(name)
}

fn create(path: &Path) -> Result<std::fs::File, CliError> {
    std::fs::File::create(path).map_err(|e| CliError::Failed(format!("cannot write {}: {e}", path.display())))
}

fn write(file: &mut std::fs::File, text: &str, path: Option<&Path>) -> Result<(), CliError> {
    let name = path.map_or(String::new(), |p| p.display().to_string());
    file.write_all(text.as_bytes()).map_err(|e| CliError::Failed(format!("cannot write {name}: {e}")))
}

fn print_lines(lines: &[String]) {
    let mut stdout = std::io::stdout().lock();
    for line in lines {
        if writeln!(stdout, "{line}").is_err() {
            return;
        }
    }
}

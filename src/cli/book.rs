//! `chuhan book build` and `chuhan book probe`.

use std::path::PathBuf;
use std::time::Instant;

use chuhan::Position;
use chuhan::book::build::{DEFAULT_MAX_PLY, DEFAULT_MIN_GAMES};
use chuhan::book::{Book, BookMove};
use chuhan::notation::{Notation, Script, format_move};

use super::CliError;
use super::args::PositionArgs;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Count the master games in PGN files into a book file.
    Build(BuildArgs),
    /// The book's moves for a position, most played first.
    Probe(ProbeArgs),
}

#[derive(clap::Args)]
pub struct BuildArgs {
    /// PGN files, or folders searched recursively for .pgn files.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The book file to write.
    #[arg(long)]
    out: PathBuf,
    /// Plies counted from the start of each game.
    #[arg(long, default_value_t = DEFAULT_MAX_PLY, value_parser = clap::value_parser!(u32).range(1..=400))]
    max_ply: u32,
    /// Fewest games a move needs to be kept.
    #[arg(long, default_value_t = DEFAULT_MIN_GAMES, value_parser = clap::value_parser!(u32).range(1..))]
    min_games: u32,
}

#[derive(clap::Args)]
pub struct ProbeArgs {
    /// Book file (default: the book built into Chuhan).
    #[arg(long)]
    book: Option<String>,
    #[command(flatten)]
    position: PositionArgs,
}

impl Command {
    pub fn run(self) -> Result<(), CliError> {
        match self {
            Command::Build(args) => args.run(),
            Command::Probe(args) => args.run(),
        }
    }
}

impl BuildArgs {
    /// The summary goes to stdout, the progress bar to stderr.
    fn run(self) -> Result<(), CliError> {
        let started = Instant::now();
        let files = chuhan::pgn::list_files(&self.inputs).map_err(CliError::usage)?;
        // Hidden by indicatif itself when stderr is no terminal, so logs stay clean.
        let bar = indicatif::ProgressBar::new(files.len() as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} files  {elapsed} (eta {eta})")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        let built = chuhan::book::sources::build(&files, self.max_ply, self.min_games, &|| bar.inc(1));
        bar.finish_and_clear();
        // A collection that gives no book is the user's to fix, and no file is written.
        let built = built.map_err(CliError::usage)?;
        std::fs::write(&self.out, &built.bytes)
            .map_err(|e| CliError::failed(format!("cannot write {}: {e}", self.out.display())))?;
        for line in built.summary.lines() {
            out!("{line}");
        }
        out!("written: {} in {:.1} s", self.out.display(), started.elapsed().as_secs_f64());
        Ok(())
    }
}

impl ProbeArgs {
    /// One line per book move, most played first; `no book moves` when there are none.
    fn run(self) -> Result<(), CliError> {
        let book = Book::open_or_default(self.book.as_deref().unwrap_or("")).map_err(CliError::usage)?;
        let pos = self.position.position()?;
        let found = book.probe(&pos);
        if found.is_empty() {
            out!("no book moves");
        }
        for bm in &found {
            out!("{}", probe_line(&pos, bm));
        }
        Ok(())
    }
}

/// One line of `chuhan book probe`: the move in ICCS and Chinese, games, and over the games
/// with a result (all of them unless said) the mover's score and the draw rate:
/// `h2e2  炮二平五  5 games (4 with a result)  score 50.0%  draws 25.0%`.
fn probe_line(pos: &Position, bm: &BookMove) -> String {
    let s = bm.stats;
    let games = format!("{} game{}", s.games(), if s.games() == 1 { "" } else { "s" });
    let scored = match s.scored() {
        n if n == s.games() => String::new(),
        0 => " (none with a result)".to_string(),
        n => format!(" ({n} with a result)"),
    };
    let score = match (s.score(), s.draw_rate()) {
        (Some(score), Some(draws)) => format!("score {:.1}%  draws {:.1}%", 100.0 * score, 100.0 * draws),
        _ => "score unknown".to_string(),
    };
    format!("{}  {}  {games}{scored}  {score}", bm.mv, format_move(pos, bm.mv, Notation::Chinese(Script::Simplified)))
}

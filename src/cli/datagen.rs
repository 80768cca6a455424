//! `chuhan datagen`: training positions for the network, from self-play or recorded games.

use std::path::PathBuf;
use std::time::Instant;

use chuhan::cluster::Shard;
use chuhan::datagen::{self, Options, Settings, Source, label};

use super::CliError;
use super::args::ShardArg;

#[derive(clap::Args)]
pub struct Args {
    /// The record file (`docs/datagen.md`); an existing one is continued where it stopped.
    #[arg(long)]
    out: PathBuf,
    /// Self-play games in the file in all.
    #[arg(long, default_value_t = 1000)]
    games: u32,
    /// Instead of self-play, the positions of these game files or directories (every format
    /// `chuhan pgn` reads), each scored by a search and labelled with its game's result.
    #[arg(long, num_args = 1..)]
    from_games: Vec<PathBuf>,
    /// Nodes of each move's search (varied by up to an eighth either way).
    #[arg(long, default_value_t = Settings::default().nodes)]
    nodes: u64,
    /// Games played at a time, one engine each.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Distinguishes this run's openings from another's.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Self-play: book moves at most at the start of each game; recorded games: plies not
    /// scored at the start of each game.
    #[arg(long, default_value_t = Settings::default().book_plies)]
    book_plies: usize,
    /// Self-play: random legal moves after the book's.
    #[arg(long, default_value_t = Settings::default().random_plies)]
    random_plies: usize,
    /// Self-play: plies after the opening at which a game is drawn.
    #[arg(long, default_value_t = Settings::default().max_plies)]
    max_plies: usize,
    /// Search with the network instead of the thesis evaluation: the built-in net, or the one
    /// `--eval-file` names.
    #[arg(long)]
    nnue: bool,
    /// The net file `--nnue` searches with.
    #[arg(long, requires = "nnue")]
    eval_file: Option<PathBuf>,
    #[command(flatten)]
    shard: ShardArg,
}

impl Args {
    pub fn run(self) -> Result<(), CliError> {
        if self.nodes == 0 {
            return Err(CliError::usage("--nodes must be at least 1"));
        }
        // Shard I plays its block of the games into its own file (`docs/cluster.md` §3).
        let shard = self.shard.get()?;
        let out = shard.map_or_else(|| self.out.clone(), |s| s.file(&self.out));
        let source = if self.from_games.is_empty() {
            Source::SelfPlay { games: self.games }
        } else {
            let sources = chuhan::pgn::read_paths(&self.from_games).map_err(CliError::usage)?;
            let (games, left_out) = label::distinct_games(sources);
            out!("{} games to label ({left_out} unreadable or repeated left out)", games.len());
            Source::Games(games)
        };
        let settings = Settings {
            nodes: self.nodes,
            seed: self.seed,
            book_plies: self.book_plies,
            random_plies: self.random_plies,
            max_plies: self.max_plies,
        };
        let eval_file = self.nnue.then(|| self.eval_file.map(|p| p.display().to_string()).unwrap_or_default());
        let shard = shard.unwrap_or(Shard::WHOLE);
        let opts = Options { out, source, settings, threads: self.threads, eval_file, shard };
        // Hidden by indicatif itself when stderr is no terminal, so logs stay clean.
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games  {msg}  {elapsed} (eta {eta})")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        let started = Instant::now();
        let done = datagen::run(&opts, &mut |p| {
            if bar.length() == Some(0) {
                bar.set_length(u64::from(p.total));
            }
            bar.set_position(u64::from(p.games));
            bar.set_message(format!("{} positions", p.positions));
        })
        .map_err(CliError::Failed)?;
        bar.finish_and_clear();
        let seconds = started.elapsed().as_secs_f64();
        out!(
            "games {} to {} of {}: {} positions written in {seconds:.1} s ({:.0} positions/s)",
            done.first_game,
            done.games,
            done.total,
            done.written,
            done.written as f64 / seconds.max(1e-9)
        );
        out!(
            "{}: {} positions, {} bytes",
            opts.out.display(),
            done.positions,
            done.positions * datagen::record::RECORD_SIZE as u64
        );
        Ok(())
    }
}

//! The command line: one file per subcommand, holding its arguments (clap) and its `run`.
//!
//! A subcommand's `run` prints its results and returns a [`CliError`] for anything else, which
//! `main` prints as one line on stderr and turns into the exit status. The library below does
//! the work and returns values and errors; it never prints a result or exits.
//!
//! To add a subcommand: a file here with `pub struct Args` (`#[derive(clap::Args)]`) and
//! `impl Args { pub fn run(self) -> Result<(), CliError> }`, a variant of [`Command`] whose doc
//! comment is its one-line help, and its arm in [`Command::run`].

/// `println!` that ends the process quietly when stdout is closed (`chuhan perft | head`),
/// where `println!` would panic.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod analyze;
mod args;
mod bench;
mod book;
mod datagen;
mod diagram;
mod egtb;
mod error;
mod judge;
mod r#match;
mod merge;
mod perft;
mod pgn;
mod play;
mod puzzles;
mod serve;
mod spsa;
mod suite;
mod train;
mod tune;
mod wdl;

pub use error::CliError;

/// The subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Count the leaves of the legal move tree (move generator test and benchmark).
    Perft(perft::Args),
    /// Fixed-depth search over the bench positions; prints the node-count signature.
    Bench(bench::Args),
    /// Run an EPD suite (mate-in-N or perft lines); ends with `N passed, M failed`.
    Suite(suite::Args),
    /// Play moves from a position and judge the result by the rules: `result <score> <reason>`.
    Judge(judge::Args),
    /// Draw a board diagram as SVG: pieces, the last move's points, optional arrows.
    Diagram(diagram::Args),
    /// Play a game against Chuhan in the terminal (moves in ICCS, Chinese or WXF notation).
    Play(play::Args),
    /// Fit the evaluation weights to game results (Texel's method); writes them as Rust source.
    Tune(tune::Args),
    /// Tune the search's parameters by self-play game pairs (SPSA, docs/tuning.md §12).
    Spsa(spsa::Args),
    /// The win/draw/loss model: `chuhan wdl fit FILES...` refits it on game outcomes.
    #[command(subcommand)]
    Wdl(wdl::Command),
    /// Read game files (PGN in UTF-8, GBK or Big5; ICCS, WXF or Chinese moves), check every
    /// move, and write the games as clean UTF-8 PGN; skipped games are listed on stderr.
    Pgn(pgn::Args),
    /// Build or probe an opening book.
    #[command(subcommand)]
    Book(book::Command),
    /// Review games: every move searched, graded, and written as PGN, SVG or HTML.
    Analyze(analyze::Args),
    /// Play games between two engines and report the score.
    Match(r#match::Args),
    /// Write training positions for the network: fixed-node self-play, or recorded games
    /// scored by a search (docs/datagen.md).
    Datagen(datagen::Args),
    /// Train the evaluation network on datagen's records; writes a CHNN net (docs/nnue.md).
    Train(train::Args),
    /// Endgame tablebases: build, verify, describe and probe them (docs/egtb.md).
    #[command(subcommand)]
    Egtb(egtb::Command),
    /// Puzzles: mine them from game files (`build`), check them by a deeper search (`check`).
    #[command(subcommand)]
    Puzzles(puzzles::Command),
    /// Serve the board in the browser: play, analyse and review games (127.0.0.1:8412).
    Serve(serve::Args),
}

impl Command {
    /// Runs the subcommand; `matches` are the whole command line's, for `match`, whose engine
    /// options belong to the `--engine` they follow.
    pub fn run(self, matches: &clap::ArgMatches) -> Result<(), CliError> {
        match self {
            Command::Perft(args) => args.run(),
            Command::Bench(args) => args.run(),
            Command::Suite(args) => args.run(),
            Command::Judge(args) => args.run(),
            Command::Diagram(args) => args.run(),
            Command::Play(args) => args.run(),
            Command::Tune(args) => args.run(),
            Command::Spsa(args) => args.run(),
            Command::Wdl(command) => command.run(),
            Command::Pgn(args) => args.run(),
            Command::Book(command) => command.run(),
            Command::Analyze(args) => args.run(),
            Command::Match(args) => match matches.subcommand_matches("match") {
                Some(m) => args.run(m),
                None => Err(CliError::Failed("internal: no arguments for match".to_string())),
            },
            Command::Puzzles(command) => command.run(),
            Command::Serve(args) => args.run(),
            Command::Egtb(command) => command.run(),
            Command::Datagen(args) => args.run(),
            Command::Train(args) => args.run(),
        }
    }
}

/// No subcommand: the UCCI (or UCI) protocol on stdin and stdout.
pub fn protocol() -> Result<(), CliError> {
    let input = Box::new(std::io::BufReader::new(std::io::stdin()));
    chuhan::ucci::run(input, Box::new(std::io::stdout())).map_err(CliError::failed)
}

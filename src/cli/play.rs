//! `chuhan play`: a game against Chuhan in the terminal.

use std::io::IsTerminal;
use std::time::Duration;

use chuhan::Color;
use chuhan::board::MoveLimit;
use chuhan::engine::Level;
use chuhan::game::{Budget, DEFAULT_LEVEL};
use chuhan::notation::{Notation, Script};
use chuhan::play::Config;

use super::CliError;
use super::args::{Egtb, Fen, NotationArg};

#[derive(clap::Args)]
pub struct Args {
    /// Play Red, who moves first (the default).
    #[arg(long, conflicts_with = "black")]
    red: bool,
    /// Play Black.
    #[arg(long)]
    black: bool,
    /// Chuhan searches to this depth per move.
    #[arg(long, conflicts_with = "movetime", value_parser = clap::value_parser!(i32).range(1..=64))]
    depth: Option<i32>,
    /// Chuhan thinks this many milliseconds per move (default 1000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    /// Chuhan's level, 0 (a beginner can win) to 20 (full strength).
    #[arg(long, default_value_t = DEFAULT_LEVEL)]
    level: Level,
    /// Start from this position instead of the start position.
    #[command(flatten)]
    fen: Fen,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: u64,
    /// How moves are shown.
    #[arg(long, value_enum, default_value_t = NotationArg(Notation::Chinese(Script::Simplified)))]
    notation: NotationArg,
    /// Search every move instead of opening from the book.
    #[arg(long)]
    no_book: bool,
    /// The game is drawn after this many moves each without a capture, 50 to 60
    /// (`docs/rules.md` §9); the search plays to the same limit.
    #[arg(long, value_name = "MOVES", default_value_t = MoveLimit::SIXTY)]
    move_limit: MoveLimit,
    /// The hint's endgame tables where they cover the position (Chuhan plays from them at
    /// level 20).
    #[command(flatten)]
    egtb: Egtb,
}

impl Args {
    pub fn run(self) -> Result<(), CliError> {
        let start = self.fen.position()?;
        let think = match self.depth {
            Some(d) => Budget::Depth(d),
            None => Budget::MoveTime(Duration::from_millis(self.movetime.unwrap_or(1000))),
        };
        let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let config = Config {
            start,
            human: if self.black { Color::Black } else { Color::Red },
            think,
            level: self.level,
            threads: self.threads as usize,
            notation: self.notation.0,
            colour: std::io::stdout().is_terminal() && !no_colour,
            echo: !std::io::stdin().is_terminal(),
            book: !self.no_book,
            move_limit: self.move_limit,
            egtb: self.egtb.open()?,
        };
        chuhan::play::run(config, std::io::stdin().lock(), std::io::stdout().lock())
            .map_err(|e| CliError::Failed(format!("{e:#}")))
    }
}

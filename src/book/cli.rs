//! `chuhan book build` and `chuhan book probe`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use super::build::Builder;
use super::sources::count_games;
use super::{Book, BookMove};
use crate::board::Position;
use crate::notation::{Notation, Script, format_move, parse_move};

/// What `chuhan book build` was asked for.
pub struct BuildArgs {
    pub inputs: Vec<PathBuf>,
    pub out: PathBuf,
    pub max_ply: u32,
    pub min_games: u32,
}

/// Builds a book; the summary goes to `out`, the progress bar to stderr.
pub fn build(args: &BuildArgs, out: &mut dyn Write) -> ExitCode {
    let started = Instant::now();
    let files = match crate::pgn::list_files(&args.inputs) {
        Ok(files) => files,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    // Hidden by indicatif itself when stderr is no terminal, so logs stay clean.
    let bar = indicatif::ProgressBar::new(files.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} files  {elapsed} (eta {eta})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut builder = Builder::new(args.max_ply);
    let mut summary = count_games(&files, &mut builder, &|| bar.inc(1));
    bar.finish_and_clear();
    let bytes = builder.encode(args.min_games);
    let records = builder.records(args.min_games);
    summary.positions = records.len() as u64;
    summary.moves = records.iter().map(|r| r.moves.len() as u64).sum();
    summary.bytes = bytes.len() as u64;
    if let Err(e) = std::fs::write(&args.out, &bytes) {
        eprintln!("error: cannot write {}: {e}", args.out.display());
        return ExitCode::from(1);
    }
    let mut lines = summary.lines();
    lines.push(format!("written: {} in {:.1} s", args.out.display(), started.elapsed().as_secs_f64()));
    for line in lines {
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// One line of `chuhan book probe`: the move in ICCS and Chinese, games, the mover's score and
/// the draw rate.
pub fn probe_line(pos: &Position, bm: &BookMove) -> String {
    let s = bm.stats;
    format!(
        "{}  {}  {} game{}  score {:.1}%  draws {:.1}%",
        bm.mv,
        format_move(pos, bm.mv, Notation::Chinese(Script::Simplified)),
        s.games(),
        if s.games() == 1 { "" } else { "s" },
        100.0 * s.score(),
        100.0 * s.draw_rate()
    )
}

/// The book's moves after `moves` from `fen` (or the start position), one line each, most
/// played first; `no book moves` when there are none. Errors are for bad arguments.
pub fn probe(book: Option<&str>, fen: Option<&str>, moves: &str) -> Result<Vec<String>, String> {
    let book = Book::open_or_default(book.unwrap_or("")).map_err(|e| e.to_string())?;
    let mut pos = match fen {
        Some(fen) => Position::from_fen(fen).map_err(|e| format!("invalid --fen: {e}"))?,
        None => Position::startpos(),
    };
    for text in moves.split_whitespace() {
        let mv = parse_move(&pos, text).map_err(|e| format!("--moves: {e}"))?;
        pos.make(mv);
    }
    let found = book.probe(&pos);
    if found.is_empty() {
        return Ok(vec!["no book moves".to_string()]);
    }
    Ok(found.iter().map(|bm| probe_line(&pos, bm)).collect())
}

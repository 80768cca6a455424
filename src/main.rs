use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::{Parser, Subcommand};

use chuhan::Position;

/// Chuhan (楚汉), a xiangqi engine. With no subcommand it speaks UCCI (or UCI) on stdin/stdout.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree (move generator test and benchmark).
    Perft {
        /// Depth in plies.
        depth: u32,
        /// Position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Print one `move: count` line per root move.
        #[arg(long)]
        divide: bool,
        /// Threads splitting the root moves.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Play moves from a position and judge the result by the rules: `result <score> <reason>`.
    Judge {
        /// Position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves in ICCS, separated by spaces: "h2e2 h9g7".
        #[arg(long, default_value = "")]
        moves: String,
        /// Judge a repetition at its first recurrence instead of the third occurrence.
        #[arg(long)]
        first_repetition: bool,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match cli.command {
        Some(Command::Perft { depth, fen, divide, threads }) => perft(depth, fen.as_deref(), divide, threads),
        Some(Command::Judge { fen, moves, first_repetition }) => {
            match chuhan::judge::judge(fen.as_deref(), &moves, first_repetition) {
                Ok(line) => println!("{line}"),
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            }
            ExitCode::SUCCESS
        }
        None => ExitCode::SUCCESS,
    }
}

fn perft(depth: u32, fen: Option<&str>, divide: bool, threads: usize) -> ExitCode {
    let pos = match fen.map_or_else(|| Ok(Position::startpos()), Position::from_fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: invalid --fen: {e}");
            return ExitCode::from(2);
        }
    };
    if threads == 0 {
        eprintln!("error: --threads must be at least 1");
        return ExitCode::from(2);
    }
    let start = Instant::now();
    let stop = AtomicBool::new(false);
    let Some(counts) = chuhan::perft::divide(&pos, depth, threads, &stop) else {
        return ExitCode::from(1);
    };
    let (lines, total) = chuhan::perft::report(&counts, depth);
    let elapsed = start.elapsed();
    if divide {
        for l in lines {
            println!("{l}");
        }
        println!();
    }
    let ms = elapsed.as_millis();
    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    println!("Time (ms): {ms}  Nodes/second: {nps}");
    println!("Nodes searched: {total}");
    ExitCode::SUCCESS
}

use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use chuhan::Position;
use chuhan::engine::{Engine, perft_report};

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
    /// Fixed-depth search over the bench positions; prints the node-count signature.
    Bench {
        /// Depth in plies.
        #[arg(default_value_t = chuhan::bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(i32).range(1..=64))]
        depth: i32,
    },
    /// Run an EPD suite (mate-in-N or perft lines); ends with `N passed, M failed`.
    Suite {
        /// The suite file, e.g. positions/mate.epd.
        file: std::path::PathBuf,
        /// Search depth for mate lines (default 2N+7 plies for a mate in N; no limit with
        /// --movetime), or deepest perft depth.
        #[arg(long, value_parser = clap::value_parser!(i32).range(1..=100))]
        depth: Option<i32>,
        /// Time per mate line in milliseconds.
        #[arg(long)]
        movetime: Option<u64>,
        /// Only mate lines announcing at most this many moves.
        #[arg(long)]
        max_mate: Option<u32>,
        /// Lines run in parallel.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
        jobs: u64,
        /// Succeed when at least this percentage of lines pass (default: every line).
        #[arg(long, value_parser = clap::value_parser!(u64).range(0..=100))]
        min_pass: Option<u64>,
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
        /// Under a repetition verdict, print the cycle and who repeated what in it.
        #[arg(long)]
        explain: bool,
    },
    /// Draw a board diagram as SVG: pieces, the last move's points, optional arrows.
    Diagram {
        /// Position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves in ICCS played from the position first; the last one is marked.
        #[arg(long, default_value = "")]
        moves: String,
        /// Where to write the SVG (default: standard output).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Black at the bottom.
        #[arg(long)]
        flip: bool,
        /// Arrows to draw, as ICCS moves: "h2e2 h9g7".
        #[arg(long, default_value = "")]
        arrows: String,
    },
    /// Play a game against Chuhan in the terminal (moves in ICCS, Chinese or WXF notation).
    Play {
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
        /// Chuhan's strength, 0 (a beginner can win) to 20 (full strength).
        #[arg(long, default_value_t = chuhan::play::DEFAULT_SKILL, value_parser = clap::value_parser!(u8).range(0..=20))]
        level: u8,
        /// Start from this position instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Search threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
        threads: u64,
        /// How moves are shown.
        #[arg(long, default_value = "chinese", value_parser = ["chinese", "traditional", "wxf", "iccs"])]
        notation: String,
        /// Search every move instead of opening from the book.
        #[arg(long)]
        no_book: bool,
    },
    /// Fit the evaluation weights to game results (Texel's method); writes them as Rust source.
    Tune {
        /// Game records (.pgn; quiet positions are taken from each game) or position lists
        /// (other names; one `<FEN> ; <result>` per line, the result 1-0, 0-1, 1/2-1/2 or 0 to 1).
        #[arg(required = true)]
        inputs: Vec<std::path::PathBuf>,
        /// Where to write the tuned weights (the source of src/tapered/tuned.rs).
        #[arg(long, default_value = "target/tune/tuned.rs")]
        out: std::path::PathBuf,
        /// Passes of gradient descent over the positions.
        #[arg(long, default_value_t = 400)]
        epochs: u32,
        /// Adam's step size, about the most a weight moves per pass, in evaluation units.
        #[arg(long, default_value_t = 0.5)]
        rate: f64,
        /// Penalty on each weight's squared change, against the summed squared error of the
        /// positions: keeps weights a small data set says little about near their old values.
        #[arg(long, default_value_t = 0.01)]
        l2: f64,
        /// Plies skipped at the start of each game.
        #[arg(long, default_value_t = 10)]
        skip_plies: usize,
        /// Every Nth game (or position line) validates instead of fitting; 0: none.
        #[arg(long, default_value_t = 10)]
        holdout: usize,
        /// Also write the positions used, as a position list.
        #[arg(long)]
        save_positions: Option<std::path::PathBuf>,
        /// Fit only these tables (their names in src/tapered/tuned.rs, comma-separated, such as
        /// ROOK_PIN,CANNON_PIN) and hold every other weight: how a new term is first weighed.
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
        /// Aim each position's prediction this much (0 to 1) at the score of the search that
        /// chose the next move, as `chuhan match` records it in the move's comment, and the
        /// rest at the game's result; positions without a score aim at the result alone.
        #[arg(long, default_value_t = 0.0)]
        lambda: f64,
    },
    /// The win/draw/loss model: `chuhan wdl fit FILES...` refits it on game outcomes.
    Wdl {
        #[command(subcommand)]
        command: WdlCommand,
    },
    /// Read game files (PGN in UTF-8, GBK or Big5; ICCS, WXF or Chinese moves), check every
    /// move, and write the games as clean UTF-8 PGN; skipped games are listed on stderr.
    Pgn {
        /// Files, or directories whose .pgn files are read at every depth.
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// The notation of the moves written.
        #[arg(long, default_value = "iccs", value_parser = ["iccs", "chinese", "traditional", "wxf"])]
        notation: String,
        /// Write the games here instead of to standard output.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Build or probe an opening book.
    #[command(subcommand)]
    Book(BookCommand),
    /// Review games: every move searched, graded, and written as PGN, SVG or HTML.
    Analyze(chuhan::analysis::AnalyzeArgs),
    /// Play games between two engines and report the score (see `chuhan match --help`).
    #[command(disable_help_flag = true)]
    Match {
        /// Arguments parsed by the arena: --engine CMD ... (see `chuhan match --help`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

#[derive(Subcommand)]
enum WdlCommand {
    /// Evaluate positions of finished games, fit the model to their outcomes and print it (with
    /// held-out losses against two baselines and a table) as the source of `wdl::MODEL`.
    Fit {
        /// PGN files, or folders of them.
        #[arg(required = true)]
        inputs: Vec<std::path::PathBuf>,
        /// Search depth of each evaluation.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(i32).range(1..=20))]
        depth: i32,
        /// Plies skipped at the start of each game.
        #[arg(long, default_value_t = 10)]
        skip_plies: usize,
        /// Evaluate every Nth ply.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
        every: u64,
        /// Every Nth game is held out to score the fit.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(2..))]
        holdout: u64,
        /// Read about this many games, spread over the inputs (0: all).
        #[arg(long, default_value_t = 0)]
        max_games: usize,
        /// Threads evaluating games.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
        jobs: u64,
        /// Steps of gradient descent.
        #[arg(long, default_value_t = 1500)]
        steps: usize,
    },
}

#[derive(Subcommand)]
enum BookCommand {
    /// Count the master games in PGN files into a book file.
    Build {
        /// PGN files, or folders searched recursively for .pgn files.
        #[arg(required = true)]
        inputs: Vec<std::path::PathBuf>,
        /// The book file to write.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Plies counted from the start of each game.
        #[arg(long, default_value_t = chuhan::book::build::DEFAULT_MAX_PLY, value_parser = clap::value_parser!(u32).range(1..=400))]
        max_ply: u32,
        /// Fewest games a move needs to be kept.
        #[arg(long, default_value_t = chuhan::book::build::DEFAULT_MIN_GAMES, value_parser = clap::value_parser!(u32).range(1..))]
        min_games: u32,
    },
    /// The book's moves for a position, most played first.
    Probe {
        /// Book file (default: the book built into Chuhan).
        #[arg(long)]
        book: Option<String>,
        /// Position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from it, in ICCS, Chinese or WXF notation: "h2e2 h9g7".
        #[arg(long, default_value = "")]
        moves: String,
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
        Some(Command::Bench { depth }) => bench(depth),
        Some(Command::Suite { file, depth, movetime, max_mate, jobs, min_pass }) => {
            let limits = chuhan::suite::SuiteLimits {
                depth,
                movetime: movetime.map(std::time::Duration::from_millis),
                max_mate,
                jobs: jobs as usize,
            };
            suite(&file, &limits, min_pass)
        }
        Some(Command::Judge { fen, moves, first_repetition, explain }) => {
            match chuhan::judge::judge(fen.as_deref(), &moves, first_repetition, explain) {
                Ok(line) => out!("{line}"),
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            }
            ExitCode::SUCCESS
        }
        Some(Command::Diagram { fen, moves, out, flip, arrows }) => {
            diagram(fen.as_deref(), &moves, out.as_deref(), flip, &arrows)
        }
        Some(Command::Play { red: _, black, depth, movetime, level, fen, threads, notation, no_book }) => {
            let think = match depth {
                Some(d) => chuhan::play::Level::Depth(d),
                None => chuhan::play::Level::MoveTime(std::time::Duration::from_millis(movetime.unwrap_or(1000))),
            };
            play(black, think, level, fen.as_deref(), threads as usize, &notation, !no_book)
        }
        Some(Command::Tune { inputs, out, epochs, rate, l2, skip_plies, holdout, save_positions, only, lambda }) => {
            let extraction = chuhan::tune::data::Extraction { skip_plies, holdout };
            let opts =
                chuhan::tune::TuneOptions { inputs, out, save_positions, epochs, rate, l2, only, lambda, extraction };
            tune(&opts)
        }
        Some(Command::Wdl {
            command: WdlCommand::Fit { inputs, depth, skip_plies, every, holdout, max_games, jobs, steps },
        }) => {
            let opts = chuhan::wdl::fit::FitOptions {
                inputs,
                sampling: chuhan::wdl::fit::Sampling { depth, skip_plies, every: every as usize },
                holdout: holdout as usize,
                jobs: jobs as usize,
                max_games,
                steps,
            };
            match chuhan::wdl::fit::run(&opts, &mut |line| out!("{line}")) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Pgn { paths, notation, out }) => pgn(&paths, &notation, out.as_deref()),
        Some(Command::Book(command)) => book(command),
        Some(Command::Match { args }) => chuhan::arena::main(&args),
        Some(Command::Analyze(args)) => chuhan::analysis::main(&args),
        None => protocol(),
    }
}

/// `chuhan play`: Chuhan thinks to `level` at strength `skill`, opening from the book if `book`.
fn play(
    black: bool,
    level: chuhan::play::Level,
    skill: u8,
    fen: Option<&str>,
    threads: usize,
    notation: &str,
    book: bool,
) -> ExitCode {
    use chuhan::notation::Notation;
    use chuhan::play::Config;
    use std::io::IsTerminal;

    let start = match fen.map_or_else(|| Ok(Position::startpos()), Position::from_fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: invalid --fen: {e}");
            return ExitCode::from(2);
        }
    };
    let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let config = Config {
        start,
        human: if black { chuhan::Color::Black } else { chuhan::Color::Red },
        level,
        skill,
        threads,
        notation: Notation::from_name(notation).unwrap_or(Notation::Iccs),
        colour: std::io::stdout().is_terminal() && !no_colour,
        echo: !std::io::stdin().is_terminal(),
        book,
    };
    match chuhan::play::run(config, std::io::stdin().lock(), std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn diagram(fen: Option<&str>, moves: &str, out: Option<&std::path::Path>, flipped: bool, arrows: &str) -> ExitCode {
    let pos = match chuhan::judge::position_after(fen, moves) {
        Ok(pos) => pos,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut diagram = chuhan::diagram::Diagram { flipped, ..chuhan::diagram::Diagram::of(&pos) };
    for token in arrows.split_whitespace() {
        match chuhan::Move::parse(token) {
            Some(mv) => diagram.arrows.push(mv),
            None => {
                eprintln!("error: arrow '{token}' is not a move (expected ICCS such as h2e2)");
                return ExitCode::from(2);
            }
        }
    }
    let svg = diagram.render(&pos);
    match out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, svg) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return ExitCode::from(1);
            }
        }
        None => {
            use std::io::Write as _;
            if std::io::stdout().write_all(svg.as_bytes()).is_err() {
                return ExitCode::from(1);
            }
        }
    }
    ExitCode::SUCCESS
}

fn book(command: BookCommand) -> ExitCode {
    match command {
        BookCommand::Build { inputs, out, max_ply, min_games } => {
            let args = chuhan::book::cli::BuildArgs { inputs, out, max_ply, min_games };
            chuhan::book::cli::build(&args, &mut std::io::stdout())
        }
        BookCommand::Probe { book, fen, moves } => {
            match chuhan::book::cli::probe(book.as_deref(), fen.as_deref(), &moves) {
                Ok(lines) => {
                    for line in lines {
                        out!("{line}");
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
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
    let mut engine = match Engine::new() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    if let Err(e) = engine.set_threads(threads) {
        eprintln!("error: cannot start {threads} threads: {e}");
        return ExitCode::from(1);
    }
    engine.set_position(pos);
    let start = Instant::now();
    let counts = engine.perft_now(depth);
    let (lines, total) = perft_report(&counts, depth);
    let elapsed = start.elapsed();
    if divide {
        for l in lines {
            out!("{l}");
        }
        out!("");
    }
    let ms = elapsed.as_millis();
    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    out!("Time (ms): {ms}  Nodes/second: {nps}");
    out!("Nodes searched: {total}");
    ExitCode::SUCCESS
}

fn bench(depth: i32) -> ExitCode {
    let mut engine = match Engine::new() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let (tx, rx) = std::sync::mpsc::channel();
    engine.bench(
        depth,
        |line| eprintln!("{line}"),
        move |r| {
            let _ = tx.send(r);
        },
    );
    let Ok(outcome) = rx.recv() else {
        eprintln!("error: the bench ended without a result");
        return ExitCode::from(1);
    };
    match outcome {
        Ok(result) => {
            for line in result.summary() {
                out!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// Exit status 0 when every line passed, or with `min_pass`, when at least that percentage did
/// (`make suite` holds the engine to a target rate, not to every problem); 1 when short of
/// that; 2 when the file cannot be read.
fn suite(file: &std::path::Path, limits: &chuhan::suite::SuiteLimits, min_pass: Option<u64>) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let (passed, failed) = chuhan::suite::run(&text, limits, &mut |r| {
        out!("line {}: {} {}", r.line, if r.passed { "ok" } else { "FAILED" }, r.text);
    });
    out!("{passed} passed, {failed} failed");
    let ok = match min_pass {
        None => failed == 0,
        Some(pct) => {
            let total = (passed + failed) as u64;
            let rate = if total == 0 { 100.0 } else { 100.0 * passed as f64 / total as f64 };
            out!("pass rate {rate:.1}%, at least {pct}% required");
            passed as u64 * 100 >= pct * total
        }
    };
    if ok { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

fn tune(opts: &chuhan::tune::TuneOptions) -> ExitCode {
    match chuhan::tune::run(opts, &mut |line| out!("{line}")) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(match e {
                chuhan::tune::TuneError::Input(_) => 2,
                chuhan::tune::TuneError::Output(_) => 1,
            })
        }
    }
}

fn pgn(paths: &[std::path::PathBuf], notation: &str, out: Option<&std::path::Path>) -> ExitCode {
    use chuhan::pgn::{ConvertError, convert};
    use std::io::Write;
    let notation = chuhan::notation::Notation::from_name(notation).unwrap_or(chuhan::notation::Notation::Iccs);
    let mut sink: Box<dyn Write> = match out {
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
        Some(path) => match std::fs::File::create(path) {
            Ok(file) => Box::new(std::io::BufWriter::new(file)),
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", path.display());
                return ExitCode::from(1);
            }
        },
    };
    let stderr = &mut std::io::stderr().lock();
    let summary = convert(paths, notation, &mut sink, &mut |e| {
        let _ = writeln!(stderr, "skipped {e}");
    });
    match summary {
        Ok(summary) => {
            let kinds: Vec<String> = summary.skipped.iter().map(|(kind, n)| format!("{n} {kind}")).collect();
            if !kinds.is_empty() {
                let _ = writeln!(stderr, "skipped by reason: {}", kinds.join(", "));
            }
            let _ = writeln!(stderr, "{} games read, {} skipped", summary.read, summary.skipped_total());
            ExitCode::SUCCESS
        }
        Err(ConvertError::Input(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        // Standard output closed early (`chuhan pgn DIR | head`) ends the command quietly.
        Err(ConvertError::Output(e)) if out.is_none() && e.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(ConvertError::Output(e)) => {
            eprintln!("error: cannot write the games: {e}");
            ExitCode::from(1)
        }
    }
}

fn protocol() -> ExitCode {
    let input = Box::new(std::io::BufReader::new(std::io::stdin()));
    match chuhan::ucci::run(input, Box::new(std::io::stdout())) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

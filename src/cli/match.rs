//! `chuhan match`: games between two engines, refereed by the library's arena.
//!
//! Clap reads the options; their order is read back from [`clap::ArgMatches::indices_of`],
//! because an engine option belongs to the `--engine` before it and a limit (`--tc`, `--nodes`,
//! `--depth`) to the engine whose options it follows.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::parser::ValueSource;

use chuhan::arena::client::{EngineSpec, Protocol};
use chuhan::arena::openings::{self, Opening};
use chuhan::arena::stats::Sprt;
use chuhan::arena::{MatchOptions, Progress, run_match};
use chuhan::board::MoveLimit;
use chuhan::cluster::Shard;
use chuhan::game::{Budget, TimeControl};
use chuhan::types::Color;

use super::CliError;
use super::args::ShardArg;
use super::merge;

const ENGINE: &str = "Engine (each applies to the --engine before it)";
const LIMIT: &str = "Limit of each move (the match's or one engine's: see below)";

/// The time control of both engines when none is given.
const DEFAULT_TC: &str = "5+0.05";

#[derive(clap::Args, Debug)]
#[command(
    override_usage = "chuhan match --engine CMD [ENGINE OPTIONS] --engine CMD [ENGINE OPTIONS] [OPTIONS]",
    help_template = "{usage-heading} {usage}\n\n{about-with-newline}\n{all-args}{after-help}",
    after_help = AFTER_HELP,
    next_help_heading = "Match",
    subcommand_negates_reqs = true,
    args_conflicts_with_subcommands = true
)]
pub struct Args {
    #[command(subcommand)]
    merge: Option<Merge>,
    /// Program and arguments, split on whitespace (no shell).
    #[arg(long, value_name = "CMD", help_heading = ENGINE, required = true)]
    engine: Vec<String>,
    /// Protocol: ucci or uci [default: ucci].
    #[arg(long, value_name = "ucci|uci", value_parser = protocol, help_heading = ENGINE)]
    proto: Vec<Protocol>,
    /// A line sent after the handshake, e.g. "setoption usebook false" (repeatable).
    #[arg(long, value_name = "LINE", help_heading = ENGINE)]
    init: Vec<String>,
    /// Display name [default: the engine's `id name`].
    #[arg(long, value_name = "NAME", help_heading = ENGINE)]
    name: Vec<String>,
    /// Time control in seconds, e.g. 5+0.05 [default: 5+0.05]; whose it is: see below.
    #[arg(long, value_name = "BASE+INC", value_parser = time_control, help_heading = LIMIT)]
    tc: Vec<TimeControl>,
    /// Instead of a clock, `go nodes` about N (see below).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), help_heading = LIMIT)]
    nodes: Vec<u64>,
    /// Instead of a clock, `go depth N`.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(i32).range(1..=255), help_heading = LIMIT)]
    depth: Vec<i32>,
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Openings: EPD or PGN (see below) [default: the built-in positions/openings.epd].
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// With a .pgn file: the position after N plies [default: after all the moves].
    #[arg(long, value_name = "N")]
    opening_plies: Option<usize>,
    /// Games played at once (at most 256).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    concurrency: u64,
    /// Append the games to FILE in PGN.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Sequential test (alpha = beta = 0.05); stops when decided.
    #[arg(long, num_args = 2, value_names = ["ELO0", "ELO1"], allow_negative_numbers = true, value_parser = elo)]
    sprt: Option<Vec<f64>>,
    /// Adjudicate a draw after N plies.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_plies: Option<u32>,
    /// The move limit the referee draws at, moves each without a capture (50 to 60).
    #[arg(long, value_name = "MOVES", default_value_t = MoveLimit::SIXTY)]
    move_limit: MoveLimit,
    #[command(flatten)]
    shard: ShardArg,
    /// Keep the finished games in this ledger, continued where it stopped (needed by --shard,
    /// which names it by shard; `chuhan match merge` pools the ledgers).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// `chuhan match merge`.
#[derive(clap::Subcommand, Debug)]
enum Merge {
    /// Pool the ledgers of a match's shards (`--out` of `chuhan match --shard`) into its report,
    /// also while they run; missing, repeated and damaged shards are reported.
    Merge(merge::MatchArgs),
}

const AFTER_HELP: &str = "\
The score reported is the first engine's. Each opening is played twice with colours swapped.
An openings file holds one `<FEN> [; moves ...] [; name]` per line; a .pgn file gives the
positions its games reach (any charset or notation `chuhan pgn` reads; repeated positions are
used once).

Each move is limited by a clock (--tc), a node count (--nodes: `go nodes` about N, varied by
up to N/8 from move to move so that games differ) or a depth (--depth: `go depth N`). A limit
belongs to the engine whose options it follows (with no match option in between); before the
first --engine or after a match option it is the match's, and an engine without its own gets
the match's [default: --tc 5+0.05]. A limit right after the second engine's options, when the
first engine has none and the match none, is the match's too, as in earlier versions:
`--engine A --engine B --tc 1+0.01` gives both 1+0.01, while `--engine A --tc 1+0.01
--engine B --tc 10+0.1` gives A a tenth of B's time, and `--engine A --nodes 20000 --engine B
--depth 8` has A search 20000 nodes a move and B 8 plies. One limit per engine and one for
the match. An engine searching to a node count or a depth has no clock and cannot lose on
time: the results do not depend on the machine's load. A clocked engine facing one is sent
its own clock as the opponent's.

The referee forfeits an engine that exceeds its clock by more than 50 ms (one without a clock
that is silent for 60 s fails), answers an illegal move, or crashes. An answer without a move
while legal moves remain (`nobestmove`) is a draw claimed by the move limit from fifty moves on
the 60-move counter, a forfeit before; the referee itself draws at --move-limit moves each
(`60-move rule`, `50-move rule`), and an opening already past it is refused. Each slot keeps
its two engines for successive games (new game and isready in between) and restarts an engine
only after such a fault.
With --shard I/N the run plays only the opening pairs I, I+N, I+2N, ... (from 0) and keeps
its games in the ledger --out names by shard (`sprt.txt` becomes `sprt.shard-03-of-64.txt`,
the PGN likewise); started again it plays only the games its ledger lacks, and its test is
left to `chuhan match merge FILES...` (docs/cluster.md).
Output ends with `Score of A vs B: W - L - D [score] N`,
`Elo difference: E +/- M, LOS: P %, DrawRatio: D %` and, with --sprt,
`LLR: x (lower, upper) H0|H1|continue` (`... H1 at game N` when games still being played at
the decision ended after it and count in the score); then the games finished, each engine's
limit (`Limits: A 1+0.01, B 10+0.1`, `Limits: A nodes 20000, B depth 8`; the PGN's
`TimeControl` tags spell them the same), the move limit (`Move limit: 60 moves each, a
nobestmove claim granted from 50`), the endings by kind, each engine's
time per move (`Move times of A: median 5.2 ms, mean 6.1 ms, max 24.0 ms over 2456 moves`,
from sending `go` to reading `bestmove`); then, where /proc can be read (Linux), each
engine's resident memory after its first game, at the end and at its peak (the largest over
its processes), and the referee's peak. In the PGN each move carries a comment as
cutechess writes it: the mover's last score and depth and the time, `{+0.24/10 0.015s}`.
";

fn protocol(v: &str) -> Result<Protocol, String> {
    Protocol::parse(v).ok_or_else(|| format!("'{v}' is not ucci or uci"))
}

fn time_control(v: &str) -> Result<TimeControl, String> {
    TimeControl::parse(v).ok_or_else(|| format!("'{v}' is not BASE+INC in seconds, e.g. 5+0.05"))
}

fn elo(v: &str) -> Result<f64, String> {
    match v.parse::<f64>() {
        Ok(x) if x.is_finite() && x.abs() < 2000.0 => Ok(x),
        _ => Err(format!("'{v}' is not an Elo value")),
    }
}

/// One option of the command line, in the order given.
enum Token<'a> {
    Engine(&'a str),
    Proto(Protocol),
    Init(&'a str),
    Name(&'a str),
    /// `--tc`, `--nodes` or `--depth`.
    Limit(Budget, &'static str),
    /// Any option of the match itself.
    Match,
}

impl Args {
    /// 0 when the match was played, 2 for bad arguments, 1 when an engine cannot be started
    /// or the PGN file cannot be opened.
    pub fn run(self, matches: &clap::ArgMatches) -> Result<(), CliError> {
        if let Some(Merge::Merge(args)) = self.merge {
            return args.run();
        }
        let options = self.options(matches)?;
        let tty = std::io::stderr().is_terminal();
        // A shard's progress counts its own games.
        let share = options.share();
        let lines = run_match(&options, &mut |p| progress(p, tty, share));
        if tty {
            eprintln!();
        }
        for line in lines.map_err(CliError::Failed)? {
            out!("{line}");
        }
        Ok(())
    }

    /// The match asked for; `matches` are this subcommand's, for the order of the options.
    fn options(&self, matches: &clap::ArgMatches) -> Result<MatchOptions, CliError> {
        let mut tokens: Vec<(usize, Token)> = Vec::new();
        // Defaults have no place in the order.
        let indices = |id: &'static str| {
            let given = matches.value_source(id) == Some(ValueSource::CommandLine);
            matches.indices_of(id).into_iter().flatten().filter(move |_| given)
        };
        tokens.extend(indices("engine").zip(&self.engine).map(|(i, v)| (i, Token::Engine(v))));
        tokens.extend(indices("proto").zip(&self.proto).map(|(i, &p)| (i, Token::Proto(p))));
        tokens.extend(indices("init").zip(&self.init).map(|(i, v)| (i, Token::Init(v))));
        tokens.extend(indices("name").zip(&self.name).map(|(i, v)| (i, Token::Name(v))));
        tokens.extend(indices("tc").zip(&self.tc).map(|(i, &tc)| (i, Token::Limit(Budget::Clock(tc), "--tc"))));
        tokens.extend(indices("nodes").zip(&self.nodes).map(|(i, &n)| (i, Token::Limit(Budget::Nodes(n), "--nodes"))));
        tokens.extend(indices("depth").zip(&self.depth).map(|(i, &d)| (i, Token::Limit(Budget::Depth(d), "--depth"))));
        for id in [
            "games",
            "openings",
            "opening_plies",
            "concurrency",
            "pgn",
            "sprt",
            "max_plies",
            "move_limit",
            "shard",
            "out",
        ] {
            tokens.extend(indices(id).map(|i| (i, Token::Match)));
        }
        tokens.sort_by_key(|&(i, _)| i);

        let mut engines: Vec<EngineSpec> = Vec::new();
        // The match's limit, and each engine's own, with the option that gave it.
        let mut match_limit: Option<(Budget, &str)> = None;
        let mut own: Vec<Option<(Budget, &str)>> = Vec::new();
        // Whether the last option was an --engine or one of its options.
        let mut in_engine = false;
        for (_, token) in tokens {
            let engine_option = match token {
                Token::Engine(command) => {
                    let command: Vec<String> = command.split_whitespace().map(str::to_string).collect();
                    if command.is_empty() {
                        return Err(CliError::usage("--engine needs a non-empty command"));
                    }
                    engines.push(EngineSpec { command, protocol: Protocol::Ucci, init: Vec::new(), name: None });
                    own.push(None);
                    true
                }
                Token::Proto(p) => {
                    last(&mut engines, "--proto")?.protocol = p;
                    true
                }
                Token::Init(line) => {
                    last(&mut engines, "--init")?.init.push(line.to_string());
                    true
                }
                Token::Name(name) => {
                    last(&mut engines, "--name")?.name = Some(name.to_string());
                    true
                }
                Token::Limit(limit, flag) => {
                    let engine = own.len();
                    let (slot, whose) = match own.last_mut() {
                        Some(slot) if in_engine => (slot, format!("engine {engine}")),
                        _ => (&mut match_limit, "the match".to_string()),
                    };
                    if let Some((_, first)) = slot.replace((limit, flag)) {
                        return Err(CliError::Usage(format!("{whose} is given two limits: {first} and {flag}")));
                    }
                    in_engine
                }
                Token::Match => false,
            };
            in_engine = engine_option;
        }
        // Earlier versions' `--engine A --engine B --tc X` (or `--nodes N`): X is the match's.
        if let [None, Some(_)] = own[..]
            && match_limit.is_none()
        {
            match_limit = own[1].take();
        }
        let match_limit = match match_limit {
            Some((limit, _)) => limit,
            None => Budget::Clock(time_control(DEFAULT_TC).map_err(CliError::Failed)?),
        };
        let limits = [0, 1].map(|i| own.get(i).copied().flatten().map_or(match_limit, |(limit, _)| limit));
        let engines: [EngineSpec; 2] = engines
            .try_into()
            .map_err(|e: Vec<_>| CliError::Usage(format!("two --engine are needed, {} given", e.len())))?;
        let sprt = match self.sprt.as_deref() {
            Some(&[elo0, elo1]) if elo0 < elo1 => Some(Sprt::new(elo0, elo1)),
            Some(&[elo0, elo1]) => {
                return Err(CliError::Usage(format!("--sprt: ELO0 ({elo0}) must be below ELO1 ({elo1})")));
            }
            _ => None,
        };
        // A shard's files are named by it, so the shards can share one folder.
        let shard = self.shard.get()?;
        let named = |path: &PathBuf| shard.map_or_else(|| path.clone(), |s| s.file(path));
        if shard.is_some() && self.out.is_none() {
            return Err(CliError::usage("--shard needs --out FILE, the ledger the merge reads"));
        }
        Ok(MatchOptions {
            engines,
            games: self.games as usize,
            limits,
            openings: self.openings()?,
            concurrency: self.concurrency.min(256) as usize,
            pgn: self.pgn.as_ref().map(named),
            sprt,
            max_plies: self.max_plies,
            move_limit: self.move_limit,
            shard: shard.unwrap_or(Shard::WHOLE),
            ledger: self.out.as_ref().map(named),
        })
    }

    fn openings(&self) -> Result<Vec<Opening>, CliError> {
        match &self.openings {
            None if self.opening_plies.is_some() => Err(CliError::usage("--opening-plies needs --openings FILE.pgn")),
            None => openings::parse(openings::BUILTIN, self.move_limit)
                .map_err(|e| CliError::Failed(format!("built-in openings: {e}"))),
            Some(path) if chuhan::pgn::is_game_file(path) => pgn_openings(path, self.opening_plies, self.move_limit),
            Some(_) if self.opening_plies.is_some() => {
                Err(CliError::usage("--opening-plies applies to a .pgn file only"))
            }
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", path.display())))?;
                openings::parse(&text, self.move_limit).map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))
            }
        }
    }
}

/// Progress on stderr: on a terminal one line rewritten, the score so far; elsewhere each
/// game's end and the score after it.
fn progress(p: Progress, tty: bool, games: usize) {
    match p {
        Progress::PgnFailed(e) => eprintln!("warning: cannot write the PGN file: {e}; no more games are written"),
        Progress::Game { index, finished, record, names, tally } => {
            let score = format!("Score of {} vs {}: {tally} {}", names[0], names[1], tally.games());
            if tty {
                eprint!("\r\x1b[2K[{finished}/{games}] {score}");
            } else {
                eprintln!(
                    "Finished game {} ({} vs {}): {} {{{}}}",
                    index + 1,
                    record.names[Color::Red],
                    record.names[Color::Black],
                    record.result.score(),
                    record.result.reason
                );
                eprintln!("{score}");
            }
        }
    }
}

/// The engine an engine option applies to: the last one given.
fn last<'a>(engines: &'a mut [EngineSpec], flag: &str) -> Result<&'a mut EngineSpec, CliError> {
    engines.last_mut().ok_or_else(|| CliError::Usage(format!("{flag} must follow the --engine it applies to")))
}

/// The openings of a game file; games that cannot be read are reported on stderr and skipped.
fn pgn_openings(path: &Path, plies: Option<usize>, limit: MoveLimit) -> Result<Vec<Opening>, CliError> {
    let source = chuhan::pgn::read_file(path);
    if source.format.is_none() {
        let reason = source.games.into_iter().find_map(Result::err).map(|e| e.to_string()).unwrap_or_default();
        return Err(CliError::Usage(format!("cannot read {}: {reason}", path.display())));
    }
    let (games, skipped) = source.split();
    for error in &skipped {
        eprintln!("warning: {error}; skipped");
    }
    let (openings, passed) =
        openings::from_games(&games, plies, limit).map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    eprintln!(
        "openings: {} positions from {} games of {} ({} repeated or finished, {} unreadable)",
        openings.len(),
        games.len() + skipped.len(),
        path.display(),
        passed,
        skipped.len()
    );
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use clap::{Args as _, FromArgMatches as _};

    use chuhan::types::Move;
    use chuhan::{Position, START_FEN};

    use super::*;

    fn command() -> clap::Command {
        Args::augment_args(clap::Command::new("match").no_binary_name(true))
    }

    fn parse(s: &str) -> Result<MatchOptions, String> {
        let matches = command().try_get_matches_from(s.split(' ')).map_err(|e| e.to_string())?;
        let args = Args::from_arg_matches(&matches).map_err(|e| e.to_string())?;
        args.options(&matches).map_err(|e| format!("{e:?}"))
    }

    #[test]
    fn engine_options_attach_to_the_preceding_engine() {
        let m = parse("--engine a --proto uci --name X --engine b --init setoption=1 --games 4 --tc=1+0.01")
            .expect("valid");
        assert_eq!(m.engines[0].command, ["a"]);
        assert_eq!(m.engines[0].protocol, Protocol::Uci);
        assert_eq!(m.engines[0].name.as_deref(), Some("X"));
        assert_eq!(m.engines[1].protocol, Protocol::Ucci);
        assert_eq!(m.engines[1].init, ["setoption=1"]);
        assert_eq!(m.games, 4);
        assert_eq!(m.limits.map(|l| l.clock().map(|tc| tc.base.as_millis())), [Some(1000), Some(1000)]);
        assert!(m.openings.len() >= 40);
        assert!(m.sprt.is_none() && m.pgn.is_none() && m.max_plies.is_none());
        let m = parse("--engine a --engine b --sprt -5 5 --max-plies 300 --concurrency 2 --nodes 5000").expect("valid");
        assert_eq!(m.limits, [Budget::Nodes(5000), Budget::Nodes(5000)]);
        assert_eq!(m.sprt, Some(Sprt::new(-5.0, 5.0)));
        assert_eq!(m.max_plies, Some(300));
        assert_eq!(m.concurrency, 2);
    }

    #[test]
    fn a_time_control_belongs_to_the_engine_it_follows() {
        let tcs = |s: &str| parse(s).expect(s).limits.map(|l| l.to_string());
        assert_eq!(tcs("--engine a --engine b"), ["5+0.05", "5+0.05"]);
        // The match's: before the engines, after a match option, or (as in earlier versions)
        // right after the second engine when nothing else sets a clock.
        assert_eq!(tcs("--tc 2+0.02 --engine a --engine b"), ["2+0.02", "2+0.02"]);
        assert_eq!(tcs("--engine a --engine b --games 2 --tc 2+0.02"), ["2+0.02", "2+0.02"]);
        assert_eq!(tcs("--engine a --engine b --tc 2+0.02"), ["2+0.02", "2+0.02"]);
        assert_eq!(tcs("--engine a --engine b --name B --tc=2+0.02 --games 2"), ["2+0.02", "2+0.02"]);
        // An engine's own.
        assert_eq!(tcs("--engine a --tc 1+0.01 --engine b --tc 10+0.1"), ["1+0.01", "10+0.1"]);
        assert_eq!(tcs("--engine a --name A --tc 1+0.01 --engine b"), ["1+0.01", "5+0.05"]);
        assert_eq!(tcs("--tc 3 --engine a --engine b --tc 1+0.01"), ["3+0", "1+0.01"]);
        assert_eq!(tcs("--engine a --tc 1 --engine b --tc 2 --games 4 --tc 3"), ["1+0", "2+0"]);
        assert_eq!(tcs("--engine a --engine b --tc 1 --games 4 --tc 3"), ["3+0", "1+0"]);
        // A defaulted match option takes no place in the order.
        assert_eq!(tcs("--engine a --tc 1 --engine b"), ["1+0", "5+0.05"]);
    }

    /// `--nodes` and `--depth` follow the rule of `--tc`: the engine whose options they follow,
    /// else the match's; any of the three may be the match's and another an engine's own.
    #[test]
    fn a_node_or_depth_limit_belongs_to_the_engine_it_follows() {
        let limits = |s: &str| parse(s).expect(s).limits.map(|l| l.to_string());
        // The match's: before the engines, after a match option, or right after the second
        // engine when nothing else sets a limit (as the commands of earlier records give it).
        assert_eq!(limits("--nodes 3000 --engine a --engine b"), ["nodes 3000", "nodes 3000"]);
        assert_eq!(limits("--engine a --engine b --games 2 --depth 7"), ["depth 7", "depth 7"]);
        assert_eq!(limits("--engine a --engine b --init x --nodes 3000 --games 4"), ["nodes 3000", "nodes 3000"]);
        // Each engine's own.
        assert_eq!(limits("--engine a --nodes 20000 --engine b --depth 8"), ["nodes 20000", "depth 8"]);
        assert_eq!(limits("--engine a --name A --depth 8 --engine b --init x --nodes 9"), ["depth 8", "nodes 9"]);
        assert_eq!(limits("--engine a --nodes 20000 --engine b"), ["nodes 20000", "5+0.05"]);
        assert_eq!(limits("--engine a --depth 5 --engine b --tc 10+0.1"), ["depth 5", "10+0.1"]);
        // Beside a match limit of another kind.
        assert_eq!(limits("--tc 1+0.01 --engine a --engine b --depth 6"), ["1+0.01", "depth 6"]);
        assert_eq!(limits("--engine a --nodes 500 --engine b --games 2 --tc 2"), ["nodes 500", "2+0"]);
        assert_eq!(limits("--depth 4 --engine a --tc 1 --engine b"), ["1+0", "depth 4"]);
    }

    #[test]
    fn bad_arguments_are_refused() {
        for bad in [
            "--engine a",
            "--engine a --engine b --engine c",
            "--proto uci --engine a --engine b",
            "--engine a --engine b --proto xboard",
            "--engine a --engine b --games 0",
            "--engine a --engine b --games x",
            "--engine a --engine b --nodes 0",
            "--engine a --engine b --nodes -5",
            "--engine a --engine b --depth 0",
            "--engine a --engine b --depth 256",
            "--engine a --engine b --depth x",
            // Two limits for one engine, or for the match.
            "--engine a --nodes 5 --tc 1 --engine b",
            "--engine a --engine b --depth 5 --depth 6",
            "--nodes 5 --engine a --engine b --games 2 --tc 1",
            "--engine a --engine b --tc 0+1",
            "--engine a --tc 1+0.01+1 --engine b",
            "--engine a --engine b --tc",
            "--tc 1 --engine a --engine b --tc 5+z",
            "--engine a --engine b --sprt 5 0",
            "--engine a --engine b --sprt 5",
            "--engine a --engine b --concurrency",
            "--engine a --engine b --openings /nonexistent/file.epd",
            "--engine a --engine b --openings /nonexistent/file.pgn",
            "--engine a --engine b --opening-plies 8",
            "--engine a --engine b --openings /nonexistent/file.pgn --opening-plies x",
            "--engine a --engine b --bogus",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    /// A .pgn openings file gives one opening per distinct position reached, after the games
    /// it cannot read are reported and skipped; --opening-plies cuts each game; an EPD file
    /// refuses it.
    #[test]
    fn a_pgn_file_gives_openings() {
        let dir = std::env::temp_dir().join(format!("chuhan-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let pgn = dir.join("lines.PGN");
        std::fs::write(&pgn, "1. h2e2 h9g7 2. h0g2 *\n\n1. h2e2 h9g7 2. h2h9 *\n\n1. c3c4 *\n\n1. h2e2 b9c7 *\n")
            .expect("written");
        let fens = |extra: &str| -> Vec<String> {
            let m = parse(format!("--engine a --engine b --openings {} {extra}", pgn.display()).trim()).expect("valid");
            m.openings.iter().map(|o| o.fen.clone()).collect()
        };
        let after = |moves: &[&str]| {
            let mut pos = Position::startpos();
            moves.iter().for_each(|m| pos.play(Move::parse(m).expect("ICCS")).expect("legal"));
            pos.fen()
        };
        // The second game's third move is illegal: the game is skipped, not the file.
        assert_eq!(fens(""), [after(&["h2e2", "h9g7", "h0g2"]), after(&["c3c4"]), after(&["h2e2", "b9c7"])]);
        assert_eq!(fens("--opening-plies 1"), [after(&["h2e2"]), after(&["c3c4"])]);
        assert_eq!(fens("--opening-plies 0"), [START_FEN]);
        let epd = dir.join("lines.epd");
        std::fs::write(&epd, format!("{START_FEN}\n")).expect("written");
        assert!(parse(&format!("--engine a --engine b --openings {} --opening-plies 2", epd.display())).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_help_states_the_grace_and_the_hang_limit() {
        let help = command().render_long_help().to_string();
        let grace = format!("by more than {} ms", chuhan::arena::game::TIME_GRACE.as_millis());
        let hang = format!("silent for {} s", chuhan::arena::game::SEARCH_MOVE_LIMIT.as_secs());
        for text in [grace, hang] {
            assert!(help.contains(&text), "{text}\n{help}");
        }
    }
}

//! `chuhan egtb build|verify|info|probe|plan`: endgame tablebases (`docs/egtb.md`).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use chuhan::cluster::plan::{self, PlanOptions};
use chuhan::egtb::stats::{SideStats, stats};
use chuhan::egtb::verify::verify;
use chuhan::egtb::{self, Checkpoint, Endgame, Indexer, Side, Step, Tablebase, Tables, file};
use chuhan::notation::{Notation, format_move};

use super::CliError;
use super::args::{Fen, NotationArg};

#[derive(clap::Subcommand)]
pub enum Command {
    /// Build tables by retrograde analysis, sub-endgames first; verified at the end.
    Build(BuildArgs),
    /// Check built tables: every value against the best of its successors'.
    Verify(FolderArgs),
    /// Entries, legal positions, wins, draws, losses and the longest mate per endgame.
    Info(FolderArgs),
    /// The value of a position and of each legal move, best first.
    Probe(ProbeArgs),
    /// Positions of game files that the tables cover, as openings for `chuhan match`.
    Find(FindArgs),
    /// Positions of an endgame drawn at random (reproducibly) among those of a value.
    Sample(SampleArgs),
    /// Print a shell script that submits the build to Slurm: one job per endgame, after the
    /// jobs of the endgames it needs (docs/cluster.md §5).
    Plan(PlanArgs),
}

#[derive(clap::Args)]
pub struct PlanArgs {
    /// Endgames by name, as for `build`; the endgames they need are planned too.
    #[arg(required_unless_present = "all")]
    endgames: Vec<String>,
    /// Every endgame of the first set (docs/egtb.md §1).
    #[arg(long, conflicts_with = "endgames")]
    all: bool,
    /// The tables' folder, as the compute nodes see it (a shared file system).
    #[arg(long, default_value = "egtb")]
    dir: String,
    /// The chuhan binary, as the compute nodes see it [default: this one].
    #[arg(long)]
    chuhan: Option<String>,
    /// Cores of each job.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// More sbatch options for every job, e.g. "--partition=long --mem=16G".
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    sbatch: String,
}

/// `--dir`: the tables' folder.
#[derive(clap::Args)]
pub struct Dir {
    /// The folder of the table files.
    #[arg(long, default_value = "egtb")]
    dir: PathBuf,
}

#[derive(clap::Args)]
pub struct BuildArgs {
    /// Endgames by name (`krkaabb`, `KCPABKAABB`: the strong side's pieces, then the weak side's).
    #[arg(required_unless_present = "all")]
    endgames: Vec<String>,
    /// Every endgame of the first set (docs/egtb.md §1), smallest first.
    #[arg(long, conflicts_with = "endgames")]
    all: bool,
    #[command(flatten)]
    dir: Dir,
    /// Threads (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Minutes between two checkpoints inside an endgame (`NAME.ckpt` in the folder), from
    /// which a killed build resumes.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    checkpoint_minutes: u32,
}

#[derive(clap::Args)]
pub struct FolderArgs {
    /// Endgames by name (default: every table in the folder).
    endgames: Vec<String>,
    #[command(flatten)]
    dir: Dir,
}

#[derive(clap::Args)]
pub struct ProbeArgs {
    #[command(flatten)]
    fen: Fen,
    #[command(flatten)]
    dir: Dir,
    /// How moves are written.
    #[arg(long, value_enum, default_value = "iccs")]
    notation: NotationArg,
}

#[derive(clap::Args)]
pub struct FindArgs {
    /// Game files (PGN, XQF or DhtmlXQ), or directories read at every depth.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    #[command(flatten)]
    dir: Dir,
}

#[derive(clap::Args)]
pub struct SampleArgs {
    /// The endgame, by name.
    endgame: String,
    #[command(flatten)]
    dir: Dir,
    /// Which side is to move: the strong side (`strong`) or the weak side (`weak`).
    #[arg(long, value_enum, default_value = "strong")]
    side: SideArg,
    /// Which values: `win`, `loss`, `draw` or `undecided` for the side to move.
    #[arg(long, value_enum)]
    value: Option<ValueArg>,
    /// Only wins and losses at least this many plies from the mate.
    #[arg(long, default_value_t = 0)]
    min_plies: u16,
    /// How many positions.
    #[arg(long, default_value_t = 100)]
    count: usize,
    /// The seed of the draw.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum SideArg {
    Strong,
    Weak,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ValueArg {
    Win,
    Loss,
    Draw,
    Undecided,
}

impl Command {
    pub fn run(self) -> Result<(), CliError> {
        match self {
            Command::Build(args) => args.run(),
            Command::Verify(args) => args.verify(),
            Command::Info(args) => args.info(),
            Command::Probe(args) => args.run(),
            Command::Find(args) => args.run(),
            Command::Sample(args) => args.run(),
            Command::Plan(args) => args.run(),
        }
    }
}

fn parse_names(names: &[String]) -> Result<Vec<Endgame>, CliError> {
    names.iter().map(|n| n.parse::<Endgame>().map_err(CliError::usage)).collect()
}

/// The endgames whose strong-side file is in `dir`, smallest first.
fn endgames_in(dir: &Path) -> Result<Vec<Endgame>, CliError> {
    let entries = std::fs::read_dir(dir).map_err(|e| CliError::usage(format!("{}: {e}", dir.display())))?;
    let mut found: Vec<Endgame> =
        entries.filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".w.cht")?.parse().ok()).collect();
    found.sort_by_key(|&e| (Indexer::new(e).size(), e));
    Ok(found)
}

/// A progress bar on stderr (hidden by indicatif when stderr is no terminal) fed by the
/// library's steps: one bar per phase, with the time left.
fn progress_bar() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg:28} {bar:30} {percent:>3}%  {elapsed} (eta {eta})")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

fn report_to(bar: &indicatif::ProgressBar) -> impl Fn(Step) + Sync + '_ {
    move |step| match step {
        Step::Phase { name, total } => {
            bar.set_message(name);
            bar.set_length(total);
            bar.reset();
        }
        Step::Advance(n) => bar.inc(n),
    }
}

impl PlanArgs {
    fn run(self) -> Result<(), CliError> {
        let wanted = if self.all { Endgame::first_set() } else { parse_names(&self.endgames)? };
        let chuhan = match self.chuhan {
            Some(path) => path,
            None => std::env::current_exe().map_err(CliError::failed)?.display().to_string(),
        };
        let opts = PlanOptions { chuhan, dir: self.dir, threads: self.threads, sbatch: self.sbatch };
        for line in plan::slurm(&wanted, &opts).lines() {
            out!("{line}");
        }
        Ok(())
    }
}

impl BuildArgs {
    fn run(self) -> Result<(), CliError> {
        let wanted = if self.all { Endgame::first_set() } else { parse_names(&self.endgames)? };
        let mut pool = rayon::ThreadPoolBuilder::new();
        if let Some(n) = self.threads {
            pool = pool.num_threads(usize::from(n));
        }
        let pool = pool.build().map_err(CliError::failed)?;
        let dir = self.dir.dir;
        let mut tables = Tables::new(&dir);
        let bar = progress_bar();
        let report = report_to(&bar);
        for endgame in egtb::build_order(&wanted) {
            let subs = egtb::subgames(endgame);
            tables.retain(|e| subs.contains(&e));
            for &sub in &subs {
                tables.load(sub).map_err(CliError::failed)?;
            }
            // A finished pair of files is the checkpoint between endgames (`docs/egtb.md` §6).
            if tables.load(endgame).is_ok() {
                out!("{endgame}: found in {}", dir.display());
                continue;
            }
            let started = Instant::now();
            let ix = Indexer::new(endgame);
            let size = ix.size();
            let every = Duration::from_secs(60 * u64::from(self.checkpoint_minutes));
            let checkpoint = Checkpoint::in_dir(&dir, endgame, every);
            let built = pool
                .install(|| egtb::build(&ix, &tables, &report, &checkpoint))
                .map_err(|e| CliError::failed(format!("{endgame}: {e}")))?;
            let build_time = started.elapsed().as_secs_f64();
            tables.insert(ix, built);
            // Verified before it is saved: a saved pair is a finished endgame to a later run.
            let verdict = pool
                .install(|| verify(endgame, &tables, &report))
                .map_err(|e| CliError::failed(format!("{endgame}: {e}")))?;
            bar.finish_and_clear();
            if verdict.wrong > 0 {
                return Err(CliError::failed(format!("{endgame}: {} wrong entries after the build", verdict.wrong)));
            }
            let verify_time = started.elapsed().as_secs_f64() - build_time;
            let mut bytes = 0;
            for table in tables.get(endgame).map(|(_, t)| t.iter()).into_iter().flatten() {
                let path = file::save(&dir, table).map_err(|e| CliError::failed(format!("{}: {e}", dir.display())))?;
                bytes += std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            }
            out!(
                "{endgame}: {size} entries per side to move, built in {build_time:.1} s, verified in {verify_time:.1} s, {bytes} bytes"
            );
        }
        Ok(())
    }
}

impl FolderArgs {
    fn endgames(&self) -> Result<Vec<Endgame>, CliError> {
        if self.endgames.is_empty() { endgames_in(&self.dir.dir) } else { parse_names(&self.endgames) }
    }

    /// One line per endgame; status 1 when any table is refused or wrong.
    fn verify(self) -> Result<(), CliError> {
        let bar = progress_bar();
        let report = report_to(&bar);
        let mut failed = false;
        for endgame in self.endgames()? {
            let mut tables = Tables::new(&self.dir.dir);
            let line = match tables.load_with_subgames(endgame) {
                Err(e) => {
                    failed = true;
                    format!("{endgame}: refused: {e}")
                }
                Ok(()) => match verify(endgame, &tables, &report) {
                    Err(e) => {
                        failed = true;
                        format!("{endgame}: {e}")
                    }
                    Ok(v) if v.wrong == 0 => format!("{endgame}: {} entries verified", v.checked),
                    Ok(v) => {
                        failed = true;
                        let first = v.first.map_or(String::new(), |m| {
                            format!(
                                "; first: {} to move, index {}, {} stored, {} expected{}",
                                if m.side == Side::Strong { "strong" } else { "weak" },
                                m.index,
                                m.stored,
                                m.expected,
                                m.fen.map_or(String::new(), |f| format!(" ({f})"))
                            )
                        });
                        format!("{endgame}: {} of {} entries wrong{first}", v.wrong, v.checked)
                    }
                },
            };
            bar.finish_and_clear();
            out!("{line}");
        }
        if failed { Err(CliError::Unmet) } else { Ok(()) }
    }

    fn info(self) -> Result<(), CliError> {
        for endgame in self.endgames()? {
            let mut tables = Tables::new(&self.dir.dir);
            tables.load(endgame).map_err(CliError::failed)?;
            let Some(s) = stats(endgame, &tables) else { continue };
            out!("{endgame}: {} positions per side to move (mirror folded)", s.entries);
            for (side, st) in Side::BOTH.iter().zip(&s.sides) {
                out!("  {}", side_line(*side, st));
            }
        }
        Ok(())
    }
}

/// `strong to move: 1000 legal, 900 wins, 100 draws, 0 losses; longest win 23: FEN`.
fn side_line(side: Side, s: &SideStats) -> String {
    let who = if side == Side::Strong { "strong to move" } else { "weak to move" };
    let longest = s.longest.as_ref().map_or(String::new(), |(v, fen)| format!("; longest {v}: {fen}"));
    let undecided = if s.undecided > 0 { format!(", {} undecided", s.undecided) } else { String::new() };
    format!("{who}: {} legal, {} wins, {} draws, {} losses{undecided}{longest}", s.legal, s.wins, s.draws, s.losses)
}

impl ProbeArgs {
    /// `win N`, `draw` or `loss N`, then one line per legal move: the move and its value for
    /// the side that plays it.
    fn run(self) -> Result<(), CliError> {
        let pos = self.fen.position()?;
        let opened = Tablebase::open(vec![self.dir.dir]).map_err(CliError::usage)?;
        let tb = opened.tablebase;
        let probe = egtb::probe::probe(&pos, &tb).map_err(|miss| {
            // A file refused when the folder was opened or when it was read says why.
            let why: Vec<String> = opened.refused.iter().map(ToString::to_string).chain(tb.take_failures()).collect();
            CliError::usage(if why.is_empty() { miss.to_string() } else { format!("{miss}: {}", why.join("; ")) })
        })?;
        out!("{}", probe.value);
        let notation: Notation = self.notation.0;
        for (mv, value) in &probe.moves {
            out!("{}  {value}", format_move(&pos, *mv, notation));
        }
        Ok(())
    }
}

impl FindArgs {
    /// For each game, the first position of its main line that a table of the folder covers
    /// and in which the game goes on, each position once: `FEN ; ENDGAME VALUE ; FILE#GAME`,
    /// with the move counters reset, so that `chuhan match --openings` starts each from a
    /// fresh 60-move count (`docs/egtb.md` §14).
    fn run(self) -> Result<(), CliError> {
        use chuhan::outcome::{GAME_OCCURRENCES, game_result};
        let opened = Tablebase::open(vec![self.dir.dir]).map_err(CliError::usage)?;
        for e in &opened.refused {
            eprintln!("{e}; its endgame is not used");
        }
        let tb = opened.tablebase;
        let sources = chuhan::pgn::read_paths(&self.paths).map_err(CliError::usage)?;
        let (mut games, mut found) = (0usize, 0usize);
        let mut seen = std::collections::HashSet::new();
        for source in sources {
            let path = source.path.display().to_string();
            for (i, game) in source.games.into_iter().enumerate() {
                let Ok(game) = game else { continue };
                games += 1;
                let mut pos = game.start.clone();
                for ply in 0..=game.moves.len() {
                    if ply > 0 {
                        pos.make(game.moves[ply - 1]);
                    }
                    let Some(at) = egtb::locate(&pos) else { continue };
                    let Some(value) = tb.probe_now(&pos) else { continue };
                    if value.is_broken()
                        || game_result(&pos, GAME_OCCURRENCES, chuhan::board::MoveLimit::SIXTY).is_some()
                    {
                        continue;
                    }
                    let fen = fresh_fen(&pos);
                    if seen.insert(fen.clone()) {
                        found += 1;
                        out!("{fen} ; {} {value} ; {path}#{}", at.endgame, i + 1);
                    }
                    break;
                }
            }
        }
        eprintln!("{games} games read, {found} positions found in {} endgames", tb.endgames().count());
        Ok(())
    }
}

impl SampleArgs {
    /// `FEN ; ENDGAME VALUE` per position, the FEN without its move counters, as openings for
    /// `chuhan match` (`docs/egtb.md` §11).
    fn run(self) -> Result<(), CliError> {
        let endgame: Endgame = self.endgame.parse().map_err(CliError::usage)?;
        let mut tables = Tables::new(&self.dir.dir);
        tables.load(endgame).map_err(CliError::usage)?;
        let side = match self.side {
            SideArg::Strong => Side::Strong,
            SideArg::Weak => Side::Weak,
        };
        let wanted = self.value;
        let keep = |v: chuhan::egtb::Value| {
            let kind = match v {
                _ if v.is_win() => ValueArg::Win,
                _ if v.is_loss() => ValueArg::Loss,
                _ if v.is_undecided() => ValueArg::Undecided,
                _ => ValueArg::Draw,
            };
            wanted.is_none_or(|w| w == kind) && v.plies().is_none_or(|n| n >= self.min_plies)
        };
        let sample = chuhan::egtb::stats::sample(endgame, &tables, side, keep, self.count, self.seed);
        for (pos, value) in &sample {
            let fen = fresh_fen(pos);
            out!("{fen} ; {endgame} {value}");
        }
        Ok(())
    }
}

/// A position's FEN without its move counters: an opening for `chuhan match` starts from a fresh
/// 60-move count.
fn fresh_fen(pos: &chuhan::Position) -> String {
    pos.fen().split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

//! `chuhan spsa`: tunes the search's parameters by self-play game pairs (`docs/tuning.md` §12).

use std::path::PathBuf;

use chuhan::arena::client::{EngineSpec, Protocol};
use chuhan::arena::openings;
use chuhan::board::MoveLimit;
use chuhan::game::Budget;
use chuhan::spsa::{self, Param, Run, State};

use super::CliError;

#[derive(clap::Args)]
pub struct Args {
    /// The state file: continued when it exists (its steps and parameters win over the
    /// options below), else started with every parameter at its default.
    #[arg(long)]
    state: PathBuf,
    /// Game pairs in the whole run.
    #[arg(long, default_value_t = 10_000)]
    steps: u64,
    /// Only these parameters (by name; default: all of `search::params::TUNABLES`).
    #[arg(long, num_args = 1..)]
    params: Vec<String>,
    /// Nodes of each move's search (varied by up to an eighth either way, as `chuhan match`).
    #[arg(long, default_value_t = 5_000)]
    nodes: u64,
    /// The engine: a command (default: this program).
    #[arg(long)]
    engine: Option<String>,
    /// Its protocol: `ucci` or `uci`.
    #[arg(long, default_value = "ucci", value_parser = |s: &str| Protocol::parse(s).ok_or("ucci or uci"))]
    proto: Protocol,
    /// A line sent to both engines before the parameters (e.g. `setoption usebook false`).
    #[arg(long)]
    init: Vec<String>,
    /// Game pairs played at a time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Distinguishes this run's coins from another's.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

impl Args {
    pub fn run(self) -> Result<(), CliError> {
        if self.nodes == 0 || self.steps == 0 {
            return Err(CliError::usage("--nodes and --steps must be at least 1"));
        }
        let state = match std::fs::read_to_string(&self.state) {
            Ok(text) => State::parse(&text).map_err(|e| CliError::usage(format!("{}: {e}", self.state.display())))?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => State::new(self.steps, self.chosen()?),
            Err(e) => return Err(CliError::Failed(format!("{}: {e}", self.state.display()))),
        };
        let command = match &self.engine {
            Some(cmd) => cmd.split_whitespace().map(str::to_string).collect(),
            None => vec![std::env::current_exe().map_err(|e| CliError::Failed(e.to_string()))?.display().to_string()],
        };
        if command.is_empty() {
            return Err(CliError::usage("--engine needs a non-empty command"));
        }
        let run = Run {
            engine: EngineSpec { command, protocol: self.proto, init: self.init, name: None },
            limit: Budget::Nodes(self.nodes),
            openings: openings::parse(openings::BUILTIN, MoveLimit::SIXTY)
                .map_err(|e| CliError::Failed(format!("built-in openings: {e}")))?,
            concurrency: self.concurrency.max(1),
            seed: self.seed,
            move_limit: MoveLimit::SIXTY,
        };
        // Hidden by indicatif itself when stderr is no terminal, so logs stay clean.
        let bar = indicatif::ProgressBar::new(state.steps);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} pairs  {elapsed} (eta {eta})")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar.set_position(state.done);
        let report = |s: &State| bar.set_position(s.done);
        let done = spsa::run(&run, state, &self.state, &report).map_err(CliError::Failed)?;
        bar.finish_and_clear();
        println!("{} of {} pairs; the values, as setoption lines:", done.done, done.steps);
        for p in &done.params {
            println!("setoption name {} value {}", p.name, p.value.round());
        }
        Ok(())
    }

    /// The parameters `--params` names, or all.
    fn chosen(&self) -> Result<Vec<Param>, CliError> {
        let all = Param::defaults();
        if self.params.is_empty() {
            return Ok(all);
        }
        self.params
            .iter()
            .map(|name| {
                all.iter()
                    .find(|p| p.name.eq_ignore_ascii_case(name))
                    .cloned()
                    .ok_or_else(|| CliError::usage(format!("--params: no parameter '{name}' (docs/tuning.md §12)")))
            })
            .collect()
    }
}

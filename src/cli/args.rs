//! Argument groups that several subcommands share.

use chuhan::Position;
use chuhan::cluster::Shard;
use chuhan::notation::{Notation, Script};
use chuhan::words::Lang;

use super::CliError;

/// `--fen`: the position a command starts from.
#[derive(clap::Args, Debug)]
pub struct Fen {
    /// Position (default: the start position).
    #[arg(long)]
    pub fen: Option<String>,
}

impl Fen {
    pub fn position(&self) -> Result<Position, CliError> {
        match &self.fen {
            Some(fen) => Position::from_fen(fen).map_err(|e| CliError::usage(format!("invalid --fen: {e}"))),
            None => Ok(Position::startpos()),
        }
    }
}

/// `--fen` and `--moves`: a position and the moves played from it.
#[derive(clap::Args, Debug)]
pub struct PositionArgs {
    #[command(flatten)]
    pub fen: Fen,
    /// Moves played from the position, in ICCS, WXF or Chinese notation, separated by spaces: "h2e2 h9g7".
    #[arg(long, default_value = "")]
    pub moves: String,
}

impl PositionArgs {
    /// The position after the moves, with them as its history.
    pub fn position(&self) -> Result<Position, CliError> {
        chuhan::judge::position_after(self.fen.fen.as_deref(), &self.moves).map_err(CliError::usage)
    }
}

/// A move notation as a value of `--notation`, by the names [`Notation::name`] gives.
#[derive(Clone, Copy, Debug)]
pub struct NotationArg(pub Notation);

impl clap::ValueEnum for NotationArg {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            NotationArg(Notation::Chinese(Script::Simplified)),
            NotationArg(Notation::Chinese(Script::Traditional)),
            NotationArg(Notation::Wxf),
            NotationArg(Notation::Iccs),
        ]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.name()))
    }
}

/// A language as a value of `--lang`, by the names [`Lang::from_name`] reads.
#[derive(Clone, Copy, Debug)]
pub struct LangArg(pub Lang);

impl clap::ValueEnum for LangArg {
    fn value_variants<'a>() -> &'a [Self] {
        &[LangArg(Lang::En), LangArg(Lang::Zh)]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.name()))
    }
}

/// `--shard`: one part of a long job, for a cluster (`docs/cluster.md` §1).
#[derive(clap::Args, Debug, Default)]
pub struct ShardArg {
    /// Do only shard I of N (I from 0 to N-1); `auto` reads a Slurm job array's task,
    /// `auto/N` also a Kubernetes Indexed Job's JOB_COMPLETION_INDEX. Files are named by shard.
    #[arg(long, value_name = "I/N|auto|auto/N")]
    pub shard: Option<String>,
}

impl ShardArg {
    /// The shard asked for; a bad one is a usage error (one line, exit status 2).
    pub fn get(&self) -> Result<Option<Shard>, CliError> {
        let Some(spec) = &self.shard else { return Ok(None) };
        Shard::resolve(spec, &|name| std::env::var(name).ok())
            .map(Some)
            .map_err(|e| CliError::Usage(format!("--shard {spec}: {e}")))
    }
}

/// `--egtb DIR`: endgame tables for a front to show and its engine to play from
/// (`docs/egtb.md` §15).
#[derive(clap::Args, Debug)]
pub struct Egtb {
    /// Endgame tables (`chuhan egtb build`): their folder, or several separated as in PATH.
    #[arg(long, value_name = "DIR")]
    pub egtb: Option<String>,
}

impl Egtb {
    /// The tables, opened once; files refused are named on standard error and left out. A
    /// folder that cannot be read or holds no usable table is a usage error.
    pub fn open(&self) -> Result<Option<std::sync::Arc<chuhan::egtb::Tablebase>>, CliError> {
        let Some(paths) = &self.egtb else { return Ok(None) };
        let opened = chuhan::egtb::Tablebase::open_paths(paths).map_err(|e| CliError::usage(format!("--egtb: {e}")))?;
        if opened.tablebase.endgames().next().is_none() {
            let first = opened.refused.first().map(ToString::to_string).unwrap_or_default();
            let n = opened.refused.len();
            return Err(CliError::usage(format!(
                "--egtb: no usable table in {paths}: {n} files refused; the first: {first}"
            )));
        }
        for refused in &opened.refused {
            eprintln!("warning: --egtb: {refused}; its endgame is not used");
        }
        Ok(Some(std::sync::Arc::new(opened.tablebase)))
    }
}

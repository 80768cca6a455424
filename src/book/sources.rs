//! `chuhan book build`'s input side: reading the games of the files through the PGN layer,
//! leaving out the ones a book cannot use (and saying why), and counting the rest.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::PathBuf;

use rayon::prelude::*;

use super::Ecco;
use super::build::Builder;
use super::format::PositionRecord;
use crate::pgn::{self, Game, PgnError};

/// Files read in parallel at a time: enough to keep the cores busy, few enough that the games
/// waiting to be counted stay small.
const CHUNK: usize = 512;

/// What `chuhan book build` did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub files: u64,
    /// Games found in the files, counted or not.
    pub games: u64,
    pub counted: u64,
    /// Games counted whose record gives no result.
    pub unscored: u64,
    /// Games (or whole files, for `unreadable file`) left out, by reason.
    pub skipped: BTreeMap<&'static str, u64>,
    pub positions: u64,
    pub moves: u64,
    pub bytes: u64,
}

impl Summary {
    /// The summary as lines, for the end of `chuhan book build`.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![
            format!("files: {}", self.files),
            format!("games read: {}", self.games),
            format!("games counted: {}", self.counted),
            format!("  with a result: {}", self.counted - self.unscored),
            format!("  without a result: {}", self.unscored),
        ];
        let skipped: u64 = self.skipped.values().sum();
        lines.push(format!("games skipped: {skipped}"));
        lines.extend(self.skipped.iter().map(|(reason, n)| format!("  {reason}: {n}")));
        lines.push(format!("positions: {}", self.positions));
        lines.push(format!("moves: {}", self.moves));
        lines.push(format!("bytes: {}", self.bytes));
        lines
    }
}

/// What makes two records the same game: filed in several folders, a game is counted once.
type Identity = (Vec<(String, String)>, String, Vec<u16>);

/// Reads every game in `files` (as [`pgn::list_files`] lists them) into `builder`. `tick` is
/// called once per file read.
pub fn count_games(files: &[PathBuf], builder: &mut Builder, tick: &(dyn Fn() + Sync)) -> Summary {
    let mut summary = Summary { files: files.len() as u64, ..Summary::default() };
    let mut seen: HashSet<Identity> = HashSet::new();
    for chunk in files.chunks(CHUNK) {
        let sources: Vec<pgn::Source> = chunk
            .par_iter()
            .map(|path| {
                let source = pgn::read_file(path);
                tick();
                source
            })
            .collect();
        for game in sources.into_iter().flat_map(|s| s.games) {
            if !matches!(game, Err(PgnError::Unreadable(_))) {
                summary.games += 1;
            }
            match game.map_err(|e| e.kind()).and_then(|game| count_game(game, builder, &mut seen)) {
                Ok(scored) => {
                    summary.counted += 1;
                    summary.unscored += u64::from(!scored);
                }
                Err(reason) => *summary.skipped.entry(reason).or_default() += 1,
            }
        }
    }
    summary
}

/// Counts one game; whether it has a result.
fn count_game(game: Game, builder: &mut Builder, seen: &mut HashSet<Identity>) -> Result<bool, &'static str> {
    let tags = game.tags.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect();
    if !seen.insert((tags, game.start.fen(), game.moves.iter().map(|m| m.raw()).collect())) {
        return Err("duplicate");
    }
    let ecco = game.tag("ECCO").and_then(Ecco::parse);
    builder.add(&game.start, &game.moves, game.result.as_ref(), ecco).map_err(|_| "illegal move")?;
    Ok(game.result.is_some())
}

/// A book built from files: what was read and counted, and the file's bytes.
pub struct Built {
    pub summary: Summary,
    pub bytes: Vec<u8>,
}

/// Why files give no book.
#[derive(Debug)]
pub enum EmptyBook {
    /// No game could be counted.
    NoGames(Summary),
    /// Games were counted, but no move was played in `min_games` of them.
    NoMoves { summary: Summary, min_games: u32 },
}

impl fmt::Display for EmptyBook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmptyBook::NoGames(s) => {
                write!(f, "no game to count among the {} read from {} files", s.games, s.files)?;
                let reasons: Vec<String> = s.skipped.iter().map(|(reason, n)| format!("{n} {reason}")).collect();
                if !reasons.is_empty() {
                    write!(f, " ({})", reasons.join(", "))?;
                }
                write!(f, "; no book written")
            }
            EmptyBook::NoMoves { summary, min_games } => write!(
                f,
                "no move was played in {min_games} or more of the {} games counted (--min-games); no book written",
                summary.counted
            ),
        }
    }
}

impl std::error::Error for EmptyBook {}

/// Counts the games of `files` (as [`count_games`] does) up to ply `max_ply` into a book of the
/// moves played in `min_games` games or more. `tick` is called once per file read.
pub fn build(files: &[PathBuf], max_ply: u32, min_games: u32, tick: &(dyn Fn() + Sync)) -> Result<Built, EmptyBook> {
    let mut builder = Builder::new(max_ply);
    let mut summary = count_games(files, &mut builder, tick);
    if summary.counted == 0 {
        return Err(EmptyBook::NoGames(summary));
    }
    let records: Vec<PositionRecord> = builder.records(min_games);
    if records.is_empty() {
        return Err(EmptyBook::NoMoves { summary, min_games });
    }
    let bytes = builder.encode(min_games);
    summary.positions = records.len() as u64;
    summary.moves = records.iter().map(|r| r.moves.len() as u64).sum();
    summary.bytes = bytes.len() as u64;
    Ok(Built { summary, bytes })
}

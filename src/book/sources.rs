//! `chuhan book build`'s input side: reading the games of the files through the PGN layer,
//! leaving out the ones a book cannot use (and saying why), and counting the rest.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use rayon::prelude::*;

use super::Ecco;
use super::build::Builder;
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
                Ok(()) => summary.counted += 1,
                Err(reason) => *summary.skipped.entry(reason).or_default() += 1,
            }
        }
    }
    summary
}

fn count_game(game: Game, builder: &mut Builder, seen: &mut HashSet<Identity>) -> Result<(), &'static str> {
    let Some(winner) = game.result.as_ref().map(|r| r.winner) else { return Err("no result") };
    let tags = game.tags.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect();
    if !seen.insert((tags, game.start.fen(), game.moves.iter().map(|m| m.raw()).collect())) {
        return Err("duplicate");
    }
    let ecco = game.tag("ECCO").and_then(Ecco::parse);
    builder.add(&game.start, &game.moves, winner, ecco).map_err(|_| "illegal move")
}

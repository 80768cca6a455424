//! `chuhan pgn`: reads game files and directories (PGN, XQF, DhtmlXQ), checks every move, and
//! writes the games that replay as clean UTF-8 PGN in one notation or as DhtmlXQ blocks; the
//! others are listed with their reason.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use rayon::prelude::*;

use super::dhtmlxq::write_dhtmlxq;
use super::error::GameError;
use super::files::{list_files, read_file};
use super::writer::write_game;
use crate::notation::Notation;

/// Files read and converted at a time: bounds the memory a large collection takes while the
/// output keeps the order of the files.
const BATCH: usize = 2048;

/// What a conversion writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// PGN, the moves in a notation.
    Pgn(Notation),
    /// DhtmlXQ blocks, as forums post games.
    DhtmlXq,
}

/// What a conversion read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games read and written.
    pub read: usize,
    /// Games skipped, by the kind of error ([`super::PgnError::kind`]).
    pub skipped: BTreeMap<&'static str, usize>,
    /// Variations, at every depth, and comments, in main lines and variations, of the games
    /// written.
    pub variations: usize,
    pub comments: usize,
    /// What was left out of the games written, by kind.
    pub warnings: BTreeMap<&'static str, usize>,
}

impl Summary {
    pub fn skipped_total(&self) -> usize {
        self.skipped.values().sum()
    }

    pub fn warnings_total(&self) -> usize {
        self.warnings.values().sum()
    }
}

/// A line for the user about one game.
#[derive(Clone, Copy, Debug)]
pub enum Report<'a> {
    /// The game was skipped.
    Skipped(&'a GameError),
    /// The game was written without part of it (see [`super::Game::warnings`]).
    Warning(&'a GameError),
}

/// Why a conversion stopped.
#[derive(Debug)]
pub enum ConvertError {
    /// A path named on the command line cannot be read: bad input.
    Input(String),
    /// The output cannot be written.
    Output(std::io::Error),
}

/// Converts the games under `paths` (see [`list_files`]) to `output`, writing them to `out`
/// in file order and game order, a blank line after each, and one report per skipped game and
/// per warning.
pub fn convert(
    paths: &[PathBuf],
    output: Output,
    out: &mut dyn Write,
    report: &mut dyn FnMut(Report),
) -> Result<Summary, ConvertError> {
    let files = list_files(paths).map_err(ConvertError::Input)?;
    let mut summary = Summary::default();
    for batch in files.chunks(BATCH) {
        let converted: Vec<(String, Vec<GameError>, Vec<GameError>, Summary)> = batch
            .par_iter()
            .map(|path| {
                let source = read_file(path);
                let path = source.path.clone();
                let (games, errors) = source.split();
                let mut text = String::new();
                let mut counts = Summary { read: games.len(), ..Summary::default() };
                let mut warnings = Vec::new();
                for (game, number) in games.iter().zip(1..) {
                    text.push_str(&match output {
                        Output::Pgn(notation) => write_game(game, notation),
                        Output::DhtmlXq => write_dhtmlxq(game),
                    });
                    text.push('\n');
                    counts.variations += game.main_line().variation_count();
                    counts.comments += game.main_line().comment_count();
                    let numbered =
                        |error: &super::PgnError| GameError { file: path.clone(), game: number, error: error.clone() };
                    warnings.extend(game.warnings.iter().map(numbered));
                }
                (text, errors, warnings, counts)
            })
            .collect();
        for (text, errors, warnings, counts) in converted {
            out.write_all(text.as_bytes()).map_err(ConvertError::Output)?;
            summary.read += counts.read;
            summary.variations += counts.variations;
            summary.comments += counts.comments;
            for error in &errors {
                report(Report::Skipped(error));
                *summary.skipped.entry(error.error.kind()).or_default() += 1;
            }
            for warning in &warnings {
                report(Report::Warning(warning));
                *summary.warnings.entry(warning.error.kind()).or_default() += 1;
            }
        }
    }
    out.flush().map_err(ConvertError::Output)?;
    Ok(summary)
}

//! `chuhan pgn`: reads game files and directories, checks every move, and writes the games
//! that replay as clean UTF-8 PGN in one notation; the others are listed with their reason.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use rayon::prelude::*;

use super::error::GameError;
use super::files::{list_files, read_file};
use super::writer::write_game;
use crate::notation::Notation;

/// Files read and converted at a time: bounds the memory a large collection takes while the
/// output keeps the order of the files.
const BATCH: usize = 2048;

/// What a conversion read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games read and written.
    pub read: usize,
    /// Games skipped, by the kind of error ([`super::PgnError::kind`]).
    pub skipped: BTreeMap<&'static str, usize>,
}

impl Summary {
    pub fn skipped_total(&self) -> usize {
        self.skipped.values().sum()
    }
}

/// Why a conversion stopped.
#[derive(Debug)]
pub enum ConvertError {
    /// A path named on the command line cannot be read: bad input.
    Input(String),
    /// The output cannot be written.
    Output(std::io::Error),
}

/// Converts the games under `paths` (see [`list_files`]) to `notation`, writing them to `out`
/// in file order and game order, a blank line after each, and one line per skipped game to
/// `skipped`.
pub fn convert(
    paths: &[PathBuf],
    notation: Notation,
    out: &mut dyn Write,
    skipped: &mut dyn FnMut(&GameError),
) -> Result<Summary, ConvertError> {
    let files = list_files(paths).map_err(ConvertError::Input)?;
    let mut summary = Summary::default();
    for batch in files.chunks(BATCH) {
        let converted: Vec<(String, Vec<GameError>, usize)> = batch
            .par_iter()
            .map(|path| {
                let (games, errors) = read_file(path).split();
                let mut text = String::new();
                for game in &games {
                    text.push_str(&write_game(game, notation));
                    text.push('\n');
                }
                (text, errors, games.len())
            })
            .collect();
        for (text, errors, read) in converted {
            out.write_all(text.as_bytes()).map_err(ConvertError::Output)?;
            summary.read += read;
            for error in &errors {
                skipped(error);
                *summary.skipped.entry(error.error.kind()).or_default() += 1;
            }
        }
    }
    out.flush().map_err(ConvertError::Output)?;
    Ok(summary)
}

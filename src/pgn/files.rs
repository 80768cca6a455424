//! Reading game files and directories: every `.pgn` file under a directory, in name order,
//! decoded whatever its character set, read in parallel, reported in a fixed order. One
//! function, [`read_bytes`], reads a file's bytes whatever its format; every other reader here
//! goes through it.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::Game;
use super::dhtmlxq::{is_dhtmlxq, read_dhtmlxq};
use super::encoding::{Charset, decode};
use super::error::{GameError, PgnError};
use super::reader::read_games;
use super::xqf::{is_xqf, read_xqf};

/// The format of a game file, told from its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// PGN text in a character set.
    Pgn(Charset),
    /// XQStudio's binary format, and its version byte.
    Xqf(u8),
    /// DhtmlXQ blocks, as forums post games, in a character set.
    DhtmlXq(Charset),
}

impl Format {
    /// The format as a person names it: `PGN (GBK)`.
    pub fn name(self) -> String {
        match self {
            Format::Pgn(charset) => format!("PGN ({})", charset.name()),
            Format::Xqf(version) => format!("XQF (version {version})"),
            Format::DhtmlXq(charset) => format!("DhtmlXQ ({})", charset.name()),
        }
    }
}

/// The games of one file, each a game or why it was skipped.
#[derive(Debug)]
pub struct Source {
    pub path: PathBuf,
    /// `None` if the file could not be read.
    pub format: Option<Format>,
    pub games: Vec<Result<Game, PgnError>>,
}

impl Source {
    /// The games read, and the skipped ones with their file and number.
    pub fn split(self) -> (Vec<Game>, Vec<GameError>) {
        let mut games = Vec::new();
        let mut errors = Vec::new();
        for (i, game) in self.games.into_iter().enumerate() {
            match game {
                Ok(game) => games.push(game),
                Err(error) => errors.push(GameError { file: self.path.clone(), game: i + 1, error }),
            }
        }
        (games, errors)
    }
}

/// Reads a game file's bytes, whatever their format (told from the bytes, never the name):
/// XQF by its magic `XQ`, DhtmlXQ by a `[DhtmlXQ` field in the decoded text, PGN otherwise.
/// `path` names the file in errors (an upload's name will do).
pub fn read_bytes(path: &Path, bytes: &[u8]) -> Source {
    read_decoded(path, bytes).0
}

/// [`read_bytes`], and the text the bytes decoded to (`None` for XQF, which is binary), for a
/// caller that looks at the text when no game was read.
pub fn read_decoded(path: &Path, bytes: &[u8]) -> (Source, Option<String>) {
    if is_xqf(bytes) {
        let format = Some(Format::Xqf(bytes.get(2).copied().unwrap_or(0)));
        return (Source { path: path.to_path_buf(), format, games: vec![read_xqf(bytes)] }, None);
    }
    let (text, charset) = decode(bytes);
    let source = if is_dhtmlxq(&text) {
        Source { path: path.to_path_buf(), format: Some(Format::DhtmlXq(charset)), games: read_dhtmlxq(&text) }
    } else {
        Source { path: path.to_path_buf(), format: Some(Format::Pgn(charset)), games: read_games(&text) }
    };
    (source, Some(text))
}

/// Reads one file. A file that cannot be read is a source with one error.
pub fn read_file(path: &Path) -> Source {
    match std::fs::read(path) {
        Ok(bytes) => read_bytes(path, &bytes),
        Err(e) => {
            Source { path: path.to_path_buf(), format: None, games: vec![Err(PgnError::Unreadable(e.to_string()))] }
        }
    }
}

/// The files `paths` name: each file as given, and each directory's game files (see
/// [`is_game_file`]) at every depth, in name order. A path that does not exist is an error.
pub fn list_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
        if meta.is_dir() {
            walk(path, &mut files).map_err(|e| format!("{}: {e}", path.display()))?;
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// The extensions (any case) of the files a directory walk reads: PGN, XQF, and DhtmlXQ
/// posts saved as `.ubb`. A file named on its own is read whatever its name.
pub const GAME_EXTENSIONS: [&str; 3] = ["pgn", "xqf", "ubb"];

/// Whether `path` names a game file by its extension (see [`GAME_EXTENSIONS`]); what it
/// holds is told from its bytes when it is read.
pub fn is_game_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| GAME_EXTENSIONS.iter().any(|g| e.eq_ignore_ascii_case(g)))
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, files)?;
        } else if is_game_file(&path) {
            files.push(path);
        }
    }
    Ok(())
}

/// Reads every file `paths` name (see [`list_files`]), in parallel; the sources come in the
/// order of the list.
pub fn read_paths(paths: &[PathBuf]) -> Result<Vec<Source>, String> {
    let files = list_files(paths)?;
    Ok(files.par_iter().map(|path| read_file(path)).collect())
}

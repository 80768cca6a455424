//! The tables the engine plays from (`docs/egtb.md` §14): one or more folders, opened once and
//! shared by every search thread. Opening lists the endgames whose two files are there and
//! checks each file's head; an endgame is read whole when first needed, and a search never
//! waits for it: a miss asks for it in the background.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use super::file::{self, TableError};
use super::index::Indexer;
use super::name::{Army, Endgame, KINDS};
use super::table::{Side, Table, locate, lookup, unarmed};
use super::value::Value;
use crate::Position;
use crate::types::Color;

/// One endgame of the folders: where it is, and its two tables once read.
struct Shelf {
    ix: Indexer,
    dir: PathBuf,
    tables: OnceLock<Option<[Table; 2]>>,
    /// A background load has been asked for.
    requested: AtomicBool,
}

impl Shelf {
    /// The tables, read now if nobody has: `None` if they failed to load.
    fn load(&self, failures: &Mutex<Vec<String>>) -> Option<&[Table; 2]> {
        self.tables
            .get_or_init(|| {
                let (endgame, size) = (self.ix.endgame(), self.ix.size());
                let read = |side| file::load(&self.dir, endgame, side, size);
                match (read(Side::Strong), read(Side::Weak)) {
                    (Ok(strong), Ok(weak)) => Some([strong, weak]),
                    (Err(e), _) | (_, Err(e)) => {
                        failures.lock().unwrap_or_else(|p| p.into_inner()).push(format!("{e}; {endgame} is not used"));
                        None
                    }
                }
            })
            .as_ref()
    }
}

/// The tables of one or more folders, for the engine.
pub struct Tablebase {
    dirs: Vec<PathBuf>,
    shelves: Vec<Arc<Shelf>>,
    /// The most pieces (kings included) of any endgame held: a position with more is not
    /// looked up at all.
    max_pieces: u32,
    /// Files refused at a load, to be reported by whoever shows the engine's messages.
    failures: Arc<Mutex<Vec<String>>>,
}

/// What opening the folders found.
pub struct Opened {
    pub tablebase: Tablebase,
    /// Files refused at once, each a line naming the file and its fault; their endgames are
    /// left out.
    pub refused: Vec<TableError>,
}

/// Why no tables could be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenError {
    /// A folder that cannot be read.
    Folder { path: PathBuf, why: String },
    /// The folders hold no table.
    Empty(Vec<PathBuf>),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Folder { path, why } => write!(f, "{}: {why}", path.display()),
            OpenError::Empty(dirs) => {
                let names: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
                write!(f, "no tables (*.w.cht with its *.b.cht) in {}", names.join(", "))
            }
        }
    }
}

impl std::error::Error for OpenError {}

impl Tablebase {
    /// Opens the folders of `paths`, separated as the system separates `PATH` (`:` here, `;`
    /// on Windows), as UCCI's `egtbpaths` gives them; blanks around each are dropped.
    pub fn open_paths(paths: &str) -> Result<Opened, OpenError> {
        let dirs = std::env::split_paths(paths.trim())
            .map(|p| PathBuf::from(p.to_string_lossy().trim()))
            .filter(|p| !p.as_os_str().is_empty())
            .collect();
        Tablebase::open(dirs)
    }

    /// Opens `dirs`. An endgame found in two folders is taken from the first.
    pub fn open(dirs: Vec<PathBuf>) -> Result<Opened, OpenError> {
        let mut shelves: Vec<Arc<Shelf>> = Vec::new();
        let mut refused = Vec::new();
        for dir in &dirs {
            let entries =
                std::fs::read_dir(dir).map_err(|e| OpenError::Folder { path: dir.clone(), why: e.to_string() })?;
            let mut found: Vec<Endgame> =
                entries.filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".w.cht")?.parse().ok()).collect();
            found.sort();
            for endgame in found {
                if shelves.iter().any(|s| s.ix.endgame() == endgame) {
                    continue;
                }
                let ix = Indexer::new(endgame);
                let heads = Side::BOTH.map(|side| file::check_head(dir, endgame, side, ix.size()));
                if let Some(e) = heads.into_iter().find_map(Result::err) {
                    refused.push(e);
                    continue;
                }
                let tables = OnceLock::new();
                shelves.push(Arc::new(Shelf { ix, dir: dir.clone(), tables, requested: AtomicBool::new(false) }));
            }
        }
        // Sorted by endgame, so that a node's look-up is a binary search.
        shelves.sort_by_key(|s| s.ix.endgame());
        if shelves.is_empty() && refused.is_empty() {
            return Err(OpenError::Empty(dirs));
        }
        let max_pieces = shelves.iter().map(|s| 2 + u32::from(pieces(s.ix.endgame()))).max().unwrap_or(0);
        let tablebase = Tablebase { dirs, shelves, max_pieces, failures: Arc::default() };
        Ok(Opened { tablebase, refused })
    }

    /// The folders, as opened.
    pub fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }

    /// The endgames held, in the order of [`Endgame`].
    pub fn endgames(&self) -> impl Iterator<Item = Endgame> + '_ {
        self.shelves.iter().map(|s| s.ix.endgame())
    }

    /// Whether a position with this many pieces (kings included) may be covered.
    #[inline]
    pub fn may_cover(&self, pieces: u32) -> bool {
        pieces <= self.max_pieces
    }

    fn shelf(&self, endgame: Endgame) -> Option<&Arc<Shelf>> {
        let at = self.shelves.binary_search_by_key(&endgame, |s| s.ix.endgame()).ok()?;
        Some(&self.shelves[at])
    }

    /// The value of `pos` for its side to move if its endgame is loaded; never waits. An
    /// endgame held but not yet read is asked for in the background, so a later probe finds it.
    /// Positions without attacking pieces are left to the rules (`None`).
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        let at = locate(pos)?;
        let shelf = self.shelf(at.endgame)?;
        match shelf.tables.get() {
            Some(tables) => lookup(&shelf.ix, tables.as_ref()?, &at),
            None => {
                if !shelf.requested.swap(true, Ordering::Relaxed) {
                    let (shelf, failures) = (Arc::clone(shelf), Arc::clone(&self.failures));
                    std::thread::spawn(move || {
                        shelf.load(&failures);
                    });
                }
                None
            }
        }
    }

    /// The value of `pos` for its side to move, reading its endgame now if needed: `None` if
    /// no table held covers it. A position without attacking pieces is drawn, unless its side
    /// to move has no legal move (`docs/rules.md` §7 and §10).
    pub fn probe_now(&self, pos: &Position) -> Option<Value> {
        if let Some(v) = unarmed(pos) {
            return Some(v);
        }
        let at = locate(pos)?;
        let shelf = self.shelf(at.endgame)?;
        lookup(&shelf.ix, shelf.load(&self.failures)?, &at)
    }

    /// Reads `pos`'s endgame and every endgame its captures lead to, now; `false` if one of
    /// them is missing or fails to load.
    pub fn load_for(&self, pos: &Position) -> bool {
        let Some(at) = locate(pos) else { return false };
        // Each endgame once: the sub-endgames of sub-endgames overlap.
        let (mut todo, mut seen) = (vec![at.endgame], Vec::new());
        while let Some(endgame) = todo.pop() {
            if seen.contains(&endgame) {
                continue;
            }
            seen.push(endgame);
            if self.shelf(endgame).and_then(|s| s.load(&self.failures)).is_none() {
                return false;
            }
            todo.extend(super::subgames(endgame));
        }
        true
    }

    /// Reads now every endgame held that at most `captures` captures from `pos` can reach: what
    /// a search from `pos` will probe first, read before it starts rather than found missing
    /// in the tree.
    pub fn load_near(&self, pos: &Position, captures: u32) {
        if !self.may_cover(pos.occupied().count().saturating_sub(captures)) {
            return;
        }
        let army = |c| Army(KINDS.map(|k| pos.count(c, k) as u8));
        let (red, black) = (army(Color::Red), army(Color::Black));
        let within = |a: Army, b: Army| a.0.iter().zip(&b.0).all(|(x, y)| x <= y);
        let count = pos.occupied().count();
        for shelf in &self.shelves {
            let e = shelf.ix.endgame();
            let near = 2 + u32::from(pieces(e)) + captures >= count;
            if near
                && ((within(e.strong, red) && within(e.weak, black))
                    || (within(e.strong, black) && within(e.weak, red)))
            {
                shelf.load(&self.failures);
            }
        }
    }

    /// The files refused at a load since the last call, one line each.
    pub fn take_failures(&self) -> Vec<String> {
        std::mem::take(&mut *self.failures.lock().unwrap_or_else(|p| p.into_inner()))
    }
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase").field("dirs", &self.dirs).field("endgames", &self.shelves.len()).finish()
    }
}

/// The pieces of an endgame besides the kings.
fn pieces(endgame: Endgame) -> u8 {
    endgame.strong.pieces() + endgame.weak.pieces()
}

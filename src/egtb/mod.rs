//! Endgame tablebases (`docs/egtb.md`): names, the index, the retrograde build, the file,
//! verification, statistics and the probe.
//!
//! Below `engine`: it uses the board, the move generator and the rules only.

mod build;
pub mod checkpoint;
pub mod file;
pub mod index;
pub mod name;
pub mod probe;
pub mod stats;
pub mod table;
pub mod tablebase;
mod unmove;
pub mod value;
pub mod verify;

pub use build::{BuildError, build};
pub use checkpoint::{Checkpoint, Stage};
pub use file::{FileError, TableError};
pub use index::Indexer;
pub use name::{Army, Endgame, NameError};
pub use table::{Located, Miss, Side, Table, Tables, locate, subgames};
pub use tablebase::{OpenError, Opened, Tablebase};
pub use value::Value;

/// What a long job reports: a phase starting with its amount of work, or work done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Phase { name: String, total: u64 },
    Advance(u64),
}

/// Where a long job reports its steps (a progress bar, or nothing); called from many threads.
pub type Progress<'a> = dyn Fn(Step) + Sync + 'a;

/// Reports nothing.
pub fn silent(_: Step) {}

/// The endgames to build for `wanted`: every endgame a capture leads to first, each once,
/// smallest first.
pub fn build_order(wanted: &[Endgame]) -> Vec<Endgame> {
    fn visit(e: Endgame, order: &mut Vec<Endgame>) {
        if order.contains(&e) {
            return;
        }
        for sub in subgames(e) {
            visit(sub, order);
        }
        order.push(e);
    }
    let mut order = Vec::new();
    for &e in wanted {
        visit(e, &mut order);
    }
    order
}

#[cfg(test)]
mod tests;

/// Tables for the tests of the layers above: `krk`, built once per test run into a folder of
/// its own.
#[cfg(test)]
pub(crate) mod for_tests {
    use std::path::{Path, PathBuf};
    use std::sync::{Arc, OnceLock};

    use super::{Checkpoint, Indexer, Tablebase, Tables, build, file, silent};

    /// The folder holding `krk`'s two files.
    pub fn krk_dir() -> &'static Path {
        static DIR: OnceLock<PathBuf> = OnceLock::new();
        DIR.get_or_init(|| {
            let dir = std::env::temp_dir().join(format!("chuhan-egtb-views-{}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("a temporary folder");
            let ix = Indexer::new("krk".parse().expect("a name"));
            let built = build(&ix, &Tables::new(&dir), &silent, &Checkpoint::none()).expect("krk needs no other table");
            for table in &built {
                file::save(&dir, table).expect("written");
            }
            dir
        })
    }

    /// `krk`, opened.
    pub fn krk() -> Arc<Tablebase> {
        static TB: OnceLock<Arc<Tablebase>> = OnceLock::new();
        Arc::clone(TB.get_or_init(|| Arc::new(Tablebase::open(vec![krk_dir().to_path_buf()]).expect("krk").tablebase)))
    }
}

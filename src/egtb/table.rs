//! Tables in memory: one endgame's values for one side to move, and the set of tables a
//! folder holds, which answers for any position they cover (`docs/egtb.md` §4).

use std::path::{Path, PathBuf};

use super::file::{self, TableError};
use super::index::{Index, Indexer, MAX_PIECES, Squares};
use super::name::{Army, Endgame, KINDS};
use super::value::Value;
use crate::Position;
use crate::movegen::has_legal_move;
use crate::types::{Color, Square};

/// Who is to move in a table: the strong side (Red in the tables) or the weak side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Side {
    Strong = 0,
    Weak = 1,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Strong, Side::Weak];

    /// The colour to move in the tables' orientation.
    pub fn color(self) -> Color {
        match self {
            Side::Strong => Color::Red,
            Side::Weak => Color::Black,
        }
    }

    /// The other side.
    pub fn flip(self) -> Side {
        match self {
            Side::Strong => Side::Weak,
            Side::Weak => Side::Strong,
        }
    }

    /// `w` for the strong side to move, `b` for the weak side, in file names.
    pub fn letter(self) -> char {
        match self {
            Side::Strong => 'w',
            Side::Weak => 'b',
        }
    }
}

/// One endgame's values with one side to move, by index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    endgame: Endgame,
    side: Side,
    values: Entries,
}

/// The values as held in memory: one byte an entry while every value has one (`docs/egtb.md`
/// §9), which halves what the engine and a build's sub-endgames hold; else the file's two.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Entries {
    Narrow(Vec<u8>),
    Wide(Vec<u16>),
}

/// The byte of a value: 0 draw, 1 to 127 `win 2b - 1`, 128 to 253 `loss 2(b - 128)`, 254
/// undecided, 255 broken. Wins are odd and losses even (§5), so this holds every value up to
/// `win 253` and `loss 250`.
fn narrow(v: Value) -> Option<u8> {
    match v.plies() {
        Some(n) if v.is_win() => (n % 2 == 1 && n <= 253).then(|| n.div_ceil(2) as u8),
        Some(n) => (n % 2 == 0 && n <= 250).then(|| 128 + (n / 2) as u8),
        None if v.is_broken() => Some(255),
        None if v.is_undecided() => Some(254),
        None => Some(0),
    }
}

fn widen(b: u8) -> Value {
    match b {
        0 => Value::DRAW,
        1..=127 => Value::win(2 * b as u16 - 1),
        128..=253 => Value::loss(2 * (b - 128) as u16),
        254 => Value::UNDECIDED,
        255 => Value::BROKEN,
    }
}

impl Table {
    /// A table of `values` in index order, held narrow when they all fit a byte; `len` is
    /// how many there are, to allocate once.
    pub fn from_values(endgame: Endgame, side: Side, len: u64, values: impl IntoIterator<Item = Value>) -> Table {
        let mut entries = Entries::Narrow(Vec::with_capacity(len as usize));
        for v in values {
            match &mut entries {
                Entries::Narrow(bytes) => match narrow(v) {
                    Some(b) => bytes.push(b),
                    None => {
                        let mut wide: Vec<u16> = bytes.iter().map(|&b| widen(b).0).collect();
                        wide.push(v.0);
                        entries = Entries::Wide(wide);
                    }
                },
                Entries::Wide(wide) => wide.push(v.0),
            }
        }
        Table { endgame, side, values: entries }
    }

    pub fn endgame(&self) -> Endgame {
        self.endgame
    }

    pub fn side(&self) -> Side {
        self.side
    }

    pub fn len(&self) -> u64 {
        match &self.values {
            Entries::Narrow(v) => v.len() as u64,
            Entries::Wide(v) => v.len() as u64,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the values are held one byte an entry.
    pub fn is_narrow(&self) -> bool {
        matches!(self.values, Entries::Narrow(_))
    }

    pub fn get(&self, index: Index) -> Value {
        match &self.values {
            Entries::Narrow(v) => widen(v[index as usize]),
            Entries::Wide(v) => Value(v[index as usize]),
        }
    }

    /// Every value in index order.
    pub fn values(&self) -> impl Iterator<Item = Value> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// The longest win and the longest loss, in plies.
    pub fn longest(&self) -> (u16, u16) {
        let (mut win, mut loss) = (0, 0);
        for v in self.values() {
            match v.plies() {
                Some(n) if v.is_win() => win = win.max(n),
                Some(n) => loss = loss.max(n),
                None => {}
            }
        }
        (win, loss)
    }
}

/// Where a position stands in the tables: its endgame, the side to move there, and its pieces
/// in the tables' orientation and the order of [`Indexer::pieces`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub endgame: Endgame,
    pub side: Side,
    pub squares: Squares,
    /// Pieces in `squares`.
    pub len: usize,
}

/// The position in the tables' terms (`docs/egtb.md` §4): `None` when its material is not an
/// endgame the tables name (both sides armed, or none).
pub fn locate(pos: &Position) -> Option<Located> {
    let army = |c: Color| Army(KINDS.map(|k| pos.count(c, k) as u8));
    let (red, black) = (army(Color::Red), army(Color::Black));
    let (strong, endgame) = match (Endgame::new(red, black), Endgame::new(black, red)) {
        (Some(e), _) => (Color::Red, e),
        (_, Some(e)) => (Color::Black, e),
        _ => return None,
    };
    // Black strong: ranks mirrored and colours swapped, so that the strong side is Red.
    let orient = |sq: Square| if strong == Color::Red { sq } else { sq.flip_rank() };
    let mut squares: Squares = [Square::from_index(0); MAX_PIECES];
    (squares[0], squares[1]) = (orient(pos.king(strong)), orient(pos.king(!strong)));
    let mut len = 2;
    for c in [strong, !strong] {
        for kind in KINDS {
            for sq in pos.pieces_of(c, kind) {
                squares[len] = orient(sq);
                len += 1;
            }
        }
    }
    let side = if pos.side_to_move() == strong { Side::Strong } else { Side::Weak };
    Some(Located { endgame, side, squares, len })
}

/// Why a position has no value from the tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Miss {
    /// Not an endgame of the tables, or a piece off the points the index covers.
    NotCovered,
    /// The endgame's tables are not loaded.
    NotLoaded(Endgame),
}

impl std::fmt::Display for Miss {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Miss::NotCovered => f.write_str(
                "the position is not covered: the tables hold one side with attacking pieces against king, advisors and elephants, or one attacking piece each (docs/egtb.md)",
            ),
            Miss::NotLoaded(e) => write!(f, "no table for {e}"),
        }
    }
}

impl std::error::Error for Miss {}

/// The tables of a folder, loaded endgame by endgame.
#[derive(Debug, Default)]
pub struct Tables {
    dir: PathBuf,
    /// A list, not a map: a build or a probe holds a handful, and the search of a few names
    /// costs less than hashing one.
    loaded: Vec<(Indexer, [Table; 2])>,
}

impl Tables {
    pub fn new(dir: &Path) -> Tables {
        Tables { dir: dir.to_path_buf(), loaded: Vec::new() }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn is_loaded(&self, endgame: Endgame) -> bool {
        self.get(endgame).is_some()
    }

    /// Loads both files of `endgame` from the folder.
    pub fn load(&mut self, endgame: Endgame) -> Result<(), TableError> {
        if self.is_loaded(endgame) {
            return Ok(());
        }
        let ix = Indexer::new(endgame);
        let strong = file::load(&self.dir, endgame, Side::Strong, ix.size())?;
        let weak = file::load(&self.dir, endgame, Side::Weak, ix.size())?;
        self.insert(ix, [strong, weak]);
        Ok(())
    }

    /// Loads `endgame` and every endgame a capture leads to.
    pub fn load_with_subgames(&mut self, endgame: Endgame) -> Result<(), TableError> {
        for sub in subgames(endgame) {
            self.load_with_subgames(sub)?;
        }
        self.load(endgame)
    }

    /// Keeps only the endgames `keep` accepts, to free the memory of the others.
    pub fn retain(&mut self, keep: impl Fn(Endgame) -> bool) {
        self.loaded.retain(|(ix, _)| keep(ix.endgame()));
    }

    pub fn insert(&mut self, ix: Indexer, tables: [Table; 2]) {
        self.loaded.retain(|(old, _)| old.endgame() != ix.endgame());
        self.loaded.push((ix, tables));
    }

    pub fn get(&self, endgame: Endgame) -> Option<&(Indexer, [Table; 2])> {
        self.loaded.iter().find(|(ix, _)| ix.endgame() == endgame)
    }

    /// The value of a position for its side to move. A position without an attacking piece
    /// on either side is drawn by the rules, unless its side to move has no legal move
    /// (`docs/rules.md` §7 and §10).
    pub fn probe(&self, pos: &Position) -> Result<Value, Miss> {
        if let Some(v) = unarmed(pos) {
            return Ok(v);
        }
        let at = locate(pos).ok_or(Miss::NotCovered)?;
        let (ix, tables) = self.get(at.endgame).ok_or(Miss::NotLoaded(at.endgame))?;
        lookup(ix, tables, &at).ok_or(Miss::NotCovered)
    }
}

/// The value of a position without an attacking piece on either side, which needs no table:
/// drawn by the rules, unless its side to move has no legal move (`docs/rules.md` §7 and
/// §10). `None` while a side is armed.
pub(super) fn unarmed(pos: &Position) -> Option<Value> {
    pos.insufficient_material().then(|| if has_legal_move(pos) { Value::DRAW } else { Value::MATED })
}

/// The value of a located position in its endgame's tables: `None` for a piece off the
/// points the index covers.
pub(super) fn lookup(ix: &Indexer, tables: &[Table; 2], at: &Located) -> Option<Value> {
    let index = ix.encode(&at.squares[..at.len])?;
    Some(tables[at.side as usize].get(index))
}

/// The endgames one capture leads to that still have an attacking piece: one piece fewer on
/// either side, the side left armed as the strong side.
pub fn subgames(endgame: Endgame) -> Vec<Endgame> {
    let of = |a: Army, b: Army| Endgame::new(a, b).or_else(|| Endgame::new(b, a));
    let mut subs = Vec::new();
    for kind in KINDS {
        if let Some(strong) = endgame.strong.without(kind) {
            subs.extend(of(strong, endgame.weak));
        }
        if let Some(weak) = endgame.weak.without(kind) {
            subs.extend(of(endgame.strong, weak));
        }
    }
    subs.sort();
    subs.dedup();
    subs
}

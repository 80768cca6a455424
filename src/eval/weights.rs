//! The tunable weights by name, and the accumulator the terms add them through.
//!
//! A term does not add a weight's value itself: it tells an [`Accumulator`] which [`Weight`] it
//! uses and how many times. The engine accumulates into [`S`], which adds the values; once
//! inlined that is the same code as adding the constants of `params.rs`. The tuner accumulates
//! the uses instead, which gives it the evaluation of a position as a linear function of the
//! weights, computed by the engine's own term code.
//!
//! [`Table`] lays the weights out as one flat vector of numbers for the tuner, in `params.rs`
//! order. The game phase weights, the exchange classes and the palace attack units are not in
//! it: the evaluation is not linear in them.

use super::S;
use super::params::{
    ADVISOR_SHORTAGE, CANNON_MOBILITY, CANNON_ON_KING_FILE, CANNON_ON_KING_RANK, CANNON_PIN, DISCOVERED_CHECK,
    ELEPHANT_SHORTAGE, FACE_PIN, HANGING, HORSE_MOBILITY, KING_DANGER, NO_SOLDIERS, PIECE_VALUE, PINNED_TO_ROOK,
    PROTECTED, ROOK_MOBILITY, ROOK_PIN, SAFE_CHECK, SOLDIERS_LINKED, TEMPO, THREAT_BY_LESSER, pst,
};
use crate::board::Position;
use crate::tapered::PSQ;
use crate::types::{Color, Piece, PieceKind, Square};

/// One tunable weight: a table of `params.rs` and, where it has several, an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    PieceValue(PieceKind),
    Tempo,
    /// The piece-square value of a piece on a square.
    Psq(Piece, Square),
    /// Mobility by number of moves.
    RookMobility(usize),
    HorseMobility(usize),
    CannonMobility(usize),
    Hanging(PieceKind),
    ThreatByLesser(PieceKind),
    Protected,
    /// Per squared palace attack unit (divided by `KING_DANGER_DIVISOR`).
    KingDanger,
    AdvisorShortage(PieceKind),
    ElephantShortage(PieceKind),
    /// An enemy cannon on the king's file or rank, by the number of pieces between them.
    CannonOnKingFile(usize),
    CannonOnKingRank(usize),
    /// A point from which an enemy piece of this kind could check the king, that it reaches and
    /// the king's side does not guard.
    SafeCheck(PieceKind),
    /// A piece pinned to its king by an enemy rook, or one of two screens of an enemy cannon on
    /// its king, by its kind.
    RookPin(PieceKind),
    CannonPin(PieceKind),
    /// An enemy piece whose move would uncover a check on the king, by its kind.
    DiscoveredCheck(PieceKind),
    /// The only piece between the two kings, by its kind.
    FacePin(PieceKind),
    /// An enemy piece pinned to an enemy rook, by its kind.
    PinnedToRook(PieceKind),
    SoldiersLinked,
    NoSoldiers,
}

impl Weight {
    /// The weight's value in `params.rs`.
    #[inline(always)]
    pub fn value(self) -> S {
        match self {
            Weight::PieceValue(k) => PIECE_VALUE[k.index()],
            Weight::Tempo => TEMPO,
            Weight::Psq(pc, sq) => PSQ[pc.index()][sq.index()],
            Weight::RookMobility(n) => ROOK_MOBILITY[n],
            Weight::HorseMobility(n) => HORSE_MOBILITY[n],
            Weight::CannonMobility(n) => CANNON_MOBILITY[n],
            Weight::Hanging(k) => HANGING[k.index()],
            Weight::ThreatByLesser(k) => THREAT_BY_LESSER[k.index()],
            Weight::Protected => PROTECTED,
            Weight::KingDanger => KING_DANGER,
            Weight::AdvisorShortage(k) => ADVISOR_SHORTAGE[k.index()],
            Weight::ElephantShortage(k) => ELEPHANT_SHORTAGE[k.index()],
            Weight::CannonOnKingFile(n) => CANNON_ON_KING_FILE[n],
            Weight::CannonOnKingRank(n) => CANNON_ON_KING_RANK[n],
            Weight::SafeCheck(k) => SAFE_CHECK[k.index()],
            Weight::RookPin(k) => ROOK_PIN[k.index()],
            Weight::CannonPin(k) => CANNON_PIN[k.index()],
            Weight::DiscoveredCheck(k) => DISCOVERED_CHECK[k.index()],
            Weight::FacePin(k) => FACE_PIN[k.index()],
            Weight::PinnedToRook(k) => PINNED_TO_ROOK[k.index()],
            Weight::SoldiersLinked => SOLDIERS_LINKED,
            Weight::NoSoldiers => NO_SOLDIERS,
        }
    }

    /// The positions of the weight's middlegame and endgame values in the flat vector of
    /// [`Table`]. A piece-square weight's two are in its kind's two drawings; mirrored squares
    /// share one number, which keeps the tables symmetric.
    pub fn slots(self) -> (usize, usize) {
        let pair = |table: Table, i: usize| (table.offset() + 2 * i, table.offset() + 2 * i + 1);
        match self {
            Weight::PieceValue(k) => pair(Table::PieceValue, k.index()),
            Weight::Tempo => pair(Table::Tempo, 0),
            Weight::Psq(pc, sq) => {
                // Drawings put rank 9 first and are read from the piece's own side (`psqt.rs`).
                let row = match pc.color() {
                    Color::Red => 9 - sq.rank().index(),
                    Color::Black => sq.rank().index(),
                };
                let file = sq.file().index().min(8 - sq.file().index());
                let i = row * BOARD_FILES + file;
                let (mg, eg) = match pc.kind() {
                    PieceKind::King => (Table::KingMg, Table::KingEg),
                    PieceKind::Advisor => (Table::AdvisorMg, Table::AdvisorEg),
                    PieceKind::Elephant => (Table::ElephantMg, Table::ElephantEg),
                    PieceKind::Horse => (Table::HorseMg, Table::HorseEg),
                    PieceKind::Rook => (Table::RookMg, Table::RookEg),
                    PieceKind::Cannon => (Table::CannonMg, Table::CannonEg),
                    PieceKind::Soldier => (Table::SoldierMg, Table::SoldierEg),
                };
                (mg.offset() + i, eg.offset() + i)
            }
            Weight::RookMobility(n) => pair(Table::RookMobility, n),
            Weight::HorseMobility(n) => pair(Table::HorseMobility, n),
            Weight::CannonMobility(n) => pair(Table::CannonMobility, n),
            Weight::Hanging(k) => pair(Table::Hanging, k.index()),
            Weight::ThreatByLesser(k) => pair(Table::ThreatByLesser, k.index()),
            Weight::Protected => pair(Table::Protected, 0),
            Weight::KingDanger => pair(Table::KingDanger, 0),
            Weight::AdvisorShortage(k) => pair(Table::AdvisorShortage, k.index()),
            Weight::ElephantShortage(k) => pair(Table::ElephantShortage, k.index()),
            Weight::CannonOnKingFile(n) => pair(Table::CannonOnKingFile, n),
            Weight::CannonOnKingRank(n) => pair(Table::CannonOnKingRank, n),
            Weight::SafeCheck(k) => pair(Table::SafeCheck, k.index()),
            Weight::RookPin(k) => pair(Table::RookPin, k.index()),
            Weight::CannonPin(k) => pair(Table::CannonPin, k.index()),
            Weight::DiscoveredCheck(k) => pair(Table::DiscoveredCheck, k.index()),
            Weight::FacePin(k) => pair(Table::FacePin, k.index()),
            Weight::PinnedToRook(k) => pair(Table::PinnedToRook, k.index()),
            Weight::SoldiersLinked => pair(Table::SoldiersLinked, 0),
            Weight::NoSoldiers => pair(Table::NoSoldiers, 0),
        }
    }
}

/// What the terms add their weights to.
pub trait Accumulator: Default {
    /// Adds weight `w`, `n` times.
    fn add(&mut self, w: Weight, n: i32);
    /// Adds weight `w`, `n / d` times, where the engine rounds the product toward zero.
    fn add_fraction(&mut self, w: Weight, n: i32, d: i32);

    /// The position term of `c`'s pieces and their number by kind: one walk over them.
    #[inline(always)]
    fn psqt(pos: &Position, c: Color) -> (Self, [i32; PieceKind::NUM]) {
        super::psqt::psqt(pos, c)
    }
}

/// The engine's accumulator: the sum of the values.
impl Accumulator for S {
    #[inline(always)]
    fn add(&mut self, w: Weight, n: i32) {
        *self += w.value() * n;
    }

    #[inline(always)]
    fn add_fraction(&mut self, w: Weight, n: i32, d: i32) {
        *self += w.value() * n / d;
    }

    /// The engine reads the sum the position keeps up to date (the same values: see
    /// `psqt::tests`), and counts by kind.
    #[inline(always)]
    fn psqt(pos: &Position, c: Color) -> (S, [i32; PieceKind::NUM]) {
        (pos.psq(c), PieceKind::ALL.map(|k| pos.count(c, k) as i32))
    }
}

/// Numbers per row of a piece-square drawing as the tuner sees it: files a to e, since f to i
/// mirror d to a.
const BOARD_FILES: usize = 5;

/// How a table's values are laid out in `params.rs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One `S`: two numbers.
    Pair,
    /// `[S; n]`: `2n` numbers, middlegame then endgame per entry.
    Pairs(usize),
    /// A piece-square drawing, `[i32; 90]` with rank 9 first: 50 numbers, files a to e of each
    /// row.
    Board,
}

/// A table of tunable weights, in `params.rs` order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    PieceValue,
    Tempo,
    KingMg,
    KingEg,
    AdvisorMg,
    AdvisorEg,
    ElephantMg,
    ElephantEg,
    HorseMg,
    HorseEg,
    RookMg,
    RookEg,
    CannonMg,
    CannonEg,
    SoldierMg,
    SoldierEg,
    RookMobility,
    HorseMobility,
    CannonMobility,
    Hanging,
    ThreatByLesser,
    Protected,
    KingDanger,
    AdvisorShortage,
    ElephantShortage,
    CannonOnKingFile,
    CannonOnKingRank,
    SafeCheck,
    RookPin,
    CannonPin,
    DiscoveredCheck,
    FacePin,
    PinnedToRook,
    SoldiersLinked,
    NoSoldiers,
}

impl Table {
    pub const ALL: [Table; 35] = [
        Table::PieceValue,
        Table::Tempo,
        Table::KingMg,
        Table::KingEg,
        Table::AdvisorMg,
        Table::AdvisorEg,
        Table::ElephantMg,
        Table::ElephantEg,
        Table::HorseMg,
        Table::HorseEg,
        Table::RookMg,
        Table::RookEg,
        Table::CannonMg,
        Table::CannonEg,
        Table::SoldierMg,
        Table::SoldierEg,
        Table::RookMobility,
        Table::HorseMobility,
        Table::CannonMobility,
        Table::Hanging,
        Table::ThreatByLesser,
        Table::Protected,
        Table::KingDanger,
        Table::AdvisorShortage,
        Table::ElephantShortage,
        Table::CannonOnKingFile,
        Table::CannonOnKingRank,
        Table::SafeCheck,
        Table::RookPin,
        Table::CannonPin,
        Table::DiscoveredCheck,
        Table::FacePin,
        Table::PinnedToRook,
        Table::SoldiersLinked,
        Table::NoSoldiers,
    ];

    /// The number of tunable numbers over all tables.
    pub const SCALARS: usize = {
        let last = Table::ALL[Table::ALL.len() - 1];
        last.offset() + last.size()
    };

    /// The constant's name; piece-square drawings are in the `pst` module.
    pub const fn name(self) -> &'static str {
        match self {
            Table::PieceValue => "PIECE_VALUE",
            Table::Tempo => "TEMPO",
            Table::KingMg => "KING_MG",
            Table::KingEg => "KING_EG",
            Table::AdvisorMg => "ADVISOR_MG",
            Table::AdvisorEg => "ADVISOR_EG",
            Table::ElephantMg => "ELEPHANT_MG",
            Table::ElephantEg => "ELEPHANT_EG",
            Table::HorseMg => "HORSE_MG",
            Table::HorseEg => "HORSE_EG",
            Table::RookMg => "ROOK_MG",
            Table::RookEg => "ROOK_EG",
            Table::CannonMg => "CANNON_MG",
            Table::CannonEg => "CANNON_EG",
            Table::SoldierMg => "SOLDIER_MG",
            Table::SoldierEg => "SOLDIER_EG",
            Table::RookMobility => "ROOK_MOBILITY",
            Table::HorseMobility => "HORSE_MOBILITY",
            Table::CannonMobility => "CANNON_MOBILITY",
            Table::Hanging => "HANGING",
            Table::ThreatByLesser => "THREAT_BY_LESSER",
            Table::Protected => "PROTECTED",
            Table::KingDanger => "KING_DANGER",
            Table::AdvisorShortage => "ADVISOR_SHORTAGE",
            Table::ElephantShortage => "ELEPHANT_SHORTAGE",
            Table::CannonOnKingFile => "CANNON_ON_KING_FILE",
            Table::CannonOnKingRank => "CANNON_ON_KING_RANK",
            Table::SafeCheck => "SAFE_CHECK",
            Table::RookPin => "ROOK_PIN",
            Table::CannonPin => "CANNON_PIN",
            Table::DiscoveredCheck => "DISCOVERED_CHECK",
            Table::FacePin => "FACE_PIN",
            Table::PinnedToRook => "PINNED_TO_ROOK",
            Table::SoldiersLinked => "SOLDIERS_LINKED",
            Table::NoSoldiers => "NO_SOLDIERS",
        }
    }

    pub const fn shape(self) -> Shape {
        match self {
            // One pair per piece kind.
            Table::PieceValue
            | Table::Hanging
            | Table::ThreatByLesser
            | Table::AdvisorShortage
            | Table::ElephantShortage
            | Table::SafeCheck
            | Table::RookPin
            | Table::CannonPin
            | Table::DiscoveredCheck
            | Table::FacePin
            | Table::PinnedToRook => Shape::Pairs(PieceKind::NUM),
            Table::RookMobility => Shape::Pairs(ROOK_MOBILITY.len()),
            Table::HorseMobility => Shape::Pairs(HORSE_MOBILITY.len()),
            Table::CannonMobility => Shape::Pairs(CANNON_MOBILITY.len()),
            Table::CannonOnKingFile => Shape::Pairs(CANNON_ON_KING_FILE.len()),
            Table::CannonOnKingRank => Shape::Pairs(CANNON_ON_KING_RANK.len()),
            Table::Tempo | Table::Protected | Table::KingDanger | Table::SoldiersLinked | Table::NoSoldiers => {
                Shape::Pair
            }
            Table::KingMg
            | Table::KingEg
            | Table::AdvisorMg
            | Table::AdvisorEg
            | Table::ElephantMg
            | Table::ElephantEg
            | Table::HorseMg
            | Table::HorseEg
            | Table::RookMg
            | Table::RookEg
            | Table::CannonMg
            | Table::CannonEg
            | Table::SoldierMg
            | Table::SoldierEg => Shape::Board,
        }
    }

    /// The number of tunable numbers in the table.
    pub const fn size(self) -> usize {
        match self.shape() {
            Shape::Pair => 2,
            Shape::Pairs(n) => 2 * n,
            Shape::Board => 10 * BOARD_FILES,
        }
    }

    /// Where the table starts in the flat vector.
    pub const fn offset(self) -> usize {
        let mut offset = 0;
        let mut i = 0;
        while Table::ALL[i] as usize != self as usize {
            offset += Table::ALL[i].size();
            i += 1;
        }
        offset
    }

    /// The table's values in `params.rs`, laid out as in the flat vector.
    pub fn values(self) -> Vec<i32> {
        let pairs = |s: &[S]| s.iter().flat_map(|s| [s.mg(), s.eg()]).collect();
        let board = |b: &[i32; 90]| (0..10 * BOARD_FILES).map(|i| b[i / BOARD_FILES * 9 + i % BOARD_FILES]).collect();
        match self {
            Table::PieceValue => pairs(&PIECE_VALUE),
            Table::Tempo => pairs(&[TEMPO]),
            Table::KingMg => board(&pst::KING_MG),
            Table::KingEg => board(&pst::KING_EG),
            Table::AdvisorMg => board(&pst::ADVISOR_MG),
            Table::AdvisorEg => board(&pst::ADVISOR_EG),
            Table::ElephantMg => board(&pst::ELEPHANT_MG),
            Table::ElephantEg => board(&pst::ELEPHANT_EG),
            Table::HorseMg => board(&pst::HORSE_MG),
            Table::HorseEg => board(&pst::HORSE_EG),
            Table::RookMg => board(&pst::ROOK_MG),
            Table::RookEg => board(&pst::ROOK_EG),
            Table::CannonMg => board(&pst::CANNON_MG),
            Table::CannonEg => board(&pst::CANNON_EG),
            Table::SoldierMg => board(&pst::SOLDIER_MG),
            Table::SoldierEg => board(&pst::SOLDIER_EG),
            Table::RookMobility => pairs(&ROOK_MOBILITY),
            Table::HorseMobility => pairs(&HORSE_MOBILITY),
            Table::CannonMobility => pairs(&CANNON_MOBILITY),
            Table::Hanging => pairs(&HANGING),
            Table::ThreatByLesser => pairs(&THREAT_BY_LESSER),
            Table::Protected => pairs(&[PROTECTED]),
            Table::KingDanger => pairs(&[KING_DANGER]),
            Table::AdvisorShortage => pairs(&ADVISOR_SHORTAGE),
            Table::ElephantShortage => pairs(&ELEPHANT_SHORTAGE),
            Table::CannonOnKingFile => pairs(&CANNON_ON_KING_FILE),
            Table::CannonOnKingRank => pairs(&CANNON_ON_KING_RANK),
            Table::SafeCheck => pairs(&SAFE_CHECK),
            Table::RookPin => pairs(&ROOK_PIN),
            Table::CannonPin => pairs(&CANNON_PIN),
            Table::DiscoveredCheck => pairs(&DISCOVERED_CHECK),
            Table::FacePin => pairs(&FACE_PIN),
            Table::PinnedToRook => pairs(&PINNED_TO_ROOK),
            Table::SoldiersLinked => pairs(&[SOLDIERS_LINKED]),
            Table::NoSoldiers => pairs(&[NO_SOLDIERS]),
        }
    }

    /// The name of the table's `i`-th number: `ROOK_MOBILITY[3].eg`, `pst::HORSE_MG[c7]` (the
    /// square of the drawing, from Red's side, files a to e).
    pub fn entry_name(self, i: usize) -> String {
        match self.shape() {
            Shape::Pair => format!("{}.{}", self.name(), ["mg", "eg"][i % 2]),
            Shape::Pairs(_) => format!("{}[{}].{}", self.name(), i / 2, ["mg", "eg"][i % 2]),
            Shape::Board => {
                let file = char::from(b'a' + (i % BOARD_FILES) as u8);
                format!("pst::{}[{file}{}]", self.name(), 9 - i / BOARD_FILES)
            }
        }
    }
}

/// Every tunable number in `params.rs`, in the order of [`Table::ALL`].
pub fn current() -> Vec<i32> {
    Table::ALL.iter().flat_map(|t| t.values()).collect()
}

/// The table holding flat position `slot`, and the position within it.
pub fn locate(slot: usize) -> Option<(Table, usize)> {
    Table::ALL.iter().find(|t| (t.offset()..t.offset() + t.size()).contains(&slot)).map(|&t| (t, slot - t.offset()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_hold_the_values() {
        let flat = current();
        assert_eq!(flat.len(), Table::SCALARS);
        let check = |w: Weight| {
            let (mg, eg) = w.slots();
            assert_eq!(S(flat[mg], flat[eg]), w.value(), "{w:?}");
        };
        for pc in Piece::ALL {
            for sq in Square::all() {
                check(Weight::Psq(pc, sq));
            }
        }
        for k in PieceKind::ALL {
            for w in [Weight::PieceValue, Weight::Hanging, Weight::ThreatByLesser] {
                check(w(k));
            }
            check(Weight::AdvisorShortage(k));
            check(Weight::ElephantShortage(k));
            check(Weight::SafeCheck(k));
            check(Weight::RookPin(k));
            check(Weight::CannonPin(k));
            check(Weight::DiscoveredCheck(k));
            check(Weight::FacePin(k));
            check(Weight::PinnedToRook(k));
        }
        (0..ROOK_MOBILITY.len()).for_each(|n| check(Weight::RookMobility(n)));
        (0..HORSE_MOBILITY.len()).for_each(|n| check(Weight::HorseMobility(n)));
        (0..CANNON_MOBILITY.len()).for_each(|n| check(Weight::CannonMobility(n)));
        (0..CANNON_ON_KING_FILE.len()).for_each(|n| check(Weight::CannonOnKingFile(n)));
        (0..CANNON_ON_KING_RANK.len()).for_each(|n| check(Weight::CannonOnKingRank(n)));
        for w in [Weight::Tempo, Weight::Protected, Weight::KingDanger, Weight::SoldiersLinked, Weight::NoSoldiers] {
            check(w);
        }
    }

    #[test]
    fn tables_tile_the_flat_vector() {
        let mut next = 0;
        for t in Table::ALL {
            assert_eq!(t.offset(), next, "{}", t.name());
            next += t.size();
            assert_eq!(locate(t.offset()), Some((t, 0)));
        }
        assert_eq!(next, Table::SCALARS);
        assert_eq!(locate(Table::SCALARS), None);
        assert_eq!(Table::RookMobility.entry_name(7), "ROOK_MOBILITY[3].eg");
        assert_eq!(Table::HorseMg.entry_name(2 * 5 + 2), "pst::HORSE_MG[c7]");
    }
}

//! What the terms share: piece counts, the game phase, and the attack maps, each computed once
//! per evaluation.

use super::params::{PHASE_MAX, PHASE_TOTAL, PHASE_WEIGHT};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Position;
use crate::types::{ByColor, Color, PieceKind, Square};

/// Shared facts about the position being evaluated.
///
/// [`EvalInfo::new`] takes the piece counts (from the piece-square pass) and computes the phase
/// and the attacks of the short-range pieces (king, advisors, elephants, soldiers). The mobility
/// term adds the attacks of rooks, horses and cannons as it computes them, so the attack maps are
/// complete only after it has run for both sides; the threat and king-safety terms come after.
pub(super) struct EvalInfo {
    /// Pieces per side and kind.
    pub counts: ByColor<[i32; PieceKind::NUM]>,
    /// Blend of middlegame and endgame, `0..=PHASE_MAX`.
    pub phase: i32,
    /// Points each side's pieces of each kind attack (or defend). For cannons: the points beyond
    /// exactly one screen. The king's flying-general line is left out; it only ever matters as a
    /// check.
    pub attacked_by: ByColor<[Bitboard; PieceKind::NUM]>,
    /// Union of `attacked_by` over the kinds.
    pub attacked: ByColor<Bitboard>,
    /// The empty points each side's cannons can move to (set by the mobility term).
    pub cannon_quiets: ByColor<Bitboard>,
    /// Where each side's rooks, horses and cannons may usefully move: not onto their own pieces
    /// and not onto points guarded by the enemy's cheap pieces (soldiers, advisors, elephants).
    pub mobility_area: ByColor<Bitboard>,
}

impl EvalInfo {
    #[inline(always)]
    pub fn new(pos: &Position, counts: ByColor<[i32; PieceKind::NUM]>) -> EvalInfo {
        use PieceKind::{Advisor, Elephant, King, Soldier};
        let occ = pos.occupied();
        let mut attacked_by: ByColor<[Bitboard; PieceKind::NUM]> = ByColor::default();
        let mut attacked: ByColor<Bitboard> = ByColor::default();
        for c in Color::ALL {
            let by = &mut attacked_by[c];
            by[King.index()] = attacks::king(pos.king(c));
            by[Advisor.index()] = union(pos.pieces_of(c, Advisor), attacks::advisor);
            by[Elephant.index()] = union(pos.pieces_of(c, Elephant), |sq| attacks::elephant(sq, occ));
            by[Soldier.index()] = attacks::soldiers(c, pos.pieces_of(c, Soldier));
            attacked[c] = by[King.index()] | by[Advisor.index()] | by[Elephant.index()] | by[Soldier.index()];
        }
        let area = |c: Color| {
            let guards = &attacked_by[!c];
            !(pos.color_bb(c) | guards[Soldier.index()] | guards[Advisor.index()] | guards[Elephant.index()])
        };
        let mobility_area = ByColor::new(area(Color::Red), area(Color::Black));
        EvalInfo {
            counts,
            phase: phase(&counts),
            attacked_by,
            attacked,
            cannon_quiets: ByColor::default(),
            mobility_area,
        }
    }

    /// Records the points `c`'s pieces of kind `kind` attack.
    #[inline]
    pub fn add(&mut self, c: Color, kind: PieceKind, targets: Bitboard) {
        self.attacked_by[c][kind.index()] |= targets;
        self.attacked[c] |= targets;
    }

    /// Points `c` attacks with pieces of kind `kind`.
    #[inline]
    pub fn attacks(&self, c: Color, kind: PieceKind) -> Bitboard {
        self.attacked_by[c][kind.index()]
    }
}

/// The union of `f` over the squares of `bb`: the points a group of pieces attacks.
#[inline]
fn union(bb: Bitboard, f: impl Fn(Square) -> Bitboard) -> Bitboard {
    bb.iter().fold(Bitboard::EMPTY, |acc, sq| acc | f(sq))
}

/// The game phase, `PHASE_MAX` with all pieces on the board and 0 with none but the kings.
///
/// The curve is concave, `(2T - m) m / T` for material `m` out of `T`: the first trades leave
/// the game a middlegame, and it turns into an endgame only when little is left (ElephantEye
/// shapes its phase the same way).
fn phase(counts: &ByColor<[i32; PieceKind::NUM]>) -> i32 {
    let mut material = 0;
    for kind in PieceKind::ALL {
        let i = kind.index();
        material += PHASE_WEIGHT[i] * (counts[Color::Red][i] + counts[Color::Black][i]);
    }
    let m = material.min(PHASE_TOTAL);
    (2 * PHASE_TOTAL - m) * m * PHASE_MAX / (PHASE_TOTAL * PHASE_TOTAL)
}

/// The shared facts for `pos` before the mobility pass, counting its pieces directly.
#[cfg(test)]
pub(super) fn short_range(pos: &Position) -> EvalInfo {
    let counts = |c| PieceKind::ALL.map(|k| pos.count(c, k) as i32);
    EvalInfo::new(pos, ByColor::new(counts(Color::Red), counts(Color::Black)))
}

/// The shared facts for `pos` with every attack recorded, as the later terms read them.
#[cfg(test)]
pub(super) fn complete(pos: &Position) -> EvalInfo {
    let mut info = short_range(pos);
    for c in Color::ALL {
        super::mobility::mobility::<super::S>(pos, &mut info, c);
    }
    info
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phase_spans_middlegame_to_endgame() {
        let start = short_range(&Position::startpos());
        assert_eq!(start.phase, PHASE_MAX);
        let kings = short_range(&Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").expect("valid"));
        assert_eq!(kings.phase, 0);
        // One rook each, full defences and a soldier: 21 of 66 phase units, which the concave
        // curve places just past the middle.
        let rooks = short_range(&Position::from_fen("2bakab2/9/9/9/4p4/9/9/9/9/R1BAKAB1r w").expect("valid"));
        assert_eq!(rooks.phase, (2 * PHASE_TOTAL - 21) * 21 * PHASE_MAX / (PHASE_TOTAL * PHASE_TOTAL));
        assert!(rooks.phase > PHASE_MAX / 2 && rooks.phase < PHASE_MAX * 3 / 4);
    }

    #[test]
    fn short_range_attacks_and_mobility_area() {
        let info = short_range(&Position::startpos());
        let sq = |s: &str| Square::parse(s).expect("square");
        // The Red soldier on e3 guards e4, so Black's pieces do not count e4 as mobility.
        assert!(info.attacks(Color::Red, PieceKind::Soldier).has(sq("e4")));
        assert!(!info.mobility_area[Color::Black].has(sq("e4")));
        assert!(info.mobility_area[Color::Red].has(sq("e4")));
        // The king defends both advisors; Black's elephant on c9 covers e7.
        assert!(info.attacks(Color::Red, PieceKind::King).has(sq("d0")));
        assert!(info.attacks(Color::Black, PieceKind::Elephant).has(sq("e7")));
        assert!(!info.mobility_area[Color::Red].has(sq("a0")));
    }
}

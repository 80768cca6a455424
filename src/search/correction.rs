//! Correction history: how far the static evaluation has turned out from the search's results
//! in positions of the same kind, added to the evaluation of later positions of that kind (as
//! in Stockfish and Pikafish). A hand-written evaluation misjudges whole families of positions
//! the same way, an imbalance of material or a soldier formation it has no term for; the
//! search learns the error where it searches them and the pruning decisions that read the
//! static evaluation (reverse futility, null move, futility, stand pat) start from a better
//! guess.
//!
//! Three tables per side to move, each entry in 1/`GRAIN` of an evaluation unit: one keyed by
//! the soldiers' formation, one by the material on the board, one by the last move (its piece
//! and destination: the threat it makes, which a static evaluation judges alike wherever it
//! meets it). The correction is their mean.

use super::history::{ROWS, column};
use super::params::{CORRECTION_MAX, CORRECTION_SIZE};
use crate::board::Position;
use crate::types::{ByColor, Color, Depth, PieceKind, Value};

/// Entries count in 1/GRAIN of an evaluation unit, so small adjustments accumulate.
const GRAIN: i32 = 32;

/// Entries stay within ±LIMIT (CORRECTION_MAX units); an update moves one at most a quarter
/// of that.
const LIMIT: i32 = CORRECTION_MAX * GRAIN;

/// A search thread's correction tables.
pub struct Correction {
    soldiers: Box<ByColor<[i16; CORRECTION_SIZE]>>,
    material: Box<ByColor<[i16; CORRECTION_SIZE]>>,
    /// Indexed directly by the last move's column, plus one (0: no last move).
    prev: Box<ByColor<[i16; ROWS + 1]>>,
}

/// The table slots of a position: its side to move and its three keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slots {
    stm: Color,
    soldiers: usize,
    material: usize,
    prev: usize,
}

/// The top bits of a 64-bit product: an index into a table of `CORRECTION_SIZE` entries.
#[inline]
fn index(h: u64) -> usize {
    const BITS: u32 = CORRECTION_SIZE.trailing_zeros();
    const { assert!(CORRECTION_SIZE.is_power_of_two()) };
    (h >> (64 - BITS)) as usize
}

impl Slots {
    #[inline]
    pub fn of(pos: &Position) -> Slots {
        // Each 64-bit half of both soldier boards, mixed by a multiplication apiece.
        let (red, black) =
            (pos.pieces_of(Color::Red, PieceKind::Soldier).0, pos.pieces_of(Color::Black, PieceKind::Soldier).0);
        let h = (red as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ ((red >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ (black as u64).wrapping_mul(0x1656_67B1_9E37_79F9)
            ^ ((black >> 64) as u64).wrapping_mul(0x27D4_EB2F_1656_67C5);
        let m = u64::from(pos.material_key()).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The last move's piece and destination: what it threatens the evaluation may miss.
        let prev = pos
            .last_move()
            .filter(|m| !m.is_null())
            .and_then(|m| pos.piece_at(m.to()).map(|pc| 1 + column(pc, m.to())))
            .unwrap_or(0);
        Slots { stm: pos.side_to_move(), soldiers: index(h), material: index(m), prev }
    }
}

impl Correction {
    pub fn new() -> Correction {
        Correction {
            soldiers: Box::new(ByColor::new([0; CORRECTION_SIZE], [0; CORRECTION_SIZE])),
            material: Box::new(ByColor::new([0; CORRECTION_SIZE], [0; CORRECTION_SIZE])),
            prev: Box::new(ByColor::new([0; ROWS + 1], [0; ROWS + 1])),
        }
    }

    /// Forgets everything learnt, keeping the tables' memory.
    pub fn clear(&mut self) {
        for stm in [Color::Red, Color::Black] {
            self.soldiers[stm].fill(0);
            self.material[stm].fill(0);
            self.prev[stm].fill(0);
        }
    }

    /// The correction to add to the static evaluation of the position with `slots`.
    #[inline]
    pub fn get(&self, slots: Slots) -> Value {
        let sum = i32::from(self.soldiers[slots.stm][slots.soldiers])
            + i32::from(self.material[slots.stm][slots.material])
            + i32::from(self.prev[slots.stm][slots.prev]);
        sum / (3 * GRAIN)
    }

    /// Learns from a search to `depth` that found `value` where the corrected static evaluation
    /// was `eval`: deeper searches weigh more, and entries fade as they near the limit.
    pub fn update(&mut self, slots: Slots, depth: Depth, value: Value, eval: Value) {
        let bonus = ((value - eval) * GRAIN * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        for entry in [
            &mut self.soldiers[slots.stm][slots.soldiers],
            &mut self.material[slots.stm][slots.material],
            &mut self.prev[slots.stm][slots.prev],
        ] {
            let e = i32::from(*entry);
            // |e + bonus - e * |bonus| / LIMIT| <= LIMIT, which fits in 16 bits.
            *entry = (e + bonus - e * bonus.abs() / LIMIT) as i16;
        }
    }
}

impl Default for Correction {
    fn default() -> Self {
        Correction::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Move;

    #[test]
    fn learns_toward_the_search_and_stays_bounded() {
        let pos = Position::startpos();
        let slots = Slots::of(&pos);
        let mut corr = Correction::new();
        assert_eq!(corr.get(slots), 0);
        // One depth-8 search found 5 more than the evaluation: every table learns all of it.
        corr.update(slots, 8, 5, 0);
        assert_eq!(corr.get(slots), 5);
        // Searches that keep finding more than the evaluation push it to the limit, no
        // further.
        for _ in 0..200 {
            corr.update(slots, 10, 40, 0);
        }
        assert_eq!(corr.get(slots), CORRECTION_MAX);
        // The other side to move, and other material, learned nothing.
        let mut black = pos.clone();
        black.make_null();
        assert_eq!(corr.get(Slots::of(&black)), 0);
        let fewer =
            Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R w").expect("valid FEN");
        assert_ne!(Slots::of(&fewer), slots);
        // Overwhelming evidence the other way pulls it back below zero.
        for _ in 0..200 {
            corr.update(slots, 10, -1000, 0);
        }
        assert_eq!(corr.get(slots), -CORRECTION_MAX);
        // The same position reached by another last move is another family for the third
        // table, which has learned nothing of it: two thirds of the correction carry over.
        let play = |moves: &[&str]| {
            let mut p = pos.clone();
            for m in moves {
                p.make(Move::parse(m).expect("move"));
            }
            p
        };
        let right_first = play(&["h0g2", "h9g7", "b0c2", "b9c7"]);
        let left_first = play(&["b0c2", "b9c7", "h0g2", "h9g7"]);
        assert_eq!(right_first.key(), left_first.key());
        let mut corr = Correction::new();
        corr.update(Slots::of(&right_first), 8, 6, 0);
        assert_eq!(corr.get(Slots::of(&right_first)), 6);
        assert_eq!(corr.get(Slots::of(&left_first)), 4);
    }
}

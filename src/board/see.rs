//! Static exchange evaluation (SEE): the material balance of the captures on one point when both
//! sides recapture with their least valuable attacker and either may stop when going on loses.
//!
//! Every recapture removes a piece from the occupancy and the attackers are looked up again, so
//! the xiangqi line-of-sight rules follow the exchange: a rook behind a rook joins in, a cannon
//! gains a target when one of two pieces in front of it leaves and loses it when its only screen
//! leaves, a horse whose leg leaves (or an elephant whose eye does) starts attacking.
//!
//! Simplifications, as usual for SEE: pins are ignored, and so is the flying-general rule (a
//! recapture that would leave the kings facing is counted as legal, and a king never captures
//! along the file). The king recaptures only onto a point the other side no longer attacks.

use super::Position;
use crate::attacks::{self, Occupancy};
use crate::bitboard::Bitboard;
use crate::types::{Color, Move, Piece, PieceKind, Square, Value};

/// Exchange values by kind, near the middlegame material values. The king's exceeds any
/// material that could be won with it, so an exchange never counts on losing it.
pub const SEE_VALUE: [Value; PieceKind::NUM] = [10_000, 20, 20, 95, 215, 100, 15];

/// A soldier across the river moves sideways and is worth about twice as much.
const CROSSED_SOLDIER: Value = 30;

/// Recapturing kinds, least valuable first; the king comes last and is handled apart.
const LEAST_VALUABLE_FIRST: [PieceKind; 6] =
    [PieceKind::Soldier, PieceKind::Advisor, PieceKind::Elephant, PieceKind::Horse, PieceKind::Cannon, PieceKind::Rook];

/// The exchange value of `pc` standing on `sq`.
#[inline]
fn see_value(pc: Piece, sq: Square) -> Value {
    match pc.kind() {
        PieceKind::Soldier if !sq.in_own_half(pc.color()) => CROSSED_SOLDIER,
        kind => SEE_VALUE[kind.index()],
    }
}

impl Position {
    /// Whether the exchange started by `mv` (a capture or a quiet move) wins at least
    /// `threshold` for the side making it. `mv` must be pseudo-legal.
    pub fn see_ge(&self, mv: Move, threshold: Value) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = self.piece_at(from) else { return false };

        // `swap` is what the side about to capture must win to turn the balance against the
        // threshold in its favour; `res` is whether the mover reaches the threshold if the
        // exchange stops here.
        let mut swap = self.piece_at(to).map_or(0, |pc| see_value(pc, to)) - threshold;
        if swap < 0 {
            return false;
        }
        swap = see_value(mover, to) - swap;
        if swap <= 0 {
            return true;
        }

        let mut occ = self.occ;
        occ.clear(from);
        occ.set(to);
        let mut attackers = self.all_attackers_to(to, &occ);
        let mut stm = mover.color();
        let mut res = true;
        loop {
            stm = !stm;
            attackers &= occ.bitboard();
            let ours = attackers & self.colors[stm];
            if ours.is_empty() {
                break;
            }
            res = !res;
            let least = LEAST_VALUABLE_FIRST.iter().find_map(|&kind| {
                let bb = ours & self.pieces_of(stm, kind);
                bb.first().map(|sq| (Piece::new(stm, kind), sq))
            });
            let Some((pc, sq)) = least else {
                // Only the king is left: it takes unless the point is still defended.
                return if (attackers & self.colors[!stm]).any() { !res } else { res };
            };
            swap = see_value(pc, to) - swap;
            if swap < Value::from(res) {
                break;
            }
            occ.clear(sq);
            // Look again: leaving pieces uncover rooks and horses and add or remove screens.
            attackers = self.all_attackers_to(to, &occ);
        }
        res
    }

    /// Pieces of both colours that could capture on `sq` under `occ`, each by its own rule
    /// (palace and river limits, legs and eyes, cannon screens, soldiers' directions), except
    /// the kings' flying-general capture. Pieces not on `occ` may be included.
    fn all_attackers_to(&self, sq: Square, occ: &Occupancy) -> Bitboard {
        let bb = occ.bitboard();
        let both = |kind| self.pieces_of(Color::Red, kind) | self.pieces_of(Color::Black, kind);
        // Kings, advisors and elephants move symmetrically: a piece on `a` reaches `b` exactly
        // when one on `b` reaches `a` (the same palace, the same half, the same eye).
        (attacks::rook(sq, occ) & both(PieceKind::Rook))
            | (attacks::cannon(sq, occ) & both(PieceKind::Cannon))
            | (attacks::horse_attackers(sq, bb) & both(PieceKind::Horse))
            | (attacks::elephant(sq, bb) & both(PieceKind::Elephant))
            | (attacks::advisor(sq) & both(PieceKind::Advisor))
            | (attacks::king(sq) & both(PieceKind::King))
            | (attacks::soldier_attackers(Color::Red, sq) & self.pieces_of(Color::Red, PieceKind::Soldier))
            | (attacks::soldier_attackers(Color::Black, sq) & self.pieces_of(Color::Black, PieceKind::Soldier))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exact exchange value: the largest threshold `see_ge` accepts.
    fn see(fen: &str, mv: &str) -> Value {
        let pos = Position::from_fen(fen).expect("valid FEN");
        let mv = Move::parse(mv).expect("valid move");
        assert!(pos.is_pseudo_legal(mv), "{mv} in {fen}");
        let (mut lo, mut hi) = (-20_000, 20_000);
        assert!(pos.see_ge(mv, lo) && !pos.see_ge(mv, hi));
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if pos.see_ge(mv, mid) { lo = mid } else { hi = mid }
        }
        lo
    }

    #[test]
    fn single_captures_and_quiet_moves() {
        // Rook takes an undefended horse; then a defended one (a rook behind it).
        assert_eq!(see("5k3/9/9/4n4/9/9/9/4R4/9/3K5 w", "e2e6"), 95);
        assert_eq!(see("5k3/4r4/9/4n4/9/9/9/4R4/9/3K5 w", "e2e6"), 95 - 215);
        // A quiet rook move: safe on b4, lost on c4 next to a crossed soldier.
        assert_eq!(see("5k3/9/9/9/9/R2p5/9/9/9/3K5 w", "a4b4"), 0);
        assert_eq!(see("5k3/9/9/9/9/R2p5/9/9/9/3K5 w", "a4c4"), -215);
    }

    #[test]
    fn soldiers_attack_sideways_only_across_the_river() {
        // The black soldier on d5 has not crossed: it attacks d4 only, not e5.
        assert_eq!(see("3k5/9/9/9/3pc4/9/9/9/4R4/5K3 w", "e1e5"), 100);
        // On d4 it has crossed and defends e4 from the side.
        assert_eq!(see("3k5/9/9/9/9/3pc4/9/9/4R4/5K3 w", "e1e4"), 100 - 215);
        // A crossed soldier is worth more as a victim.
        assert_eq!(see("3k5/9/9/9/9/4p4/9/9/4R4/5K3 w", "e1e4"), 30);
        assert_eq!(see("3k5/9/9/9/4p4/9/9/9/4R4/5K3 w", "e1e5"), 15);
    }

    #[test]
    fn rooks_x_ray_through_rooks() {
        // Doubled red rooks on the c-file against one black rook: the second rook joins in.
        assert_eq!(see("2r1k4/9/9/2n6/9/9/2R6/9/2R6/3K5 w", "c3c6"), 95);
        // Doubled black rooks defend twice: the exchange stops after the horse.
        assert_eq!(see("2r1k4/2r6/9/2n6/9/9/2R6/9/2R6/3K5 w", "c3c6"), 95 - 215);
    }

    #[test]
    fn cannon_screens_come_and_go() {
        // The red cannon on c1 sees c5 over the rook on c3; once the rook has captured, the
        // cannon has no screen left and the black rook wins the exchange.
        assert_eq!(see("3k5/2r6/9/9/2n6/9/2R6/9/2C6/4K4 w", "c3c5"), 95 - 215);
        // Two pieces stand between the cannon on c0 and c6: when the rook takes, the horse on
        // c2 becomes the only screen and the cannon recaptures.
        assert_eq!(see("2r1k4/9/9/2n6/9/2R6/9/2N6/9/2CK5 w", "c4c6"), 95);
        // A cannon capture over a screen, into a rook's defence.
        assert_eq!(see("3k5/9/9/2r6/9/2p6/9/9/9/2C1K4 w", "c0c6"), 215);
        assert_eq!(see("2r1k4/9/9/2r6/9/2p6/9/9/9/2CK5 w", "c0c6"), 215 - 100);
        // The black cannon on c9 shoots over the horse on c8; the horse cannot defend c6 itself.
        assert_eq!(see("2c1k4/2n6/9/2r6/9/9/9/9/9/2RK5 w", "c0c6"), 215 - 215);
        // Mid-exchange: the red soldier on c5 screens the cannon on c0 until it recaptures
        // itself; after that the cannon cannot answer the black rook.
        assert_eq!(see("2r2k3/3n5/9/R1c6/2P6/9/9/9/9/2CK5 w", "a6c6"), 100 - 215 + 95 - 30);
    }

    #[test]
    fn horse_legs_and_elephant_eyes() {
        // The advisor leaving d2 frees the leg of the black horse on d3, which then defends e1.
        assert_eq!(see("3k5/9/9/9/9/9/3n5/3A5/4n4/3K5 w", "d2e1"), 95 - 20);
        // The king on e0 would take the horse back, so Black does not recapture at all.
        assert_eq!(see("3k5/9/9/9/9/9/3n5/3A5/4n4/4K4 w", "d2e1"), 95);
        // But not when a black rook on the e-file still defends e1: the king may not go there.
        assert_eq!(see("3k5/9/9/9/4r4/9/3n5/3A5/4n4/4K4 w", "d2e1"), 95 - 20);
        // Mid-exchange: the black advisor recaptures from d9, freeing the leg of the horse on
        // c9, which takes the second rook.
        assert_eq!(see("2na1k3/4c4/9/9/9/9/4R4/4R4/9/3K5 w", "e3e8"), 100 - 215);
        // A black elephant on c9 defends e7 unless its eye d8 is blocked.
        assert_eq!(see("2b2k3/9/4n4/9/9/9/9/4R4/9/3K5 w", "e2e7"), 95 - 215);
        assert_eq!(see("2b2k3/3n5/4n4/9/9/9/9/4R4/9/3K5 w", "e2e7"), 95);
    }

    #[test]
    fn thresholds_bracket_the_exchange() {
        let pos = Position::from_fen("5k3/4r4/9/4n4/9/9/9/4R4/9/3K5 w").expect("valid FEN");
        let mv = Move::parse("e2e6").expect("valid move");
        assert!(pos.see_ge(mv, -120) && !pos.see_ge(mv, -119) && !pos.see_ge(mv, 0));
    }
}

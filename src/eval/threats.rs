//! Threatened and protected pieces.
//!
//! Static and rough by design: the quiescence search settles real exchanges. These terms only
//! tell the search which side's pieces are loose.

use super::info::EvalInfo;
use super::params::THREAT_CLASS;
use super::weights::{Accumulator, Weight};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Position;
use crate::types::{Color, PieceKind};

/// Exchange classes: `THREAT_CLASS` runs from 0 to 3.
const CLASSES: usize = 4;

/// `c`'s threats against the enemy's pieces: those it attacks that are undefended, and those it
/// attacks with a piece of a lower exchange class.
#[inline(always)]
pub(super) fn threats<A: Accumulator>(pos: &Position, info: &EvalInfo, c: Color) -> A {
    let them = !c;
    let mut score = A::default();
    pinned_to_rooks(pos, c, &mut score);
    let targets = info.attacked[c] & pos.color_bb(them);
    if targets.is_empty() {
        return score;
    }

    // Both sets below usually hold no piece or a couple: walk them.
    let defended = targets & info.attacked[them];
    for sq in targets & !defended {
        if let Some(pc) = pos.piece_at(sq) {
            score.add(Weight::Hanging(pc.kind()), 1);
        }
    }
    if defended.any() {
        // `below[k]`: points c attacks with pieces of an exchange class lower than k.
        let mut below = [Bitboard::EMPTY; CLASSES];
        for kind in PieceKind::ALL {
            if let Some(b) = below.get_mut(THREAT_CLASS[kind.index()] as usize + 1) {
                *b |= info.attacks(c, kind);
            }
        }
        for k in 1..CLASSES {
            below[k] |= below[k - 1];
        }
        for sq in defended {
            if let Some(pc) = pos.piece_at(sq)
                && below[THREAT_CLASS[pc.kind().index()] as usize].has(sq)
            {
                score.add(Weight::ThreatByLesser(pc.kind()), 1);
            }
        }
    }
    score
}

/// `c`'s rooks and cannons pinning enemy pieces to enemy rooks: the only piece between a rook and
/// the enemy rook, or an enemy piece among the two between a cannon and it.
#[inline(always)]
fn pinned_to_rooks<A: Accumulator>(pos: &Position, c: Color, score: &mut A) {
    let them = !c;
    let targets = pos.pieces_of(them, PieceKind::Rook);
    if targets.is_empty() {
        return;
    }
    let (rooks, cannons) = (pos.pieces_of(c, PieceKind::Rook), pos.pieces_of(c, PieceKind::Cannon));
    if (rooks | cannons).is_empty() {
        return;
    }
    for to in targets {
        // From the target rook outwards: a rook of ours with one piece between, a cannon with
        // two. Only those pairs are walked.
        let [_, one, two] = attacks::line_layers::<3>(to, pos.occupancy());
        for from in (rooks & one) | (cannons & two) {
            for sq in Bitboard::between(from, to) & pos.color_bb(them) {
                if let Some(pc) = pos.piece_at(sq) {
                    score.add(Weight::PinnedToRook(pc.kind()), 1);
                }
            }
        }
    }
}

/// `c`'s pieces defended by another of its pieces.
#[inline(always)]
pub(super) fn protection<A: Accumulator>(pos: &Position, info: &EvalInfo, c: Color) -> A {
    let defended = pos.color_bb(c) & info.attacked[c] & !Bitboard::from_square(pos.king(c));
    let mut score = A::default();
    score.add(Weight::Protected, defended.count() as i32);
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::S;
    use crate::eval::info::complete as info;
    use crate::eval::params::{HANGING, PROTECTED, THREAT_BY_LESSER};

    fn threats_of(fen: &str, c: Color) -> S {
        let pos = Position::from_fen(fen).expect("valid FEN");
        threats(&pos, &info(&pos), c)
    }

    #[test]
    fn hanging_and_outgunned_pieces() {
        let rook = PieceKind::Rook.index();
        // The Red horse on c5 attacks the Black rook on d7 over its free leg c6; nothing
        // defends the rook.
        assert_eq!(threats_of("3k5/9/3r5/9/2N6/9/9/9/9/4K4 w", Color::Red), HANGING[rook]);
        // A Black horse on b8 defends it, but the horse attacking it is still the cheaper piece.
        assert_eq!(threats_of("3k5/1n7/3r5/9/2N6/9/9/9/9/4K4 w", Color::Red), THREAT_BY_LESSER[rook]);
        // A defended horse attacked by a rook is no threat: the exchange would lose.
        assert_eq!(threats_of("3k5/1n7/3n5/9/9/9/9/9/9/3RK4 w", Color::Red), S::ZERO);
    }

    #[test]
    fn pins_to_rooks() {
        use crate::eval::tests::Used;
        let pinned = |fen: &str, c: Color| {
            let pos = Position::from_fen(fen).expect("valid FEN");
            let used: Used = threats(&pos, &info(&pos), c);
            used.0.into_iter().filter(|(w, _)| matches!(w, Weight::PinnedToRook(_))).collect::<Vec<_>>()
        };
        // The Red rook on a5 pins the Black horse on c5 to the Black rook on e5.
        assert_eq!(pinned("3k5/9/9/9/R1n1r4/9/9/9/9/4K4 w", Color::Red), [(Weight::PinnedToRook(PieceKind::Horse), 1)]);
        // A Red cannon on a5 over the Red soldier on b5 pins the horse just the same; a second
        // Black piece between frees it.
        assert_eq!(pinned("3k5/9/9/9/CPn1r4/9/9/9/9/4K4 w", Color::Red), [(Weight::PinnedToRook(PieceKind::Horse), 1)]);
        assert_eq!(pinned("3k5/9/9/9/R1nnr4/9/9/9/9/4K4 w", Color::Red), []);
        // Black's rook pins nothing of Red's: the horse is its own.
        assert_eq!(pinned("3k5/9/9/9/R1n1r4/9/9/9/9/4K4 w", Color::Black), []);
    }

    #[test]
    fn protected_pieces() {
        // Red's king defends both advisors; nothing defends the elephant or the soldier.
        let pos = Position::from_fen("3akab2/9/9/9/9/9/4P4/9/9/3AKAB2 w").expect("valid FEN");
        assert_eq!(protection::<S>(&pos, &info(&pos), Color::Red), PROTECTED * 2);
        // Black's advisors stand by their king just the same.
        assert_eq!(protection::<S>(&pos, &info(&pos), Color::Black), PROTECTED * 2);
    }
}

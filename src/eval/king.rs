//! King safety: pressure on the palace, missing advisors and elephants against the attackers
//! that exploit their absence, and cannons lined up on the king.

use super::info::EvalInfo;
use super::params::{
    CANNON_ON_KING_FILE, CANNON_ON_KING_RANK, KING_DANGER_DIVISOR, PALACE_ATTACK_UNITS, PALACE_UNITS_MAX,
};
use super::weights::{Accumulator, Weight};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Position;
use crate::types::{ByColor, Color, PieceKind, Square};

/// The nine palace points of each side.
const PALACE: ByColor<Bitboard> = ByColor::new(palace(Color::Red), palace(Color::Black));

/// `c`'s palace, built from [`Square::in_palace`].
const fn palace(c: Color) -> Bitboard {
    let mut bb = 0u128;
    let mut i = 0;
    while i < Square::NUM {
        if Square::from_index(i).in_palace(c) {
            bb |= 1 << i;
        }
        i += 1;
    }
    Bitboard(bb)
}

/// The number of points of `hits`, a subset of `c`'s palace. Each palace lies in one 64-bit half
/// of the board (Red's in the low word, Black's in the high one), so one word is counted instead
/// of two.
#[inline]
fn palace_count(hits: Bitboard, c: Color) -> i32 {
    debug_assert!((hits & !PALACE[c]).is_empty());
    let word = match c {
        Color::Red => hits.0 as u64,
        Color::Black => (hits.0 >> 64) as u64,
    };
    word.count_ones() as i32
}

/// How many layers of the king's lines the terms read: a cannon counts with up to three pieces
/// between it and the king.
const LAYERS: usize = CANNON_ON_KING_FILE.len();
const _: () = assert!(CANNON_ON_KING_RANK.len() == LAYERS && LAYERS >= 3);

/// The enemy pieces that threaten a palace.
const ATTACKERS: [PieceKind; 4] = [PieceKind::Horse, PieceKind::Rook, PieceKind::Cannon, PieceKind::Soldier];

/// The safety of `c`'s king: a penalty, so it is zero or less.
#[inline(always)]
pub(super) fn king_safety<A: Accumulator>(pos: &Position, info: &EvalInfo, c: Color) -> A {
    let them = !c;
    let mut score = A::default();

    // Pressure on the palace, squared so that lone attackers count little.
    let mut units = 0;
    for kind in ATTACKERS {
        units += PALACE_ATTACK_UNITS[kind.index()] * palace_count(info.attacks(them, kind) & PALACE[c], c);
    }
    let units = units.min(PALACE_UNITS_MAX);
    score.add_fraction(Weight::KingDanger, -(units * units), KING_DANGER_DIVISOR);

    // Missing defenders, weighed by the enemy pieces that exploit each absence.
    let missing_advisors = PieceKind::Advisor.max_count() as i32 - info.counts[c][PieceKind::Advisor.index()];
    let missing_elephants = PieceKind::Elephant.max_count() as i32 - info.counts[c][PieceKind::Elephant.index()];
    if missing_advisors > 0 || missing_elephants > 0 {
        for kind in ATTACKERS {
            let n = if kind == PieceKind::Soldier {
                (pos.pieces_of(them, kind) & Bitboard::half(c)).count() as i32
            } else {
                info.counts[them][kind.index()]
            };
            score.add(Weight::AdvisorShortage(kind), -missing_advisors * n);
            score.add(Weight::ElephantShortage(kind), -missing_elephants * n);
        }
    }

    // The king's lines in layers: `lines[n]` runs from the n-th piece met each way (exclusive)
    // to the next (inclusive), so a piece in `lines[n]` has n pieces between it and the king.
    let ksq = pos.king(c);
    let lines = attacks::line_layers::<LAYERS>(ksq, pos.occupancy());

    // Points from which the enemy could check next move, reached and not guarded by us.
    for (kind, safe) in safe_checks(pos, info, c, &lines) {
        if safe > 0 {
            score.add(Weight::SafeCheck(kind), -safe);
        }
    }

    // Enemy cannons on the king's file or rank, by the number of pieces in between; with two,
    // each screen is pinned or uncovers a check.
    let occ = pos.occupied();
    let cannons = pos.pieces_of(them, PieceKind::Cannon);
    for (screens, &layer) in lines.iter().enumerate() {
        for sq in cannons & layer {
            let on_file = sq.file() == ksq.file();
            let weight = if on_file { Weight::CannonOnKingFile(screens) } else { Weight::CannonOnKingRank(screens) };
            score.add(weight, -1);
            if screens == 2 {
                line_pieces(pos, Bitboard::between(sq, ksq) & occ, c, Weight::CannonPin, &mut score);
            }
        }
    }

    // Enemy rooks on the king's file or rank with one piece in between.
    for sq in pos.pieces_of(them, PieceKind::Rook) & lines[1] {
        line_pieces(pos, Bitboard::between(sq, ksq) & occ, c, Weight::RookPin, &mut score);
    }

    // A lone piece of ours between the kings (which only ever share a file).
    let their_king = pos.king(them);
    if lines[1].has(their_king) {
        for sq in Bitboard::between(their_king, ksq) & pos.color_bb(c) {
            if let Some(pc) = pos.piece_at(sq) {
                score.add(Weight::FacePin(pc.kind()), -1);
            }
        }
    }
    score
}

/// Charges `c` for each piece of `line`, the pieces between an enemy rook or cannon and `c`'s
/// king: its own are pinned (`pin`), the enemy's uncover a check when they move.
#[inline(always)]
fn line_pieces<A: Accumulator>(pos: &Position, line: Bitboard, c: Color, pin: fn(PieceKind) -> Weight, score: &mut A) {
    for sq in line {
        if let Some(pc) = pos.piece_at(sq) {
            let weight = if pc.color() == c { pin(pc.kind()) } else { Weight::DiscoveredCheck(pc.kind()) };
            score.add(weight, -1);
        }
    }
}

/// The number of points from which an enemy rook, horse, cannon or soldier could check `c`'s
/// king on its next move: points the piece reaches, not held by the enemy and not guarded by
/// `c`. Kinds the enemy no longer has are skipped.
#[inline(always)]
fn safe_checks(pos: &Position, info: &EvalInfo, c: Color, lines: &[Bitboard; LAYERS]) -> [(PieceKind, i32); 4] {
    let them = !c;
    let ksq = pos.king(c);
    let safe = !(info.attacked[c] | pos.color_bb(them));
    let has = |kind: PieceKind| info.counts[them][kind.index()] > 0;
    let count = |points: Bitboard| (points & safe).count() as i32;

    // The king's lines up to the first piece each way, and from there up to the second.
    let [lines, past_screen, ..] = *lines;
    let rooks = if has(PieceKind::Rook) { count(lines & info.attacks(them, PieceKind::Rook)) } else { 0 };
    let horses = if has(PieceKind::Horse) {
        count(attacks::horse_attackers(ksq, pos.occupied()) & info.attacks(them, PieceKind::Horse))
    } else {
        0
    };
    let cannons = if has(PieceKind::Cannon) {
        // A cannon checks from beyond exactly one screen.
        count(past_screen & (info.cannon_quiets[them] | info.attacks(them, PieceKind::Cannon)))
    } else {
        0
    };
    let soldiers = count(attacks::soldier_attackers(them, ksq) & info.attacks(them, PieceKind::Soldier));
    [(PieceKind::Rook, rooks), (PieceKind::Horse, horses), (PieceKind::Cannon, cannons), (PieceKind::Soldier, soldiers)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::S;
    use crate::eval::info::complete;
    use crate::eval::params::{
        ADVISOR_SHORTAGE, CANNON_PIN, DISCOVERED_CHECK, ELEPHANT_SHORTAGE, KING_DANGER, SAFE_CHECK,
    };
    use crate::eval::tests::Used;

    fn safety(fen: &str, c: Color) -> S {
        let pos = Position::from_fen(fen).expect("valid FEN");
        king_safety(&pos, &complete(&pos), c)
    }

    fn lines(pos: &Position, c: Color) -> [Bitboard; LAYERS] {
        attacks::line_layers(pos.king(c), pos.occupancy())
    }

    /// The safe checks against `c`'s king, by kind (rook, horse, cannon, soldier).
    fn checks(fen: &str, c: Color) -> [i32; 4] {
        let pos = Position::from_fen(fen).expect("valid FEN");
        safe_checks(&pos, &complete(&pos), c, &lines(&pos, c)).map(|(_, n)| n)
    }

    /// What the safe checks against `c`'s king cost it.
    fn checks_penalty(fen: &str, c: Color) -> S {
        let pos = Position::from_fen(fen).expect("valid FEN");
        safe_checks(&pos, &complete(&pos), c, &lines(&pos, c))
            .iter()
            .fold(S::ZERO, |acc, &(k, n)| acc - SAFE_CHECK[k.index()] * n)
    }

    #[test]
    fn safe_checks_by_kind() {
        // A Black rook on a5 checks the bare Red king on e0 from a0 or e5.
        assert_eq!(checks("3k5/9/9/9/r8/9/9/9/9/4K4 w", Color::Red), [2, 0, 0, 0]);
        // A Black horse on b3 reaches c1 and d2, both a horse's check on e0.
        assert_eq!(checks("3k5/9/9/9/9/9/1n7/9/9/4K4 w", Color::Red), [0, 2, 0, 0]);
        // A Black cannon on a5 checks over the advisor on e1 from e5; the cannon's a0 is no
        // check (no screen on rank 0).
        assert_eq!(checks("3k5/9/9/9/c8/9/9/9/4A4/4K4 w", Color::Red), [0, 0, 1, 0]);
        // A Black soldier on d1 checks from d0 or e1, but the king guards both.
        assert_eq!(checks("3k5/9/9/9/9/9/9/9/3p5/4K4 w", Color::Red), [0, 0, 0, 0]);
        // A Red advisor on d0 shuts the rank: only the check from e5 is left. Red has nothing
        // to check Black with.
        assert_eq!(checks("3k5/9/9/9/r8/9/9/9/9/3AK4 w", Color::Red), [1, 0, 0, 0]);
        assert_eq!(checks("3k5/9/9/9/r8/9/9/9/9/4K4 w", Color::Black), [0, 0, 0, 0]);
    }

    #[test]
    fn between_squares() {
        let sq = |s: &str| Square::parse(s).expect("square");
        assert_eq!(Bitboard::between(sq("e0"), sq("e9")).count(), 8);
        assert!(Bitboard::between(sq("e9"), sq("e0")).has(sq("e5")));
        assert_eq!(Bitboard::between(sq("a3"), sq("d3")), Bitboard::EMPTY.with(sq("b3")).with(sq("c3")));
        assert_eq!(Bitboard::between(sq("a3"), sq("b3")), Bitboard::EMPTY);
    }

    #[test]
    fn palace_masks() {
        assert_eq!(PALACE[Color::Red].count(), 9);
        assert!(PALACE[Color::Black].has(Square::parse("f7").expect("square")));
        for c in Color::ALL {
            assert_eq!(palace_count(PALACE[c], c), 9);
        }
    }

    #[test]
    fn central_and_hollow_cannons() {
        // Central cannon: a Black cannon on e7 with two soldiers (e6, e3) between it and the
        // fully defended Red king on e0; Red's soldier is pinned, Black's would uncover a check.
        let fen = "3k5/9/4c4/4p4/9/9/4P4/9/9/2BAKAB2 w";
        let soldier = PieceKind::Soldier.index();
        let screens = CANNON_PIN[soldier] + DISCOVERED_CHECK[soldier];
        assert_eq!(safety(fen, Color::Red), -CANNON_ON_KING_FILE[2] - screens + checks_penalty(fen, Color::Red));
        // Hollow cannon: nothing between.
        let fen = "5k3/9/4c4/9/9/9/9/9/9/2BAKAB2 w";
        assert_eq!(safety(fen, Color::Red), -CANNON_ON_KING_FILE[0] + checks_penalty(fen, Color::Red));
        // The king stepped off the file: no penalty.
        let fen = "5k3/9/4c4/9/9/9/9/9/3K5/2BA1AB2 w";
        assert_eq!(safety(fen, Color::Red), checks_penalty(fen, Color::Red));
    }

    /// The pin and discovered-check weights `c`'s king safety uses.
    fn pins(fen: &str, c: Color) -> Vec<(Weight, i32)> {
        let pos = Position::from_fen(fen).expect("valid FEN");
        let used: Used = king_safety(&pos, &complete(&pos), c);
        let is_pin = |w: &Weight| {
            matches!(w, Weight::RookPin(_) | Weight::CannonPin(_) | Weight::DiscoveredCheck(_) | Weight::FacePin(_))
        };
        used.0.into_iter().filter(|(w, _)| is_pin(w)).collect()
    }

    #[test]
    fn pins_and_discovered_checks() {
        use PieceKind::{Advisor, Horse, Soldier};
        // A Black rook on e7 pins the Red horse on e1 to the king on e0.
        assert_eq!(pins("3k5/9/4r4/9/9/9/9/9/4N4/4K4 w", Color::Red), [(Weight::RookPin(Horse), -1)]);
        // A Black horse there would uncover the rook's check.
        assert_eq!(pins("3k5/9/4r4/9/9/9/9/9/4n4/4K4 w", Color::Red), [(Weight::DiscoveredCheck(Horse), -1)]);
        // Two pieces between the rook and the king: neither is held.
        assert_eq!(pins("3k5/9/4r4/9/9/9/4P4/9/4N4/4K4 w", Color::Red), []);
        // A Black cannon on e7 over the Red advisor on e1 and the soldier on e3: both pinned; the
        // rook on the king's rank at a0 pins nothing, with nothing between.
        assert_eq!(
            pins("3k5/9/4c4/9/9/9/4P4/9/4A4/r3K4 w", Color::Red),
            [(Weight::CannonPin(Advisor), -1), (Weight::CannonPin(Soldier), -1)]
        );
        // With one screen the cannon checks: left to the search.
        assert_eq!(pins("3k5/9/4c4/9/9/9/9/9/4A4/4K4 w", Color::Red), []);
        // The same lines against Black's king are Black's: Red has no rook or cannon.
        assert_eq!(pins("3k5/9/4r4/9/9/9/9/9/4N4/4K4 w", Color::Black), []);
        // The Red horse on e4 alone between the kings cannot leave the file; Black's king has
        // nothing of its own there.
        let facing = "4k4/9/9/9/9/4N4/9/9/9/4K4 w";
        assert_eq!(pins(facing, Color::Red), [(Weight::FacePin(Horse), -1)]);
        assert_eq!(pins(facing, Color::Black), []);
        // With a second piece between them, neither is held.
        assert_eq!(pins("4k4/9/9/9/4p4/4N4/9/9/9/4K4 w", Color::Red), []);
    }

    #[test]
    fn missing_advisors_fear_rooks() {
        // Black has two rooks; Red has both elephants but no advisors.
        let fen = "3k5/9/9/9/9/r7r/9/9/9/2B1K1B2 w";
        let expected = -(ADVISOR_SHORTAGE[PieceKind::Rook.index()] * 2 * 2);
        assert_eq!(safety(fen, Color::Red), expected + checks_penalty(fen, Color::Red));
        // Black is missing everything, but Red has no attacker left to exploit it.
        assert_eq!(safety(fen, Color::Black), S::ZERO);
    }

    #[test]
    fn palace_pressure_is_quadratic() {
        // A Black rook on d4 sweeps the palace file d (d2, d1, d0); a Black horse on f3 hits the
        // palace points e1 and d2 over free legs. Red has no advisors or elephants.
        let rook = "3k5/9/9/9/9/3r5/9/9/9/4K4 w";
        let both = "3k5/9/9/9/9/3r5/5n3/9/9/4K4 w";
        let rook_units = 3 * PALACE_ATTACK_UNITS[PieceKind::Rook.index()];
        let danger = |u: i32| -(KING_DANGER * (u * u)) / KING_DANGER_DIVISOR;
        let shortage = -(ADVISOR_SHORTAGE[PieceKind::Rook.index()] + ELEPHANT_SHORTAGE[PieceKind::Rook.index()]) * 2;
        assert_eq!(safety(rook, Color::Red), danger(rook_units) + shortage + checks_penalty(rook, Color::Red));
        let horse = PieceKind::Horse.index();
        let horse_shortage = -(ADVISOR_SHORTAGE[horse] + ELEPHANT_SHORTAGE[horse]) * 2;
        let both_units = rook_units + 2 * PALACE_ATTACK_UNITS[horse];
        assert_eq!(
            safety(both, Color::Red),
            danger(both_units) + shortage + horse_shortage + checks_penalty(both, Color::Red)
        );
    }
}

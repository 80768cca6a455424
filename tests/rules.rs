//! One position per movement rule, with the exact set of legal moves.

use chuhan::Position;
use chuhan::movegen::legal_moves;

/// Legal moves from `fen` that start on `from` (or all moves if `from` is empty), sorted.
fn moves(fen: &str, from: &str) -> Vec<String> {
    let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut v: Vec<String> =
        legal_moves(&pos).iter().map(|m| m.to_string()).filter(|m| from.is_empty() || m.starts_with(from)).collect();
    v.sort();
    v
}

#[test]
fn soldier_one_step_forward_before_the_river() {
    assert_eq!(moves("3k5/9/9/9/9/9/4P4/9/9/4K4 w", "e3"), ["e3e4"]);
    assert_eq!(moves("3k5/9/9/9/9/4P4/9/9/9/5K3 w", "e4"), ["e4e5"]);
}

#[test]
fn soldier_sideways_after_the_river_never_back() {
    assert_eq!(moves("3k5/9/9/9/4P4/9/9/9/9/5K3 w", "e5"), ["e5d5", "e5e6", "e5f5"]);
    // On the last rank only sideways.
    assert_eq!(moves("P2k5/9/9/9/9/9/9/9/9/4K4 w", "a9"), ["a9b9"]);
    // Black soldiers go down the board.
    assert_eq!(moves("3k5/9/9/4p4/9/9/9/9/9/5K3 b", "e6"), ["e6e5"]);
    assert_eq!(moves("3k5/9/9/9/9/4p4/9/9/9/5K3 b", "e4"), ["e4d4", "e4e3", "e4f4"]);
}

#[test]
fn horse_hobbled_leg() {
    // Horse on e4 with a piece on e5: the two forward targets are blocked.
    assert_eq!(
        moves("3k5/9/9/9/4P4/4N4/9/9/9/5K3 w", "e4"),
        ["e4c3", "e4c5", "e4d2", "e4d6", "e4f2", "e4f6", "e4g3", "e4g5"]
            .into_iter()
            .filter(|m| !["e4d6", "e4f6"].contains(m))
            .collect::<Vec<_>>()
    );
}

#[test]
fn elephant_eye_and_river() {
    // Elephant on e2: c0, g0, c4, g4; the eye d3 is occupied, so c4 is out.
    assert_eq!(moves("3k5/9/9/9/9/9/3P5/4B4/9/5K3 w", "e2"), ["e2c0", "e2g0", "e2g4"]);
    // From g4 it may not cross to e6/i6.
    assert_eq!(moves("3k5/9/9/9/9/6B2/9/9/9/5K3 w", "g4"), ["g4e2", "g4i2"]);
}

#[test]
fn advisor_and_king_stay_in_the_palace() {
    assert_eq!(moves("3k5/9/9/9/9/9/9/9/9/3AK4 w", "d0"), ["d0e1"]);
    assert_eq!(moves("4k4/9/9/9/9/9/9/9/9/3K5 w", "d0"), ["d0d1"]);
}

#[test]
fn flying_general() {
    // The king may not step onto the open file of the other king.
    assert_eq!(moves("4k4/9/9/9/9/9/9/9/9/3K5 w", "d0"), ["d0d1"]);
    // The only piece between the kings is pinned to the file.
    assert_eq!(moves("4k4/9/9/9/9/4N4/9/9/9/4K4 w", "e4"), Vec::<String>::new());
    assert_eq!(moves("4k4/9/9/9/9/4C4/9/9/9/4K4 w", "e4"), ["e4e1", "e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8"]);
}

#[test]
fn rook_and_cannon() {
    // The cannon on b2 slides along rank 2 and file b, and captures the horse on b9 by jumping
    // the black cannon on b7.
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    assert_eq!(
        moves(start, "b2"),
        ["b2a2", "b2b1", "b2b3", "b2b4", "b2b5", "b2b6", "b2b9", "b2c2", "b2d2", "b2e2", "b2f2", "b2g2"]
    );
    assert_eq!(moves(start, "a0"), ["a0a1", "a0a2"]);
}

#[test]
fn cannon_screen_pitfalls() {
    // Moving a piece onto the empty line between an enemy cannon and one's king creates a check.
    assert_eq!(moves("4k4/9/9/9/4c4/9/9/9/9/3AK4 w", "d0"), Vec::<String>::new());
    // Capturing the screen of a checking cannon does not end the check; the king may not step
    // onto a point the cannon hits through the screen.
    assert_eq!(moves("9/4k4/9/9/4c4/9/3Rp4/9/9/4K4 w", ""), ["e0d0", "e0f0"]);
    // Moving away one of exactly two screens creates a check.
    assert_eq!(moves("9/4k4/9/9/4c4/9/4P4/4N4/9/4K4 w", "e2"), Vec::<String>::new());
    assert_eq!(moves("9/4k4/9/9/4c4/9/4P4/4N4/9/4K4 w", "e3"), ["e3e4"]);
}

#[test]
fn no_legal_move_is_a_loss_position() {
    // The rook checks along the d file; e9 would face the red king: black has no legal move.
    let pos = Position::from_fen("3k5/9/9/9/3R5/9/9/9/9/4K4 b").expect("valid");
    assert!(!chuhan::movegen::has_legal_move(&pos));
}

//! Every evaluation weight, in one place.
//!
//! Units are those printed to the GUI: a horse or a cannon is worth about 100 (`ucci.md`
//! section 7.5). `S(mg, eg)` is a middlegame and an endgame value, blended by the game phase.
//!
//! Arrays indexed by piece kind follow [`PieceKind`](crate::PieceKind) order: king, advisor,
//! elephant, horse, rook, cannon, soldier. Piece-square tables are drawn from Red's side of the
//! board: the first row is rank 9 (Black's back rank), the last row rank 0 (Red's); Black reads
//! them with ranks mirrored. Every table is symmetric left to right, because the rules are.
//!
//! The values are hand-set in the spirit of ElephantEye's evaluation and of the classic
//! "base value, position value, flexibility, threats, protection" evaluator; they have not been
//! tuned by self-play yet.

use super::S;

// ---------------------------------------------------------------------------------------------
// Game phase

/// Phase weight of each piece kind still on the board (both sides): rooks count most, as the
/// pieces whose departure most changes the game.
pub const PHASE_WEIGHT: [i32; 7] = [0, 1, 1, 3, 6, 3, 1];

/// Sum of [`PHASE_WEIGHT`] over the start position: 4 rooks, 8 horses and cannons, 18 others.
pub const PHASE_TOTAL: i32 = 66;

/// Resolution of the blended phase: `PHASE_MAX` is the full middlegame, 0 a bare endgame.
pub const PHASE_MAX: i32 = 256;

// ---------------------------------------------------------------------------------------------
// Material

/// Base value per piece kind. Rooks are worth about a horse and a cannon together; cannons need
/// screens and weaken as the board empties, horses need room and gain. Advisors and elephants
/// are cheap on their own; what they are worth against attackers is in the king-safety
/// shortage weights. Soldiers gain most of their value by crossing the river ([`pst`]).
pub const PIECE_VALUE: [S; 7] = [
    S(0, 0),     // king: never captured
    S(20, 20),   // advisor
    S(20, 20),   // elephant
    S(95, 100),  // horse
    S(215, 230), // rook
    S(100, 90),  // cannon
    S(10, 15),   // soldier, before the river
];

/// A bonus to the side to move: it is its turn to improve.
pub const TEMPO: S = S(8, 4);

// ---------------------------------------------------------------------------------------------
// Piece-square tables

/// Position value per square and kind, from Red's side (rank 9 first). Kings and soldiers change
/// their preferences between middlegame and endgame; the other pieces have one table.
pub mod pst {
    /// Stay home in the middlegame: a raised king is exposed to rooks and soldiers.
    #[rustfmt::skip]
    pub const KING_MG: [i32; 90] = [
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0, -24, -30, -24,   0,   0,   0,
        0,   0,   0,  -8,  -6,  -8,   0,   0,   0,
        0,   0,   0,  -2,   2,  -2,   0,   0,   0,
    ];

    /// In the endgame the king helps from the centre file but still avoids the top of the palace.
    #[rustfmt::skip]
    pub const KING_EG: [i32; 90] = [
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0, -10,  -8, -10,   0,   0,   0,
        0,   0,   0,  -2,   2,  -2,   0,   0,   0,
        0,   0,   0,  -4,   0,  -4,   0,   0,   0,
    ];

    /// The palace centre is the advisor's best point; the top corners leave the base open.
    #[rustfmt::skip]
    pub const ADVISOR: [i32; 90] = [
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,  -4,   0,  -4,   0,   0,   0,
        0,   0,   0,   0,   4,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
    ];

    /// The central point links both elephants and covers the palace; the edges and the river
    /// bank are loose.
    #[rustfmt::skip]
    pub const ELEPHANT: [i32; 90] = [
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,  -2,   0,   0,   0,  -2,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
       -4,   0,   0,   0,   4,   0,   0,   0,  -4,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
    ];

    /// Horses want the squares that attack the enemy palace (c7/g7, d7/f7, c8/g8); they are poor
    /// on the edges, at home, and worst on the palace centre, where they block their own king.
    #[rustfmt::skip]
    pub const HORSE: [i32; 90] = [
        0,  -4,   2,   4,  -4,   4,   2,  -4,   0,
        2,   8,  14,  12,   4,  12,  14,   8,   2,
        4,  10,  16,  18,  12,  18,  16,  10,   4,
        4,  10,  14,  16,  16,  16,  14,  10,   4,
        2,   8,  12,  14,  12,  14,  12,   8,   2,
        0,   6,   8,  10,  10,  10,   8,   6,   0,
        0,   2,   6,   4,   8,   4,   6,   2,   0,
       -2,   2,   4,   4,   0,   4,   4,   2,  -2,
       -6,  -2,   0,   0, -12,   0,   0,  -2,  -6,
       -8,  -4,  -2,  -4,  -8,  -4,  -2,  -4,  -8,
    ];

    /// Rooks like the river banks, the palace files (d and f) and the enemy's second rank; the
    /// corners and the palace centre file at home are passive.
    #[rustfmt::skip]
    pub const ROOK: [i32; 90] = [
        4,   8,   6,  10,  12,  10,   6,   8,   4,
        6,  10,   8,  14,  16,  14,   8,  10,   6,
        4,   8,   6,  12,  12,  12,   6,   8,   4,
        6,  10,  10,  14,  14,  14,  10,  10,   6,
        8,  12,  12,  14,  14,  14,  12,  12,   8,
        4,   8,   8,  10,  10,  10,   8,   8,   4,
        0,   6,   4,   8,   6,   8,   4,   6,   0,
       -2,   6,   2,   6,   2,   6,   2,   6,  -2,
       -2,   4,   0,   6,  -2,   6,   0,   4,  -2,
       -6,   4,   0,   4,  -4,   4,   0,   4,  -6,
    ];

    /// Cannons aim down the centre file from home and from the river, and shoot from the enemy's
    /// back corners; deep inside the enemy palace area they run out of screens.
    #[rustfmt::skip]
    pub const CANNON: [i32; 90] = [
        4,   4,   0,  -4,  -6,  -4,   0,   4,   4,
        2,   2,   0,  -4,  -8,  -4,   0,   2,   2,
        2,   2,   0,  -4,  -2,  -4,   0,   2,   2,
        0,   2,   2,   0,   4,   0,   2,   2,   0,
        0,   2,   0,   2,   6,   2,   0,   2,   0,
        0,   0,   0,   2,   6,   2,   0,   0,   0,
       -2,   0,   2,   0,   6,   0,   2,   0,  -2,
        0,   2,   4,   4,   8,   4,   4,   2,   0,
        0,   0,   2,   2,   4,   2,   2,   0,   0,
        0,   0,   2,   4,   4,   4,   2,   0,   0,
    ];

    /// Across the river a soldier gains sideways moves and presses the palace; on the enemy's
    /// back rank ("old soldier") it can only move sideways and is worth little. Before the river
    /// only the files a, c, e, g and i can hold a soldier.
    #[rustfmt::skip]
    pub const SOLDIER_MG: [i32; 90] = [
        0,   2,   4,   8,  10,   8,   4,   2,   0,
        8,  16,  24,  32,  36,  32,  24,  16,   8,
        8,  18,  26,  32,  34,  32,  26,  18,   8,
        8,  14,  20,  24,  26,  24,  20,  14,   8,
        4,   8,  12,  16,  18,  16,  12,   8,   4,
       -2,   0,   2,   0,   6,   0,   2,   0,  -2,
        0,   0,   0,   0,   2,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
    ];

    /// With few pieces left a crossed soldier is a real attacker, best near the palace.
    #[rustfmt::skip]
    pub const SOLDIER_EG: [i32; 90] = [
        0,   4,   8,  12,  14,  12,   8,   4,   0,
       12,  20,  28,  36,  40,  36,  28,  20,  12,
       14,  22,  30,  38,  40,  38,  30,  22,  14,
       14,  20,  26,  30,  32,  30,  26,  20,  14,
       12,  16,  20,  24,  24,  24,  20,  16,  12,
        2,   0,   6,   0,   8,   0,   6,   0,   2,
        0,   0,   2,   0,   4,   0,   2,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
        0,   0,   0,   0,   0,   0,   0,   0,   0,
    ];
}

// ---------------------------------------------------------------------------------------------
// Mobility

// Mobility counts the moves into the mobility area: points not held by the side's own pieces
// and not guarded by the enemy's soldiers, advisors or elephants, where a piece would be traded
// for one of those.

/// Rook mobility by number of moves (at most 17).
pub const ROOK_MOBILITY: [S; 18] = [
    S(-20, -24),
    S(-14, -17),
    S(-9, -11),
    S(-5, -6),
    S(-2, -2),
    S(0, 0),
    S(2, 2),
    S(4, 4),
    S(5, 6),
    S(6, 7),
    S(7, 8),
    S(8, 9),
    S(9, 10),
    S(10, 11),
    S(11, 12),
    S(11, 13),
    S(12, 13),
    S(12, 14),
];

/// Horse mobility by number of moves (at most 8). A hobbled horse (a leg blocked) loses the
/// moves over that leg, so it counts less; a horse with one move or none is close to trapped.
pub const HORSE_MOBILITY: [S; 9] =
    [S(-24, -28), S(-12, -14), S(-4, -5), S(2, 2), S(6, 7), S(9, 10), S(11, 12), S(12, 13), S(13, 14)];

/// Cannon mobility by number of quiet moves and captures (at most 17): a cannon's strength is
/// its screens rather than its range, so the slope is gentle.
pub const CANNON_MOBILITY: [S; 18] = [
    S(-8, -10),
    S(-5, -7),
    S(-3, -4),
    S(-1, -2),
    S(0, 0),
    S(1, 1),
    S(2, 2),
    S(3, 3),
    S(4, 4),
    S(5, 5),
    S(5, 6),
    S(6, 6),
    S(6, 7),
    S(7, 7),
    S(7, 8),
    S(8, 8),
    S(8, 8),
    S(8, 8),
];

// ---------------------------------------------------------------------------------------------
// Threats and protection

/// Exchange class per kind: a piece attacked by a piece of a lower class is threatened even
/// when defended, since the exchange wins material. The king is never a cheap attacker (it
/// cannot take a defended piece). Classes run from 0 to 3.
pub const THREAT_CLASS: [u8; 7] = [3, 0, 0, 1, 2, 1, 0];

/// Bonus per enemy piece attacked and not defended, by the victim's kind (the king's entry is
/// never used: attacking it is check).
pub const HANGING: [S; 7] = [S(0, 0), S(8, 8), S(8, 8), S(20, 18), S(32, 30), S(20, 16), S(5, 8)];

/// Bonus per defended enemy piece attacked by a piece of a lower [`THREAT_CLASS`], by the
/// victim's kind.
pub const THREAT_BY_LESSER: [S; 7] = [S(0, 0), S(0, 0), S(0, 0), S(16, 12), S(26, 22), S(16, 10), S(0, 0)];

/// Bonus per own piece other than the king defended by another own piece: linked advisors and
/// elephants are the classic sound shape, and a defended piece cannot be won by one attacker.
pub const PROTECTED: S = S(3, 3);

// ---------------------------------------------------------------------------------------------
// King safety

/// Attack units per point of the palace an enemy piece of this kind attacks.
pub const PALACE_ATTACK_UNITS: [i32; 7] = [0, 0, 0, 3, 3, 3, 2];

/// Units beyond this add nothing: the king is lost or the search will see it.
pub const PALACE_UNITS_MAX: i32 = 20;

/// Penalty per squared attack unit, divided by [`KING_DANGER_DIVISOR`]: one attacker is
/// routine, several together are an attack.
pub const KING_DANGER: S = S(4, 1);

/// Divisor of the squared attack units (see [`KING_DANGER`]).
pub const KING_DANGER_DIVISOR: i32 = 16;

/// Penalty per missing advisor, per enemy piece of each kind (soldiers: crossed ones only).
/// Advisors guard the palace against rooks and horses ("without advisors, fear two rooks").
pub const ADVISOR_SHORTAGE: [S; 7] = [S(0, 0), S(0, 0), S(0, 0), S(4, 6), S(8, 10), S(2, 2), S(2, 4)];

/// Penalty per missing elephant, per enemy piece of each kind (soldiers: crossed ones only).
/// Elephants are the screens cannons would otherwise use against the king ("without elephants,
/// fear cannons").
pub const ELEPHANT_SHORTAGE: [S; 7] = [S(0, 0), S(0, 0), S(0, 0), S(2, 3), S(2, 3), S(8, 10), S(1, 2)];

/// Penalty for an enemy cannon on the king's file, by the number of pieces between them: none
/// is the "hollow cannon" that pins the king to the side files; one is a check, left to the
/// search; two is the classic central cannon, where either screen leaving the file uncovers a
/// check.
pub const CANNON_ON_KING_FILE: [S; 4] = [S(40, 15), S(0, 0), S(12, 4), S(4, 0)];

/// As [`CANNON_ON_KING_FILE`] for a cannon on the king's rank ("bottom cannon").
pub const CANNON_ON_KING_RANK: [S; 4] = [S(16, 6), S(0, 0), S(6, 2), S(2, 0)];

// ---------------------------------------------------------------------------------------------
// Soldiers

/// Bonus per pair of crossed soldiers side by side: they guard each other's flanks.
pub const SOLDIERS_LINKED: S = S(4, 10);

/// Penalty for having no soldier left: without one, an endgame is hard to win.
pub const NO_SOLDIERS: S = S(0, -12);

#[cfg(test)]
mod tests {
    use super::pst::*;

    #[test]
    fn tables_are_symmetric_left_to_right() {
        let tables = [KING_MG, KING_EG, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, SOLDIER_MG, SOLDIER_EG];
        for (t, table) in tables.iter().enumerate() {
            for row in table.chunks(9) {
                for f in 0..9 {
                    assert_eq!(row[f], row[8 - f], "table {t}, row {row:?}");
                }
            }
        }
    }
}

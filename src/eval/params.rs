//! Every evaluation weight, in one place.
//!
//! Units are those printed to the GUI: a horse or a cannon is worth about 100 (`docs/ucci.md`
//! §7.5). `S(mg, eg)` is a middlegame and an endgame value, blended by the game phase.
//!
//! Arrays indexed by piece kind follow [`PieceKind`](crate::PieceKind) order: king, advisor,
//! elephant, horse, rook, cannon, soldier. Piece-square tables are drawn from Red's side of the
//! board: the first row is rank 9 (Black's back rank), the last row rank 0 (Red's); Black reads
//! them with ranks mirrored. Every table is symmetric left to right, because the rules are.
//!
//! The weights were first set by hand in the spirit of ElephantEye's evaluation and of the
//! classic "base value, position value, flexibility, threats, protection" evaluator. The values
//! of those the evaluation is linear in live in `tapered/tuned.rs`, which `chuhan tune` (`make tune`)
//! writes from self-play games; the comments here say what each weight is for, not what number
//! it has. The rest stay here: the phase weights, the exchange classes, the palace attack units
//! and the king-danger divisor.

use super::S;
pub use crate::tapered::PHASE_MAX;
use crate::tapered::tuned;

// ---------------------------------------------------------------------------------------------
// Game phase

/// Phase weight of each piece kind still on the board (both sides): rooks count most, as the
/// pieces whose departure most changes the game.
pub const PHASE_WEIGHT: [i32; 7] = [0, 1, 1, 3, 6, 3, 1];

/// Sum of [`PHASE_WEIGHT`] over the start position: 4 rooks, 8 horses and cannons, 18 others.
pub const PHASE_TOTAL: i32 = 66;

// ---------------------------------------------------------------------------------------------
// Material

/// Base value per piece kind. Rooks are worth about a horse and a cannon together; cannons need
/// screens and weaken as the board empties, horses need room and gain. Advisors and elephants
/// are cheap on their own; what they are worth against attackers is in the king-safety
/// shortage weights. Soldiers gain most of their value by crossing the river ([`pst`]).
pub const PIECE_VALUE: [S; 7] = tuned::PIECE_VALUE;

/// A bonus to the side to move: it is its turn to improve.
pub const TEMPO: S = tuned::TEMPO;

// ---------------------------------------------------------------------------------------------
// Piece-square tables

/// Position value per square and kind, from Red's side (rank 9 first), one drawing for the
/// middlegame and one for the endgame: a piece's best points move as the board empties (a horse
/// near the enemy palace matters more once the defenders are gone, a cannon needs screens).
pub mod pst {
    use crate::tapered::tuned::pst as tuned;

    /// Stay home in the middlegame: a raised king is exposed to rooks and soldiers.
    pub const KING_MG: [i32; 90] = tuned::KING_MG;

    /// In the endgame the king helps from the centre file but still avoids the top of the palace.
    pub const KING_EG: [i32; 90] = tuned::KING_EG;

    /// The palace centre is the advisor's best point; the top corners leave the base open.
    pub const ADVISOR_MG: [i32; 90] = tuned::ADVISOR_MG;
    /// The same in the endgame.
    pub const ADVISOR_EG: [i32; 90] = tuned::ADVISOR_EG;

    /// The central point links both elephants and covers the palace; the edges and the river
    /// bank are loose.
    pub const ELEPHANT_MG: [i32; 90] = tuned::ELEPHANT_MG;
    /// The same in the endgame.
    pub const ELEPHANT_EG: [i32; 90] = tuned::ELEPHANT_EG;

    /// Horses want the squares that attack the enemy palace (c7/g7, d7/f7, c8/g8); they are poor
    /// on the edges, at home, and worst on the palace centre, where they block their own king.
    pub const HORSE_MG: [i32; 90] = tuned::HORSE_MG;
    /// The same in the endgame.
    pub const HORSE_EG: [i32; 90] = tuned::HORSE_EG;

    /// Rooks like the river banks, the palace files (d and f) and the enemy's second rank; the
    /// corners and the palace centre file at home are passive.
    pub const ROOK_MG: [i32; 90] = tuned::ROOK_MG;
    /// The same in the endgame.
    pub const ROOK_EG: [i32; 90] = tuned::ROOK_EG;

    /// Cannons aim down the centre file from home and from the river, and shoot from the enemy's
    /// back corners; deep inside the enemy palace area they run out of screens.
    pub const CANNON_MG: [i32; 90] = tuned::CANNON_MG;
    /// The same in the endgame.
    pub const CANNON_EG: [i32; 90] = tuned::CANNON_EG;

    /// Across the river a soldier gains sideways moves and presses the palace; on the enemy's
    /// back rank ("old soldier") it can only move sideways and is worth little. Before the river
    /// only the files a, c, e, g and i can hold a soldier.
    pub const SOLDIER_MG: [i32; 90] = tuned::SOLDIER_MG;

    /// With few pieces left a crossed soldier is a real attacker, best near the palace.
    pub const SOLDIER_EG: [i32; 90] = tuned::SOLDIER_EG;
}

// ---------------------------------------------------------------------------------------------
// Mobility

// Mobility counts the moves into the mobility area: points not held by the side's own pieces
// and not guarded by the enemy's soldiers, advisors or elephants, where a piece would be traded
// for one of those.

/// Rook mobility by number of moves (at most 17).
pub const ROOK_MOBILITY: [S; 18] = tuned::ROOK_MOBILITY;

/// Horse mobility by number of moves (at most 8). A hobbled horse (a leg blocked) loses the
/// moves over that leg, so it counts less; a horse with one move or none is close to trapped.
pub const HORSE_MOBILITY: [S; 9] = tuned::HORSE_MOBILITY;

/// Cannon mobility by number of quiet moves and captures (at most 17): a cannon's strength is
/// its screens rather than its range, so the slope is gentle.
pub const CANNON_MOBILITY: [S; 18] = tuned::CANNON_MOBILITY;

// ---------------------------------------------------------------------------------------------
// Threats and protection

/// Exchange class per kind: a piece attacked by a piece of a lower class is threatened even
/// when defended, since the exchange wins material. The king is never a cheap attacker (it
/// cannot take a defended piece). Classes run from 0 to 3.
pub const THREAT_CLASS: [u8; 7] = [3, 0, 0, 1, 2, 1, 0];

/// Bonus per enemy piece attacked and not defended, by the victim's kind (the king's entry is
/// never used: attacking it is check).
pub const HANGING: [S; 7] = tuned::HANGING;

/// Bonus per defended enemy piece attacked by a piece of a lower [`THREAT_CLASS`], by the
/// victim's kind.
pub const THREAT_BY_LESSER: [S; 7] = tuned::THREAT_BY_LESSER;

/// Bonus per own piece other than the king defended by another own piece: linked advisors and
/// elephants are the classic sound shape, and a defended piece cannot be won by one attacker.
pub const PROTECTED: S = tuned::PROTECTED;

// ---------------------------------------------------------------------------------------------
// King safety

/// Attack units per point of the palace an enemy piece of this kind attacks.
pub const PALACE_ATTACK_UNITS: [i32; 7] = [0, 0, 0, 3, 3, 3, 2];

/// Units beyond this add nothing: the king is lost or the search will see it.
pub const PALACE_UNITS_MAX: i32 = 20;

/// Penalty per squared attack unit, divided by [`KING_DANGER_DIVISOR`]: one attacker is
/// routine, several together are an attack.
pub const KING_DANGER: S = tuned::KING_DANGER;

/// Divisor of the squared attack units (see [`KING_DANGER`]).
pub const KING_DANGER_DIVISOR: i32 = 16;

/// Penalty per missing advisor, per enemy piece of each kind (soldiers: crossed ones only).
/// Advisors guard the palace against rooks and horses ("without advisors, fear two rooks").
pub const ADVISOR_SHORTAGE: [S; 7] = tuned::ADVISOR_SHORTAGE;

/// Penalty per missing elephant, per enemy piece of each kind (soldiers: crossed ones only).
/// Elephants are the screens cannons would otherwise use against the king ("without elephants,
/// fear cannons").
pub const ELEPHANT_SHORTAGE: [S; 7] = tuned::ELEPHANT_SHORTAGE;

/// Penalty for an enemy cannon on the king's file, by the number of pieces between them: none
/// is the "hollow cannon" that pins the king to the side files; one is a check, left to the
/// search; two is the classic central cannon, where either screen leaving the file uncovers a
/// check.
pub const CANNON_ON_KING_FILE: [S; 4] = tuned::CANNON_ON_KING_FILE;

/// As [`CANNON_ON_KING_FILE`] for a cannon on the king's rank ("bottom cannon").
pub const CANNON_ON_KING_RANK: [S; 4] = tuned::CANNON_ON_KING_RANK;

/// Penalty per point from which an enemy rook, horse, cannon or soldier could check the king
/// on its next move, that the enemy reaches and the king's side does not guard: mating attacks
/// are built from such checks.
pub const SAFE_CHECK: [S; 7] = tuned::SAFE_CHECK;

/// Penalty per piece pinned to its king by an enemy rook (the only piece between them on a file
/// or rank), by the pinned piece's kind: it cannot leave the line, so it neither defends nor
/// attacks off it, and an attack on it wins it.
pub const ROOK_PIN: [S; 7] = tuned::ROOK_PIN;

/// Penalty per piece that is one of the two screens between an enemy cannon and its king, by its
/// kind: it cannot leave the line either, since the cannon would then check over the other.
pub const CANNON_PIN: [S; 7] = tuned::CANNON_PIN;

/// Penalty per enemy piece whose move would uncover a check on the king: the only piece between
/// an enemy rook and the king, or an enemy screen of a cannon with two. Such a piece moves with
/// check, often with a second threat.
pub const DISCOVERED_CHECK: [S; 7] = tuned::DISCOVERED_CHECK;

/// Penalty per piece that alone stands between the two kings, by its kind: it cannot leave the
/// file while they face each other.
pub const FACE_PIN: [S; 7] = tuned::FACE_PIN;

/// Bonus per enemy piece pinned to an enemy rook by a rook (the only piece between them) or a
/// cannon (one of the two between them): it moves only by giving up the rook.
pub const PINNED_TO_ROOK: [S; 7] = tuned::PINNED_TO_ROOK;

// ---------------------------------------------------------------------------------------------
// Soldiers

/// Bonus per pair of crossed soldiers side by side: they guard each other's flanks.
pub const SOLDIERS_LINKED: S = tuned::SOLDIERS_LINKED;

/// Penalty for having no soldier left: without one, an endgame is hard to win.
pub const NO_SOLDIERS: S = tuned::NO_SOLDIERS;

#[cfg(test)]
mod tests {
    use super::pst::*;

    #[test]
    fn tables_are_symmetric_left_to_right() {
        let tables = [
            KING_MG,
            KING_EG,
            ADVISOR_MG,
            ADVISOR_EG,
            ELEPHANT_MG,
            ELEPHANT_EG,
            HORSE_MG,
            HORSE_EG,
            ROOK_MG,
            ROOK_EG,
            CANNON_MG,
            CANNON_EG,
            SOLDIER_MG,
            SOLDIER_EG,
        ];
        for (t, table) in tables.iter().enumerate() {
            for row in table.chunks(9) {
                for f in 0..9 {
                    assert_eq!(row[f], row[8 - f], "table {t}, row {row:?}");
                }
            }
        }
    }
}

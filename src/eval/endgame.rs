//! Endgames the count misjudges: material balances where the side ahead has too little left to
//! mate, whatever the score says (`docs/design.md` §9, the balances and their sources).
//!
//! Only the attackers can mate: rooks, horses, cannons and soldiers that can still advance.
//! Advisors, elephants and the king never leave their own side, and a soldier on the enemy's
//! last rank can only step sideways along it. When the side ahead has no attacker, or a single
//! one against a defence known to hold it, the evaluation is scaled towards a draw.

use crate::bitboard::Bitboard;
use crate::board::Position;
use crate::types::{ByColor, Color, PieceKind, Rank};

/// The scale of an evaluation the balance does not concern; a scale `s` multiplies the value by
/// `s / SCALE_NORMAL`.
pub const SCALE_NORMAL: i32 = 64;

/// A balance that holds the side ahead to a draw, or nearly: the rule that fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Drawish {
    /// No attacker at all: the king, advisors and elephants cannot mate.
    NoAttackers,
    /// No attacker but soldiers on the enemy's last rank, which mate only with the defender's
    /// own pieces walling its king in.
    LastRankSoldiers,
    /// One rook alone against both advisors and both elephants.
    RookAgainstFullDefence,
    /// One horse or one cannon alone against both advisors.
    MinorAgainstAdvisors,
    /// One horse or one cannon alone against two or more defenders, not both advisors.
    MinorAgainstDefenders,
    /// One advancing soldier alone against two or more defenders.
    SoldierAgainstDefenders,
}

impl Drawish {
    /// The scale this balance applies, out of [`SCALE_NORMAL`].
    pub const fn scale(self) -> i32 {
        match self {
            Drawish::NoAttackers => 0,
            Drawish::LastRankSoldiers => 4,
            Drawish::RookAgainstFullDefence => 16,
            Drawish::MinorAgainstAdvisors => 8,
            Drawish::MinorAgainstDefenders => 24,
            Drawish::SoldierAgainstDefenders => 16,
        }
    }

    pub const fn describe(self) -> &'static str {
        match self {
            Drawish::NoAttackers => "no attacker left",
            Drawish::LastRankSoldiers => "only soldiers on the last rank",
            Drawish::RookAgainstFullDefence => "a lone rook against a full defence",
            Drawish::MinorAgainstAdvisors => "a lone horse or cannon against two advisors",
            Drawish::MinorAgainstDefenders => "a lone horse or cannon against two defenders",
            Drawish::SoldierAgainstDefenders => "a lone soldier against two defenders",
        }
    }
}

/// For each side, the balance that would hold it to a draw were it ahead, if any.
///
/// `counts` are the pieces per side and kind, as the evaluation counted them.
#[inline(always)]
pub fn drawish(pos: &Position, counts: &ByColor<[i32; PieceKind::NUM]>) -> ByColor<Option<Drawish>> {
    ByColor::new(drawish_for(pos, counts, Color::Red), drawish_for(pos, counts, Color::Black))
}

#[inline(always)]
fn drawish_for(pos: &Position, counts: &ByColor<[i32; PieceKind::NUM]>, strong: Color) -> Option<Drawish> {
    use PieceKind::{Advisor, Cannon, Elephant, Horse, Rook, Soldier};
    let own = &counts[strong];
    let (rooks, minors) = (own[Rook.index()], own[Horse.index()] + own[Cannon.index()]);
    // The common case, two pieces or more, leaves at once.
    if rooks + minors > 1 {
        return None;
    }
    let soldiers = pos.pieces_of(strong, Soldier);
    let last = Bitboard::rank(Rank::new(9).expect("rank 9").relative(strong));
    let (advancing, on_last) = ((soldiers & !last).count(), (soldiers & last).count());
    let weak = &counts[!strong];
    let (advisors, defenders) = (weak[Advisor.index()], weak[Advisor.index()] + weak[Elephant.index()]);
    // A soldier on the last rank still walks along it into the palace corners, so it counts
    // with any other attacker; only when it is all the side has is it nearly harmless.
    match (rooks, minors, advancing, on_last) {
        (0, 0, 0, 0) => Some(Drawish::NoAttackers),
        (0, 0, 0, _) => Some(Drawish::LastRankSoldiers),
        (1, 0, 0, 0) if defenders == 4 => Some(Drawish::RookAgainstFullDefence),
        (0, 1, 0, 0) if advisors == 2 => Some(Drawish::MinorAgainstAdvisors),
        (0, 1, 0, 0) if defenders >= 2 => Some(Drawish::MinorAgainstDefenders),
        (0, 0, 1, 0) if defenders >= 2 => Some(Drawish::SoldierAgainstDefenders),
        _ => None,
    }
}

/// The balance of the side `value` (Red's point of view) favours, if it has one.
#[inline(always)]
pub fn applied(value: i32, drawish: &ByColor<Option<Drawish>>) -> Option<Drawish> {
    match value {
        0 => None,
        v if v > 0 => drawish[Color::Red],
        _ => drawish[Color::Black],
    }
}

/// `value` (Red's point of view) scaled by the balance of the side it favours.
#[inline(always)]
pub fn scaled(value: i32, drawish: &ByColor<Option<Drawish>>) -> i32 {
    applied(value, drawish).map_or(value, |d| value * d.scale() / SCALE_NORMAL)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{drawish as applied_to, evaluate, trace};

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// The balance that would hold each side, Red's then Black's.
    fn balances(fen: &str) -> (Option<Drawish>, Option<Drawish>) {
        let pos = position(fen);
        let counts = |c| PieceKind::ALL.map(|k| pos.count(c, k) as i32);
        let d = drawish(&pos, &ByColor::new(counts(Color::Red), counts(Color::Black)));
        (d[Color::Red], d[Color::Black])
    }

    #[test]
    fn known_drawn_balances() {
        use Drawish::*;
        // A lone rook against advisors and elephants, from a master game agreed drawn six plies
        // later (CCPD, 各地杯賽/00002955).
        assert_eq!(balances("3ak1b2/4a4/4b4/6R2/9/9/9/9/9/3AK1B2 w").0, Some(RookAgainstFullDefence));
        // A lone horse against two advisors; a lone cannon likewise, own defence or not.
        assert_eq!(balances("4ka3/4a4/9/9/9/9/9/4N4/9/4K4 w").0, Some(MinorAgainstAdvisors));
        assert_eq!(balances("4ka3/4a4/9/9/9/9/9/3C5/4A4/3AK4 w").0, Some(MinorAgainstAdvisors));
        // A horse against an advisor and an elephant: often won, so only tempered.
        assert_eq!(balances("4k4/4a4/4b4/9/9/9/9/4N4/9/4K4 w").0, Some(MinorAgainstDefenders));
        // A soldier that reached the last rank cannot come back: alone it does not win.
        assert_eq!(balances("3k1P3/9/9/9/9/9/9/9/9/4K4 w").0, Some(LastRankSoldiers));
        // One soldier still advancing against advisor and elephant.
        assert_eq!(balances("4k4/4a4/4b4/4P4/9/9/9/9/9/4K4 w").0, Some(SoldierAgainstDefenders));
        // Advisors and elephants alone never mate; and the bare kings' side has nothing either.
        assert_eq!(balances("4k4/9/9/9/9/9/9/4B4/4A4/3AK4 w"), (Some(NoAttackers), Some(NoAttackers)));
        // Black's balances read the same from Black's side.
        assert_eq!(balances("4k4/9/4n4/9/9/9/9/9/4A4/3AK4 b").1, Some(MinorAgainstAdvisors));
        assert_eq!(balances("3k5/9/9/9/9/9/9/6r2/9/2BAKAB2 b").1, Some(RookAgainstFullDefence));
    }

    #[test]
    fn balances_that_can_be_won_are_left_alone() {
        // A horse against a lone advisor, and a lone king: won.
        assert_eq!(balances("4k4/4a4/9/9/9/9/9/4N4/9/4K4 w").0, None);
        assert_eq!(balances("4k4/9/9/9/9/9/9/4N4/9/4K4 w").0, None);
        // A rook against a full defence missing one elephant.
        assert_eq!(balances("3ak4/4a4/4b4/6R2/9/9/9/9/9/3AK1B2 w").0, None);
        // A rook helped by a soldier on the last rank, which walks into the palace corner: won
        // nine plies later in a master game (CCPD, 李來群/00000703).
        assert_eq!(balances("P3k4/2R1a4/3ab3b/9/9/6B2/9/9/4A4/3A1K3 w").0, None);
        // Two attackers: rook and horse; horse and soldier.
        assert_eq!(balances("3ak1b2/4a4/4b4/6R2/9/9/9/4N4/9/3AK1B2 w").0, None);
        assert_eq!(balances("4ka3/4a4/9/4P4/9/9/9/4N4/9/4K4 w").0, None);
    }

    #[test]
    fn the_side_ahead_is_scaled_and_shown() {
        // Red a rook up against a full defence: still ahead, by a quarter of the sum.
        let pos = position("3ak1b2/4a4/4b4/6R2/9/9/9/9/9/3AK1B2 w");
        let t = trace(&pos);
        assert_eq!(applied_to(&pos), Some(Drawish::RookAgainstFullDefence));
        assert_eq!(t.drawish(), Some(Drawish::RookAgainstFullDefence));
        let rows: i32 = crate::eval::Term::ALL.iter().map(|&term| t.net(term)).sum();
        assert!(rows > 100, "{rows}");
        assert!(evaluate(&pos) > 0 && evaluate(&pos) <= rows / 4 + 2, "{} of {rows}", evaluate(&pos));
        assert!(t.to_string().contains("Endgame scale: 16/64 (a lone rook against a full defence)"));
        // With no attacker on either side, the value is nil whoever moves.
        let bare = position("4k4/9/9/9/9/9/9/4B4/4A4/3AK4 b");
        assert_eq!(evaluate(&bare), 0);
        // The balance is that of the side ahead, whoever moves: Red's horse against two
        // advisors with Black to move.
        let pos = position("4ka3/4a4/9/9/9/9/9/4N4/9/4K4 b");
        assert_eq!(applied_to(&pos), Some(Drawish::MinorAgainstAdvisors));
        // Black's horse and defence against a bare king: not drawish, the rows stand unscaled.
        let pos = position("3akab2/9/4b4/9/9/9/9/2n6/9/4K4 w");
        let t = trace(&pos);
        assert_eq!(applied_to(&pos), None, "{t}");
        let rows: i32 = crate::eval::Term::ALL.iter().map(|&term| t.net(term)).sum();
        assert!(rows < -20 && (evaluate(&pos) - rows).abs() <= 8, "{t}");
    }
}

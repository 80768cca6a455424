//! The end of the game by rule (`docs/rules.md` §7 to §10): no legal move, repetition with
//! perpetual check and perpetual chase, the 60-move rule and insufficient material.
//!
//! Repetitions are found by scanning the keys of the undo stack two plies at a time, back to the
//! last capture or null move; that is all the search pays at a node without a repetition. Only a
//! repetition found that way is judged, which may replay the cycle (see `chase.rs`).

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use super::cycle::{Cycle, CycleReport};
use super::{Position, State};
use crate::types::{Color, GameResult, PieceKind, Reason};

/// A move limit: the value of the 60-move counter, in plies, at which a game ends drawn
/// (`docs/rules.md` §9). The rule books differ: sixty moves each in the Chinese rules, which
/// let a competition set fewer; fifty in the xqbase league's rules, ElephantEye and
/// Fairy-Stockfish's UCI mode. Written and parsed as moves each (`60`), as the UCI option
/// `MoveLimit`, `chuhan judge`, `play` and `serve` take it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveLimit(u32);

impl MoveLimit {
    /// Sixty moves each: the automatic draw of the Chinese rules, Chuhan's own.
    pub const SIXTY: MoveLimit = MoveLimit(120);
    /// Fifty moves each.
    pub const FIFTY: MoveLimit = MoveLimit(100);
    /// The limits a game may be played to, in moves each.
    pub const MOVES: RangeInclusive<u32> = MoveLimit::FIFTY.0 / 2..=MoveLimit::SIXTY.0 / 2;

    /// `moves` moves each, kept between [`MoveLimit::FIFTY`] and [`MoveLimit::SIXTY`].
    pub fn moves(moves: u32) -> MoveLimit {
        MoveLimit((moves * 2).clamp(MoveLimit::FIFTY.0, MoveLimit::SIXTY.0))
    }

    pub const fn plies(self) -> u32 {
        self.0
    }

    /// The limit in moves each.
    pub const fn moves_each(self) -> u32 {
        self.0 / 2
    }
}

impl Default for MoveLimit {
    fn default() -> MoveLimit {
        MoveLimit::SIXTY
    }
}

impl fmt::Display for MoveLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.moves_each())
    }
}

impl FromStr for MoveLimit {
    type Err = String;

    /// Moves each, in [`MoveLimit::MOVES`]: `50` to `60`.
    fn from_str(text: &str) -> Result<MoveLimit, String> {
        let range = || format!("({} to {})", MoveLimit::MOVES.start(), MoveLimit::MOVES.end());
        let moves: u32 = text.trim().parse().map_err(|_| format!("'{text}' is not a number of moves {}", range()))?;
        if !MoveLimit::MOVES.contains(&moves) {
            return Err(format!("{moves} is out of range {}", range()));
        }
        Ok(MoveLimit::moves(moves))
    }
}

/// The counter value from which a player may claim the draw instead of moving: the fifty-move
/// limit, on the same counter as [`MoveLimit`].
pub const MOVE_LIMIT_CLAIM_PLIES: u32 = MoveLimit::FIFTY.plies();

/// A verdict of the rules, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleVerdict {
    Draw,
    Win,
    Loss,
}

impl Position {
    /// The state `back` plies ago: 0 is the current one. `back` must not exceed the history.
    pub(super) fn state_back(&self, back: usize) -> &State {
        match back {
            0 => &self.st,
            _ => &self.history[self.history.len() - back],
        }
    }

    /// How many plies back each earlier occurrence of the current position lies, nearest first.
    /// Same position means same key, side to move included, which an even distance guarantees.
    /// The look-back ends at the last capture or null move (`docs/rules.md` §8); four plies
    /// is the shortest cycle.
    fn earlier_occurrences(&self) -> impl Iterator<Item = usize> + '_ {
        let end = (self.st.reversible as usize).min(self.history.len());
        let key = self.st.key;
        (4..=end).step_by(2).filter(move |&back| self.history[self.history.len() - back].key == key)
    }

    /// Whether the current position occurred before in the game (within the look-back).
    pub fn is_repetition(&self) -> bool {
        self.earlier_occurrences().next().is_some()
    }

    /// Judges a repetition for the search (`docs/rules.md` §8, "When the verdict is applied"):
    /// a position that occurred before, strictly after the root (fewer than `plies_from_root`
    /// plies ago), is judged at once, as if the cycle were to repeat. If the earlier occurrence
    /// is at or before the root, only the root side's own offence is judged at once (its
    /// perpetual check or chase is its loss); a drawn cycle or the opponent's offence needs a
    /// third occurrence, as in a game. Judging every perpetual check there at once, the
    /// opponent's too, cost 14 Elo (`docs/strength.md` §29); the root side's own offence alone
    /// measured level (§34). `None`: no repetition to judge.
    pub fn repetition_in_search(&self, plies_from_root: usize) -> Option<RuleVerdict> {
        // The root side's loss, from the side to move's point of view.
        let root_side_loses = if plies_from_root.is_multiple_of(2) { RuleVerdict::Loss } else { RuleVerdict::Win };
        let mut at_or_before_root = false;
        for back in self.earlier_occurrences() {
            let verdict = self.judge_cycle(back).verdict(self.stm);
            if back < plies_from_root || at_or_before_root || verdict == root_side_loses {
                return Some(verdict);
            }
            at_or_before_root = true;
        }
        None
    }

    /// Judges a repetition in a game: when the current position occurs for the `occurrences`-th
    /// time or later (3 in games; 2 judges the first recurrence, as `repetition.txt` does; values
    /// below 2 count as 2). The cycle examined runs from the earliest of those occurrences, so
    /// every repetition of it must show the offence (`docs/rules.md` §8).
    pub fn repetition_verdict(&self, occurrences: usize) -> Option<RuleVerdict> {
        self.repetition(occurrences).map(|cycle| cycle.verdict(self.stm))
    }

    /// The cycle of [`Position::repetition_verdict`] itself.
    pub fn repetition(&self, occurrences: usize) -> Option<Cycle> {
        let back = self.earlier_occurrences().nth(occurrences.max(2) - 2)?;
        Some(self.judge_cycle(back))
    }

    /// The cycle [`Position::repetition_verdict`] judges, with who repeated what in it.
    pub fn repetition_report(&self, occurrences: usize) -> Option<CycleReport> {
        let back = self.earlier_occurrences().nth(occurrences.max(2) - 2)?;
        Some(self.cycle_report(back))
    }

    /// Who repeated what, on one line, for a game that `result` ended by a repetition judged
    /// at this occurrence (`docs/rules.md` §8): the text `chuhan judge --explain` prints, as
    /// game records put it in their closing comment. `None` for any other ending.
    pub fn repetition_note(&self, result: &GameResult, occurrences: usize) -> Option<String> {
        Some(self.repetition_account(result, occurrences)?.one_line())
    }

    /// The [`CycleReport`] behind [`Position::repetition_note`]: `None` unless `result` is a
    /// repetition's.
    pub fn repetition_account(&self, result: &GameResult, occurrences: usize) -> Option<CycleReport> {
        let by_repetition =
            matches!(result.reason, Reason::PerpetualCheck(_) | Reason::PerpetualChase(_) | Reason::Repetition { .. });
        self.repetition_report(occurrences).filter(|_| by_repetition)
    }

    /// Whether neither side has a rook, horse, cannon or soldier (`docs/rules.md` §10).
    pub fn insufficient_material(&self) -> bool {
        [PieceKind::Rook, PieceKind::Horse, PieceKind::Cannon, PieceKind::Soldier]
            .into_iter()
            .all(|kind| Color::ALL.into_iter().all(|c| self.pieces_of(c, kind).is_empty()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(pos: &mut Position, moves: &str) {
        pos.play_iccs(moves);
    }

    /// Horses out and back: the start position again after four plies.
    const SHUFFLE: &str = "b0c2 b9c7 c2b0 c7b9";

    #[test]
    fn move_limits_parse_as_moves_each() {
        assert_eq!("50".parse::<MoveLimit>(), Ok(MoveLimit::FIFTY));
        assert_eq!(" 60".parse::<MoveLimit>(), Ok(MoveLimit::SIXTY));
        assert_eq!("55".parse::<MoveLimit>().map(MoveLimit::plies), Ok(110));
        assert_eq!("49".parse::<MoveLimit>(), Err("49 is out of range (50 to 60)".to_string()));
        assert_eq!("61".parse::<MoveLimit>(), Err("61 is out of range (50 to 60)".to_string()));
        assert_eq!("sixty".parse::<MoveLimit>(), Err("'sixty' is not a number of moves (50 to 60)".to_string()));
        assert_eq!(MoveLimit::FIFTY.to_string(), "50");
    }

    #[test]
    fn repetitions_are_counted_by_occurrence() {
        let mut pos = Position::startpos();
        play(&mut pos, SHUFFLE);
        assert_eq!(pos.earlier_occurrences().collect::<Vec<_>>(), [4]);
        assert_eq!(pos.repetition_verdict(2), Some(RuleVerdict::Draw));
        assert_eq!(pos.repetition_verdict(3), None);
        play(&mut pos, SHUFFLE);
        assert_eq!(pos.earlier_occurrences().collect::<Vec<_>>(), [4, 8]);
        assert_eq!(pos.repetition_verdict(3), Some(RuleVerdict::Draw));
        assert_eq!(pos.repetition(3), Some(Cycle::Draw));
        // A new move, a new position.
        play(&mut pos, "h0g2");
        assert_eq!(pos.repetition_verdict(2), None);
    }

    #[test]
    fn search_judges_after_the_root_at_once_and_before_it_at_the_third_occurrence() {
        let mut pos = Position::startpos();
        play(&mut pos, SHUFFLE);
        // Root one ply before the earlier occurrence: it lies after the root.
        assert_eq!(pos.repetition_in_search(5), Some(RuleVerdict::Draw));
        // The earlier occurrence is the root itself, or before it: not yet.
        assert_eq!(pos.repetition_in_search(4), None);
        assert_eq!(pos.repetition_in_search(0), None);
        play(&mut pos, SHUFFLE);
        assert_eq!(pos.repetition_in_search(0), Some(RuleVerdict::Draw));
    }

    #[test]
    fn search_judges_the_root_sides_own_offence_before_the_root_at_once() {
        // Red's h8 rook checks on every move; the cycle began at the root or before it.
        let mut pos = Position::from_fen("c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w").expect("valid");
        play(&mut pos, "h8h9 f9f8 h9h8 f8f9");
        // Red was to move at the root: its own perpetual check is its loss at once.
        assert_eq!(pos.repetition_in_search(0), Some(RuleVerdict::Loss));
        assert_eq!(pos.repetition_in_search(4), Some(RuleVerdict::Loss));
        // Inside the tree it is Red's loss at once whoever was to move at the root.
        assert_eq!(pos.repetition_in_search(5), Some(RuleVerdict::Loss));
        // Black was to move at the root (one or three plies back): Red's offence waits.
        assert_eq!(pos.repetition_in_search(1), None);
        assert_eq!(pos.repetition_in_search(3), None);
        play(&mut pos, "h8h9 f9f8 h9h8 f8f9");
        assert_eq!(pos.repetition_in_search(1), Some(RuleVerdict::Loss));
        // One ply on, Black to move sees Red's offence as its win.
        play(&mut pos, "h8h9");
        assert_eq!(pos.repetition_in_search(1), Some(RuleVerdict::Win));
        assert_eq!(pos.repetition_in_search(0), Some(RuleVerdict::Win));
    }

    #[test]
    fn look_back_reaches_the_last_capture_and_stops_at_null_moves() {
        let mut pos = Position::startpos();
        pos.make_null();
        play(&mut pos, "b9c7 b0c2 c7b9 c2b0");
        pos.make_null();
        // Same position as four plies ago, but the null move lies between.
        assert_eq!(pos.key(), pos.state_back(6).key);
        assert_eq!(pos.repetition_verdict(2), None);

        // The cannon takes the horse on b9 and the rook retakes; the position right after that
        // capture is the earliest one looked at.
        let mut pos = Position::startpos();
        play(&mut pos, "b2b9 a9b9 h2e2 b9b8 e2h2 b8b9 h2e2 b9b8 e2h2 b8b9");
        assert_eq!(pos.state().reversible, 8);
        assert_eq!(pos.earlier_occurrences().collect::<Vec<_>>(), [4, 8]);
    }

    #[test]
    fn perpetual_check_loses_and_mutual_check_draws() {
        // The h8 rook checks on ranks 9 and 8 in turn while the black king steps f9-f8.
        let mut pos = Position::from_fen("c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w").expect("valid");
        play(&mut pos, "h8h9 f9f8 h9h8 f8f9");
        assert_eq!(pos.repetition_verdict(2), Some(RuleVerdict::Loss));
        play(&mut pos, "h8h9");
        assert_eq!(pos.repetition_verdict(2), Some(RuleVerdict::Win));
        play(&mut pos, "f9f8");
        assert_eq!(pos.repetition(2), Some(Cycle::PerpetualCheck(Color::Red)));

        // Both sides check with every move.
        let mut pos = Position::from_fen("3akr3/5c3/1P2b4/4R4/9/9/9/9/9/4CK3 w").expect("valid");
        play(&mut pos, "e6e7 f8e8 e7f7 e8f8 f7e7");
        assert!((0..4).all(|back| pos.state_back(back).checkers.any()));
        assert_eq!(pos.repetition_verdict(2), Some(RuleVerdict::Draw));
    }
}

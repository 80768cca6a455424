//! A table's value for the side to move (`docs/egtb.md` §5).

use std::fmt;

/// Win, loss or draw for the side to move, with the plies to mate; as stored, one `u16`:
/// 0 draw, 1 to 32,766 `win N`, 32,767 undecided, 32,768 + N `loss N`, 65,535 broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value(pub u16);

const LOSS_BASE: u16 = 0x8000;

impl Value {
    pub const DRAW: Value = Value(0);
    /// An entry that is no legal position (`docs/egtb.md` §3).
    pub const BROKEN: Value = Value(u16::MAX);
    /// Mated or stalemated: the side to move has no legal move.
    pub const MATED: Value = Value(LOSS_BASE);
    /// No mate with best play, in an endgame where both sides are armed: a draw, unless the
    /// repetition rules make a side's defence a perpetual check or chase that loses, which
    /// the build does not decide (`docs/egtb.md` §16).
    pub const UNDECIDED: Value = Value(LOSS_BASE - 1);

    /// The side to move mates in `plies` (odd).
    pub const fn win(plies: u16) -> Value {
        Value(plies)
    }

    /// The side to move is mated in `plies` (even).
    pub const fn loss(plies: u16) -> Value {
        Value(LOSS_BASE + plies)
    }

    pub const fn is_win(self) -> bool {
        self.0 != 0 && self.0 < Value::UNDECIDED.0
    }

    pub const fn is_undecided(self) -> bool {
        self.0 == Value::UNDECIDED.0
    }

    /// The value with the repetition rules left out, as the build computes it: an undecided
    /// entry is a draw.
    pub const fn standard(self) -> Value {
        if self.is_undecided() { Value::DRAW } else { self }
    }

    pub const fn is_loss(self) -> bool {
        self.0 >= LOSS_BASE && self.0 != u16::MAX
    }

    pub const fn is_broken(self) -> bool {
        self.0 == u16::MAX
    }

    /// Plies to mate, for a win or a loss.
    pub const fn plies(self) -> Option<u16> {
        if self.is_win() {
            Some(self.0)
        } else if self.is_loss() {
            Some(self.0 - LOSS_BASE)
        } else {
            None
        }
    }

    /// The value one ply earlier, for the side that moved into a position of this value.
    pub const fn before(self) -> Value {
        match self.plies() {
            Some(n) if self.is_win() => Value::loss(n + 1),
            Some(n) => Value::win(n + 1),
            None => self,
        }
    }

    /// How good the value is for the side to move: a win sooner is better, a loss later is
    /// better, a draw between them. Broken entries rank lowest.
    pub const fn rank(self) -> i32 {
        match self.plies() {
            Some(n) if self.is_win() => 100_000 - n as i32,
            Some(n) => -100_000 + n as i32,
            None if self.is_broken() => i32::MIN,
            None => 0,
        }
    }
}

impl fmt::Display for Value {
    /// `win 7`, `loss 0`, `draw` or `broken`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies() {
            Some(n) if self.is_win() => write!(f, "win {n}"),
            Some(n) => write!(f, "loss {n}"),
            None if self.is_broken() => f.write_str("broken"),
            None if self.is_undecided() => f.write_str("undecided"),
            None => f.write_str("draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Value;

    #[test]
    fn values_step_back_and_rank() {
        assert_eq!(Value::MATED.before(), Value::win(1));
        assert_eq!(Value::win(1).before(), Value::loss(2));
        assert_eq!(Value::DRAW.before(), Value::DRAW);
        assert!(Value::win(1).rank() > Value::win(3).rank());
        assert!(Value::loss(8).rank() > Value::loss(2).rank());
        assert!(Value::DRAW.rank() > Value::loss(80).rank());
        assert_eq!(Value::loss(4).to_string(), "loss 4");
        assert_eq!(Value::UNDECIDED.before(), Value::UNDECIDED);
        assert_eq!((Value::UNDECIDED.plies(), Value::UNDECIDED.standard()), (None, Value::DRAW));
        assert_eq!(Value::UNDECIDED.to_string(), "undecided");
    }
}

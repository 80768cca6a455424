//! Search values and the scores the protocols print.
//!
//! Internal values are centi-units of the UCCI scale: a horse or a cannon is worth about 100 on
//! output (`docs/ucci.md` §7.5). Decided results live in bands at the ends of the range:
//!
//! ```text
//!  -MATE ..... -MATE+MAX_PLY  | -RULE_WIN ... | ordinary | ... RULE_WIN | MATE-MAX_PLY ..... MATE
//!   mated in p plies          | lost by rule  |          | won by rule | mate in p plies
//! ```
//!
//! Rule verdicts (perpetual check or chase) get their own band just inside the mate band so that
//! values propagated from them can be recognised and kept out of the transposition table.

/// A search value from the side to move's point of view.
pub type Value = i32;

/// A search depth in plies.
pub type Depth = i32;

/// The deepest ply the search stack supports.
pub const MAX_PLY: usize = 128;

/// Checkmate (or stalemate) right now.
pub const MATE: Value = 30_000;
/// Bound beyond every real value.
pub const INFINITE: Value = 32_000;
/// Values at or above this are mates found within `MAX_PLY`.
pub const MATE_BOUND: Value = MATE - MAX_PLY as Value;
/// A win by a repetition rule found at the root; wins `p` plies away are `RULE_WIN - p`.
pub const RULE_WIN: Value = MATE_BOUND - 1;
/// Values at or above this (and below `MATE_BOUND`) are rule wins.
pub const RULE_BOUND: Value = RULE_WIN - MAX_PLY as Value;
/// Draw.
pub const DRAW: Value = 0;

/// Mating in `ply` plies from the root.
#[inline]
pub const fn mate_in(ply: usize) -> Value {
    MATE - ply as Value
}

/// Being mated in `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> Value {
    -MATE + ply as Value
}

/// Is `v` a decided result (mate or rule verdict) rather than an evaluation?
#[inline]
pub const fn is_decisive(v: Value) -> bool {
    v >= RULE_BOUND || v <= -RULE_BOUND
}

/// Is `v` a mate score (not a rule verdict)?
#[inline]
pub const fn is_mate(v: Value) -> bool {
    v >= MATE_BOUND || v <= -MATE_BOUND
}

/// Is `v` derived from a rule verdict (and so path dependent)?
#[inline]
pub const fn is_rule(v: Value) -> bool {
    (v >= RULE_BOUND && v < MATE_BOUND) || (v <= -RULE_BOUND && v > -MATE_BOUND)
}

/// A score for output only: the protocol layer formats it, so units cannot be mixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Evaluation, a horse or cannon being about 100.
    Cp(i32),
    /// Decided: the side to move wins (positive) or loses (negative) in this many plies.
    /// `plies == 0` with `win == false` means no legal move at the root.
    Decided { win: bool, plies: u32 },
}

impl Score {
    /// Converts an internal value to an output score.
    pub fn from_value(v: Value) -> Score {
        if v >= MATE_BOUND {
            Score::Decided { win: true, plies: (MATE - v) as u32 }
        } else if v <= -MATE_BOUND {
            Score::Decided { win: false, plies: (MATE + v) as u32 }
        } else if v >= RULE_BOUND {
            Score::Decided { win: true, plies: (RULE_WIN - v) as u32 }
        } else if v <= -RULE_BOUND {
            Score::Decided { win: false, plies: (RULE_WIN + v) as u32 }
        } else {
            Score::Cp(v)
        }
    }

    /// The same score from the other side's view.
    pub fn flipped(self) -> Score {
        match self {
            Score::Cp(v) => Score::Cp(-v),
            Score::Decided { win, plies } => Score::Decided { win: !win, plies },
        }
    }

    /// As the boards show it, the way lichess does: `+0.35`, a mate in moves `#5` for a win and
    /// `#-5` for a loss.
    pub fn short(self) -> String {
        match self {
            Score::Cp(_) => self.pawns(),
            Score::Decided { win: true, plies } => format!("#{}", plies.div_ceil(2)),
            Score::Decided { win: false, plies } => format!("#-{}", plies.div_ceil(2)),
        }
    }

    /// UCCI form: a bare integer, `10000 - plies` for decided results, else clamped to ±9000.
    pub fn ucci(self) -> i32 {
        match self {
            Score::Cp(v) => v.clamp(-9000, 9000),
            Score::Decided { win: true, plies } => 10_000 - plies as i32,
            Score::Decided { win: false, plies } => -(10_000 - plies as i32),
        }
    }

    /// For people, in hundredths of a horse: `+0.35`, `-1.20`; a decided score as `+M3` (wins
    /// in 3 moves) or `-M2` (loses in 2), `-M0` when lost already.
    pub fn pawns(self) -> String {
        match self {
            Score::Cp(v) => {
                let sign = if v < 0 { '-' } else { '+' };
                format!("{sign}{}.{:02}", v.unsigned_abs() / 100, v.unsigned_abs() % 100)
            }
            Score::Decided { win: true, plies } => format!("+M{}", plies.div_ceil(2).max(1)),
            Score::Decided { win: false, plies } => format!("-M{}", plies.div_ceil(2)),
        }
    }

    /// Reads back what [`Score::pawns`] writes (`+0.35`, `-M2`); a mate in N moves is taken
    /// as the longest mate of that many moves, `2N - 1` plies for the winner and `2N` for the loser.
    pub fn from_pawns(text: &str) -> Option<Score> {
        let (win, rest) = match text.as_bytes().first()? {
            b'+' => (true, &text[1..]),
            b'-' => (false, &text[1..]),
            _ => return None,
        };
        if let Some(moves) = rest.strip_prefix('M') {
            let moves: u32 = moves.parse().ok()?;
            let plies = if win { (2 * moves).saturating_sub(1) } else { 2 * moves };
            return Some(Score::Decided { win, plies });
        }
        let (whole, hundredths) = rest.split_once('.')?;
        if hundredths.len() != 2 || !hundredths.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let v = whole.parse::<i32>().ok()?.checked_mul(100)?.checked_add(hundredths.parse::<i32>().ok()?)?;
        Some(Score::Cp(if win { v } else { -v }))
    }

    /// Reads an engine's score from the words after `score` in an `info` line: UCI `cp N` or
    /// `mate N`, or UCCI's bare integer, decided beyond ±9000 as [`Score::ucci`] writes it (and
    /// ElephantEye: 10000 less the plies). The inverse of [`Score::ucci`] and [`Score::uci`].
    pub fn parse<'a>(words: &mut impl Iterator<Item = &'a str>) -> Option<Score> {
        let number = |w: Option<&str>| w?.parse::<i32>().ok();
        let moves_to_plies = |n: i32| n.unsigned_abs().saturating_mul(2);
        Some(match words.next()? {
            "cp" => Score::Cp(number(words.next())?),
            "mate" => match number(words.next())? {
                n if n > 0 => Score::Decided { win: true, plies: moves_to_plies(n) - 1 },
                n => Score::Decided { win: false, plies: moves_to_plies(n) },
            },
            bare => match bare.parse::<i32>().ok()? {
                v if v > 9000 => Score::Decided { win: true, plies: 10_000u32.saturating_sub(v as u32) },
                v if v < -9000 => Score::Decided { win: false, plies: 10_000u32.saturating_sub(v.unsigned_abs()) },
                v => Score::Cp(v),
            },
        })
    }

    /// UCI form: `cp N` or `mate N` (moves of the side to move).
    pub fn uci(self) -> String {
        match self {
            Score::Cp(v) => format!("cp {v}"),
            Score::Decided { win: true, plies } => format!("mate {}", plies.div_ceil(2).max(1)),
            Score::Decided { win: false, plies: 0 } => "mate 0".to_string(),
            Score::Decided { win: false, plies } => format!("mate -{}", plies.div_ceil(2)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_formats() {
        assert_eq!(Score::from_value(mate_in(1)).ucci(), 9999);
        assert_eq!(Score::from_value(mate_in(1)).uci(), "mate 1");
        assert_eq!(Score::from_value(mate_in(3)).uci(), "mate 2");
        assert_eq!(Score::from_value(mated_in(2)).uci(), "mate -1");
        assert_eq!(Score::from_value(mated_in(0)).ucci(), -10000);
        assert_eq!(Score::from_value(mated_in(0)).uci(), "mate 0");
        assert_eq!(Score::from_value(RULE_WIN - 4).ucci(), 9996);
        assert_eq!(Score::from_value(12).uci(), "cp 12");
        assert_eq!(Score::from_value(20_000).ucci(), 9000);
        assert!(is_rule(RULE_WIN - 3) && !is_mate(RULE_WIN - 3));
        assert!(is_mate(mated_in(5)) && !is_rule(mated_in(5)));
        assert_eq!(Score::Cp(35).pawns(), "+0.35");
        assert_eq!(Score::Cp(-120).pawns(), "-1.20");
        assert_eq!(Score::Cp(0).pawns(), "+0.00");
        assert_eq!(Score::from_value(mate_in(3)).pawns(), "+M2");
        assert_eq!(Score::from_value(mated_in(2)).pawns(), "-M1");
        assert_eq!(Score::from_value(mated_in(0)).pawns(), "-M0");
        assert_eq!(Score::from_value(mate_in(3)).short(), "#2");
        assert_eq!(Score::from_value(mate_in(3)).flipped().short(), "#-2");
        assert_eq!(Score::Cp(-120).flipped().short(), "+1.20");
        for v in [0, 35, -120, 7, -9000, mate_in(3), mated_in(2), mated_in(0)] {
            let s = Score::from_value(v);
            assert_eq!(Score::from_pawns(&s.pawns()), Some(s), "{v}");
        }
        for bad in ["", "0.35", "+0.3", "+1.2x", "+M", "-Mx", "+.35", "1-0"] {
            assert_eq!(Score::from_pawns(bad), None, "{bad}");
        }
    }

    #[test]
    fn engine_scores_read_back() {
        let read = |text: &str| Score::parse(&mut text.split_whitespace());
        for v in [mate_in(1), mate_in(7), mated_in(0), mated_in(4), 0, 35, -9000, 9000] {
            let s = Score::from_value(v);
            assert_eq!(read(&s.ucci().to_string()), Some(s), "{v}");
            assert_eq!(read(&s.uci()), Some(s), "{v}");
        }
        // ElephantEye's mate in 3 plies; Fairy-Stockfish's UCCI mate in 2 moves.
        assert_eq!(read("9997 pv h2e2"), Some(Score::Decided { win: true, plies: 3 }));
        assert_eq!(read("mate 2"), Some(Score::Decided { win: true, plies: 3 }));
        assert_eq!(read("mate -2147483648"), Some(Score::Decided { win: false, plies: u32::MAX }));
        for bad in ["", "cp", "cp x", "mate", "lowerbound", "99999999999"] {
            assert_eq!(read(bad), None, "{bad}");
        }
    }
}

//! The verdict on a repetition cycle, and the explanation of it: who repeated what
//! (`docs/rules.md` §8; the case-by-case decisions are in `docs/repetition.md`).
//!
//! The search needs only the verdict ([`Position::judge_cycle`]); `chuhan judge --explain` and
//! the game records need the [`CycleReport`], which names the moves of the cycle and each side's
//! checks and chases. Both come from the same two facts: which moves gave check (read from the
//! undo stack) and which pieces each side chased (replayed by `chase.rs`).

use std::fmt;

use super::Position;
use super::chase::{Bits, CycleChases, SideChases};
use super::rules::RuleVerdict;
use crate::bitboard::Bitboard;
use crate::types::{ByColor, Color, Move, Piece, Square};

/// The verdict on a repetition cycle (`docs/rules.md` §8, "Verdict on a cycle").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cycle {
    Draw,
    /// The side that checked perpetually, which loses.
    PerpetualCheck(Color),
    /// The side that chased perpetually, which loses.
    PerpetualChase(Color),
}

impl Cycle {
    /// The verdict for the side to move `stm`.
    pub fn verdict(self, stm: Color) -> RuleVerdict {
        match self {
            Cycle::Draw => RuleVerdict::Draw,
            Cycle::PerpetualCheck(c) | Cycle::PerpetualChase(c) if c == stm => RuleVerdict::Loss,
            Cycle::PerpetualCheck(_) | Cycle::PerpetualChase(_) => RuleVerdict::Win,
        }
    }

    /// The offence order of the rule books: perpetual check outranks perpetual chase, and equal
    /// offences draw. Checks that are not perpetual excuse no chase (AXF rule 18, diagrams 37
    /// and 38), so `chases` is asked whenever neither side checks on every move.
    fn from_offences(checks: ByColor<bool>, chases: impl FnOnce() -> ByColor<bool>) -> Cycle {
        if checks[Color::Red] || checks[Color::Black] {
            return sole(checks).map_or(Cycle::Draw, Cycle::PerpetualCheck);
        }
        sole(chases()).map_or(Cycle::Draw, Cycle::PerpetualChase)
    }
}

/// The one side of `sides` that offends, or `None` if neither or both do.
fn sole(sides: ByColor<bool>) -> Option<Color> {
    match (sides[Color::Red], sides[Color::Black]) {
        (true, false) => Some(Color::Red),
        (false, true) => Some(Color::Black),
        _ => None,
    }
}

/// A piece chased with every move a side made in a cycle, and who chased it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chase {
    pub target: Piece,
    /// The points the target stood on when chased.
    pub target_at: Vec<Square>,
    /// The chasing pieces, each with the points it chased from.
    pub chasers: Vec<(Piece, Vec<Square>)>,
}

/// What one side did in a cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conduct {
    pub moves: usize,
    /// Moves that gave check.
    pub checks: usize,
    /// Moves that newly chased some piece.
    pub chasing_moves: usize,
    /// The pieces chased by every move (empty if none was).
    pub chases: Vec<Chase>,
    /// Whether one of `chases` is chased on its own, not by a piece (or two in turn) that also
    /// chases another of them: a perpetual chase (AXF rule 32 allows the other kind).
    pub alone: bool,
    /// Pieces chased by every move only by pieces that never moved and were chased perpetually
    /// themselves: they defend themselves, which is allowed.
    pub defences: Vec<Chase>,
}

impl Conduct {
    /// Whether this side checks with every move.
    pub fn checks_perpetually(&self) -> bool {
        self.checks == self.moves
    }

    /// Whether this side chases a piece with every move, and on its own (see `chase.rs`).
    pub fn chases_perpetually(&self) -> bool {
        self.alone
    }
}

/// The verdict on a repetition cycle with the facts behind it: the value `chuhan judge
/// --explain` prints and game records put into their termination comments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleReport {
    pub verdict: Cycle,
    /// The moves of the cycle, oldest first.
    pub moves: Vec<Move>,
    pub sides: ByColor<Conduct>,
}

impl Position {
    /// Moves and checking moves of each side in the cycle formed by the last `plies` moves. The
    /// move `back` plies before now was made by the side to move when `back` is odd; the
    /// checkers of the state it produced tell whether it gave check.
    fn cycle_checks(&self, plies: usize) -> (ByColor<usize>, ByColor<usize>) {
        let (mut moves, mut checks) = (ByColor::new(0, 0), ByColor::new(0, 0));
        for back in 0..plies.min(self.history.len()) {
            let mover = if back % 2 == 0 { !self.stm } else { self.stm };
            moves[mover] += 1;
            checks[mover] += usize::from(self.state_back(back).checkers.any());
        }
        (moves, checks)
    }

    /// Which sides check with every move of the cycle formed by the last `plies` moves.
    fn perpetual_checks(&self, plies: usize) -> ByColor<bool> {
        let (moves, checks) = self.cycle_checks(plies);
        ByColor::new(checks[Color::Red] == moves[Color::Red], checks[Color::Black] == moves[Color::Black])
    }

    /// The verdict on the cycle formed by the last `plies` moves (`docs/rules.md` §8).
    pub(super) fn judge_cycle(&self, plies: usize) -> Cycle {
        Cycle::from_offences(self.perpetual_checks(plies), || self.trace_chases(plies, false).perpetual())
    }

    /// [`Position::judge_cycle`] with the facts behind the verdict.
    pub(super) fn cycle_report(&self, plies: usize) -> CycleReport {
        let (moves, checks) = self.cycle_checks(plies);
        let trace = self.trace_chases(plies, true);
        let verdict = Cycle::from_offences(self.perpetual_checks(plies), || trace.perpetual());
        let conduct = |c: Color| Conduct {
            moves: moves[c],
            checks: checks[c],
            chasing_moves: trace.sides[c].chasing_moves as usize,
            chases: chases(&trace, &trace.sides[c], trace.sides[c].perpetual),
            alone: trace.sides[c].lone() != 0,
            defences: chases(&trace, &trace.sides[c], trace.sides[c].released),
        };
        CycleReport { verdict, sides: ByColor::new(conduct(Color::Red), conduct(Color::Black)), moves: trace.moves }
    }
}

/// The chases of one side on the pieces `targets`, pieces named by kind and points.
fn chases(trace: &CycleChases, side: &SideChases, targets: u32) -> Vec<Chase> {
    let points = |seen: Bitboard| seen.iter().collect::<Vec<_>>();
    Bits(targets)
        .filter_map(|t| {
            let chasers =
                Bits(side.chasers[t]).filter_map(|a| Some((trace.pieces[a]?, points(side.seen[a])))).collect();
            Some(Chase { target: trace.pieces[t]?, target_at: points(side.seen[t]), chasers })
        })
        .collect()
}

/// `red horse g5` or `black rook f7/h7`.
struct Named<'a>(Piece, &'a [Square]);

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ", self.0.color().name(), self.0.kind().name())?;
        for (i, sq) in self.1.iter().enumerate() {
            write!(f, "{}{sq}", if i > 0 { "/" } else { "" })?;
        }
        Ok(())
    }
}

impl fmt::Display for Chase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (pc, at)) in self.chasers.iter().enumerate() {
            write!(f, "{}{}", if i > 0 { " and " } else { "" }, Named(*pc, at))?;
        }
        let verb = if self.chasers.len() == 1 { "chases" } else { "chase" };
        write!(f, " {verb} {}", Named(self.target, &self.target_at))
    }
}

/// One side's conduct in words, e.g. `red checks on every move`, `red horse g5 chases black
/// rook f7/h7 on every move`, `black checks on 1 of 2 moves and does not chase`.
struct Described<'a>(Color, &'a Conduct);

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (side, c) = (self.0.name(), self.1);
        if c.checks_perpetually() {
            return write!(f, "{side} checks on every move");
        }
        if !c.chases.is_empty() {
            for (i, chase) in c.chases.iter().enumerate() {
                write!(f, "{}{chase}", if i > 0 { ", and " } else { "" })?;
            }
            write!(f, " on every move")?;
            if c.chases.len() > 1 && !c.alone {
                write!(f, ", more than one piece, which is allowed")?;
            } else if c.chases.len() > 1 {
                write!(f, ", each piece by its own chasers, which is not allowed")?;
            }
            if c.checks > 0 {
                write!(f, " (and checks on {} of {})", c.checks, c.moves)?;
            }
            return Ok(());
        }
        if let Some(defence) = c.defences.first() {
            return write!(f, "{defence} on every move, but only standing chased itself, which is allowed");
        }
        match (c.checks, c.chasing_moves) {
            (0, 0) => write!(f, "{side} is neither checking nor chasing"),
            (k, 0) => write!(f, "{side} checks on {k} of {} moves and is not chasing", c.moves),
            (0, j) => write!(f, "{side} chases on {j} of {} moves, never one piece on every move", c.moves),
            (k, j) => write!(f, "{side} checks on {k} and chases on {j} of {} moves, which is allowed", c.moves),
        }
    }
}

/// Why a cycle in which no side offends alone is drawn, as every account words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawGround {
    /// Both sides check on every move.
    BothCheck,
    /// Both sides chase on every move.
    BothChase,
    /// Neither side checks on every move or chases one piece on every move.
    Neither,
}

impl CycleReport {
    /// The two lines of [`fmt::Display`] joined by `; `, as game records and the web board put it.
    pub fn one_line(&self) -> String {
        self.to_string().lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("; ")
    }

    /// Why the cycle is drawn, read when its verdict is [`Cycle::Draw`].
    pub fn draw_ground(&self) -> DrawGround {
        let both = |p: fn(&Conduct) -> bool| Color::ALL.into_iter().all(|c| p(&self.sides[c]));
        if both(Conduct::checks_perpetually) {
            DrawGround::BothCheck
        } else if both(Conduct::chases_perpetually) {
            DrawGround::BothChase
        } else {
            DrawGround::Neither
        }
    }
}

impl fmt::Display for CycleReport {
    /// Two lines: the moves of the cycle, then who repeated what.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cycle:")?;
        for mv in &self.moves {
            write!(f, " {mv}")?;
        }
        writeln!(f)?;
        let (red, black) =
            (Described(Color::Red, &self.sides[Color::Red]), Described(Color::Black, &self.sides[Color::Black]));
        match self.verdict {
            Cycle::PerpetualCheck(c) | Cycle::PerpetualChase(c) => {
                let (offender, other) = if c == Color::Red { (red, black) } else { (black, red) };
                write!(f, "{offender}; {other}")
            }
            Cycle::Draw => {
                let why = match self.draw_ground() {
                    DrawGround::BothCheck => "both sides check on every move",
                    DrawGround::BothChase => "both sides chase on every move",
                    DrawGround::Neither => "neither side checks on every move or chases one piece on every move",
                };
                write!(f, "draw, {why}: {red}; {black}")
            }
        }
    }
}

//! Attacks on points, checks, the flying general and move legality.

use super::Position;
use crate::attacks::{self, Occupancy};
use crate::bitboard::Bitboard;
use crate::types::{Color, Move, PieceKind, Square};

impl Position {
    /// Pieces of colour `by` attacking `sq` under occupancy `occ`. The enemy king counts as a
    /// rook that moves only along its file: that is the flying-general rule (`docs/rules.md` §3).
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occ: &Occupancy) -> Bitboard {
        self.attackers_to_except(sq, by, occ, Bitboard::EMPTY)
    }

    /// As [`Position::attackers_to`], ignoring pieces on `gone` (a piece about to be captured).
    ///
    /// This runs in every `make` (the checkers) and every king-safety test, and most of the
    /// time no enemy rook, cannon or horse is anywhere near `sq`: the line and horse look-ups
    /// are made only when a piece of the kind stands where it could attack.
    #[inline]
    pub(super) fn attackers_to_except(&self, sq: Square, by: Color, occ: &Occupancy, gone: Bitboard) -> Bitboard {
        let theirs = |k| self.pieces_of(by, k) & !gone;
        let (rooks, cannons, horses) = (theirs(PieceKind::Rook), theirs(PieceKind::Cannon), theirs(PieceKind::Horse));
        let mut attackers = attacks::soldier_attackers(by, sq) & theirs(PieceKind::Soldier);
        if ((rooks | cannons) & Bitboard::rank(sq.rank())).any() {
            attackers |= (attacks::rook_rank(sq, occ) & rooks) | (attacks::cannon_rank(sq, occ) & cannons);
        }
        let king = self.pieces_of(by, PieceKind::King);
        if ((rooks | cannons | king) & Bitboard::file(sq.file())).any() {
            attackers |= (attacks::rook_file(sq, occ) & (rooks | king)) | (attacks::cannon_file(sq, occ) & cannons);
        }
        if (attacks::horse_attackers_unblocked(sq) & horses).any() {
            attackers |= attacks::horse_attackers(sq, occ.bitboard()) & horses;
        }
        attackers
    }

    /// Whether colour `by` attacks `sq` in the current position.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attackers_to(sq, by, &self.occ).any()
    }

    /// Points that a move by a piece other than the king must leave or reach to answer the
    /// current check: the checker, the points between it and the king on a line (a cannon's
    /// screen among them: moving it away answers the check too), a horse's leg. Every point in
    /// double check, where this test would not be enough. A cheap filter before the real
    /// legality test.
    pub fn evasion_points(&self) -> Bitboard {
        let checkers = self.st.checkers;
        let Some(checker) = checkers.first() else { return Bitboard::FULL };
        if checkers.more_than_one() {
            return Bitboard::FULL;
        }
        let ksq = self.kings[self.stm];
        let block = if self.pieces_of(!self.stm, PieceKind::Horse).has(checker) {
            horse_leg(checker, ksq).map_or(Bitboard::EMPTY, Bitboard::from_square)
        } else {
            Bitboard::between(checker, ksq)
        };
        block.with(checker)
    }

    /// The facts [`Position::gives_check_with`] reads to tell whether a move of the side to
    /// move checks: a few line look-ups from the enemy king, made once per node, after which
    /// each move costs a handful of bit tests.
    pub fn check_info(&self) -> CheckInfo {
        let us = self.stm;
        let ksq = self.kings[!us];
        let occ = &self.occ;
        let ours = self.colors[us];
        let mine = |kind| self.pieces_of(us, kind);

        // The king's lines in layers up to the first, second and third piece each way: a rook
        // behind one piece, or a cannon behind none or two, is one move from checking.
        let [layer1, layer2, layer3] = attacks::line_layers::<3>(ksq, occ);
        let bb = occ.bitboard();

        let mut info = CheckInfo {
            ksq,
            direct: [Bitboard::EMPTY; PieceKind::NUM],
            line_blockers: Bitboard::EMPTY,
            leg_blockers: Bitboard::EMPTY,
            screen_points: Bitboard::EMPTY,
            open_cannons: Bitboard::EMPTY,
            two_screen_lines: Bitboard::EMPTY,
            origins: Bitboard::EMPTY,
        };
        info.direct[PieceKind::Rook.index()] = layer1;
        // Beyond exactly one piece, up to and including the next.
        info.direct[PieceKind::Cannon.index()] = layer2;
        let horse_checks = attacks::horse_attackers(ksq, occ.bitboard());
        info.direct[PieceKind::Horse.index()] = horse_checks;
        info.direct[PieceKind::Soldier.index()] = attacks::soldier_attackers(us, ksq);

        for rook in layer2 & bb & mine(PieceKind::Rook) {
            info.line_blockers |= Bitboard::between(ksq, rook) & ours;
        }
        info.open_cannons = layer1 & mine(PieceKind::Cannon);
        for cannon in info.open_cannons {
            info.screen_points |= Bitboard::between(ksq, cannon);
        }
        for cannon in layer3 & bb & mine(PieceKind::Cannon) {
            let between = Bitboard::between(ksq, cannon);
            info.line_blockers |= between & ours;
            info.two_screen_lines |= between;
        }
        for horse in attacks::horse_attackers_unblocked(ksq) & mine(PieceKind::Horse) & !horse_checks {
            if let Some(leg) = horse_leg(horse, ksq) {
                info.leg_blockers |= Bitboard::from_square(leg) & ours;
            }
        }
        info.origins = info.line_blockers | info.leg_blockers | info.open_cannons | info.two_screen_lines;
        info
    }

    /// Whether a legal move gives check: the answer `make` then [`Position::in_check`] would
    /// give, without making it. For one move; a node asking about several reads one
    /// [`CheckInfo`] with [`Position::gives_check_with`].
    pub fn gives_check(&self, mv: Move) -> bool {
        self.gives_check_with(mv, &self.check_info())
    }

    /// [`Position::gives_check`] with the node's [`CheckInfo`]. A move checks directly, or
    /// uncovers a check (leaving a rook's or cannon's line or a horse's leg), or becomes a
    /// cannon's screen, or takes one of a cannon's two screens with the other.
    #[inline]
    pub fn gives_check_with(&self, mv: Move, info: &CheckInfo) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let Some(pc) = self.board[from.index()] else { return false };
        let kind = pc.kind();
        let direct = info.direct[kind.index()].has(to);
        // Most moves reach no checking point and touch no line or leg that matters.
        if !direct && !info.origins.has(from) && !info.screen_points.has(to) {
            return false;
        }
        let ksq = info.ksq;
        // Whether the move stays on the king's line and on its side of the king (a cannon may
        // jump the king to capture beyond it).
        let aligned = ((from.file() == ksq.file() && to.file() == ksq.file())
            || (from.rank() == ksq.rank() && to.rank() == ksq.rank()))
            && !Bitboard::between(from, to).has(ksq);
        if kind == PieceKind::Cannon && aligned && Bitboard::between(to, ksq).has(from) {
            // Away from the king along its line: sliding adds nothing between, and the cannon
            // did not check before; a capture adds the screen it jumped, which checks only if
            // nothing stood between before.
            if info.open_cannons.has(from) && self.board[to.index()].is_some() {
                return true;
            }
        } else if direct {
            return true;
        }
        if info.leg_blockers.has(from) || (info.line_blockers.has(from) && !aligned) {
            return true;
        }
        if !aligned {
            return info.screen_points.has(to);
        }
        info.two_screen_lines.has(from) && info.two_screen_lines.has(to) && self.board[to.index()].is_some()
    }

    /// Whether the two kings stand on one file with nothing between them.
    pub fn kings_facing(&self) -> bool {
        let red = self.kings[Color::Red];
        attacks::rook_file(red, &self.occ).has(self.kings[Color::Black])
    }

    /// Points where a move may expose `us`'s king (when it is not in check): the king's rank
    /// or file if an enemy rook, cannon or (on the file) king stands on it, for discovered
    /// attacks and cannon screens; and its diagonal neighbours if an enemy horse could use one
    /// of them as its leg.
    pub(super) fn sensitive_points(&self, us: Color) -> Bitboard {
        let them = !us;
        let ksq = self.kings[us];
        let sliders = self.pieces_of(them, PieceKind::Rook) | self.pieces_of(them, PieceKind::Cannon);
        let rank = Bitboard::rank(ksq.rank());
        let file = Bitboard::file(ksq.file());
        let mut out = Bitboard::EMPTY;
        if (sliders & rank).any() {
            out |= rank;
        }
        if ((sliders | self.pieces_of(them, PieceKind::King)) & file).any() {
            out |= file;
        }
        if (attacks::horse_attackers_unblocked(ksq) & self.pieces_of(them, PieceKind::Horse)).any() {
            out |= attacks::diagonal_neighbours(ksq);
        }
        out
    }

    /// Whether a pseudo-legal move leaves the mover's king safe (not attacked, not facing).
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        if from == self.kings[self.stm] || self.st.checkers.any() {
            return self.king_safe_after(mv);
        }
        if !self.st.sensitive.has(from) && !self.st.sensitive.has(to) {
            return true;
        }
        self.lines_safe_after(from, to)
    }

    /// Legality of a move by a piece other than the king, when not in check: only the king's
    /// rank and file (discovered attacks, cannon screens added or removed) and, if the piece
    /// leaves a diagonal neighbour of the king, horse legs can change.
    fn lines_safe_after(&self, from: Square, to: Square) -> bool {
        let them = !self.stm;
        let ksq = self.kings[self.stm];
        let occ = self.occ.after_move(from, to);
        let mut attackers = Bitboard::EMPTY;
        if from.file() == ksq.file() || to.file() == ksq.file() {
            attackers |= attacks::rook_file(ksq, &occ)
                & (self.pieces_of(them, PieceKind::Rook) | self.pieces_of(them, PieceKind::King));
            attackers |= attacks::cannon_file(ksq, &occ) & self.pieces_of(them, PieceKind::Cannon);
        }
        if from.rank() == ksq.rank() || to.rank() == ksq.rank() {
            attackers |= attacks::rook_rank(ksq, &occ) & self.pieces_of(them, PieceKind::Rook);
            attackers |= attacks::cannon_rank(ksq, &occ) & self.pieces_of(them, PieceKind::Cannon);
        }
        if attacks::diagonal_neighbours(ksq).has(from) {
            attackers |= attacks::horse_attackers(ksq, occ.bitboard()) & self.pieces_of(them, PieceKind::Horse);
        }
        attackers.without(to).is_empty()
    }

    /// The full legality test: make the move on the occupancy only and look for attackers.
    pub fn king_safe_after(&self, mv: Move) -> bool {
        self.king_safe_after_for(self.stm, mv.from(), mv.to())
    }

    /// As [`Position::king_safe_after`] for a move by `us`, whoever is to move: chase detection
    /// asks whether the side that just moved could legally capture.
    #[inline]
    pub(super) fn king_safe_after_for(&self, us: Color, from: Square, to: Square) -> bool {
        let ksq = if from == self.kings[us] { to } else { self.kings[us] };
        let occ = self.occ.after_move(from, to);
        self.attackers_to_except(ksq, !us, &occ, Bitboard::from_square(to)).is_empty()
    }

    /// Whether `mv` follows the movement rules for the side to move here, ignoring king safety.
    /// Validates moves from the transposition table, killers and user input.
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        if mv.is_null() {
            return false;
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(pc) = self.board[from.index()] else { return false };
        let us = self.stm;
        if pc.color() != us || self.colors[us].has(to) {
            return false;
        }
        let occ = &self.occ;
        let targets = match pc.kind() {
            PieceKind::King => attacks::king(from),
            PieceKind::Advisor => attacks::advisor(from),
            PieceKind::Elephant => attacks::elephant(from, occ.bitboard()),
            PieceKind::Horse => attacks::horse(from, occ.bitboard()),
            PieceKind::Rook => attacks::rook(from, occ),
            PieceKind::Cannon if self.board[to.index()].is_some() => attacks::cannon(from, occ),
            PieceKind::Cannon => attacks::rook(from, occ) & !occ.bitboard(),
            PieceKind::Soldier => attacks::soldier(us, from),
        };
        targets.has(to)
    }

    /// Whether `mv` is legal here: pseudo-legal and leaving the king safe.
    pub fn is_legal_move(&self, mv: Move) -> bool {
        self.is_pseudo_legal(mv) && self.king_safe_after(mv)
    }
}

/// The leg of a horse on `horse` attacking `target`, a horse's move away: the point next to
/// the horse on the long side of the move.
fn horse_leg(horse: Square, target: Square) -> Option<Square> {
    let df = target.file().index() as i8 - horse.file().index() as i8;
    let dr = target.rank().index() as i8 - horse.rank().index() as i8;
    if df.abs() == 2 { horse.offset(df / 2, 0) } else { horse.offset(0, dr / 2) }
}

/// What the side to move needs to tell cheaply whether a move checks the enemy king: see
/// [`Position::check_info`].
#[derive(Clone, Copy, Debug)]
pub struct CheckInfo {
    /// The enemy king.
    ksq: Square,
    /// By kind: the points from which a rook, cannon, horse or soldier checks; empty for the
    /// other kinds.
    direct: [Bitboard; PieceKind::NUM],
    /// Our pieces whose leaving the king's line uncovers a check: the one piece between one of
    /// our rooks and the king, and ours among the two between one of our cannons and the king.
    line_blockers: Bitboard,
    /// Our pieces on the leg of one of our horses that would otherwise check.
    leg_blockers: Bitboard,
    /// The points between one of our cannons and the king with nothing between them: a piece
    /// arriving there becomes the cannon's screen.
    screen_points: Bitboard,
    /// Our cannons with nothing between them and the king: capturing away from it along the
    /// line, one jumps its screen and puts it between.
    open_cannons: Bitboard,
    /// The points between one of our cannons and the king with two pieces between them: one of
    /// them taking the other along the line leaves a single screen.
    two_screen_lines: Bitboard,
    /// The union of the sets above that a move's origin is tested against: a move from
    /// elsewhere checks only directly or as a new screen.
    origins: Bitboard,
}

impl CheckInfo {
    /// The points from which a piece of kind `kind` checks directly.
    #[inline]
    pub fn direct(&self, kind: PieceKind) -> Bitboard {
        self.direct[kind.index()]
    }

    /// Our pieces that may uncover a check by moving.
    #[inline]
    pub fn uncovering(&self) -> Bitboard {
        self.line_blockers | self.leg_blockers
    }

    /// The points where a piece arriving becomes the screen of a cannon aimed at the king.
    #[inline]
    pub fn screen_points(&self) -> Bitboard {
        self.screen_points
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `gives_check` on `mv` in `fen`, checked against making the move.
    fn checks(fen: &str, mv: &str) -> bool {
        let mut pos = Position::from_fen(fen).expect("valid FEN");
        let mv = Move::parse(mv).expect("move");
        assert!(pos.is_legal_move(mv), "{mv} in {fen}");
        let predicted = pos.gives_check(mv);
        pos.make(mv);
        assert_eq!(predicted, pos.in_check(), "{mv} in {fen}");
        predicted
    }

    #[test]
    fn direct_and_uncovered_checks() {
        // A rook to the king's file, a horse over a free leg, a soldier next to the king.
        assert!(checks("3k5/9/9/9/9/9/9/9/R8/4K4 w", "a1d1"));
        assert!(checks("4k4/9/9/1N7/9/9/9/9/9/3K5 w", "b6d7"));
        assert!(!checks("4k4/9/9/1N7/9/9/9/9/9/3K5 w", "b6a8"));
        assert!(checks("3k5/9/9/9/9/9/9/9/3p5/4K4 b", "d1d0"));
        assert!(checks("3k5/9/9/9/9/9/9/9/3p5/4K4 b", "d1e1"));
        assert!(!checks("3k5/9/9/9/9/9/9/9/3p5/4K4 b", "d1c1"));
        // The horse on f1 blocks the rook on f0's file to the king on f9: moving it uncovers a
        // check.
        assert!(checks("5k3/9/9/9/9/9/9/9/5N3/3K1R3 w", "f1g3"));
        // A cannon behind two pieces: one of ours leaving the line checks, a step along it
        // does not.
        assert!(!checks("4k4/9/9/4p4/9/9/4P4/9/9/3KC4 w", "e3e4"));
        assert!(checks("4k4/9/9/4p4/9/9/4R4/9/9/3KC4 w", "e3d3"));
        assert!(!checks("4k4/9/9/4p4/9/9/4R4/9/9/3KC4 w", "e3e4"));
    }

    #[test]
    fn cannon_screens_made_and_taken() {
        // A piece stepping between a cannon and the king with nothing between becomes its
        // screen.
        assert!(checks("4k4/9/9/9/9/9/9/3R5/9/3KC4 w", "d2e2"));
        // Two screens, one taking the other along the line: one is left.
        assert!(checks("4k4/9/9/4p4/9/9/4R4/9/9/3KC4 w", "e3e6"));
        // A cannon with nothing between it and the king capturing away from it jumps its screen,
        // which is then between them (found by the property tests).
        assert!(checks("1nbakabCr/9/rc7/p1p1p1p1p/9/9/P1P1P1P1P/1C7/2R6/R1BcKABN1 b", "d0a0"));
        // A cannon jumping the king itself to capture leaves the line of the cannon behind it
        // (found by the property tests).
        assert!(checks("1CbC1kbcr/3c5/r8/p1p1p1p1p/9/P8/2P1P1P1P/9/8R/RNBAKABN1 w", "d9g9"));
    }
}

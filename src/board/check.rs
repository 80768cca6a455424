//! Attacks on points, checks, the flying general and move legality.

use super::Position;
use crate::attacks::{self, Occupancy};
use crate::bitboard::Bitboard;
use crate::types::{Color, Move, PieceKind, Square};

impl Position {
    /// Pieces of colour `by` attacking `sq` under occupancy `occ`. The enemy king counts as a
    /// rook that moves only along its file: that is the flying-general rule (`rules.md` 3).
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
            let (df, dr) = (
                ksq.file().index() as i8 - checker.file().index() as i8,
                ksq.rank().index() as i8 - checker.rank().index() as i8,
            );
            let leg = if df.abs() == 2 { checker.offset(df / 2, 0) } else { checker.offset(0, dr / 2) };
            leg.map_or(Bitboard::EMPTY, Bitboard::from_square)
        } else {
            Bitboard::between(checker, ksq)
        };
        block.with(checker)
    }

    /// Whether a legal move gives check: the answer `make` then [`Position::in_check`] would
    /// give, without making it. The search asks this of moves it would otherwise prune.
    /// Besides the moved piece's own attack, a check can be discovered (a rook line or a horse
    /// leg opened, a cannon's second screen gone) or made by the moved piece becoming a cannon's
    /// screen: the attackers on the occupancy after the move cover all of these.
    #[inline]
    pub fn gives_check(&self, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let us = self.stm;
        let ksq = self.kings[!us];
        let kind = self.board[from.index()].map(|pc| pc.kind());
        if kind == Some(PieceKind::Soldier) && attacks::soldier(us, to).has(ksq) {
            return true;
        }
        // Most moves can check neither directly nor by discovery: the look-ups on the
        // occupancy after the move are made only where one is possible. A discovered check
        // needs the move to leave the king's file or rank (a rook or the king uncovered, a
        // cannon's screen count changed) or a horse's leg next to the king; a new cannon screen
        // needs it to arrive on them.
        let lines = Bitboard::file(ksq.file()) | Bitboard::rank(ksq.rank());
        let discovering = lines.has(from) || lines.has(to) || attacks::diagonal_neighbours(ksq).has(from);
        let direct_possible = match kind {
            Some(PieceKind::Rook | PieceKind::Cannon) => lines.has(to),
            Some(PieceKind::Horse) => attacks::horse_attackers_unblocked(ksq).has(to),
            // An advisor or elephant never attacks the king; a king facing the other would
            // make the move illegal.
            _ => false,
        };
        if !discovering && !direct_possible {
            return false;
        }
        let occ = self.occ.after_move(from, to);
        let direct = match kind {
            Some(PieceKind::Rook) => attacks::rook(to, &occ).has(ksq),
            Some(PieceKind::Cannon) => attacks::cannon(to, &occ).has(ksq),
            Some(PieceKind::Horse) => attacks::horse(to, occ.bitboard()).has(ksq),
            _ => false,
        };
        direct || (discovering && self.attackers_to_except(ksq, us, &occ, Bitboard::from_square(from)).any())
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

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        !crate::movegen::legal_moves(self).is_empty()
    }
}

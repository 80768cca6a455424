//! Making and unmaking moves. `make` pushes the current [`State`] on the undo stack and computes
//! the next one incrementally; `unmake` restores the board from the move and captured piece.

use super::{Position, zobrist};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{Color, Move, PieceKind, Square};

/// A side's checks beyond this many since the last capture do not advance the 60-move counter
/// (`docs/rules.md` §9).
const COUNTED_CHECKS: u8 = 10;

impl Position {
    /// Plays a legal move. The caller guarantees legality (generated moves, or a move checked
    /// with [`Position::is_legal_move`]); anything else corrupts the position.
    pub fn make(&mut self, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let us = self.stm;
        let them = !us;
        let Some(pc) = self.board[from.index()] else {
            unreachable!("make {mv}: no piece on {from} in {}", self.fen());
        };
        let captured = self.board[to.index()];
        debug_assert!(pc.color() == us && captured.is_none_or(|c| c.color() == them));

        // The new state is the old one updated in place; the old one goes on the undo stack.
        self.history.push(self.st);
        let prev_uncounted_check = self.st.uncounted_check;
        let mut key = self.st.key ^ zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to) ^ zobrist::side();
        if let Some(cap) = captured {
            self.remove(cap, to);
            key ^= zobrist::piece_square(cap, to);
        }
        self.move_piece(pc, from, to);
        self.stm = them;
        if us == Color::Black {
            self.fullmove += 1;
        }

        let checkers = if self.may_check(pc.kind(), from, to) {
            self.attackers_to(self.kings[them], us, &self.occ)
        } else {
            Bitboard::EMPTY
        };
        let sensitive = self.sensitive_points(them);
        let st = &mut self.st;
        st.key = key;
        st.mv = Some(mv);
        st.captured = captured;
        st.checkers = checkers;
        st.sensitive = sensitive;
        if captured.is_some() {
            st.rule60 = 0;
            st.reversible = 0;
            st.checks = Default::default();
            st.uncounted_check = false;
        } else {
            st.reversible += 1;
            let mut counted = !prev_uncounted_check;
            st.uncounted_check = false;
            if st.checkers.any() {
                st.checks[us] = st.checks[us].saturating_add(1);
                if st.checks[us] > COUNTED_CHECKS {
                    counted = false;
                    st.uncounted_check = true;
                }
            }
            if counted {
                st.rule60 += 1;
            }
        }
    }

    /// Whether the move just made from `from` to `to` by a piece of `kind` may have checked
    /// the side now to move. Before it that side was not in check, so a check comes from the
    /// moved piece, or from what its leaving or arriving changed: a line of the king (a rook
    /// or cannon uncovered, a screen added or removed) or a horse's leg next to it. Most moves
    /// touch none of these, and the full look-up for checkers is skipped.
    #[inline]
    fn may_check(&self, kind: PieceKind, from: Square, to: Square) -> bool {
        let ksq = self.kings[self.stm];
        let lines = Bitboard::file(ksq.file()) | Bitboard::rank(ksq.rank());
        if lines.has(from) || lines.has(to) || attacks::diagonal_neighbours(ksq).has(from) {
            return true;
        }
        match kind {
            PieceKind::Horse => attacks::horse_attackers_unblocked(ksq).has(to),
            PieceKind::Soldier => attacks::soldier_attackers(!self.stm, ksq).has(to),
            // A rook or cannon checks only from the king's lines; the others never check.
            _ => false,
        }
    }

    /// The key of the position after `mv`, without making it: the search prefetches the child's
    /// table entry with it while it still decides whether and how to search the move.
    #[inline]
    pub fn key_after(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from(), mv.to());
        let Some(pc) = self.board[from.index()] else { return self.st.key };
        let mut key = self.st.key ^ zobrist::piece_square(pc, from) ^ zobrist::piece_square(pc, to) ^ zobrist::side();
        if let Some(cap) = self.board[to.index()] {
            key ^= zobrist::piece_square(cap, to);
        }
        key
    }

    /// The key of the position after [`Position::make_null`].
    #[inline]
    pub fn key_after_null(&self) -> u64 {
        self.st.key ^ zobrist::side()
    }

    /// Takes back the last move made with [`Position::make`].
    pub fn unmake(&mut self) {
        let Some(prev) = self.history.pop() else {
            unreachable!("unmake with an empty history");
        };
        let st = std::mem::replace(&mut self.st, prev);
        let Some(mv) = st.mv else { unreachable!("unmake: state without a move") };
        self.stm = !self.stm;
        if mv.is_null() {
            return;
        }
        if self.stm == Color::Black {
            self.fullmove -= 1;
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(pc) = self.board[to.index()] else {
            unreachable!("unmake {mv}: no piece on {to}");
        };
        self.move_piece(pc, to, from);
        if let Some(cap) = st.captured {
            self.put(cap, to);
        }
    }

    /// Passes the turn (null-move pruning). Not allowed when in check. Repetition look-back does
    /// not cross a null move.
    pub fn make_null(&mut self) {
        debug_assert!(!self.in_check());
        let prev = self.st;
        self.history.push(prev);
        let mut st = prev;
        st.key ^= zobrist::side();
        st.mv = Some(Move::NULL);
        st.captured = None;
        st.reversible = 0;
        st.uncounted_check = false;
        st.rule60 += 1;
        self.stm = !self.stm;
        // The side that passed was not in check, and the board has not changed: the other
        // side is not in check either.
        st.checkers = Bitboard::EMPTY;
        st.sensitive = self.sensitive_points(self.stm);
        self.st = st;
    }

    /// Takes back [`Position::make_null`].
    pub fn unmake_null(&mut self) {
        self.unmake();
    }

    /// Plays a move given by the user: checks that it is legal first and leaves the position
    /// untouched if it is not.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.is_legal_move(mv) {
            return Err(self.explain_illegal(mv));
        }
        self.make(mv);
        Ok(())
    }

    /// Why `mv` cannot be played here.
    pub fn explain_illegal(&self, mv: Move) -> IllegalMove {
        let (from, to) = (mv.from(), mv.to());
        let reason = match self.piece_at(from) {
            None => Illegality::NoPiece { from, side: None },
            Some(pc) if pc.color() != self.stm => Illegality::NotToMove { from, owner: pc.color(), to_move: self.stm },
            Some(pc) if !self.is_pseudo_legal(mv) => Illegality::CannotReach { kind: pc.kind(), from, to },
            Some(_) => Illegality::KingExposed,
        };
        IllegalMove { mv, reason }
    }
}

/// Why a move cannot be played: a value, so that each front can say it in its own language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegality {
    /// The from-point is empty; `side`, when given, is the side to move, named in the text.
    NoPiece { from: Square, side: Option<Color> },
    /// The piece belongs to the side not to move.
    NotToMove { from: Square, owner: Color, to_move: Color },
    /// The piece does not move that way, or is blocked.
    CannotReach { kind: PieceKind, from: Square, to: Square },
    /// A move in WXF or Chinese notation that leads off the board or nowhere.
    NoSuchMove(PieceKind),
    /// The mover's king would be in check or face the other king.
    KingExposed,
}

impl std::fmt::Display for Illegality {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Illegality::NoPiece { from, side: None } => write!(f, "no piece on {from}"),
            Illegality::NoPiece { from, side: Some(side) } => write!(f, "no {} piece on {from}", side.name()),
            Illegality::NotToMove { from, owner, to_move } => {
                write!(f, "the piece on {from} is {}'s, but {} is to move", owner.name(), to_move.name())
            }
            Illegality::CannotReach { kind, from, to } => write!(f, "a {} on {from} cannot move to {to}", kind.name()),
            Illegality::NoSuchMove(kind) => write!(f, "a {} cannot move that way", kind.name()),
            Illegality::KingExposed => f.write_str("it would leave the king in check or facing the other king"),
        }
    }
}

/// A move that is not legal in a position, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    pub mv: Move,
    pub reason: Illegality,
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "'{}' is illegal ({})", self.mv, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

#[cfg(test)]
mod tests {
    use crate::board::Position;
    use crate::movegen::legal_moves;

    /// Walks the tree to a small depth checking that make/unmake restores everything and that
    /// the incremental key equals a fresh computation at every node.
    fn walk(pos: &mut Position, depth: u32) {
        assert_eq!(pos.key(), pos.compute_key(), "{}", pos.fen());
        assert_eq!(pos.sensitive_points(pos.side_to_move()), pos.state().sensitive);
        if depth == 0 {
            return;
        }
        let before = pos.fen();
        for mv in legal_moves(pos) {
            pos.make(mv);
            walk(pos, depth - 1);
            pos.unmake();
            assert_eq!(pos.fen(), before);
        }
    }

    #[test]
    fn make_unmake_restores_position_and_key() {
        for fen in [
            crate::board::START_FEN,
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
        ] {
            let mut pos = Position::from_fen(fen).expect("valid");
            walk(&mut pos, 3);
        }
    }

    #[test]
    fn null_move_round_trip() {
        let mut pos = Position::startpos();
        let key = pos.key();
        pos.make_null();
        assert_ne!(pos.key(), key);
        assert_eq!(pos.key(), pos.compute_key());
        pos.unmake_null();
        assert_eq!(pos.key(), key);
        assert_eq!(pos.fen(), crate::board::START_FEN);
    }
}

//! Chase detection (`docs/rules.md` §8, "What counts as a chase").
//!
//! A chase is a threat to win material. [`Position::chased_by`] applies conditions 1 to 5 of the
//! definition to one position; condition 6 (the chase is new) and the following of pieces by
//! identity need two positions, so [`Position::perpetual_chasers`] replays the cycle and compares
//! the position before each move with the one after it.
//!
//! Captures and recaptures are tried on hypothetical occupancies (`Occupancy::after_move`), not
//! made, so they work the same whichever side is to move.

use super::Position;
use crate::attacks::{self, Occupancy};
use crate::bitboard::Bitboard;
use crate::types::{ByColor, Color, Move, Piece, PieceKind, Square};

/// Points a piece on `sq` could capture on under `occ`, ignoring what stands there.
fn capture_targets(pc: Piece, sq: Square, occ: &Occupancy) -> Bitboard {
    match pc.kind() {
        PieceKind::King => attacks::king(sq),
        PieceKind::Advisor => attacks::advisor(sq),
        PieceKind::Elephant => attacks::elephant(sq, occ.bitboard()),
        PieceKind::Horse => attacks::horse(sq, occ.bitboard()),
        PieceKind::Rook => attacks::rook(sq, occ),
        PieceKind::Cannon => attacks::cannon(sq, occ),
        PieceKind::Soldier => attacks::soldier(pc.color(), sq),
    }
}

/// Condition 4's pairs where the capture gains material whether or not the target is protected:
/// a horse or cannon against a rook, an advisor or elephant against a rook, horse or cannon.
fn wins_material_anyway(attacker: PieceKind, target: PieceKind) -> bool {
    use PieceKind::*;
    matches!((attacker, target), (Horse | Cannon, Rook) | (Advisor | Elephant, Rook | Horse | Cannon))
}

/// No piece identity on a point.
const NO_ID: u8 = u8::MAX;

/// The identities of the pieces standing on `squares`, as a bit set.
fn id_set(squares: Bitboard, ids: &[u8; 90]) -> u32 {
    squares.iter().fold(0, |set, sq| match ids[sq.index()] {
        NO_ID => set,
        id => set | 1 << id,
    })
}

impl Position {
    /// Pieces of `by` that could capture on `sq` under `occ`, every kind included (the king by
    /// a step; its flying-general line only ever reaches the other king, which is never captured).
    fn capturers(&self, sq: Square, by: Color, occ: &Occupancy) -> Bitboard {
        let bb = occ.bitboard();
        let of = |kind| self.pieces_of(by, kind);
        // Every movement rule but the soldier's is symmetric, so "from sq" finds the capturers.
        (attacks::rook(sq, occ) & of(PieceKind::Rook))
            | (attacks::cannon(sq, occ) & of(PieceKind::Cannon))
            | (attacks::horse_attackers(sq, bb) & of(PieceKind::Horse))
            | (attacks::soldier_attackers(by, sq) & of(PieceKind::Soldier))
            | (attacks::elephant(sq, bb) & of(PieceKind::Elephant))
            | (attacks::advisor(sq) & of(PieceKind::Advisor))
            | (attacks::king(sq) & of(PieceKind::King))
    }

    /// Whether, after the piece on `from` takes the piece on `to`, the taken piece's side could
    /// legally take back on `to` (condition 4). Protectors that are pinned, or whose recapture
    /// would make the kings face, are false protectors and do not count.
    fn is_protected(&self, from: Square, to: Square) -> bool {
        let Some(attacker) = self.board[from.index()] else { return false };
        let (by, them) = (attacker.color(), !attacker.color());
        let occ = self.occ.after_move(from, to);
        let ksq = self.kings[them];
        // The capturer, recaptured on `to`, stops attacking; its bitboard still shows it on
        // `from`, which is what `gone` removes.
        let gone = Bitboard::from_square(from);
        for s in self.capturers(to, them, &occ).without(to) {
            let king = if s == ksq { to } else { ksq };
            if self.attackers_to_except(king, by, &occ.after_move(s, to), gone).is_empty() {
                return true;
            }
        }
        false
    }

    /// Whether the piece on `from` chases the enemy piece on `to`, by conditions 3 to 5 (the
    /// caller has applied 1 and 2).
    fn chases(&self, attacker: Piece, from: Square, to: Square) -> bool {
        let Some(target) = self.board[to.index()] else { return false };
        let by = attacker.color();
        // 3: the capture must be legal, so a pinned piece chases only what it may take.
        if !self.king_safe_after_for(by, from, to) {
            return false;
        }
        // 4: it must gain material.
        if !wins_material_anyway(attacker.kind(), target.kind()) && self.is_protected(from, to) {
            return false;
        }
        // 5: two pieces of a kind attacking each other offer an exchange. (Only rooks, horses
        // and cannons can: advisors and elephants never meet an enemy one.)
        let mutual = attacker.kind() == target.kind()
            && capture_targets(target, to, &self.occ).has(from)
            && self.king_safe_after_for(!by, to, from);
        !mutual
    }

    /// Enemy pieces that `by` chases in this position, whoever is to move: conditions 1 to 5 of
    /// `docs/rules.md` §8. Condition 6 (the chase is new) compares two positions and is
    /// [`Position::perpetual_chasers`]'s business.
    pub(super) fn chased_by(&self, by: Color) -> Bitboard {
        let them = !by;
        // 2: kings and soldiers on their own side of the river may be attacked freely.
        let targets = self.colors[them]
            & !self.pieces_of(them, PieceKind::King)
            & !(self.pieces_of(them, PieceKind::Soldier) & Bitboard::half(them));
        // 1: kings and soldiers may chase freely.
        let attackers =
            self.colors[by] & !self.pieces_of(by, PieceKind::King) & !self.pieces_of(by, PieceKind::Soldier);
        let mut chased = Bitboard::EMPTY;
        for from in attackers {
            let Some(attacker) = self.board[from.index()] else { continue };
            for to in capture_targets(attacker, from, &self.occ) & targets & !chased {
                if self.chases(attacker, from, to) {
                    chased = chased.with(to);
                }
            }
        }
        chased
    }

    /// Which sides chase perpetually in the cycle formed by the last `plies` moves: some one enemy
    /// piece, followed by identity, is newly chased by every move that side makes in it.
    ///
    /// Replays the cycle on a bare copy of the board taken back to its start. Cycles contain no
    /// capture and no null move (the repetition look-back stops at both), so a move only shifts
    /// one piece, and the identities given at the start last.
    pub(super) fn perpetual_chasers(&self, plies: usize) -> ByColor<bool> {
        let none = ByColor::new(false, false);
        let plies = plies.min(self.history.len());
        let moves: Option<Vec<Move>> = (0..plies).rev().map(|back| self.state_back(back).mv).collect();
        let Some(moves) = moves else { return none };
        let mut pos = self.board_copy();
        for mv in moves.iter().rev() {
            if !pos.shift(mv.to(), mv.from()) {
                debug_assert!(false, "{mv} cannot be taken back in a repetition cycle");
                return none;
            }
        }

        let mut ids = [NO_ID; 90];
        for (id, sq) in pos.occupied().iter().enumerate() {
            ids[sq.index()] = id as u8;
        }
        // Pieces chased by every move so far, per chasing side.
        let mut chased = ByColor::new(u32::MAX, u32::MAX);
        for mv in moves {
            let s = pos.stm;
            let before = id_set(pos.chased_by(s), &ids);
            let shifted = pos.shift(mv.from(), mv.to());
            debug_assert!(shifted, "replaying {mv}");
            ids[mv.to().index()] = ids[mv.from().index()];
            ids[mv.from().index()] = NO_ID;
            // 6: only chases the move created count.
            chased[s] &= id_set(pos.chased_by(s), &ids) & !before;
            if chased[Color::Red] == 0 && chased[Color::Black] == 0 {
                return none;
            }
        }
        ByColor::new(chased[Color::Red] != 0, chased[Color::Black] != 0)
    }

    /// The pieces and side to move, without the undo history: all chase detection reads.
    fn board_copy(&self) -> Position {
        Position {
            board: self.board,
            pieces: self.pieces,
            colors: self.colors,
            occ: self.occ,
            kings: self.kings,
            psq: self.psq,
            material: self.material,
            stm: self.stm,
            fullmove: self.fullmove,
            st: self.st,
            history: Vec::new(),
        }
    }

    /// Moves the piece on `from` to the empty point `to` and passes the turn, updating the
    /// board only (no key, no state). `false`, changing nothing, if the move is not of that kind.
    fn shift(&mut self, from: Square, to: Square) -> bool {
        match (self.board[from.index()], self.board[to.index()]) {
            (Some(pc), None) if from != to => {
                self.remove(pc, from);
                self.put(pc, to);
                self.stm = !self.stm;
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    //! One position per condition of the chase definition (`docs/rules.md` §8), each with a
    //! control that differs in just the point being tested.
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap_or_else(|| panic!("{s}"))
    }

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// The points of the pieces `by` chases in `fen`, sorted.
    fn chased(fen: &str, by: Color) -> Vec<String> {
        let mut v: Vec<String> = position(fen).chased_by(by).iter().map(|sq| sq.to_string()).collect();
        v.sort();
        v
    }

    const NONE: [&str; 0] = [];

    #[test]
    fn kings_and_soldiers_chase_freely() {
        // Unprotected: the a7 horse under the a4 rook, the c7 horse under the crossed c6 soldier,
        // the e2 cannon next to the red king.
        assert_eq!(chased("5k3/9/n1n6/2P6/9/R8/9/4c4/4K4/9 w", Color::Red), ["a7"]);
    }

    #[test]
    fn kings_and_uncrossed_soldiers_may_be_attacked() {
        // Black to move, in check from the g7 horse, which also attacks the uncrossed soldier on
        // e6, as does the e3 rook; the c4 rook attacks the crossed soldier on a4.
        assert_eq!(chased("5k3/9/6N2/4p4/9/p1R6/4R4/9/9/3K5 b", Color::Red), ["a4"]);
    }

    #[test]
    fn the_capture_must_be_legal() {
        // The e4 horse is the only piece between the kings: it may not take the g5 rook.
        assert_eq!(chased("4k4/9/9/9/6r2/4N4/9/9/9/4K4 w", Color::Red), NONE);
        assert_eq!(chased("4k4/9/9/9/6r2/4N4/9/9/4A4/4K4 w", Color::Red), ["g5"]);
        // The f0 rook is pinned by the i0 cannon (through the e0 advisor): it chases its pinner,
        // not the f5 horse.
        assert_eq!(chased("5k3/9/9/9/5n3/9/9/9/9/3KAR2c w", Color::Red), ["i0"]);
    }

    #[test]
    fn protected_pieces_are_not_chased() {
        // The a7 horse is protected by the a9 rook, the c7 horse is not.
        assert_eq!(chased("r4k3/9/n1n6/9/9/R8/9/2R6/9/3K5 w", Color::Red), ["c7"]);
    }

    #[test]
    fn horse_and_cannon_chase_protected_rooks() {
        // The b7 rook (protected by the c9 horse) under the a5 horse, the h7 rook (protected by
        // the g9 horse) under the h2 cannon screened by the h3 soldier.
        let fen = "2nk2n2/9/1r5r1/9/N8/9/7P1/7C1/9/4K4 w";
        assert_eq!(chased(fen, Color::Red), ["b7", "h7"]);
        let pos = position(fen);
        assert!(pos.is_protected(sq("a5"), sq("b7")) && pos.is_protected(sq("h2"), sq("h7")));
        // Protected cannons in their place are not chased.
        assert_eq!(chased("2nk2n2/9/1c5c1/9/N8/9/7P1/7C1/9/4K4 w", Color::Red), NONE);
    }

    #[test]
    fn advisor_and_elephant_chase_protected_pieces() {
        // The f2 horse (protected by the i2 rook) under the e1 advisor, the a2 cannon (protected
        // by the a9 rook) under the c4 elephant.
        let fen = "r3k4/9/9/9/9/2B6/9/c4n2r/4A4/3K5 w";
        assert_eq!(chased(fen, Color::Red), ["a2", "f2"]);
        let pos = position(fen);
        assert!(pos.is_protected(sq("e1"), sq("f2")) && pos.is_protected(sq("c4"), sq("a2")));
    }

    #[test]
    fn false_protectors_do_not_protect() {
        // The e6 horse cannot retake on g5: it stands alone between the kings.
        assert_eq!(chased("4k4/9/9/4n4/6c2/9/9/9/6R2/4K4 w", Color::Red), ["g5"]);
        assert_eq!(chased("3k5/9/9/4n4/6c2/9/9/9/6R2/4K4 w", Color::Red), NONE);
        // The e8 king cannot retake on d8: it would face the red king on the open d file.
        assert_eq!(chased("9/3nk4/9/9/9/3R5/9/9/9/3K5 w", Color::Red), ["d8"]);
        assert_eq!(chased("9/3nk4/9/9/9/3R5/9/9/9/5K3 w", Color::Red), NONE);
    }

    #[test]
    fn mutual_attacks_of_one_kind_are_exchange_offers() {
        // Rooks facing each other on the a file.
        assert_eq!(chased("4k4/9/r8/9/9/R8/9/9/9/3K5 w", Color::Red), NONE);
        // The e7 rook, alone between the kings, may not take back on a7.
        assert_eq!(chased("4k4/9/R3r4/9/9/9/9/9/9/4K4 w", Color::Red), ["e7"]);
        // Horses: the black one can take back only while its leg d4 is free.
        assert_eq!(chased("4k4/9/9/9/3n5/9/2N6/9/9/3K5 w", Color::Red), NONE);
        assert_eq!(chased("4k4/9/9/9/3n5/3P5/2N6/9/9/3K5 w", Color::Red), ["d5"]);
    }

    /// Plays `moves` from `fen` and reports who chases perpetually in that cycle.
    fn chasers(fen: &str, moves: &str) -> (bool, bool) {
        let mut pos = position(fen);
        for m in moves.split_whitespace() {
            let mv = Move::parse(m).unwrap_or_else(|| panic!("{m}"));
            pos.play(mv).unwrap_or_else(|e| panic!("{e}"));
        }
        let n = moves.split_whitespace().count();
        assert_eq!(pos.key(), pos.state_back(n).key, "not a cycle");
        let c = pos.perpetual_chasers(n);
        (c[Color::Red], c[Color::Black])
    }

    #[test]
    fn chases_must_be_new_and_follow_the_piece() {
        // The rook chases the cannon from file to file: the cannon is the same piece on b7 and c7.
        let fen = "4k4/9/2c6/9/9/1R7/9/9/9/3K5 w";
        assert_eq!(chasers(fen, "b4c4 c7b7 c4b4 b7c7"), (true, false));
        // The rook attacks a cannon and a horse in turn: no one piece is chased by every move.
        let fen = "4k4/9/1cn6/9/9/1R7/9/9/9/3K5 w";
        assert_eq!(chasers(fen, "b4c4 e9e8 c4b4 e8e9"), (false, false));
        // The rook never stops attacking the a7 cannon: its moves create no new chase.
        let fen = "4k4/9/c8/9/9/R8/9/9/9/3K5 w";
        assert_eq!(chasers(fen, "a4a5 e9e8 a5a4 e8e9"), (false, false));
    }
}

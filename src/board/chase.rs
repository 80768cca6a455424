//! Chase detection (`docs/rules.md` §8, "What counts as a chase"; case by case in
//! `docs/repetition.md`).
//!
//! A chase is a threat to win material. [`Position::for_each_chase`] applies conditions 1 to 5
//! of the definition to one position; condition 6 (the chase is new) and the following of pieces
//! by identity need two positions, so [`Position::trace_chases`] replays the cycle and compares
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

/// Identities given to the pieces at the start of a cycle: at most 32 pieces stand on a board.
pub(super) const MAX_IDS: usize = 32;

/// The identities in a set of them.
pub(super) struct Bits(pub u32);

impl Iterator for Bits {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        let i = self.0.trailing_zeros() as usize;
        (self.0 != 0).then(|| {
            self.0 &= self.0 - 1;
            i
        })
    }
}

/// The identities chased in a chase map.
fn targets_of(map: &[u32; MAX_IDS]) -> u32 {
    map.iter().enumerate().fold(0, |set, (t, &by)| if by != 0 { set | 1 << t } else { set })
}

/// The chases of `after` that `before` lacks, chaser by chaser.
fn fresh(after: &[u32; MAX_IDS], before: &[u32; MAX_IDS]) -> [u32; MAX_IDS] {
    std::array::from_fn(|t| after[t] & !before[t])
}

/// The pairs of points `for_each` names, `(from, to)`, by identity: entry `t` holds the
/// identities standing on the `from` points paired with identity `t`'s point.
fn by_identity(ids: &[u8; 90], for_each: impl FnOnce(&mut dyn FnMut(Square, Square))) -> [u32; MAX_IDS] {
    let mut map = [0; MAX_IDS];
    for_each(&mut |from, to| {
        let (a, t) = (ids[from.index()], ids[to.index()]);
        if a != NO_ID && t != NO_ID {
            map[t as usize] |= 1 << a;
        }
    });
    map
}

/// Where the piece of identity `id` stands.
fn square_of(ids: &[u8; 90], id: usize) -> Square {
    let i = ids.iter().position(|&x| x as usize == id).expect("a followed piece stays on the board");
    Square::from_index(i)
}

/// One side's chases over a repetition cycle, pieces named by identity (see
/// [`Position::trace_chases`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct SideChases {
    /// The side's moves replayed.
    pub moves: u8,
    /// How many of them newly chased some piece.
    pub chasing_moves: u8,
    /// Enemy pieces newly chased by every one of those moves.
    pub perpetual: u32,
    /// For each enemy piece, the pieces that chased it after a move that made its chase new.
    pub chasers: [u32; MAX_IDS],
    /// For each piece taking part in such a chase, chaser or chased, the points it did so from.
    pub seen: [Bitboard; MAX_IDS],
    /// For each enemy piece, the chasers that made a new chase of it with a new attack: by
    /// moving, or by a line opened or a screen given (not by the target losing protection).
    attacking: [u32; MAX_IDS],
    /// Enemy pieces chased with every move only by pieces defending themselves (see
    /// [`CycleChases::release_defenders`]): not a perpetual chase.
    pub released: u32,
}

impl SideChases {
    /// The pieces chased perpetually on their own: by chasers that chase no other piece chased
    /// perpetually. Chasing two or more pieces is allowed when one piece, or two in turn, chase
    /// them (AXF rule 32: "One piece perpetually chases two pieces or more should be ruled as a
    /// draw. Two pieces take turns to perpetually chase two or more pieces also should be ruled
    /// a draw"; diagrams 76 to 80), but two chases side by side, each with its own chasers, are
    /// each a perpetual chase: what else a move does excuses no chase (rule 36, diagram 90), and
    /// "one or two cannons cannot perpetually chase a rook" (rule 15) whatever other pieces do.
    pub fn lone(&self) -> u32 {
        Bits(self.perpetual)
            .filter(|&t| Bits(self.perpetual & !(1 << t)).all(|u| self.chasers[t] & self.chasers[u] == 0))
            .fold(0, |set, t| set | 1 << t)
    }

    fn new() -> SideChases {
        SideChases {
            moves: 0,
            chasing_moves: 0,
            perpetual: u32::MAX,
            chasers: [0; MAX_IDS],
            seen: [Bitboard::EMPTY; MAX_IDS],
            attacking: [0; MAX_IDS],
            released: 0,
        }
    }
}

/// Both sides' chases over a repetition cycle.
#[derive(Clone, Debug)]
pub(super) struct CycleChases {
    /// The moves of the cycle, oldest first (empty if it could not be replayed).
    pub moves: Vec<Move>,
    /// The piece of each identity.
    pub pieces: [Option<Piece>; MAX_IDS],
    pub sides: ByColor<SideChases>,
}

impl CycleChases {
    fn nothing(mut self) -> CycleChases {
        for c in Color::ALL {
            self.sides[c].perpetual = 0;
        }
        self
    }

    /// A piece chased perpetually that chases back without ever moving, its chases renewed
    /// only by the target losing its protection, is defending itself, not chasing: AXF rule 19
    /// ("the Rook cannot be perpetually chased, regardless of whether the opponent's Knight is
    /// protected"; diagrams 39 to 41: "because the Black Rook doesn't move, it is not considered
    /// as a perpetual chase"), and the WXF manual's diagram 61. A piece whose side's moves give
    /// it a new attack (a screen, an opened line) chases, and a piece that is left alone chases
    /// either way (the AXF appendix's example of perpetual chase).
    fn release_defenders(&mut self) {
        let perpetual = ByColor::new(self.sides[Color::Red].perpetual, self.sides[Color::Black].perpetual);
        for c in Color::ALL {
            let side = &mut self.sides[c];
            for t in Bits(side.perpetual) {
                let chasers = side.chasers[t];
                if chasers & !perpetual[!c] == 0 && chasers & side.attacking[t] == 0 {
                    side.perpetual &= !(1 << t);
                    side.released |= 1 << t;
                }
            }
        }
    }

    /// Which sides chase perpetually: some enemy piece newly chased by every move, on its own
    /// (see [`SideChases::lone`]).
    pub fn perpetual(&self) -> ByColor<bool> {
        let offends = |c: Color| self.sides[c].lone() != 0;
        ByColor::new(offends(Color::Red), offends(Color::Black))
    }
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

    /// Whether the legal capture by the piece on `from` of the enemy piece on `to` is a chase,
    /// by conditions 4 and 5 (the caller has applied 1 to 3).
    fn chases(&self, attacker: Piece, from: Square, to: Square) -> bool {
        let Some(target) = self.board[to.index()] else { return false };
        let by = attacker.color();
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

    /// Calls `f(from, to)` for every attack by `by` in this position that conditions 1 to 3 of
    /// `docs/rules.md` §8 allow to be a chase, whoever is to move: the piece on `from` could
    /// legally take the enemy piece on `to`, protected or not.
    fn for_each_attack(&self, by: Color, mut f: impl FnMut(Square, Square)) {
        let them = !by;
        // 2: kings and soldiers on their own side of the river may be attacked freely.
        let targets = self.colors[them]
            & !self.pieces_of(them, PieceKind::King)
            & !(self.pieces_of(them, PieceKind::Soldier) & Bitboard::half(them));
        // 1: kings and soldiers may chase freely.
        let attackers =
            self.colors[by] & !self.pieces_of(by, PieceKind::King) & !self.pieces_of(by, PieceKind::Soldier);
        for from in attackers {
            let Some(attacker) = self.board[from.index()] else { continue };
            for to in capture_targets(attacker, from, &self.occ) & targets {
                // 3: the capture must be legal, so a pinned piece chases only what it may take.
                if self.king_safe_after_for(by, from, to) {
                    f(from, to);
                }
            }
        }
    }

    /// Calls `f(from, to)` for every chase by `by` in this position, whoever is to move: the
    /// piece on `from` chases the enemy piece on `to` by conditions 1 to 5 of `docs/rules.md`
    /// §8. Condition 6 (the chase is new) compares two positions and is
    /// [`Position::trace_chases`]'s business.
    fn for_each_chase(&self, by: Color, mut f: impl FnMut(Square, Square)) {
        self.for_each_attack(by, |from, to| {
            if let Some(attacker) = self.board[from.index()]
                && self.chases(attacker, from, to)
            {
                f(from, to);
            }
        });
    }

    /// Whether `by` threatens anything a chase could be made of in this position: some piece
    /// of `by` meets conditions 1 to 5 against some enemy piece. Condition 6 (the chase is
    /// new) is left out, so a position where this is false holds no chase by `by` whatever
    /// came before it: the endgame tables decide a draw by defences that never offend
    /// (`docs/egtb.md` §16).
    pub fn may_chase(&self, by: Color) -> bool {
        let mut any = false;
        self.for_each_chase(by, |_, _| any = true);
        any
    }

    /// Enemy pieces that `by` chases in this position (conditions 1 to 5).
    #[cfg(test)]
    pub(super) fn chased_by(&self, by: Color) -> Bitboard {
        let mut chased = Bitboard::EMPTY;
        self.for_each_chase(by, |_, to| chased = chased.with(to));
        chased
    }

    /// Replays the cycle formed by the last `plies` moves and follows each side's chases
    /// (condition 6 and the perpetual chase of `docs/rules.md` §8): which enemy pieces,
    /// followed by identity, every move of a side newly chased, and by which pieces. `full`
    /// replays the whole cycle even once neither side can be chasing perpetually any more, so
    /// that every side's count of chasing moves is complete (for explanations).
    ///
    /// Replays on a bare copy of the board taken back to the cycle's start. Cycles contain no
    /// capture and no null move (the repetition look-back stops at both), so a move only shifts
    /// one piece, and the identities given at the start last.
    pub(super) fn trace_chases(&self, plies: usize, full: bool) -> CycleChases {
        let mut trace = CycleChases {
            moves: Vec::new(),
            pieces: [None; MAX_IDS],
            sides: ByColor::new(SideChases::new(), SideChases::new()),
        };
        let plies = plies.min(self.history.len());
        let moves: Option<Vec<Move>> = (0..plies).rev().map(|back| self.state_back(back).mv).collect();
        let Some(moves) = moves else { return trace.nothing() };
        let mut pos = self.board_copy();
        for mv in moves.iter().rev() {
            if !pos.shift(mv.to(), mv.from()) {
                debug_assert!(false, "{mv} cannot be taken back in a repetition cycle");
                return trace.nothing();
            }
        }

        let mut ids = [NO_ID; 90];
        for (id, sq) in pos.occupied().iter().enumerate() {
            ids[sq.index()] = id as u8;
            trace.pieces[id] = pos.board[sq.index()];
        }
        for &mv in &moves {
            let s = pos.stm;
            // `s`'s chases, and its attacks on protected pieces too, by identity.
            let before = by_identity(&ids, |f| pos.for_each_chase(s, f));
            let attacked = by_identity(&ids, |f| pos.for_each_attack(s, f));
            let shifted = pos.shift(mv.from(), mv.to());
            debug_assert!(shifted, "replaying {mv}");
            ids[mv.to().index()] = ids[mv.from().index()];
            ids[mv.from().index()] = NO_ID;
            let after = by_identity(&ids, |f| pos.for_each_chase(s, f));
            let mover = 1u32 << ids[mv.to().index()];
            let side = &mut trace.sides[s];
            side.moves += 1;
            // 6: only chases the move created count; a check is a check, not a chase (AXF rule
            // 18: one check and one chase in turn are allowed).
            let check = pos.attackers_to(pos.kings[!s], s, &pos.occ).any();
            // A chase is new when its chaser did not chase that piece before the move, so a move
            // that hands the chase to another piece (a screen for a cannon) chases anew.
            let new = if check { 0 } else { targets_of(&fresh(&after, &before)) };
            side.chasing_moves += u8::from(new != 0);
            side.perpetual &= new;
            let fresh = fresh(&after, &before);
            for t in Bits(new) {
                side.chasers[t] |= fresh[t];
                side.attacking[t] |= fresh[t] & (mover | !attacked[t]);
                side.seen[t] = side.seen[t].with(square_of(&ids, t));
                for a in Bits(fresh[t]) {
                    side.seen[a] = side.seen[a].with(square_of(&ids, a));
                }
            }
            let hopeless = trace.sides[Color::Red].perpetual == 0 && trace.sides[Color::Black].perpetual == 0;
            if hopeless && !full {
                break;
            }
        }
        trace.moves = moves;
        trace.release_defenders();
        trace
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
            counts: self.counts,
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
        let c = pos.trace_chases(n, false).perpetual();
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

    #[test]
    fn a_chase_handed_to_another_piece_is_new() {
        // The e2 horse attacks the c2 rook from d4, then goes back to e2 where it screens the h2
        // cannon onto the same rook (`repetition.txt` line 38).
        let fen = "2c1kab2/4a4/4b4/9/9/9/P1p5P/2r1N1cC1/4A4/3ACK3 w";
        assert_eq!(chasers(fen, "e2d4 g2g1 d4e2 g1g2"), (true, false));
    }

    #[test]
    fn checks_do_not_excuse_a_chase() {
        // The a-file cannon checks every other move; the rook chases it with every move.
        assert_eq!(chasers("3k5/9/9/9/9/9/9/9/c8/1RB1K4 w", "b0b1 a1a0 b1b0 a0a1"), (true, false));
    }

    #[test]
    fn a_chased_piece_standing_still_defends_itself() {
        // The black f8 rook, chased by the a8 rook and b8 cannon, attacks the g8 horse anew after
        // each advisor move, without moving (`repetition.txt` line 60).
        let fen = "2bak4/RC2arN2/4b1n2/2p5p/6p2/2P6/4p1P1c/4B4/4A4/4KAB2 b";
        assert_eq!(chasers(fen, "e8f9 b8b9 f9e8 b9b8"), (true, false));
    }

    #[test]
    fn a_chased_piece_given_a_new_attack_chases_back() {
        // The i8 cannon, chased by the red rooks, never moves, but each advisor move gives it a
        // screen onto the d8 rook: a new attack, not protection coming and going.
        let fen = "4ka3/c2R1R2c/4b4/9/9/9/9/9/9/4K4 w";
        assert_eq!(chasers(fen, "f8f6 f9e8 f6f8 e8f9"), (true, true));
    }

    #[test]
    fn chasing_two_pieces_at_once_is_allowed() {
        // Every red rook move chases both black cannons (`repetition.txt` line 110).
        let fen = "3akab2/c2R1R2c/4b4/9/9/9/9/4B4/4K4/2B6 w";
        assert_eq!(chasers(fen, "d8d6 d9e8 d6d8 e8d9 f8f6 f9e8 f6f8 e8f9"), (false, false));
    }
}

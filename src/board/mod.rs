//! The position: mailbox and bitboards, side to move, Zobrist key, rule counters and the undo
//! stack.

mod chase;
mod check;
mod cycle;
mod fen;
mod make;
mod rules;
mod see;
pub mod zobrist;

use std::fmt;

use crate::attacks::Occupancy;
use crate::bitboard::Bitboard;
use crate::tapered::{PSQ, S};
use crate::types::{ByColor, Color, File, Move, Piece, PieceKind, Rank, Square};

pub use check::CheckInfo;
pub use cycle::{Chase, Conduct, Cycle, CycleReport, DrawGround};
pub use fen::{FenError, START_FEN, Setup};
pub use make::{IllegalMove, Illegality};
pub use rules::{MOVE_LIMIT_CLAIM_PLIES, MoveLimit, RuleVerdict};
pub use see::SEE_VALUE;

/// What a position knows about how it was reached; one per ply on the undo stack (Stockfish's
/// `StateInfo`).
#[derive(Clone, Copy, Debug)]
pub struct State {
    /// The move that led here (`None` at the root of the known history).
    pub mv: Option<Move>,
    /// The piece that move captured.
    pub captured: Option<Piece>,
    pub key: u64,
    /// The 60-move counter in plies (`docs/rules.md` §9).
    pub rule60: u32,
    /// Plies since the last capture (or since the start of the known history): the repetition
    /// look-back.
    pub reversible: u32,
    /// Checking moves each side made since the last capture.
    pub checks: ByColor<u8>,
    /// Whether the move that led here was a check the 60-move counter did not count, so the
    /// reply is not counted either.
    pub uncounted_check: bool,
    /// Enemy pieces attacking the side to move's king.
    pub checkers: Bitboard,
    /// Points where a move (from or to) may expose the side to move's king; other moves by a
    /// piece other than the king are legal when not in check. See [`Position::is_legal`].
    pub sensitive: Bitboard,
}

/// A legal xiangqi position with its history since the root of the game record.
#[derive(Clone)]
pub struct Position {
    board: [Option<Piece>; 90],
    pieces: [Bitboard; 14],
    colors: ByColor<Bitboard>,
    occ: Occupancy,
    kings: ByColor<Square>,
    /// Each side's piece-square values, kept up to date by every piece put, moved or taken:
    /// the evaluation reads them instead of walking the pieces.
    psq: ByColor<S>,
    /// The material on the board as one number: each side's count of each kind but the king
    /// as a digit, kept up to date with `psq`. See [`Position::material_key`].
    material: u32,
    /// Pieces of each kind and colour, by [`Piece::index`]: the evaluation reads all fourteen
    /// every call, cheaper from here than counted from the bitboards.
    counts: [u8; Piece::NUM],
    stm: Color,
    fullmove: u32,
    st: State,
    history: Vec<State>,
}

/// What one piece adds to [`Position::material`]: a mixed-radix digit per colour and kind,
/// base 3 for the kinds a side has at most two of and base 6 for soldiers, so that every
/// legal material balance has its own number.
const MATERIAL_DIGIT: [u32; Piece::NUM] = {
    let mut digit = [0; Piece::NUM];
    let mut place = 1;
    let mut i = 0;
    while i < Piece::NUM {
        let kind = Piece::ALL[i].kind();
        if !matches!(kind, PieceKind::King) {
            digit[i] = place;
            place *= kind.max_count() + 1;
        }
        i += 1;
    }
    digit
};

impl Position {
    /// The start position.
    pub fn startpos() -> Position {
        match Position::from_fen(START_FEN) {
            Ok(pos) => pos,
            Err(e) => unreachable!("start FEN is valid: {e}"),
        }
    }

    /// Parses and validates a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_setup(&Setup::parse(fen)?)
    }

    /// Validates a setup (`docs/rules.md` §6) and builds the position.
    pub fn from_setup(setup: &Setup) -> Result<Position, FenError> {
        let pieces = setup.board.iter().enumerate().filter_map(|(i, pc)| Some(((*pc)?, Square::from_index(i))));
        Position::from_pieces(pieces, setup.side_to_move, setup.rule60, setup.fullmove)
    }

    /// Validates and builds the position of `pieces` with `stm` to move: [`from_setup`]'s
    /// work without a board of 90 points to scan, for the tablebases, which make one for every
    /// entry they build.
    ///
    /// [`from_setup`]: Position::from_setup
    pub fn from_pieces(
        pieces: impl Iterator<Item = (Piece, Square)> + Clone,
        stm: Color,
        rule60: u32,
        fullmove: u32,
    ) -> Result<Position, FenError> {
        let mut counts = [[0u32; 7]; 2];
        for (pc, sq) in pieces.clone() {
            let c = pc.color();
            counts[c.index()][pc.kind().index()] += 1;
            let region = match pc.kind() {
                PieceKind::King | PieceKind::Advisor if !sq.in_palace(c) => Some("palace"),
                PieceKind::Elephant if !sq.in_own_half(c) => Some("own half"),
                PieceKind::Soldier if sq.rank().relative(c).index() < 3 => {
                    Some("region (soldiers never stand behind their starting rank)")
                }
                _ => None,
            };
            if let Some(region) = region {
                return Err(FenError::OutOfRegion { piece: pc, square: sq, region });
            }
        }
        for c in Color::ALL {
            let kings = counts[c.index()][0];
            if kings != 1 {
                return Err(FenError::KingCount { color: c, count: kings });
            }
            for kind in PieceKind::ALL {
                let count = counts[c.index()][kind.index()];
                if count > kind.max_count() {
                    return Err(FenError::TooMany { color: c, kind, count });
                }
            }
        }

        let mut pos = Position {
            board: [None; 90],
            pieces: [Bitboard::EMPTY; 14],
            colors: ByColor::default(),
            occ: Occupancy::default(),
            kings: ByColor::new(Square::from_index(0), Square::from_index(0)),
            psq: ByColor::default(),
            material: 0,
            counts: [0; Piece::NUM],
            stm,
            fullmove,
            st: State {
                mv: None,
                captured: None,
                key: zobrist::side_to_move(stm),
                rule60,
                reversible: 0,
                checks: ByColor::default(),
                uncounted_check: false,
                checkers: Bitboard::EMPTY,
                sensitive: Bitboard::EMPTY,
            },
            history: Vec::new(),
        };
        for (pc, sq) in pieces {
            if pos.board[sq.index()].is_some() {
                return Err(FenError::SharedPoint(sq));
            }
            pos.put(pc, sq);
            pos.st.key ^= zobrist::piece_square(pc, sq);
        }

        let (us, them) = (pos.stm, !pos.stm);
        if pos.kings_facing() {
            return Err(FenError::KingsFacing);
        }
        if pos.attackers_to(pos.kings[them], us, &pos.occ).any() {
            return Err(FenError::OpponentInCheck(them));
        }
        pos.st.checkers = pos.attackers_to(pos.kings[us], them, &pos.occ);
        pos.st.sensitive = pos.sensitive_points(us);
        Ok(pos)
    }

    /// The position as a setup (for FEN output and for editing).
    pub fn to_setup(&self) -> Setup {
        Setup { board: self.board, side_to_move: self.stm, rule60: self.st.rule60, fullmove: self.fullmove }
    }

    /// FEN with all six fields.
    pub fn fen(&self) -> String {
        self.to_setup().to_string()
    }

    #[inline]
    fn put(&mut self, pc: Piece, sq: Square) {
        self.board[sq.index()] = Some(pc);
        self.pieces[pc.index()] = self.pieces[pc.index()].with(sq);
        self.colors[pc.color()] = self.colors[pc.color()].with(sq);
        self.occ.set(sq);
        self.psq[pc.color()] += PSQ[pc.index()][sq.index()];
        self.material += MATERIAL_DIGIT[pc.index()];
        self.counts[pc.index()] += 1;
        if pc.kind() == PieceKind::King {
            self.kings[pc.color()] = sq;
        }
    }

    /// Moves `pc` from `from` to the empty point `to`: `remove` then `put`, with one update of
    /// each bitboard.
    #[inline]
    fn move_piece(&mut self, pc: Piece, from: Square, to: Square) {
        let both = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.board[from.index()] = None;
        self.board[to.index()] = Some(pc);
        self.pieces[pc.index()] ^= both;
        self.colors[pc.color()] ^= both;
        self.occ.relocate(from, to);
        let table = &PSQ[pc.index()];
        self.psq[pc.color()] += table[to.index()] - table[from.index()];
        if pc.kind() == PieceKind::King {
            self.kings[pc.color()] = to;
        }
    }

    #[inline]
    fn remove(&mut self, pc: Piece, sq: Square) {
        self.board[sq.index()] = None;
        self.pieces[pc.index()] = self.pieces[pc.index()].without(sq);
        self.colors[pc.color()] = self.colors[pc.color()].without(sq);
        self.occ.clear(sq);
        self.psq[pc.color()] -= PSQ[pc.index()][sq.index()];
        self.material -= MATERIAL_DIGIT[pc.index()];
        self.counts[pc.index()] -= 1;
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.stm
    }

    #[inline]
    pub fn pieces(&self, pc: Piece) -> Bitboard {
        self.pieces[pc.index()]
    }

    #[inline]
    pub fn pieces_of(&self, c: Color, kind: PieceKind) -> Bitboard {
        self.pieces[Piece::new(c, kind).index()]
    }

    #[inline]
    pub fn color_bb(&self, c: Color) -> Bitboard {
        self.colors[c]
    }

    #[inline]
    pub fn occupancy(&self) -> &Occupancy {
        &self.occ
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occ.bitboard()
    }

    #[inline]
    pub fn king(&self, c: Color) -> Square {
        self.kings[c]
    }

    #[inline]
    pub fn key(&self) -> u64 {
        self.st.key
    }

    #[inline]
    pub fn state(&self) -> &State {
        &self.st
    }

    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.st.checkers
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.st.checkers.any()
    }

    #[inline]
    pub fn rule60(&self) -> u32 {
        self.st.rule60
    }

    /// Plies made since the position was set up (the undo stack depth).
    #[inline]
    pub fn game_ply(&self) -> usize {
        self.history.len()
    }

    /// States of earlier plies, oldest first (the position before the last move is last).
    #[inline]
    pub fn history(&self) -> &[State] {
        &self.history
    }

    /// The last move made, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.st.mv
    }

    /// Forgets the undo history, making the current position the root of the record (for
    /// callers that keep a game record of their own).
    pub fn clear_history(&mut self) {
        self.history.clear();
        self.st.reversible = 0;
    }

    /// The Zobrist key computed from scratch; equals [`Position::key`] in a consistent position.
    pub fn compute_key(&self) -> u64 {
        let mut key = zobrist::side_to_move(self.stm);
        for sq in Square::all() {
            if let Some(pc) = self.board[sq.index()] {
                key ^= zobrist::piece_square(pc, sq);
            }
        }
        key
    }

    /// Number of pieces of a kind, for evaluation and material tests.
    #[inline]
    pub fn count(&self, c: Color, kind: PieceKind) -> u32 {
        self.counts[Piece::new(c, kind).index()] as u32
    }

    /// A number that identifies the material on the board (each side's count of each kind),
    /// whatever the pieces' places: equal for two positions exactly when their material is.
    #[inline]
    pub fn material_key(&self) -> u32 {
        self.material
    }

    /// The sum of the piece-square values (`eval`'s position term) of `c`'s pieces.
    #[inline]
    pub fn psq(&self, c: Color) -> S {
        self.psq[c]
    }
}

impl fmt::Display for Position {
    /// A diagram, rank 9 at the top, Red upper case, then the `d` lines of `docs/uci.md` §6.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in Rank::all().rev() {
            write!(f, "{} ", r.to_char())?;
            for file in File::all() {
                let c = self.board[Square::from_coords(file, r).index()].map_or('.', Piece::fen_char);
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h i")?;
        writeln!(f)?;
        writeln!(f, "Fen: {}", self.fen())?;
        writeln!(f, "Key: {:016X}", self.key())?;
        let checkers: Vec<String> = self.checkers().iter().map(|s| s.to_string()).collect();
        write!(f, "Checkers: {}", checkers.join(" "))
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

#[cfg(test)]
impl Position {
    /// Plays moves given in ICCS, separated by spaces; panics on a bad one (for tests).
    pub(crate) fn play_iccs(&mut self, moves: &str) {
        for m in moves.split_whitespace() {
            let mv = Move::parse(m).unwrap_or_else(|| panic!("'{m}' is not ICCS"));
            self.play(mv).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rejects(fen: &str) -> FenError {
        match Position::from_fen(fen) {
            Ok(_) => panic!("accepted invalid FEN {fen}"),
            Err(e) => e,
        }
    }

    #[test]
    fn from_pieces_builds_what_from_setup_builds() {
        for pos in crate::bench::positions() {
            let setup = pos.to_setup();
            let pieces = pos.occupied().iter().filter_map(|sq| Some((pos.piece_at(sq)?, sq)));
            let built = Position::from_pieces(pieces, setup.side_to_move, setup.rule60, setup.fullmove)
                .expect("a position's own pieces");
            assert_eq!(built.fen(), pos.fen());
            assert_eq!(built.key(), pos.key(), "{}", pos.fen());
            assert_eq!(built.checkers(), pos.checkers(), "{}", pos.fen());
        }
        let e0 = Square::parse("e0").expect("a square");
        let two =
            [(Piece::RedKing, e0), (Piece::BlackKing, Square::parse("d9").expect("a square")), (Piece::RedRook, e0)];
        assert_eq!(Position::from_pieces(two.into_iter(), Color::Red, 0, 1).err(), Some(FenError::SharedPoint(e0)));
    }

    #[test]
    fn material_key_counts_kinds_not_places() {
        // Kept through captures and their take-backs: the key of the same material set up
        // afresh.
        let fresh = |pos: &Position| Position::from_fen(&pos.fen()).expect("own FEN").material_key();
        // The kept counts too: the bitboards' counts.
        let counted = |pos: &Position| Piece::ALL.map(|pc| pos.pieces_of(pc.color(), pc.kind()).count());
        let kept = |pos: &Position| Piece::ALL.map(|pc| pos.count(pc.color(), pc.kind()));
        for mut pos in crate::bench::positions() {
            for mv in crate::movegen::legal_moves(&pos).iter().copied() {
                pos.make(mv);
                assert_eq!(pos.material_key(), fresh(&pos), "{mv} in {}", pos.fen());
                assert_eq!(kept(&pos), counted(&pos), "{mv} in {}", pos.fen());
                pos.unmake();
            }
            assert_eq!(pos.material_key(), fresh(&pos), "{}", pos.fen());
            assert_eq!(kept(&pos), counted(&pos), "{}", pos.fen());
        }
        let key = |fen: &str| Position::from_fen(fen).expect("valid FEN").material_key();
        // The same material elsewhere on the board: the same key.
        assert_eq!(key("3k5/9/9/9/9/9/9/9/4A4/2R1K4 w"), key("3k5/9/9/9/R8/9/9/9/9/3AK4 w"));
        // A horse instead of the rook, or the rook Black's: other keys.
        assert_ne!(key("3k5/9/9/9/9/9/9/9/4A4/2R1K4 w"), key("3k5/9/9/9/9/9/9/9/4A4/2N1K4 w"));
        assert_ne!(key("3k5/9/9/9/9/9/9/9/9/2R1K4 w"), key("3k1r3/9/9/9/9/9/9/9/9/4K4 w"));
    }

    #[test]
    fn fen_round_trip() {
        for fen in [
            START_FEN,
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "4k4/9/9/9/9/9/9/4n4/3A5/3K5 w - - 0 1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 17 9",
        ] {
            let pos = Position::from_fen(fen).expect("valid FEN");
            assert_eq!(pos.fen(), fen);
            assert_eq!(pos.key(), pos.compute_key());
        }
    }

    #[test]
    fn impossible_positions_are_rejected() {
        assert!(matches!(rejects("4k4/9/9/9/9/9/9/9/4R4/4K4 w"), FenError::OpponentInCheck(Color::Black)));
        assert!(matches!(rejects("4k4/9/9/9/9/9/9/9/9/4K4 w"), FenError::KingsFacing));
        assert!(matches!(rejects("4k4/9/9/9/9/9/9/9/9/3KK4 w"), FenError::KingCount { color: Color::Red, count: 2 }));
        assert!(matches!(rejects("9/9/9/9/9/9/9/9/9/4K4 w"), FenError::KingCount { color: Color::Black, count: 0 }));
        assert!(matches!(rejects("3k5/9/9/9/9/9/9/9/9/K8 w"), FenError::OutOfRegion { .. }));
        assert!(matches!(rejects("3k5/9/9/9/9/9/9/9/A8/4K4 w"), FenError::OutOfRegion { .. }));
        assert!(matches!(rejects("3k5/9/9/9/4B4/9/9/9/9/4K4 w"), FenError::OutOfRegion { .. }));
        assert!(matches!(rejects("3k5/9/9/9/9/9/9/4P4/9/4K4 w"), FenError::OutOfRegion { .. }));
        assert!(matches!(rejects("3k5/4p4/9/9/9/9/9/9/9/4K4 w"), FenError::OutOfRegion { .. }));
        assert!(matches!(
            rejects("3k5/9/9/RRR6/9/9/9/9/9/4K4 w"),
            FenError::TooMany { kind: PieceKind::Rook, count: 3, .. }
        ));
        assert!(matches!(
            rejects("3k5/9/9/PPPPPP3/9/9/9/9/9/4K4 w"),
            FenError::TooMany { kind: PieceKind::Soldier, .. }
        ));
        // Black to move, Red's king attacked by a cannon through one screen.
        assert!(matches!(rejects("3kc4/9/9/9/9/9/9/9/4A4/4K4 b"), FenError::OpponentInCheck(Color::Red)));
        // Black to move, Red's king attacked by a horse with a free leg.
        assert!(matches!(rejects("3k5/9/9/9/9/9/9/3n5/9/4K4 b"), FenError::OpponentInCheck(Color::Red)));
    }

    #[test]
    fn unusual_but_harmless_placements_are_accepted() {
        // Advisor on d1, elephant off its points, soldier on an odd file (`docs/rules.md` §6).
        for fen in ["4k4/9/9/9/9/9/9/4n4/3A5/3K5 w", "3k5/9/9/9/9/9/1P7/3B5/9/4K4 w"] {
            assert!(Position::from_fen(fen).is_ok(), "{fen}");
        }
        // The side to move may be in check.
        assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/4R4/4K4 b").is_ok());
    }
}

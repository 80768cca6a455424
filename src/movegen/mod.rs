//! Move generation: pseudo-legal moves by kind (captures, quiets, all), and legal moves.
//!
//! Generation writes into a [`MoveList`]; legality is a separate, cheap test
//! ([`Position::is_legal`]) so the search can generate pseudo-legal moves in stages and test
//! each only when it is about to be searched.

mod list;

pub use list::{MAX_MOVES, MoveList};

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::{CheckInfo, Position};
use crate::types::{Move, PieceKind, Square};

/// What to generate: a const parameter, so each kind compiles to its own loop.
pub type GenKind = u8;
pub const ALL: GenKind = 0;
pub const CAPTURES: GenKind = 1;
pub const QUIETS: GenKind = 2;

/// Calls `f(from, targets)` for every piece of the side to move with its pseudo-legal targets
/// of kind `G`. Generation and counting share this one walk over the pieces.
#[inline(always)]
pub fn for_each_piece<const G: GenKind>(pos: &Position, mut f: impl FnMut(Square, Bitboard)) {
    let us = pos.side_to_move();
    let occ = pos.occupancy();
    let occ_bb = occ.bitboard();
    let target = match G {
        CAPTURES => pos.color_bb(!us),
        QUIETS => !occ_bb,
        _ => !pos.color_bb(us),
    };

    for from in pos.pieces_of(us, PieceKind::Rook) {
        f(from, attacks::rook(from, occ) & target);
    }
    for from in pos.pieces_of(us, PieceKind::Cannon) {
        let t = match G {
            CAPTURES => attacks::cannon(from, occ) & pos.color_bb(!us),
            QUIETS => attacks::rook(from, occ) & !occ_bb,
            _ => {
                let (quiets, captures) = attacks::cannon_moves(from, occ);
                quiets | (captures & pos.color_bb(!us))
            }
        };
        f(from, t);
    }
    for from in pos.pieces_of(us, PieceKind::Horse) {
        f(from, attacks::horse(from, occ_bb) & target);
    }
    // Captures by soldiers and elephants are rare: when the soldiers' moves together reach no
    // enemy piece, or no enemy piece stands in our half, there is no need to look per piece.
    let soldiers = pos.pieces_of(us, PieceKind::Soldier);
    if G != CAPTURES || (attacks::soldiers(us, soldiers) & target).any() {
        for from in soldiers {
            f(from, attacks::soldier(us, from) & target);
        }
    }
    if G != CAPTURES || (Bitboard::half(us) & target).any() {
        for from in pos.pieces_of(us, PieceKind::Elephant) {
            f(from, attacks::elephant(from, occ_bb) & target);
        }
    }
    for from in pos.pieces_of(us, PieceKind::Advisor) {
        f(from, attacks::advisor(from) & target);
    }
    let ksq = pos.king(us);
    f(ksq, attacks::king(ksq) & target);
}

/// Appends the pseudo-legal moves of kind `G` for the side to move.
pub fn generate<const G: GenKind>(pos: &Position, list: &mut MoveList) {
    for_each_piece::<G>(pos, |from, targets| {
        for to in targets {
            list.push(Move::new(from, to));
        }
    });
}

/// Appends the quiet moves of the side to move that may give check: a superset of the checking
/// quiet moves, for the caller to confirm with [`Position::gives_check_with`] and the same
/// `info`. Pieces that may uncover a check keep every move; the others keep the points from
/// which their kind checks directly and the points where they would become a cannon's screen.
pub fn generate_check_candidates(pos: &Position, info: &CheckInfo, list: &mut MoveList) {
    let uncovering = info.uncovering();
    let screens = info.screen_points();
    for_each_piece::<QUIETS>(pos, |from, targets| {
        let Some(pc) = pos.piece_at(from) else { return };
        let targets = if uncovering.has(from) { targets } else { targets & (info.direct(pc.kind()) | screens) };
        for to in targets {
            list.push(Move::new(from, to));
        }
    });
}

/// Appends the pseudo-legal moves that may answer the current check, in the order of
/// [`generate`]: every king move, and the moves of other pieces that leave or reach one of
/// `points` ([`Position::evasion_points`]). The caller still tests each for legality.
pub fn generate_evasions(pos: &Position, points: Bitboard, list: &mut MoveList) {
    let ksq = pos.king(pos.side_to_move());
    for_each_piece::<ALL>(pos, |from, targets| {
        let targets = if from == ksq || points.has(from) { targets } else { targets & points };
        for to in targets {
            list.push(Move::new(from, to));
        }
    });
}

/// The number of legal moves, without listing them: moves that cannot touch the king's
/// safety are counted by popcount (perft's bulk counting at the last ply).
pub fn count_legal(pos: &Position) -> usize {
    if pos.in_check() {
        return legal_moves(pos).len();
    }
    let sensitive = pos.state().sensitive;
    let ksq = pos.king(pos.side_to_move());
    let mut n = 0;
    for_each_piece::<ALL>(pos, |from, targets| {
        let risky = if from == ksq || sensitive.has(from) { targets } else { targets & sensitive };
        n += (targets.count() - risky.count()) as usize;
        for to in risky {
            n += pos.is_legal(Move::new(from, to)) as usize;
        }
    });
    n
}

/// All legal moves of the side to move.
pub fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    generate::<ALL>(pos, &mut list);
    list.retain(|mv| pos.is_legal(mv));
    list
}

/// Whether the side to move has at least one legal move: otherwise it is mated or stalemated,
/// and loses either way (`docs/rules.md` §7).
pub fn has_legal_move(pos: &Position) -> bool {
    !legal_moves(pos).is_empty()
}

/// Legal moves of kind `G`.
pub fn legal<const G: GenKind>(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    generate::<G>(pos, &mut list);
    list.retain(|mv| pos.is_legal(mv));
    list
}

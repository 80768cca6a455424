//! Move generation: pseudo-legal moves by kind (captures, quiets, all), and legal moves.
//!
//! Generation writes into a [`MoveList`]; legality is a separate, cheap test
//! ([`Position::is_legal`]) so the search can generate pseudo-legal moves in stages and test
//! each only when it is about to be searched.

mod list;

pub use list::{MAX_MOVES, MoveList};

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Position;
use crate::types::{Move, PieceKind, Square};

/// What to generate: a const parameter, so each kind compiles to its own loop.
pub type GenKind = u8;
pub const ALL: GenKind = 0;
pub const CAPTURES: GenKind = 1;
pub const QUIETS: GenKind = 2;

#[inline]
fn push_all(list: &mut MoveList, from: Square, targets: Bitboard) {
    for to in targets {
        list.push(Move::new(from, to));
    }
}

/// Appends the pseudo-legal moves of kind `G` for the side to move.
pub fn generate<const G: GenKind>(pos: &Position, list: &mut MoveList) {
    let us = pos.side_to_move();
    let occ = pos.occupancy();
    let occ_bb = occ.bitboard();
    let target = match G {
        CAPTURES => pos.color_bb(!us),
        QUIETS => !occ_bb,
        _ => !pos.color_bb(us),
    };

    for from in pos.pieces_of(us, PieceKind::Rook) {
        push_all(list, from, attacks::rook(from, occ) & target);
    }
    for from in pos.pieces_of(us, PieceKind::Cannon) {
        let mut t = Bitboard::EMPTY;
        if G != CAPTURES {
            t |= attacks::rook(from, occ) & !occ_bb;
        }
        if G != QUIETS {
            t |= attacks::cannon(from, occ) & pos.color_bb(!us);
        }
        push_all(list, from, t);
    }
    for from in pos.pieces_of(us, PieceKind::Horse) {
        push_all(list, from, attacks::horse(from, occ_bb) & target);
    }
    for from in pos.pieces_of(us, PieceKind::Soldier) {
        push_all(list, from, attacks::soldier(us, from) & target);
    }
    for from in pos.pieces_of(us, PieceKind::Elephant) {
        push_all(list, from, attacks::elephant(from, occ_bb) & target);
    }
    for from in pos.pieces_of(us, PieceKind::Advisor) {
        push_all(list, from, attacks::advisor(from) & target);
    }
    let ksq = pos.king(us);
    push_all(list, ksq, attacks::king(ksq) & target);
}

/// All legal moves of the side to move.
pub fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    generate::<ALL>(pos, &mut list);
    list.retain(|mv| pos.is_legal(mv));
    list
}

/// Legal moves of kind `G`.
pub fn legal<const G: GenKind>(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    generate::<G>(pos, &mut list);
    list.retain(|mv| pos.is_legal(mv));
    list
}

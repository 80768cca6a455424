//! An independent solver for the tables' tests: every position of an endgame and of all it
//! leads to, found by playing the legal moves forward, then valued by repeating "a win if some
//! move reaches a loss, a loss if every move reaches a win" level by level to a fixed point.
//! It shares the board and the move generator with the crate, and nothing of `egtb`: no index,
//! no counters, no un-moves.

use std::collections::HashMap;

use chuhan::movegen::legal_moves;
use chuhan::types::{Color, Piece, PieceKind, Square};
use chuhan::{Position, Setup};

/// A solved value for the side to move: `Some((true, n))` a win in n plies, `Some((false, n))`
/// a loss in n, `None` a draw.
pub type Solved = Option<(bool, u16)>;

/// Whether a piece may stand on `sq`: the points it can reach in a game, by another
/// description than the crate's lists.
fn may_stand(pc: Piece, sq: Square) -> bool {
    let c = pc.color();
    let (f, rr) = (sq.file().index(), sq.rank().relative(c).index());
    match pc.kind() {
        PieceKind::King => sq.in_palace(c),
        PieceKind::Advisor => sq.in_palace(c) && (f - 3 + rr) % 2 == 0,
        PieceKind::Elephant => rr <= 4 && rr % 2 == 0 && f % 2 == 0 && (f / 2 + rr / 2) % 2 == 1,
        PieceKind::Soldier => rr >= 5 || (rr >= 3 && f % 2 == 0),
        _ => true,
    }
}

/// The solved positions, by Zobrist key.
pub struct Solution {
    pub values: HashMap<u64, Solved>,
    /// Every legal position of the endgame itself (both sides to move).
    pub positions: Vec<Position>,
}

/// Every legal placement of `pieces` (Red's first), both sides to move.
fn placements(pieces: &[Piece]) -> Vec<Position> {
    let mut out = Vec::new();
    let mut board = [None; 90];
    fn place(pieces: &[Piece], board: &mut [Option<Piece>; 90], out: &mut Vec<Position>) {
        let Some((&pc, rest)) = pieces.split_first() else {
            for stm in [Color::Red, Color::Black] {
                let setup = Setup { board: *board, side_to_move: stm, rule60: 0, fullmove: 1 };
                out.extend(Position::from_setup(&setup).ok());
            }
            return;
        };
        for sq in Square::all() {
            if board[sq.index()].is_some() || !may_stand(pc, sq) {
                continue;
            }
            board[sq.index()] = Some(pc);
            place(rest, board, out);
            board[sq.index()] = None;
        }
    }
    place(pieces, &mut board, &mut out);
    out
}

/// Solves the endgame of `pieces` and everything its captures lead to.
pub fn solve(pieces: &[Piece]) -> Solution {
    let positions = placements(pieces);
    let mut id: HashMap<u64, usize> = HashMap::new();
    let mut nodes: Vec<Position> = Vec::new();
    for pos in &positions {
        if let std::collections::hash_map::Entry::Vacant(e) = id.entry(pos.key()) {
            e.insert(nodes.len());
            nodes.push(pos.clone());
        }
    }
    // Successors, adding the positions captures reach; `None` for a position without an
    // attacking piece on either side: drawn by the rules unless it has no legal move.
    let mut succ: Vec<Option<Vec<usize>>> = Vec::new();
    let mut next = 0;
    while next < nodes.len() {
        let mut pos = nodes[next].clone();
        pos.clear_history();
        let moves = legal_moves(&pos);
        if pos.insufficient_material() && !moves.is_empty() {
            succ.push(None);
        } else {
            let mut list = Vec::new();
            for &mv in moves.as_slice() {
                pos.make(mv);
                let key = pos.key();
                let n = *id.entry(key).or_insert_with(|| {
                    let mut copy = pos.clone();
                    copy.clear_history();
                    nodes.push(copy);
                    nodes.len() - 1
                });
                list.push(n);
                pos.unmake();
            }
            succ.push(Some(list));
        }
        next += 1;
    }
    let mut value: Vec<Solved> = succ.iter().map(|s| s.as_ref().filter(|l| l.is_empty()).map(|_| (false, 0))).collect();
    let mut level = 1u16;
    let mut idle = 0;
    while idle < 2 {
        let mut found = Vec::new();
        for (n, s) in succ.iter().enumerate() {
            let Some(list) = s else { continue };
            if value[n].is_some() || list.is_empty() {
                continue;
            }
            let resolved = if level % 2 == 1 {
                list.iter().any(|&m| value[m] == Some((false, level - 1)))
            } else {
                list.iter().all(|&m| matches!(value[m], Some((true, k)) if k < level))
                    && list.iter().any(|&m| value[m] == Some((true, level - 1)))
            };
            if resolved {
                found.push(n);
            }
        }
        idle = if found.is_empty() { idle + 1 } else { 0 };
        for n in found {
            value[n] = Some((level % 2 == 1, level));
        }
        level += 1;
    }
    let values = nodes.iter().zip(value).map(|(p, v)| (p.key(), v)).collect();
    Solution { values, positions }
}

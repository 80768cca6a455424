//! Move-ordering memory of a search thread: killers, the butterfly history of quiet moves, and
//! the continuation history, which scores a quiet move by the moves one and two plies before it
//! (a reply that refuted a move before tends to refute it again).

use super::params::HISTORY_MAX;
use crate::board::Position;
use crate::types::{MAX_PLY, Move, Piece, Square};

/// Rows of the continuation table: one per moving piece and destination.
const ROWS: usize = Piece::NUM * Square::NUM;

/// The row of the continuation table that follows a move: the moving piece and its destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContRow(u16);

impl ContRow {
    /// The row of `mv`, played by `piece`.
    #[inline]
    pub fn new(piece: Piece, mv: Move) -> ContRow {
        ContRow((piece.index() * Square::NUM + mv.to().index()) as u16)
    }
}

/// The rows that score moves at a node: those of the moves one and two plies before it, where
/// there were such moves (not at the root, not after a null move).
pub type ContRows = [Option<ContRow>; 2];

pub struct History {
    /// Indexed by moving piece and destination.
    quiet: Box<[[i32; Square::NUM]; Piece::NUM]>,
    /// `ROWS × ROWS`: the earlier move's row, then the scored move's piece and destination.
    cont: Vec<i32>,
    pub killers: [[Option<Move>; 2]; MAX_PLY + 2],
}

/// Adds `bonus` to `h`, pulling it back toward zero as it nears the bound: values stay within
/// ±HISTORY_MAX and old knowledge fades.
#[inline]
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

impl History {
    pub fn new() -> History {
        History {
            quiet: Box::new([[0; Square::NUM]; Piece::NUM]),
            cont: vec![0; ROWS * ROWS],
            killers: [[None; 2]; MAX_PLY + 2],
        }
    }

    /// The column of `mv` in any table: its piece and destination.
    #[inline]
    fn column(pos: &Position, mv: Move) -> Option<usize> {
        pos.piece_at(mv.from()).map(|pc| pc.index() * Square::NUM + mv.to().index())
    }

    /// The history score of the quiet move `mv`: its butterfly value and its continuation
    /// values after the moves of `rows`.
    #[inline]
    pub fn quiet(&self, pos: &Position, mv: Move, rows: &ContRows) -> i32 {
        let Some(col) = Self::column(pos, mv) else { return 0 };
        let mut score = self.quiet[col / Square::NUM][col % Square::NUM];
        for row in rows.iter().flatten() {
            score += self.cont[row.0 as usize * ROWS + col];
        }
        score
    }

    /// Rewards the quiet move that caused a cut-off and punishes the quiet moves tried before it.
    pub fn update(&mut self, pos: &Position, best: Move, tried: &[Move], depth: i32, ply: usize, rows: &ContRows) {
        let bonus = (depth * depth).min(400) * 32;
        for &mv in tried {
            let Some(col) = Self::column(pos, mv) else { continue };
            let delta = if mv == best { bonus } else { -bonus };
            gravity(&mut self.quiet[col / Square::NUM][col % Square::NUM], delta);
            for row in rows.iter().flatten() {
                gravity(&mut self.cont[row.0 as usize * ROWS + col], delta);
            }
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(best) {
            k[1] = k[0];
            k[0] = Some(best);
        }
    }
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

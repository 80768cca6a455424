//! Move-ordering memory of a search thread: killers and the butterfly history of quiet moves.

use super::params::HISTORY_MAX;
use crate::board::Position;
use crate::types::{MAX_PLY, Move, Piece};

pub struct History {
    /// Indexed by moving piece and destination.
    quiet: Box<[[i32; 90]; Piece::NUM]>,
    pub killers: [[Option<Move>; 2]; MAX_PLY + 2],
}

impl History {
    pub fn new() -> History {
        History { quiet: Box::new([[0; 90]; Piece::NUM]), killers: [[None; 2]; MAX_PLY + 2] }
    }

    #[inline]
    pub fn quiet(&self, pos: &Position, mv: Move) -> i32 {
        pos.piece_at(mv.from()).map_or(0, |pc| self.quiet[pc.index()][mv.to().index()])
    }

    /// Rewards the quiet move that caused a cut-off and punishes the quiet moves tried before it.
    pub fn update(&mut self, pos: &Position, best: Move, tried: &[Move], depth: i32, ply: usize) {
        let bonus = (depth * depth).min(400);
        for &mv in tried {
            if let Some(pc) = pos.piece_at(mv.from()) {
                let h = &mut self.quiet[pc.index()][mv.to().index()];
                let delta = if mv == best { bonus } else { -bonus };
                // Gravity keeps values bounded and lets old knowledge fade.
                *h += delta * 32 - *h * delta.abs() * 32 / HISTORY_MAX;
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

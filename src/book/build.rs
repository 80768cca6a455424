//! Counting games into a book: every position up to a ply limit, each move played there with
//! its results for the side that played it, transpositions and mirror images merged by
//! [`book_key`]. The output is sorted throughout, so the same games give the same bytes.

use std::collections::HashMap;

use super::format::{self, PositionRecord};
use super::{Ecco, Stats, book_key, key_check};
use crate::board::{IllegalMove, Position};
use crate::types::{GameResult, Move};

/// Plies counted from the start of each game unless told otherwise.
pub const DEFAULT_MAX_PLY: u32 = 30;
/// Fewest games a move needs to stay in the book unless told otherwise: the master games at
/// 2 give 4.08 MB, at 3 about 2 MB (`docs/book.md`).
pub const DEFAULT_MIN_GAMES: u32 = 3;

#[derive(Default)]
struct Counts {
    moves: Vec<(Move, Stats)>,
    /// How many games through the position gave each opening code.
    ecco: Vec<(Ecco, u32)>,
}

/// The counts of the games added so far.
pub struct Builder {
    max_ply: u32,
    positions: HashMap<u64, Counts>,
}

impl Builder {
    pub fn new(max_ply: u32) -> Builder {
        Builder { max_ply, positions: HashMap::new() }
    }

    /// Counts one game; `result` is `None` for a record without one, whose moves count but not
    /// their score. A game with an illegal move is refused before anything of it is counted.
    pub fn add(
        &mut self,
        start: &Position,
        moves: &[Move],
        result: Option<&GameResult>,
        ecco: Option<Ecco>,
    ) -> Result<(), IllegalMove> {
        let mut pos = start.clone();
        let mut steps = Vec::with_capacity(moves.len().min(self.max_ply as usize));
        for &mv in moves.iter().take(self.max_ply as usize) {
            let (key, mirrored) = book_key(&pos);
            let mover = pos.side_to_move();
            pos.play(mv)?;
            steps.push((key, if mirrored { mv.flip_file() } else { mv }, mover));
        }
        let mut seen: Vec<u64> = Vec::with_capacity(steps.len());
        for (key, mv, mover) in steps {
            let counts = self.positions.entry(key).or_default();
            let stats = match counts.moves.iter_mut().find(|(m, _)| *m == mv) {
                Some((_, s)) => s,
                None => {
                    counts.moves.push((mv, Stats::default()));
                    &mut counts.moves.last_mut().expect("just pushed").1
                }
            };
            match result.map(|r| r.winner) {
                None => stats.unknown += 1,
                Some(None) => stats.draws += 1,
                Some(Some(c)) if c == mover => stats.wins += 1,
                Some(Some(_)) => stats.losses += 1,
            }
            // A game passing a position twice gives its opening code once.
            if let Some(code) = ecco
                && !seen.contains(&key)
            {
                match counts.ecco.iter_mut().find(|(e, _)| *e == code) {
                    Some((_, n)) => *n += 1,
                    None => counts.ecco.push((code, 1)),
                }
            }
            seen.push(key);
        }
        Ok(())
    }

    /// The positions with at least one move played in `min_games` games or more, sorted by
    /// key; each one's moves most played first (ties by move), its code the most common one
    /// (ties to the smaller code).
    pub fn records(&self, min_games: u32) -> Vec<PositionRecord> {
        let mut records: Vec<PositionRecord> = self
            .positions
            .iter()
            .filter_map(|(&key, counts)| {
                let mut moves: Vec<(Move, Stats)> =
                    counts.moves.iter().copied().filter(|(_, s)| s.games() >= u64::from(min_games)).collect();
                if moves.is_empty() {
                    return None;
                }
                moves.sort_by_key(|&(mv, s)| (std::cmp::Reverse(s.games()), mv.raw()));
                let ecco = counts.ecco.iter().max_by_key(|&&(code, n)| (n, std::cmp::Reverse(code))).map(|&(c, _)| c);
                Some(PositionRecord { key, ecco, moves })
            })
            .collect();
        records.sort_unstable_by_key(|r| r.key);
        records
    }

    /// The book file.
    pub fn encode(&self, min_games: u32) -> Vec<u8> {
        format::encode(&self.records(min_games), self.max_ply, min_games, key_check())
    }
}

//! Perft: counting the leaves of the legal move tree, with bulk counting at the last ply.
//! The command line (`chuhan perft`) and the protocol (`go perft`) share this code and the output
//! format of `docs/uci.md` §6.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::board::Position;
use crate::movegen::{count_legal, legal_moves};
use crate::types::Move;

/// Number of legal move paths of length `depth`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    // Nothing ever raises this flag: one counting routine serves both entry points.
    static NEVER: AtomicBool = AtomicBool::new(false);
    perft_until(pos, depth, &NEVER).unwrap_or(0)
}

/// Perft without bulk counting: every leaf is made. Slower; used to cross-check [`perft`].
pub fn perft_plain(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in &legal_moves(pos) {
        pos.make(mv);
        nodes += perft_plain(pos, depth - 1);
        pos.unmake();
    }
    nodes
}

/// [`perft`] that gives up (`None`) once `stop` is raised, checked at every interior node, so that
/// `stop` ends even a deep perft at once. The last ply is bulk-counted.
fn perft_until(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    match depth {
        0 => return Some(1),
        1 => return Some(count_legal(pos) as u64),
        _ => {}
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut nodes = 0;
    for mv in &legal_moves(pos) {
        pos.make(mv);
        let n = perft_until(pos, depth - 1, stop);
        pos.unmake();
        nodes += n?;
    }
    Some(nodes)
}

/// Per-root-move counts, sorted by move text, as `go perft` prints them.
/// `threads > 1` splits the root moves over a rayon pool. Returns `None` if `stop` was raised.
pub fn divide(pos: &Position, depth: u32, threads: usize, stop: &AtomicBool) -> Option<Vec<(Move, u64)>> {
    let moves: Vec<Move> = legal_moves(pos).into_iter().collect();
    let count = |mv: &Move| -> Option<(Move, u64)> {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut p = pos.clone();
        p.make(*mv);
        Some((*mv, perft_until(&mut p, depth.saturating_sub(1), stop)?))
    };
    let mut out: Vec<(Move, u64)> = if threads > 1 {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok()?;
        pool.install(|| moves.par_iter().map(count).collect::<Option<Vec<_>>>())?
    } else {
        moves.iter().map(count).collect::<Option<Vec<_>>>()?
    };
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    out.sort_by_key(|(mv, _)| mv.to_string());
    Some(out)
}

/// The `go perft` / `chuhan perft` report: divide lines, a blank line, the total.
pub fn report(divide: &[(Move, u64)], depth: u32) -> (Vec<String>, u64) {
    if depth == 0 {
        return (Vec::new(), 1);
    }
    let lines = divide.iter().map(|(mv, n)| format!("{mv}: {n}")).collect();
    (lines, divide.iter().map(|(_, n)| n).sum())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bulk_and_plain_counting_agree() {
        for fen in [
            crate::board::START_FEN,
            "4k4/9/9/9/9/9/9/4n4/3A5/3K5 w - - 0 1",
            "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        ] {
            let mut pos = Position::from_fen(fen).expect("valid");
            for d in 1..=3 {
                assert_eq!(perft(&mut pos, d), perft_plain(&mut pos, d), "{fen} depth {d}");
            }
        }
    }

    #[test]
    fn divide_matches_documented_example() {
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/4n4/3A5/3K5 w - - 0 1").expect("valid");
        let stop = AtomicBool::new(false);
        let d = divide(&pos, 2, 1, &stop).expect("not stopped");
        let (lines, total) = report(&d, 2);
        assert_eq!(lines, ["d0e0: 3", "d1e2: 2"]);
        assert_eq!(total, 5);
    }
}

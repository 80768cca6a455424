//! Perft: counting the leaves of the legal move tree, with bulk counting at the last ply.
//! The command line (`chuhan perft`) and the protocol (`go perft`) share this code and the output
//! format of `docs/uci.md` §6.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::board::Position;
use crate::movegen::{count_legal, legal_moves};
use crate::search::Control;
use crate::threads::Threads;
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

/// Per-root-move counts, sorted by move text, as `go perft` prints them. The root moves are
/// shared out over the calling thread and threads `1..count` of `pool`. Returns `None` if `ctl`
/// was stopped.
pub fn divide(
    pos: &Position,
    depth: u32,
    pool: &Threads,
    count: usize,
    ctl: &Arc<Control>,
) -> Option<Vec<(Move, u64)>> {
    let moves: Arc<Vec<Move>> = Arc::new(legal_moves(pos).into_iter().collect());
    let next = Arc::new(AtomicUsize::new(0));
    let counts = Arc::new(Mutex::new(Vec::with_capacity(moves.len())));
    // Each thread takes the next uncounted root move until none is left.
    let work = {
        let (pos, moves, next, counts, ctl) =
            (pos.clone(), Arc::clone(&moves), Arc::clone(&next), Arc::clone(&counts), Arc::clone(ctl));
        move || {
            while let Some(&mv) = moves.get(next.fetch_add(1, Ordering::Relaxed)) {
                let mut p = pos.clone();
                p.make(mv);
                let Some(n) = perft_until(&mut p, depth.saturating_sub(1), ctl.stop_flag()) else { return };
                counts.lock().unwrap_or_else(|e| e.into_inner()).push((mv, n));
            }
        }
    };
    let helpers = count.clamp(1, pool.len().max(1));
    for id in 1..helpers {
        pool.start(id, work.clone());
    }
    work();
    for id in 1..helpers {
        pool.wait(id);
    }
    if ctl.is_stopped() {
        return None;
    }
    let mut out = std::mem::take(&mut *counts.lock().unwrap_or_else(|e| e.into_inner()));
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
        let pool = crate::threads::ThreadPool::new(2).expect("two threads");
        for count in [1, 2] {
            let d = divide(&pos, 2, pool.threads(), count, &Arc::new(Control::new(false))).expect("not stopped");
            let (lines, total) = report(&d, 2);
            assert_eq!(lines, ["d0e0: 3", "d1e2: 2"]);
            assert_eq!(total, 5);
        }
        let stopped = Arc::new(Control::new(false));
        stopped.stop();
        assert!(divide(&pos, 2, pool.threads(), 2, &stopped).is_none());
        let d = divide(&pos, 2, pool.threads(), 1, &Arc::new(Control::new(false))).expect("not stopped");
        let (lines, total) = report(&d, 2);
        assert_eq!(lines, ["d0e0: 3", "d1e2: 2"]);
        assert_eq!(total, 5);
    }
}

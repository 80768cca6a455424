//! Verification (`docs/egtb.md` §6, step 4): every entry recomputed from its successors by
//! forward move generation, independently of the counters and un-moves that built it.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::index::Index;
use super::name::Endgame;
use super::table::{Miss, Side, Tables};
use super::value::Value;
use super::{Progress, Step};
use crate::Position;
use crate::movegen::legal_moves;

/// The first entry found wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    pub side: Side,
    pub index: Index,
    pub stored: Value,
    pub expected: Value,
    /// The position, when the entry is a legal one.
    pub fen: Option<String>,
}

/// What a verification found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub checked: u64,
    pub wrong: u64,
    pub first: Option<Mismatch>,
}

/// The value an entry must have given its successors' values in `tables`, the repetition
/// rules left out: broken when it is no legal position, `loss 0` without a legal move, else
/// the best of what the moves leave (an undecided successor counting as a draw).
pub fn expected(pos: &Position, tables: &Tables) -> Result<Value, Miss> {
    let mut best = Value::MATED;
    let mut pos = pos.clone();
    for &mv in legal_moves(&pos).as_slice() {
        pos.make(mv);
        let after = tables.probe(&pos);
        pos.unmake();
        let v = after?.standard().before();
        if best == Value::MATED || v.rank() > best.rank() {
            best = v;
        }
    }
    Ok(best)
}

/// Checks both tables of `endgame`, which `tables` must hold with its subgames.
pub fn verify(endgame: Endgame, tables: &Tables, progress: &Progress<'_>) -> Result<Verdict, Miss> {
    let (ix, sides) = tables.get(endgame).ok_or(Miss::NotLoaded(endgame))?;
    let (len, size) = (ix.len(), ix.size());
    let (wrong, first, miss) = (AtomicU64::new(0), Mutex::new(None::<Mismatch>), Mutex::new(None));
    for side in Side::BOTH {
        progress(Step::Phase { name: format!("{endgame} verify"), total: size });
        let table = &sides[side as usize];
        (0..size.div_ceil(1 << 14)).into_par_iter().for_each(|chunk| {
            let end = ((chunk + 1) << 14).min(size);
            for i in chunk << 14..end {
                let pos = ix.decode(i).and_then(|sq| ix.position(&sq[..len], side.color()).ok());
                let want = match &pos {
                    None => Ok(Value::BROKEN),
                    Some(pos) => expected(pos, tables),
                };
                let want = match want {
                    Ok(v) => v,
                    Err(m) => {
                        miss.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert(m);
                        continue;
                    }
                };
                let stored = table.get(i);
                // Undecided is a draw of the build that the rules may overturn (§16).
                let marked = stored.is_undecided() && want != Value::DRAW;
                if stored.standard() != want || marked {
                    wrong.fetch_add(1, Relaxed);
                    let mut first = first.lock().unwrap_or_else(|e| e.into_inner());
                    if first.as_ref().is_none_or(|f| (f.side, f.index) > (side, i)) {
                        let fen = pos.map(|p| p.fen());
                        *first = Some(Mismatch { side, index: i, stored, expected: want, fen });
                    }
                }
            }
            progress(Step::Advance(end - (chunk << 14)));
        });
    }
    if let Some(m) = miss.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(m);
    }
    let first = first.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(Verdict { checked: 2 * size, wrong: wrong.into_inner(), first })
}

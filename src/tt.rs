//! The transposition table: a shared hash of search results.
//!
//! Each entry is one `AtomicU64`, so a read never sees half of one write and half of another:
//!
//! ```text
//!  63        48 47        32 31        16 15      8 7   6 5     0
//! | key (16)   | move (16)  | value (16) | depth(8) |bnd(2)| age(6)|
//! ```
//!
//! The bucket index comes from the key's high bits by multiply-shift, and the entry keeps 16
//! other key bits to confirm a hit. Concurrency policy (as Stockfish's `tt.h`): threads race
//! freely with relaxed atomics; a lost or overwritten entry only costs time, and a false hit is
//! caught by the 16-bit check or, for the move, by `is_pseudo_legal` at the caller.
//!
//! Mate scores are stored relative to the node (`value_to_tt`) and converted back on probe.
//! Scores derived from rule verdicts are path dependent and never stored (`docs/rules.md` §11).

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use crate::hugemem::{HugeSlice, Zeroable};
use crate::types::value::{MATE_BOUND, is_mate};
use crate::types::{Depth, Move, Value};

/// Bound type of a stored value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

/// A decoded entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mv: Option<Move>,
    pub value: Value,
    pub depth: Depth,
    pub bound: Bound,
}

impl Entry {
    /// Whether the stored bound settles the window (alpha, beta) without a search.
    #[inline]
    pub fn cuts(&self, alpha: Value, beta: Value) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.value >= beta,
            Bound::Upper => self.value <= alpha,
        }
    }
}

const BUCKET: usize = 4;

#[repr(align(32))]
struct Bucket([AtomicU64; BUCKET]);

// SAFETY: a bucket is atomics only; all zeroes is four empty entries.
unsafe impl Zeroable for Bucket {}

pub struct TranspositionTable {
    buckets: HugeSlice<Bucket>,
    age: AtomicU8,
}

/// Memory a table chosen by the user leaves to the rest: each search thread's histories and
/// stack, the rest of the process, and the machine's other work.
pub const HEADROOM_MB: usize = 256;

/// Why a table could not be allocated.
#[derive(Debug)]
pub struct AllocError {
    pub mb: usize,
    /// The memory the machine had available, when the size was refused for want of it.
    pub available_mb: Option<usize>,
}

impl std::fmt::Display for AllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot allocate a {} MB hash table", self.mb)?;
        match self.available_mb {
            Some(avail) => write!(f, " ({avail} MB of memory available, {HEADROOM_MB} MB kept for the rest)"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for AllocError {}

impl TranspositionTable {
    /// A table of `mb` megabytes (at least one bucket). Allocation is fallible: a size the
    /// machine cannot give is an error, not an abort.
    pub fn new(mb: usize) -> Result<TranspositionTable, AllocError> {
        let count = (mb.saturating_mul(1 << 20) / std::mem::size_of::<Bucket>()).max(1);
        let buckets = HugeSlice::zeroed_small_pages(count).ok_or(AllocError { mb, available_mb: None })?;
        Ok(TranspositionTable { buckets, age: AtomicU8::new(0) })
    }

    /// A table of `mb` megabytes if the machine has that much available beyond
    /// [`HEADROOM_MB`], for sizes a user chooses: a size overcommit would grant but the machine
    /// cannot back is refused before anything is allocated.
    pub fn within_memory(mb: usize) -> Result<TranspositionTable, AllocError> {
        if let Some(avail) = crate::hugemem::available_mb()
            && mb.saturating_add(HEADROOM_MB) > avail
        {
            return Err(AllocError { mb, available_mb: Some(avail) });
        }
        TranspositionTable::new(mb)
    }

    pub fn size_mb(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Empties the table, 2 MB at a time, until `stopped` says so: the buckets not reached keep
    /// their entries, which stay sound (every probe checks its key). Call between searches
    /// only: a concurrent search would keep writing.
    ///
    /// The writes also fault in the pages of a new table ([`crate::hugemem`]): a table of
    /// gigabytes takes seconds, so the engine runs this in the background for large ones.
    pub fn clear(&self, stopped: &dyn Fn() -> bool) {
        self.age.store(0, Ordering::Relaxed);
        let per_chunk = (2 << 20) / std::mem::size_of::<Bucket>();
        for (i, chunk) in self.buckets.chunks(per_chunk).enumerate() {
            if stopped() {
                return;
            }
            self.buckets.use_huge_pages(i * per_chunk..(i + 1) * per_chunk);
            for e in chunk.iter().flat_map(|b| &b.0) {
                e.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let age = self.age.load(Ordering::Relaxed);
        self.age.store((age + 1) & 0x3f, Ordering::Relaxed);
    }

    #[inline]
    fn age(&self) -> u8 {
        self.age.load(Ordering::Relaxed)
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    #[inline]
    fn check(key: u64) -> u64 {
        key & 0xffff
    }

    /// Hints the CPU to fetch the bucket of `key`.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is a hint; the pointer is to a live bucket and is never read here.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch(self.bucket(key) as *const Bucket as *const i8, _MM_HINT_T0);
        }
    }

    /// Looks up `key`; `ply` converts stored mate scores back to root-relative ones.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let check = Self::check(key);
        for slot in &self.bucket(key).0 {
            let data = slot.load(Ordering::Relaxed);
            if data != 0 && data >> 48 == check {
                let bound = match (data >> 6) & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    3 => Bound::Exact,
                    _ => return None,
                };
                return Some(Entry {
                    mv: Move::from_raw((data >> 32) as u16),
                    value: value_from_tt((data >> 16) as u16 as i16 as Value, ply),
                    depth: ((data >> 8) & 0xff) as Depth,
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result. Replaces the same position's entry (keeping its move if none is given
    /// and the new search is shallower), else the entry of least worth (depth, minus staleness).
    pub fn store(&self, key: u64, mv: Option<Move>, value: Value, depth: Depth, bound: Bound, ply: usize) {
        let check = Self::check(key);
        let age = self.age();
        let bucket = &self.bucket(key).0;
        let mut victim = &bucket[0];
        let mut worst = i32::MAX;
        for slot in bucket {
            let data = slot.load(Ordering::Relaxed);
            if data == 0 || data >> 48 == check {
                victim = slot;
                if data != 0 {
                    let old_depth = ((data >> 8) & 0xff) as Depth;
                    if bound != Bound::Exact && depth + 2 < old_depth && (data & 0x3f) as u8 == age {
                        return;
                    }
                }
                break;
            }
            let stale = (age.wrapping_sub(data as u8) & 0x3f) as i32;
            let worth = ((data >> 8) & 0xff) as i32 - 8 * stale;
            if worth < worst {
                worst = worth;
                victim = slot;
            }
        }
        let old = victim.load(Ordering::Relaxed);
        let mv_raw = match mv {
            Some(m) => m.raw(),
            None if old >> 48 == check => (old >> 32) as u16,
            None => 0,
        };
        let v = value_to_tt(value, ply) as i16 as u16;
        let data = (check << 48)
            | ((mv_raw as u64) << 32)
            | ((v as u64) << 16)
            | ((depth.clamp(0, 255) as u64) << 8)
            | ((bound as u64) << 6)
            | age as u64;
        victim.store(data, Ordering::Relaxed);
    }

    /// Per-mille of the first thousand buckets' entries written in this search.
    pub fn hashfull(&self) -> u32 {
        let n = self.buckets.len().min(1000);
        let age = self.age();
        let used: usize = self.buckets[..n]
            .iter()
            .map(|b| {
                b.0.iter()
                    .filter(|e| {
                        let d = e.load(Ordering::Relaxed);
                        d != 0 && (d & 0x3f) as u8 == age
                    })
                    .count()
            })
            .sum();
        (used * 1000 / (n * BUCKET).max(1)) as u32
    }
}

/// Mate scores relative to the node rather than the root, so they stay true on other paths.
#[inline]
fn value_to_tt(v: Value, ply: usize) -> Value {
    if v >= MATE_BOUND {
        v + ply as Value
    } else if v <= -MATE_BOUND {
        v - ply as Value
    } else {
        v
    }
}

#[inline]
fn value_from_tt(v: Value, ply: usize) -> Value {
    if is_mate(v) { if v > 0 { v - ply as Value } else { v + ply as Value } } else { v }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::value::mate_in;

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1).expect("1 MB");
        let mv = Move::parse("h2e2");
        tt.store(0x1234_5678_9abc_def0, mv, 57, 9, Bound::Exact, 0);
        let e = tt.probe(0x1234_5678_9abc_def0, 0).expect("hit");
        assert_eq!((e.mv, e.value, e.depth, e.bound), (mv, 57, 9, Bound::Exact));
        assert!(tt.probe(0x1234_5678_9abc_0000, 0).is_none());
        // A mate found 3 plies below a node at ply 5 reads as mate in 3 from a node at ply 1.
        tt.store(42, None, mate_in(8), 4, Bound::Lower, 5);
        let e = tt.probe(42, 1).expect("hit");
        assert_eq!(e.value, mate_in(4));
        assert_eq!(e.mv, None);
        assert_eq!(tt.hashfull(), 0);
        for i in 0..200_000u64 {
            tt.store(i.wrapping_mul(0x9e37_79b9_7f4a_7c15), None, 0, 1, Bound::Upper, 0);
        }
        assert!(tt.hashfull() > 900, "{}", tt.hashfull());
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }
}

//! Large zero-initialised tables backed by 2 MB pages where the kernel offers them.
//!
//! The transposition table is read at almost every node at a random address. On 4 KB pages a
//! 16 MB table spans 4,096 pages, more than the CPU's TLB holds, so most probes pay a page walk
//! on top of the cache miss. Aligning the allocation to 2 MB and asking for transparent huge
//! pages (`madvise(MADV_HUGEPAGE)`, which Debian's default `madvise` mode requires) cuts that
//! to eight pages. Stockfish's `aligned_large_pages_alloc` does the same. Where the hint is
//! refused the table works as before, on small pages. The search's continuation history, a
//! few megabytes read at scattered addresses, is kept the same way (and its evaluation cache,
//! which is smaller than a huge page and so stays on small ones).
//!
//! Tables are not written at allocation: the allocator's zeroed path hands out fresh pages from
//! the kernel, which read zero until first written. So a GUI's `Hash` of gigabytes answers
//! `readyok` in milliseconds rather than seconds (`docs/ucci.md` §6: GUIs kill engines that
//! keep them waiting); the engine then touches a large table's pages in the background
//! ([`crate::tt::TranspositionTable::clear`]), so that searches do not pay for the faults.

use std::alloc::{self, Layout};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// Types for which all-zero bytes are a valid value, so a table of them can be allocated
/// zeroed and never initialised element by element.
///
/// # Safety
/// The all-zero bit pattern must be a valid value of the type.
pub unsafe trait Zeroable: Sized {}

// SAFETY: zero is a valid integer.
unsafe impl Zeroable for std::sync::atomic::AtomicU64 {}
// SAFETY: zero is a valid integer.
unsafe impl Zeroable for u64 {}
// SAFETY: zero is a valid integer.
unsafe impl Zeroable for i16 {}
// SAFETY: arrays of zeroable values are zeroable.
unsafe impl<T: Zeroable, const N: usize> Zeroable for [T; N] {}

const HUGE_PAGE: usize = 2 << 20;

/// Memory the machine can give without swapping, in MB: `MemAvailable` in `/proc/meminfo`;
/// `None` where that is not known.
///
/// An allocation is not a promise: with overcommit, a table larger than the machine's memory
/// is granted, and the zeroing that follows (see above) ends in the kernel's OOM killer. Sizes
/// a user chooses are therefore checked against this first.
pub fn available_mb() -> Option<usize> {
    mem_available_mb(&std::fs::read_to_string("/proc/meminfo").ok()?)
}

/// The `MemAvailable` line of a `/proc/meminfo` text (in kB), in MB.
fn mem_available_mb(meminfo: &str) -> Option<usize> {
    let line = meminfo.lines().find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let mut fields = line.split_whitespace();
    let kb: usize = fields.next()?.parse().ok()?;
    (fields.next() == Some("kB")).then_some(kb / 1024)
}

/// A fixed-length slice of `T`, zeroed at allocation and read through `Deref`.
pub struct HugeSlice<T: Zeroable> {
    ptr: NonNull<T>,
    len: usize,
    /// What the allocator gave, which `ptr` lies in (a huge-page boundary inside it for large
    /// tables), for `dealloc`.
    raw: NonNull<u8>,
    layout: Layout,
}

// SAFETY: a HugeSlice owns its elements like a Box<[T]>.
unsafe impl<T: Zeroable + Send> Send for HugeSlice<T> {}
// SAFETY: shared access only hands out &T.
unsafe impl<T: Zeroable + Sync> Sync for HugeSlice<T> {}

impl<T: Zeroable> HugeSlice<T> {
    /// `len` zeroed elements, or `None` when the memory cannot be had.
    pub fn zeroed(len: usize) -> Option<HugeSlice<T>> {
        let len = len.max(1);
        let bytes = len.checked_mul(std::mem::size_of::<T>())?;
        let align = std::mem::align_of::<T>();
        // Tables of at least one huge page start on a huge-page boundary and fill whole huge
        // pages, so every 2 MB of them, the last included, can be one page. The request asks
        // for one huge page more, to find that boundary in, and for no alignment: any larger
        // than the allocator's own (16 bytes; a table bucket asks for 32) takes its path that
        // writes the zeros itself, where `calloc` of a large block writes nothing.
        let huge_bytes = if bytes >= HUGE_PAGE { bytes.checked_next_multiple_of(HUGE_PAGE)? } else { 0 };
        let layout = if huge_bytes > 0 {
            Layout::from_size_align(huge_bytes.checked_add(HUGE_PAGE)?, 1)
        } else {
            Layout::from_size_align(bytes, align)
        }
        .ok()?;
        // A zero-sized T would make a zero-byte layout, which the allocator must not be given.
        if layout.size() == 0 {
            return None;
        }
        // SAFETY: non-zero size checked above.
        let raw = NonNull::new(unsafe { alloc::alloc_zeroed(layout) })?;
        let offset = if huge_bytes > 0 { raw.as_ptr().align_offset(HUGE_PAGE) } else { 0 };
        // SAFETY: `offset` is below HUGE_PAGE, so `huge_bytes` bytes from it stay inside the
        // `huge_bytes + HUGE_PAGE` allocated; a huge-page boundary is a multiple of T's
        // alignment (at most 32 here), and a small table has T's alignment from the layout.
        let ptr = unsafe { NonNull::new_unchecked(raw.as_ptr().add(offset) as *mut T) };
        if huge_bytes > 0 {
            advise_huge_pages(ptr.as_ptr() as *mut u8, huge_bytes);
        }
        Some(HugeSlice { ptr, len, raw, layout })
    }

    /// As [`HugeSlice::zeroed`], but on small pages until [`HugeSlice::use_huge_pages`] is
    /// called for a part. A search's first write to an untouched huge page has the kernel zero
    /// 2 MB (most of a millisecond here), to a small page 4 KB: a search on a new table of
    /// gigabytes touches thousands of huge pages and overran its time by a second, while the
    /// engine's background clear turns the table over to huge pages as it goes.
    pub fn zeroed_small_pages(len: usize) -> Option<HugeSlice<T>> {
        let t = HugeSlice::zeroed(len)?;
        if let Some(bytes) = t.huge_bytes() {
            advise(t.ptr.as_ptr() as *mut u8, bytes, false);
        }
        Some(t)
    }

    /// Asks for 2 MB pages for the elements `range`, on the huge pages it covers whole.
    pub fn use_huge_pages(&self, range: std::ops::Range<usize>) {
        let size = std::mem::size_of::<T>();
        let (Some(bytes), Some(start), Some(end)) =
            (self.huge_bytes(), range.start.checked_mul(size), range.end.min(self.len).checked_mul(size))
        else {
            return;
        };
        let start = start.next_multiple_of(HUGE_PAGE);
        let end = (end / HUGE_PAGE * HUGE_PAGE).min(bytes);
        if start < end {
            // SAFETY: `start` is below `end`, at most `bytes` from `ptr`: inside the allocation.
            advise(unsafe { (self.ptr.as_ptr() as *mut u8).add(start) }, end - start, true);
        }
    }

    /// The table's length in whole huge pages, for a table of at least one; `None` for a small
    /// one, which never had the advice.
    fn huge_bytes(&self) -> Option<usize> {
        let bytes = self.len * std::mem::size_of::<T>();
        (bytes >= HUGE_PAGE).then(|| bytes.next_multiple_of(HUGE_PAGE))
    }

    /// As [`HugeSlice::zeroed`], for the search's fixed-size tables: when even those few
    /// megabytes cannot be had, the process aborts, as a `Vec` of them would.
    pub fn zeroed_or_abort(len: usize) -> HugeSlice<T> {
        HugeSlice::zeroed(len).unwrap_or_else(|| {
            let bytes = len.saturating_mul(std::mem::size_of::<T>());
            alloc::handle_alloc_error(Layout::from_size_align(bytes, 1).unwrap_or(Layout::new::<T>()))
        })
    }
}

impl<T: Zeroable> Deref for HugeSlice<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` holds `len` initialised elements for as long as `self` lives.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> DerefMut for HugeSlice<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as for `deref`, and `&mut self` makes this the only access.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> Drop for HugeSlice<T> {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this layout; the elements need no drop beyond
        // their bytes (atomics and integers).
        unsafe { alloc::dealloc(self.raw.as_ptr(), self.layout) }
    }
}

fn advise_huge_pages(addr: *mut u8, len: usize) {
    advise(addr, len, true);
}

/// Asks for 2 MB pages (`MADV_HUGEPAGE`) or small ones (`MADV_NOHUGEPAGE`) over whole huge
/// pages of one allocation of ours.
#[cfg(target_os = "linux")]
fn advise(addr: *mut u8, len: usize, huge: bool) {
    const MADV_HUGEPAGE: i32 = 14;
    const MADV_NOHUGEPAGE: i32 = 15;
    unsafe extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    // SAFETY: the range is within one live allocation of ours; the advice changes only how the
    // kernel backs it, and a refusal (non-zero return) leaves it as it was, which is fine.
    unsafe {
        madvise(addr as *mut std::ffi::c_void, len, if huge { MADV_HUGEPAGE } else { MADV_NOHUGEPAGE });
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_addr: *mut u8, _len: usize, _huge: bool) {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn zeroed_tables_small_and_large() {
        for len in [1usize, 3, 1 << 20] {
            let t = HugeSlice::<[AtomicU64; 4]>::zeroed(len).expect("allocates");
            assert_eq!(t.len(), len);
            assert!(t.iter().all(|b| b.iter().all(|e| e.load(Ordering::Relaxed) == 0)));
            t[len - 1][3].store(7, Ordering::Relaxed);
            assert_eq!(t[len - 1][3].load(Ordering::Relaxed), 7);
        }
        let big = HugeSlice::<[AtomicU64; 4]>::zeroed(1 << 20).expect("allocates");
        assert_eq!(big.as_ptr() as usize % HUGE_PAGE, 0, "a 32 MB table starts on a 2 MB boundary");
    }

    #[test]
    fn tables_of_plain_integers_are_writable() {
        // 3 MB of i16, as the continuation history: the allocation is rounded up to whole huge
        // pages, the slice keeps its length, and every element reads zero until written.
        let len = 1_260 * 1_260;
        let mut t = HugeSlice::<i16>::zeroed(len).expect("allocates");
        assert_eq!(t.len(), len);
        assert_eq!(t.as_ptr() as usize % HUGE_PAGE, 0);
        assert!(t.iter().all(|&v| v == 0));
        t[len - 1] = -5;
        t[0] = 9;
        assert_eq!((t[0], t[len - 1], t[len - 2]), (9, -5, 0));
        let small = HugeSlice::<u64>::zeroed_or_abort(3);
        assert_eq!(&*small, &[0, 0, 0]);
    }

    #[test]
    fn available_memory_is_read_from_meminfo() {
        let meminfo = "MemTotal:       24684084 kB\nMemFree:         1000000 kB\nMemAvailable:   21006600 kB\n";
        assert_eq!(mem_available_mb(meminfo), Some(20514));
        assert_eq!(mem_available_mb("MemTotal:       24684084 kB\n"), None);
        assert_eq!(mem_available_mb("MemAvailable: many\n"), None);
        assert_eq!(mem_available_mb("MemAvailable: 2048 MB\n"), None);
    }

    #[test]
    fn impossible_sizes_are_refused() {
        assert!(HugeSlice::<[AtomicU64; 4]>::zeroed(usize::MAX / 8).is_none());
    }
}

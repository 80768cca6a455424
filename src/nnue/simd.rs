//! The inner loops of the network (`docs/nnue.md` §3), in AVX2 or SSE2 where the build
//! has them (`cfg(target_feature)`) and in portable Rust on every other build. Each gives the
//! same integers as the others; a test holds the portable and the built-in paths together.

use super::QA;

/// `out = prev + add - sub - sub2`, lane by lane, 16-bit wrapping: one move's change to one
/// perspective's accumulator, copied and updated in one pass.
#[inline]
pub(super) fn update(prev: &[i16], out: &mut [i16], add: &[i16], sub: &[i16], sub2: Option<&[i16]>) {
    let n = out.len();
    assert!(prev.len() == n && add.len() == n && sub.len() == n && sub2.is_none_or(|s| s.len() == n));
    #[cfg(any(target_feature = "avx2", all(target_arch = "x86_64", target_feature = "sse2")))]
    if n.is_multiple_of(LANES) {
        // SAFETY: every slice holds `n` elements (asserted above), a multiple of the vector
        // width, so each load and store of `LANES` elements at `i < n` stays inside them.
        unsafe { vector::update(prev, out, add, sub, sub2) };
        return;
    }
    portable::update(prev, out, add, sub, sub2);
}

/// `acc += column`, lane by lane, 16-bit wrapping: one piece's column into an accumulator
/// summed from scratch (the root's, and a perspective's whose input bucket a move changed).
#[inline]
pub(super) fn add(acc: &mut [i16], column: &[i16]) {
    let n = acc.len();
    assert!(column.len() == n);
    #[cfg(any(target_feature = "avx2", all(target_arch = "x86_64", target_feature = "sse2")))]
    if n.is_multiple_of(LANES) {
        // SAFETY: both slices hold `n` elements (asserted above), a multiple of the vector
        // width, so each load and store of `LANES` elements at `i < n` stays inside them.
        unsafe { vector::add(acc, column) };
        return;
    }
    portable::add(acc, column);
}

/// `Σ clamp(acc, 0, QA)² · w`, exact, for output weights all within `-127..=127`
/// (`Network::new` checks once): then `clamp · w` fits 16 bits and the sums of 32 units
/// per lane fit 32, which the vector code relies on.
#[inline]
pub(super) fn screlu_dot(acc: &[i16], w: &[i16]) -> i64 {
    assert!(acc.len() == w.len() && acc.len() <= 1024);
    #[cfg(any(target_feature = "avx2", all(target_arch = "x86_64", target_feature = "sse2")))]
    if acc.len().is_multiple_of(LANES) {
        // SAFETY: both slices hold the same number of elements, a multiple of the vector
        // width, so each load of `LANES` elements at `i < len` stays inside them.
        return unsafe { vector::screlu_dot(acc, w) };
    }
    portable::screlu_dot(acc, w)
}

/// `Σ clamp(acc, 0, QA)² · w` for any weights, in 64 bits.
pub(super) fn screlu_dot_wide(acc: &[i16], w: &[i16]) -> i64 {
    portable::screlu_dot(acc, w)
}

#[cfg(target_feature = "avx2")]
const LANES: usize = 16;
#[cfg(all(not(target_feature = "avx2"), target_arch = "x86_64", target_feature = "sse2"))]
const LANES: usize = 8;

/// The reference: what every vector path must equal.
pub(super) mod portable {
    use super::QA;

    pub fn update(prev: &[i16], out: &mut [i16], add: &[i16], sub: &[i16], sub2: Option<&[i16]>) {
        for i in 0..out.len() {
            out[i] = prev[i].wrapping_add(add[i]).wrapping_sub(sub[i]);
        }
        if let Some(sub2) = sub2 {
            for (o, s) in out.iter_mut().zip(sub2) {
                *o = o.wrapping_sub(*s);
            }
        }
    }

    pub fn add(acc: &mut [i16], column: &[i16]) {
        for (a, w) in acc.iter_mut().zip(column) {
            *a = a.wrapping_add(*w);
        }
    }

    pub fn screlu_dot(acc: &[i16], w: &[i16]) -> i64 {
        acc.iter()
            .zip(w)
            .map(|(&a, &w)| {
                let a = i64::from(a.clamp(0, QA as i16));
                a * a * i64::from(w)
            })
            .sum()
    }
}

/// One body for AVX2 (16 lanes) and SSE2 (8 lanes): the same instructions at two widths.
#[cfg(any(target_feature = "avx2", all(target_arch = "x86_64", target_feature = "sse2")))]
mod vector {
    #[cfg(target_arch = "x86")]
    use std::arch::x86 as arch;
    #[cfg(target_arch = "x86_64")]
    use std::arch::x86_64 as arch;

    use super::{LANES, QA};

    #[cfg(target_feature = "avx2")]
    mod ops {
        pub use super::arch::__m256i as V;
        pub use super::arch::{
            _mm256_add_epi16 as add16, _mm256_add_epi32 as add32, _mm256_loadu_si256 as loadu,
            _mm256_madd_epi16 as madd, _mm256_max_epi16 as max16, _mm256_min_epi16 as min16,
            _mm256_mullo_epi16 as mullo16, _mm256_set1_epi16 as splat16, _mm256_setzero_si256 as zero,
            _mm256_storeu_si256 as storeu, _mm256_sub_epi16 as sub16,
        };
    }
    #[cfg(not(target_feature = "avx2"))]
    mod ops {
        pub use super::arch::__m128i as V;
        pub use super::arch::{
            _mm_add_epi16 as add16, _mm_add_epi32 as add32, _mm_loadu_si128 as loadu, _mm_madd_epi16 as madd,
            _mm_max_epi16 as max16, _mm_min_epi16 as min16, _mm_mullo_epi16 as mullo16, _mm_set1_epi16 as splat16,
            _mm_setzero_si128 as zero, _mm_storeu_si128 as storeu, _mm_sub_epi16 as sub16,
        };
    }
    use ops::*;

    /// # Safety
    /// Every slice has `out.len()` elements, a multiple of `LANES`, and the build has the
    /// instructions (`cfg` above).
    #[inline]
    pub unsafe fn update(prev: &[i16], out: &mut [i16], add: &[i16], sub: &[i16], sub2: Option<&[i16]>) {
        let load = |s: &[i16], i: usize| {
            // SAFETY: the caller's lengths; `i + LANES <= len`; unaligned loads.
            unsafe { loadu(s.as_ptr().add(i).cast::<V>()) }
        };
        for i in (0..out.len()).step_by(LANES) {
            // SAFETY: the build has the instructions; the store is as the loads, into `out`,
            // which is exclusively borrowed.
            unsafe {
                let mut v = sub16(add16(load(prev, i), load(add, i)), load(sub, i));
                if let Some(s) = sub2 {
                    v = sub16(v, load(s, i));
                }
                storeu(out.as_mut_ptr().add(i).cast::<V>(), v);
            }
        }
    }

    /// # Safety
    /// `acc` and `column` have the same length, a multiple of `LANES`, and the build has the
    /// instructions (`cfg` above).
    #[inline]
    pub unsafe fn add(acc: &mut [i16], column: &[i16]) {
        for i in (0..acc.len()).step_by(LANES) {
            // SAFETY: the build has the instructions; `i + LANES <= len` for both slices (the
            // caller's lengths); unaligned loads, and the store into `acc`, exclusively borrowed.
            unsafe {
                let at = acc.as_mut_ptr().add(i).cast::<V>();
                storeu(at, add16(loadu(at), loadu(column.as_ptr().add(i).cast::<V>())));
            }
        }
    }

    /// # Safety
    /// `acc` and `w` have the same length, a multiple of `LANES`, at most 1,024; every weight
    /// is within `-127..=127`; the build has the instructions (`cfg` above).
    #[inline]
    pub unsafe fn screlu_dot(acc: &[i16], w: &[i16]) -> i64 {
        let mut lanes = [0i32; LANES / 2];
        // SAFETY: the build has the instructions; each load of `LANES` elements at
        // `i < len` stays inside the slices (the caller's lengths); `lanes` is exactly one
        // vector of i32s.
        unsafe {
            let (lo, hi) = (zero(), splat16(QA as i16));
            let mut sum = zero();
            for i in (0..acc.len()).step_by(LANES) {
                let a = loadu(acc.as_ptr().add(i).cast::<V>());
                let w = loadu(w.as_ptr().add(i).cast::<V>());
                let v = min16(max16(a, lo), hi);
                // v·w fits 16 bits (|v·w| <= 255 · 127); madd multiplies by v again and adds
                // pairs into 32-bit lanes.
                sum = add32(sum, madd(mullo16(v, w), v));
            }
            storeu(lanes.as_mut_ptr().cast::<V>(), sum);
        }
        lanes.iter().map(|&x| i64::from(x)).sum()
    }
}

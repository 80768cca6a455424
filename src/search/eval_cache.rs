//! A search thread's cache of static evaluations by Zobrist key: quiescence search meets the
//! same positions again and again, and so does each search of a game the one before it, while
//! the evaluation is the most expensive thing a node does.

use super::params::EVAL_CACHE_SIZE;
use crate::hugemem::HugeSlice;
use crate::types::Value;

/// One `u64` a slot: the key's upper 48 bits, and the value in the lower 16. The slot's index
/// is taken from the key's lower bits, so a hit matches the whole key. Zero marks an empty
/// slot (a position whose key has its upper 48 bits zero is never cached).
pub struct EvalCache {
    slots: HugeSlice<u64>,
}

const VALUE_BITS: u32 = 16;
const VALUE_MASK: u64 = (1 << VALUE_BITS) - 1;

impl EvalCache {
    pub fn new() -> EvalCache {
        // The index must cover the value's bits, which the slot does not keep of the key.
        const {
            assert!(
                EVAL_CACHE_SIZE.is_power_of_two()
                    && EVAL_CACHE_SIZE >= 1 << VALUE_BITS
                    && EVAL_CACHE_SIZE <= 1 << (64 - VALUE_BITS)
            )
        };
        EvalCache { slots: HugeSlice::zeroed_or_abort(EVAL_CACHE_SIZE) }
    }

    /// Empties every slot, keeping the memory.
    pub fn clear(&mut self) {
        self.slots.fill(0);
    }

    #[inline]
    fn index(key: u64) -> usize {
        key as usize & (EVAL_CACHE_SIZE - 1)
    }

    /// The cached evaluation of the position with `key`.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Value> {
        let slot = self.slots[Self::index(key)];
        (slot != 0 && (slot ^ key) & !VALUE_MASK == 0).then_some(Value::from(slot as u16 as i16))
    }

    /// Starts loading the slot of `key` into the cache.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint that never faults, and the address is within `slots`.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch(self.slots.as_ptr().add(Self::index(key)) as *const i8, _MM_HINT_T0);
        }
    }

    /// Caches `value` for `key`; a value outside 16 bits is not cached.
    #[inline]
    pub fn put(&mut self, key: u64, value: Value) {
        if let Ok(v) = i16::try_from(value) {
            self.slots[Self::index(key)] = (key & !VALUE_MASK) | u64::from(v as u16);
        }
    }
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_come_back_for_their_key_only() {
        let mut cache = EvalCache::new();
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(cache.get(key), None);
        for v in [0, 1, -1, 317, -2048, i16::MAX as Value, i16::MIN as Value] {
            cache.put(key, v);
            assert_eq!(cache.get(key), Some(v));
        }
        // Same slot, other upper bits: a miss.
        assert_eq!(cache.get(key ^ (1 << 40)), None);
        // Out of range: not cached, the old value stays.
        cache.put(key, 40_000);
        assert_eq!(cache.get(key), Some(i16::MIN as Value));
    }
}

//! The one checksum of Chuhan's binary files (the opening book, the network, the endgame
//! tables and their build checkpoints).

/// FNV-1a, 64 bits: enough to tell a damaged file from a good one, and a dozen lines.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    fnv1a64_more(FNV1A64_START, bytes)
}

/// The hash of no bytes, where [`fnv1a64_more`] starts a file read piece by piece.
pub const FNV1A64_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The hash `h` of some bytes continued over `bytes`: a file too large to hold at once (a
/// tablebase build's checkpoint) is hashed as it streams.
pub fn fnv1a64_more(h: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::fnv1a64;

    /// The published FNV-1a 64 test vectors.
    #[test]
    fn known_values() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }
}

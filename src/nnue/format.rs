//! The net file, "CHNN" v1, v2 or v3 (`docs/nnue.md` §1): a fixed header, the weights
//! little-endian, and a checksum. Version 2 adds output buckets, version 3 input buckets; a
//! net is written in the oldest version that holds it, so a net of one bucket of each kind is
//! version 1, which every earlier build reads. Reading checks everything once, so evaluation
//! never meets a bad shape.

use std::fmt;

use super::{FEATURES, InputBuckets, MAX_BUCKETS, Network, QA, QB};
use crate::checksum::fnv1a64;

/// The first four bytes of every net file.
pub const MAGIC: [u8; 4] = *b"CHNN";
/// The newest format version this build reads and writes: version 1 has one output layer,
/// version 2 a field for the number of output buckets after the scale, version 3 two more
/// for the input bucket scheme and its number of buckets.
pub const VERSION: u32 = 3;
/// The activation code for SCReLU, `clamp(x, 0, QA)²`, the only one so far.
pub const SCRELU: u32 = 1;
/// Magic, version, features, hidden, activation, QA, QB, SCALE (version 1).
const HEADER_LEN: usize = 32;
/// Version 2's header: version 1's and the number of output buckets.
const HEADER_LEN_V2: usize = HEADER_LEN + 4;
/// Version 3's header: version 2's, the input bucket scheme and the number of input buckets.
const HEADER_LEN_V3: usize = HEADER_LEN_V2 + 8;
const CHECKSUM_LEN: usize = 8;

/// Why a net file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetError {
    /// Shorter than the header.
    Truncated {
        len: usize,
    },
    Magic,
    Version(u32),
    Features(u32),
    /// The hidden width is not a multiple of 32 from 32 to 1024.
    Hidden(u32),
    Activation(u32),
    Quantisation {
        qa: i32,
        qb: i32,
    },
    /// The scale is not positive.
    Scale(i32),
    /// The number of output buckets is not from 1 to [`MAX_BUCKETS`].
    Buckets(u32),
    /// An input bucket scheme this build does not know.
    InputScheme(u32),
    /// A number of input buckets other than the scheme's.
    InputBuckets {
        scheme: InputBuckets,
        count: u32,
    },
    Length {
        expected: usize,
        actual: usize,
    },
    Checksum,
    /// Weights handed to [`Network::new`] whose lengths disagree with the hidden width.
    Shape(&'static str),
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Truncated { len } => {
                write!(f, "net file has {len} bytes, shorter than its header")
            }
            NetError::Magic => write!(f, "not a Chuhan net file (no CHNN magic)"),
            NetError::Version(v) => write!(f, "net file version {v}, this build reads versions 1 to {VERSION}"),
            NetError::Features(n) => write!(f, "net file has {n} input features, this build has {FEATURES}"),
            NetError::Hidden(h) => write!(f, "net hidden width {h} is not a multiple of 32 from 32 to 1024"),
            NetError::Activation(a) => write!(f, "net activation {a} unknown (1 is SCReLU)"),
            NetError::Quantisation { qa, qb } => {
                write!(f, "net quantised with QA {qa}, QB {qb}; this build uses QA {QA}, QB {QB}")
            }
            NetError::Scale(s) => write!(f, "net scale {s} is not positive"),
            NetError::Buckets(b) => write!(f, "net has {b} output buckets, not from 1 to {MAX_BUCKETS}"),
            NetError::InputScheme(s) => {
                let known: Vec<String> = InputBuckets::ALL.iter().map(|b| format!("{} {b}", b.id())).collect();
                write!(f, "net input bucket scheme {s} unknown (this build knows {})", known.join(", "))
            }
            NetError::InputBuckets { scheme, count } => {
                write!(f, "net has {count} input buckets, its scheme {scheme} has {}", scheme.count())
            }
            NetError::Length { expected, actual } => {
                write!(f, "net file has {actual} bytes, its header calls for {expected}")
            }
            NetError::Checksum => write!(f, "net checksum mismatch (the file is damaged)"),
            NetError::Shape(what) => write!(f, "net weights of the wrong shape: {what}"),
        }
    }
}

impl std::error::Error for NetError {}

/// Hidden widths the format allows: the SIMD code works in blocks of 32 units.
pub(super) const fn valid_hidden(h: usize) -> bool {
    h >= 32 && h <= 1024 && h.is_multiple_of(32)
}

/// The oldest version that holds a net of `inputs` and `buckets` output layers.
fn version_for(inputs: InputBuckets, buckets: usize) -> u32 {
    match (inputs, buckets) {
        (InputBuckets::Single, 1) => 1,
        (InputBuckets::Single, _) => 2,
        _ => 3,
    }
}

const fn header_len(version: u32) -> usize {
    match version {
        1 => HEADER_LEN,
        2 => HEADER_LEN_V2,
        _ => HEADER_LEN_V3,
    }
}

/// The file's length for a hidden width of `h`, `inputs` blocks of first-layer weights and
/// `buckets` output layers.
const fn file_len(version: u32, h: usize, inputs: usize, buckets: usize) -> usize {
    header_len(version) + 2 * (inputs * FEATURES * h + h + buckets * 2 * h) + 4 * buckets + CHECKSUM_LEN
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

fn i32_at(bytes: &[u8], at: usize) -> i32 {
    u32_at(bytes, at) as i32
}

fn i16s(bytes: &[u8]) -> Vec<i16> {
    bytes.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect()
}

impl Network {
    /// Reads a net file, refusing it with the first reason it is not a valid CHNN v1, v2 or
    /// v3 file.
    pub fn read(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER_LEN {
            return Err(NetError::Truncated { len: bytes.len() });
        }
        if bytes[..4] != MAGIC {
            return Err(NetError::Magic);
        }
        let version = u32_at(bytes, 4);
        if !(1..=VERSION).contains(&version) {
            return Err(NetError::Version(version));
        }
        if bytes.len() < header_len(version) {
            return Err(NetError::Truncated { len: bytes.len() });
        }
        let features = u32_at(bytes, 8);
        if features as usize != FEATURES {
            return Err(NetError::Features(features));
        }
        let hidden = u32_at(bytes, 12);
        if !valid_hidden(hidden as usize) {
            return Err(NetError::Hidden(hidden));
        }
        let activation = u32_at(bytes, 16);
        if activation != SCRELU {
            return Err(NetError::Activation(activation));
        }
        let (qa, qb) = (i32_at(bytes, 20), i32_at(bytes, 24));
        if (qa, qb) != (QA, QB) {
            return Err(NetError::Quantisation { qa, qb });
        }
        let scale = i32_at(bytes, 28);
        if scale <= 0 {
            return Err(NetError::Scale(scale));
        }
        let buckets = if version == 1 { 1 } else { u32_at(bytes, HEADER_LEN) };
        if !(1..=MAX_BUCKETS as u32).contains(&buckets) {
            return Err(NetError::Buckets(buckets));
        }
        let inputs = if version < 3 { InputBuckets::Single } else { input_buckets(bytes)? };
        let (h, buckets) = (hidden as usize, buckets as usize);
        let expected = file_len(version, h, inputs.count(), buckets);
        if bytes.len() != expected {
            return Err(NetError::Length { expected, actual: bytes.len() });
        }
        let body_end = expected - CHECKSUM_LEN;
        let stored = u64::from_le_bytes(bytes[body_end..].try_into().expect("eight bytes"));
        if fnv1a64(&bytes[..body_end]) != stored {
            return Err(NetError::Checksum);
        }
        let mut at = header_len(version);
        let mut take = |n: usize| {
            let part = &bytes[at..at + n];
            at += n;
            part
        };
        let ft_weights = i16s(take(2 * inputs.count() * FEATURES * h));
        let ft_bias = i16s(take(2 * h));
        let out_weights = i16s(take(2 * buckets * 2 * h));
        let out_bias = take(4 * buckets).chunks_exact(4).map(|c| i32_at(c, 0)).collect();
        Network::new(scale, inputs, ft_weights, ft_bias, out_weights, out_bias)
    }

    /// The net as a CHNN file: version 1 for one bucket of each kind, version 2 for output
    /// buckets alone, version 3 for input buckets.
    pub fn write(&self) -> Vec<u8> {
        let (h, inputs, buckets) = (self.hidden(), self.input_buckets(), self.buckets());
        let version = version_for(inputs, buckets);
        let mut out = Vec::with_capacity(file_len(version, h, inputs.count(), buckets));
        out.extend_from_slice(&MAGIC);
        for n in [version, FEATURES as u32, h as u32, SCRELU] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        for n in [QA, QB, self.scale] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        if version > 1 {
            out.extend_from_slice(&(buckets as u32).to_le_bytes());
        }
        if version > 2 {
            for n in [inputs.id(), inputs.count() as u32] {
                out.extend_from_slice(&n.to_le_bytes());
            }
        }
        for w in self.ft_weights.iter().chain(&self.ft_bias).chain(&self.out_weights) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.out_bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out.extend_from_slice(&fnv1a64(&out).to_le_bytes());
        debug_assert_eq!(out.len(), file_len(version, h, inputs.count(), buckets));
        out
    }
}

/// A version 3 header's input bucket scheme, checked against its count.
fn input_buckets(bytes: &[u8]) -> Result<InputBuckets, NetError> {
    let id = u32_at(bytes, HEADER_LEN_V2);
    let scheme = InputBuckets::from_id(id).ok_or(NetError::InputScheme(id))?;
    let count = u32_at(bytes, HEADER_LEN_V2 + 4);
    if count as usize != scheme.count() {
        return Err(NetError::InputBuckets { scheme, count });
    }
    Ok(scheme)
}

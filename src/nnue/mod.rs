//! The learned evaluation: an efficiently updatable network (NNUE, `docs/nnue.md`).
//!
//! One feature transformer, shared by both perspectives, turns the pieces on the board into
//! an accumulator of `hidden` 16-bit sums per side ([`features`]), each side summing the block
//! of weights its king's point and its defenders choose when the net has input buckets
//! ([`InputBuckets`]); a squared clipped ReLU and an output layer, one of a few chosen by the
//! pieces on the board ([`bucket`]), turn the side to move's and the other side's
//! accumulators into a value in [`evaluate`](crate::eval::evaluate)'s units. Everything is
//! integer arithmetic, so every build gives the same value bit for bit. The file format is in
//! [`format`].

pub mod features;
pub mod format;
mod simd;
mod stack;

#[cfg(test)]
mod tests;

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use crate::board::Position;
use crate::types::value::RULE_BOUND;
use crate::types::{Color, Value};

pub use features::{Defence, FEATURES, InputBucket, InputBuckets, MAX_BUCKETS, View, active, bucket, feature};
pub use format::NetError;
pub use stack::AccumulatorStack;

/// The activation's ceiling: accumulators are clipped to `0..=QA` and squared.
pub const QA: i32 = 255;
/// The output weights' quantisation: a weight of 1.0 is stored as `QB`.
pub const QB: i32 = 64;

/// A network's weights, checked for shape once, when built or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// `Value` units per `QA * QB` of output.
    scale: i32,
    /// How each perspective's block of first-layer weights is chosen (`docs/nnue.md` §2.1).
    inputs: InputBuckets,
    /// `[input buckets][FEATURES][hidden]`, feature-major: one feature's column is contiguous.
    ft_weights: Vec<i16>,
    ft_bias: Vec<i16>,
    /// `[buckets][2 * hidden]`: for each output bucket, the side to move's accumulator's
    /// weights, then the other side's.
    out_weights: Vec<i16>,
    /// `[buckets]`, in units of `QA * QB`.
    out_bias: Vec<i32>,
    /// Every output weight is within `-127..=127`, so the vector output path is exact.
    narrow: bool,
}

/// The net built into the binary (`docs/nnue.md` §5): net 10, trained on 16.2 million positions
/// of nets 8 and 9's self-play.
const DEFAULT_NET: Option<&[u8]> = Some(include_bytes!("../../nets/net10.chnn"));

/// Whether the network evaluates by default (UCI `Use NNUE`, UCCI `usennue`): the engine
/// starts with it and the option announces it. On because the built-in net leads the thesis
/// evaluation in every match (`docs/nnue.md` §6); a build without a net of its own starts
/// with the thesis evaluation whatever this says.
pub const ON_BY_DEFAULT: bool = true;

/// Why a net could not be loaded; `Display` gives the line the protocols print.
#[derive(Debug)]
pub enum LoadError {
    Io {
        path: String,
        error: std::io::Error,
    },
    Format {
        path: String,
        error: NetError,
    },
    /// No file was named and this build has no net of its own.
    NoDefault,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io { path, error } => write!(f, "cannot read net file {path}: {error}"),
            LoadError::Format { path, error } => write!(f, "net file {path} refused: {error}"),
            LoadError::NoDefault => write!(f, "this build has no built-in net; set EvalFile to a net file"),
        }
    }
}

impl std::error::Error for LoadError {}

/// One perspective's first-layer sums: the bias plus the columns of its active features,
/// added with 16-bit wrap-around (the trainer keeps them in range; wrapping keeps every
/// implementation equal where it does not).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator(pub Vec<i16>);

impl Network {
    /// A network from its quantised weights (the trainer's way in): a block of [`FEATURES`]
    /// columns per input bucket of `inputs`; the hidden width is `ft_bias.len()`, the number
    /// of output buckets `out_bias.len()`.
    pub fn new(
        scale: i32,
        inputs: InputBuckets,
        ft_weights: Vec<i16>,
        ft_bias: Vec<i16>,
        out_weights: Vec<i16>,
        out_bias: Vec<i32>,
    ) -> Result<Network, NetError> {
        let h = ft_bias.len();
        if !format::valid_hidden(h) {
            return Err(NetError::Hidden(h as u32));
        }
        if !(1..=MAX_BUCKETS).contains(&out_bias.len()) {
            return Err(NetError::Buckets(out_bias.len() as u32));
        }
        if scale <= 0 {
            return Err(NetError::Scale(scale));
        }
        if ft_weights.len() != inputs.count() * FEATURES * h {
            return Err(NetError::Shape("feature weights are not input buckets x features x hidden"));
        }
        if out_weights.len() != 2 * h * out_bias.len() {
            return Err(NetError::Shape("output weights are not buckets x 2 x hidden"));
        }
        let narrow = out_weights.iter().all(|w| (-127..=127).contains(w));
        Ok(Network { scale, inputs, ft_weights, ft_bias, out_weights, out_bias, narrow })
    }

    /// The net in the file at `path`, or the built-in one when `path` is empty.
    pub fn open_or_default(path: &str) -> Result<Arc<Network>, LoadError> {
        if path.is_empty() {
            let bytes = DEFAULT_NET.ok_or(LoadError::NoDefault)?;
            let error = |error| LoadError::Format { path: "(built in)".into(), error };
            return Network::read(bytes).map(Arc::new).map_err(error);
        }
        let bytes = std::fs::read(Path::new(path)).map_err(|error| LoadError::Io { path: path.into(), error })?;
        Network::read(&bytes).map(Arc::new).map_err(|error| LoadError::Format { path: path.into(), error })
    }

    pub fn hidden(&self) -> usize {
        self.ft_bias.len()
    }

    /// How many output layers the net has, chosen by the pieces on the board.
    pub fn buckets(&self) -> usize {
        self.out_bias.len()
    }

    /// How each perspective's block of first-layer weights is chosen.
    pub fn input_buckets(&self) -> InputBuckets {
        self.inputs
    }

    /// `perspective`'s view of `pos`: the block of weights its accumulator sums.
    #[inline]
    pub fn view(&self, pos: &Position, perspective: Color) -> View {
        self.inputs.view(pos, perspective)
    }

    pub fn scale(&self) -> i32 {
        self.scale
    }

    pub fn ft_weights(&self) -> &[i16] {
        &self.ft_weights
    }

    pub fn ft_bias(&self) -> &[i16] {
        &self.ft_bias
    }

    pub fn out_weights(&self) -> &[i16] {
        &self.out_weights
    }

    pub fn out_bias(&self) -> &[i32] {
        &self.out_bias
    }

    /// Column `f` of first-layer weights ([`View::feature`]).
    #[inline]
    pub(super) fn column(&self, f: usize) -> &[i16] {
        let h = self.hidden();
        &self.ft_weights[f * h..(f + 1) * h]
    }

    /// `perspective`'s accumulator for `pos`, summed from scratch.
    pub fn refresh(&self, pos: &Position, perspective: Color) -> Accumulator {
        let mut acc = self.ft_bias.clone();
        for f in active(pos, self.view(pos, perspective)) {
            simd::add(&mut acc, self.column(f));
        }
        Accumulator(acc)
    }

    /// The value of `pos` for the side to move, every accumulator summed from scratch: the
    /// reference the incremental and SIMD paths are tested against.
    pub fn evaluate(&self, pos: &Position) -> Value {
        let stm = pos.side_to_move();
        self.output(&self.refresh(pos, stm), &self.refresh(pos, !stm), self.bucket_of(pos))
    }

    /// The output bucket of `pos`, by the pieces on its board.
    #[inline]
    pub fn bucket_of(&self, pos: &Position) -> usize {
        bucket(self.buckets(), pos.occupied().count() as usize)
    }

    /// Output layer `bucket` on the side to move's (`us`) and the other side's accumulators:
    /// `(Σ clamp(us, 0, QA)² · w + Σ clamp(them, 0, QA)² · w') / QA + bias`, then scaled to
    /// `Value` units (`docs/nnue.md` §3). The sums are exact whatever the weights.
    pub fn output(&self, us: &Accumulator, them: &Accumulator, bucket: usize) -> Value {
        let h = self.hidden();
        let (mine, theirs) = self.out_weights[bucket * 2 * h..(bucket + 1) * 2 * h].split_at(h);
        let dot = if self.narrow { simd::screlu_dot } else { simd::screlu_dot_wide };
        self.to_value(dot(&us.0, mine) + dot(&them.0, theirs), bucket)
    }

    /// Bucket `bucket`'s output sum `Σ a · w` in `Value` units, kept inside the ordinary band.
    fn to_value(&self, sum: i64, bucket: usize) -> Value {
        let out = sum / i64::from(QA) + i64::from(self.out_bias[bucket]);
        let v = out * i64::from(self.scale) / i64::from(QA * QB);
        let limit = i64::from(RULE_BOUND - 1);
        v.clamp(-limit, limit) as Value
    }
}

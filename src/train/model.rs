//! The network of `docs/nnue.md` in `f32`: its forward pass and gradient on one position, Adam,
//! and quantisation to the file's integers.

use crate::nnue::{FEATURES, InputBuckets, NetError, Network, QA, QB, bucket};

/// Output weights are kept within this so that quantised they fit an `i8` (the inference's
/// fast output path needs `|w| <= 127`).
const OUT_WEIGHT_LIMIT: f32 = 127.0 / QB as f32 - 0.001;
/// First-layer weights are kept within this: 32 pieces' columns and the bias then stay well
/// inside the accumulator's `i16` once quantised.
const FT_WEIGHT_LIMIT: f32 = 1000.0 / QA as f32;

/// A network's dimensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub hidden: usize,
    /// The blocks of first-layer weights and how each perspective chooses its own.
    pub inputs: InputBuckets,
    /// Output layers.
    pub buckets: usize,
}

/// The weights (or their gradients, or Adam's moments: the same shape).
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub hidden: usize,
    pub inputs: InputBuckets,
    /// `[input buckets][FEATURES][hidden]`, feature-major as in the file: a position's
    /// features index its perspectives' blocks, so only those learn from it.
    pub ft: Vec<f32>,
    pub ft_bias: Vec<f32>,
    /// `[buckets][2 * hidden]`: for each output bucket, the side to move's accumulator, then
    /// the other side's.
    pub out: Vec<f32>,
    /// `[buckets]`.
    pub out_bias: Vec<f32>,
}

/// A position as the network sees it: the active features of the side to move's and of the
/// other side's perspective.
#[derive(Clone, Copy, Debug)]
pub struct Inputs<'a> {
    pub us: &'a [u16],
    pub them: &'a [u16],
    /// The pieces on the board, which choose the output bucket.
    pub pieces: usize,
}

/// Reproducible uniform numbers in `-1..1` for the initial weights.
fn uniform(state: &mut u64) -> f32 {
    let (next, out) = crate::board::zobrist::splitmix64(*state);
    *state = next;
    ((out >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
}

impl Weights {
    pub fn zeros(shape: Shape) -> Weights {
        let Shape { hidden, inputs, buckets } = shape;
        Weights {
            hidden,
            inputs,
            ft: vec![0.0; inputs.count() * FEATURES * hidden],
            ft_bias: vec![0.0; hidden],
            out: vec![0.0; buckets * 2 * hidden],
            out_bias: vec![0.0; buckets],
        }
    }

    pub fn buckets(&self) -> usize {
        self.out_bias.len()
    }

    pub fn shape(&self) -> Shape {
        Shape { hidden: self.hidden, inputs: self.inputs, buckets: self.buckets() }
    }

    /// Random first-layer weights small enough that a position's sums start inside the
    /// activation's slope (0 to 1), random output weights, zero biases.
    pub fn random(shape: Shape, seed: u64) -> Weights {
        let mut state = seed;
        let mut w = Weights::zeros(shape);
        w.ft.iter_mut().for_each(|x| *x = 0.1 * uniform(&mut state));
        w.ft_bias.iter_mut().for_each(|x| *x = 0.25 + 0.1 * uniform(&mut state));
        let out_scale = 1.0 / (shape.hidden as f32).sqrt();
        w.out.iter_mut().for_each(|x| *x = out_scale * uniform(&mut state));
        w
    }

    /// Every number, in a fixed order, for element-wise work (Adam, sums of gradients).
    fn slices_mut(&mut self) -> [&mut [f32]; 4] {
        [&mut self.ft, &mut self.ft_bias, &mut self.out, &mut self.out_bias]
    }

    pub fn add(&mut self, other: &Weights) {
        let sum = |a: &mut [f32], b: &[f32]| a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        sum(&mut self.ft, &other.ft);
        sum(&mut self.ft_bias, &other.ft_bias);
        sum(&mut self.out, &other.out);
        sum(&mut self.out_bias, &other.out_bias);
    }

    /// The accumulator of one perspective: the bias plus its features' columns.
    fn accumulate(&self, features: &[u16], acc: &mut [f32]) {
        acc.copy_from_slice(&self.ft_bias);
        for &f in features {
            let column = &self.ft[usize::from(f) * self.hidden..][..self.hidden];
            acc.iter_mut().zip(column).for_each(|(a, w)| *a += w);
        }
    }

    /// The output, in units of the file's `SCALE` (`docs/nnue.md` §3): the value is
    /// `output * scale`.
    pub fn output(&self, x: Inputs) -> f32 {
        let mut us = vec![0.0; self.hidden];
        let mut them = vec![0.0; self.hidden];
        self.accumulate(x.us, &mut us);
        self.accumulate(x.them, &mut them);
        self.out_of(&us, &them, self.bucket(x))
    }

    /// The output bucket of `x` (`docs/nnue.md` §3).
    fn bucket(&self, x: Inputs) -> usize {
        bucket(self.buckets(), x.pieces)
    }

    fn out_of(&self, us: &[f32], them: &[f32], b: usize) -> f32 {
        let h = self.hidden;
        let out = &self.out[b * 2 * h..(b + 1) * 2 * h];
        let half = |acc: &[f32], w: &[f32]| acc.iter().zip(w).map(|(&a, &w)| screlu(a) * w).sum::<f32>();
        half(us, &out[..h]) + half(them, &out[h..]) + self.out_bias[b]
    }

    /// Adds to `grad` the gradient of `dloss_dout * output` at `x` (the chain rule's last
    /// factor given), touching only the rows of `x`'s features; returns the output.
    pub fn backward(
        &self,
        x: Inputs,
        grad: &mut Weights,
        dloss: impl FnOnce(f32) -> f32,
        scratch: &mut Scratch,
    ) -> f32 {
        let h = self.hidden;
        scratch.us.resize(h, 0.0);
        scratch.them.resize(h, 0.0);
        self.accumulate(x.us, &mut scratch.us);
        self.accumulate(x.them, &mut scratch.them);
        let b = self.bucket(x);
        let out = self.out_of(&scratch.us, &scratch.them, b);
        let g = dloss(out);
        grad.out_bias[b] += g;
        let base = b * 2 * h;
        for (acc, features, offset) in [(&scratch.us, x.us, base), (&scratch.them, x.them, base + h)] {
            scratch.dacc.clear();
            let (out_grad, out_w) = (&mut grad.out[offset..offset + h], &self.out[offset..offset + h]);
            for ((&a, gw), &w) in acc.iter().zip(out_grad).zip(out_w) {
                *gw += g * screlu(a);
                let slope = if a > 0.0 && a < 1.0 { 2.0 * a } else { 0.0 };
                scratch.dacc.push(g * w * slope);
            }
            grad.ft_bias.iter_mut().zip(&scratch.dacc).for_each(|(b, d)| *b += d);
            for &f in features {
                let row = &mut grad.ft[usize::from(f) * h..][..h];
                row.iter_mut().zip(&scratch.dacc).for_each(|(w, d)| *w += d);
            }
        }
        out
    }

    /// The file's integers: first-layer weights and bias times `QA`, output weights times
    /// `QB`, output bias times `QA * QB`, each rounded; values are `output * scale`.
    pub fn quantise(&self, scale: i32) -> Result<Network, NetError> {
        let q = |x: f32, by: i32| (x * by as f32).round().clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16;
        Network::new(
            scale,
            self.inputs,
            self.ft.iter().map(|&x| q(x, QA)).collect(),
            self.ft_bias.iter().map(|&x| q(x, QA)).collect(),
            self.out.iter().map(|&x| q(x, QB)).collect(),
            self.out_bias.iter().map(|&b| (b * (QA * QB) as f32).round() as i32).collect(),
        )
    }

    /// Keeps the weights where the quantised network can hold them.
    fn clip(&mut self) {
        self.ft.iter_mut().chain(&mut self.ft_bias).for_each(|x| *x = x.clamp(-FT_WEIGHT_LIMIT, FT_WEIGHT_LIMIT));
        self.out.iter_mut().for_each(|x| *x = x.clamp(-OUT_WEIGHT_LIMIT, OUT_WEIGHT_LIMIT));
    }
}

/// Buffers [`Weights::backward`] reuses between positions.
#[derive(Debug, Default)]
pub struct Scratch {
    us: Vec<f32>,
    them: Vec<f32>,
    dacc: Vec<f32>,
}

/// The squared clipped ReLU.
#[inline]
fn screlu(a: f32) -> f32 {
    let c = a.clamp(0.0, 1.0);
    c * c
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Adam (Kingma and Ba, 2015) over every weight.
#[derive(Debug)]
pub struct Adam {
    m: Weights,
    v: Weights,
    t: i32,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

impl Adam {
    pub fn new(shape: Shape) -> Adam {
        Adam { m: Weights::zeros(shape), v: Weights::zeros(shape), t: 0 }
    }

    /// One step of size `rate` against `grad`; the weights are then clipped to what the file
    /// holds.
    pub fn step(&mut self, w: &mut Weights, grad: &mut Weights, rate: f32) {
        self.t += 1;
        let c1 = 1.0 - BETA1.powi(self.t);
        let c2 = 1.0 - BETA2.powi(self.t);
        let [m, v] = [&mut self.m, &mut self.v];
        for ((w, g), (m, v)) in
            w.slices_mut().into_iter().zip(grad.slices_mut()).zip(m.slices_mut().into_iter().zip(v.slices_mut()))
        {
            for i in 0..w.len() {
                m[i] = BETA1 * m[i] + (1.0 - BETA1) * g[i];
                v[i] = BETA2 * v[i] + (1.0 - BETA2) * g[i] * g[i];
                w[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + EPSILON);
            }
        }
        w.clip();
    }
}

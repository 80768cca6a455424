//! `chuhan train`: the network of `docs/nnue.md` fitted to `chuhan datagen`'s records
//! (`docs/datagen.md`) on the CPU.
//!
//! - [`model`]: the network in `f32`, its gradient, Adam, quantisation;
//! - [`curve`]: the loss curve as SVG.
//!
//! Each position's prediction is `sigmoid(K * value)`, `value` the network's output in
//! evaluation units; it aims at `(1 - wdl) * sigmoid(K * score) + wdl * result`, the searched
//! score and the game's result for the side to move, in squared error. `K` is fitted to the
//! data's scores and results first and then held, so the network learns values in the thesis
//! evaluation's units, as the search's margins expect. Every `holdout`-th game validates.

pub mod curve;
pub mod model;

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;

use crate::datagen::record::{self, Record};
use crate::nnue::{Defence, InputBuckets};
use crate::tune::model::fit_scale_of;
use crate::types::{Color, Square};
use model::{Adam, Inputs, Scratch, Shape, Weights, sigmoid};

/// What `chuhan train` is asked to do.
#[derive(Clone, Debug)]
pub struct TrainOptions {
    pub data: Vec<PathBuf>,
    pub out: PathBuf,
    pub hidden: usize,
    pub epochs: u32,
    pub batch: usize,
    /// Adam's step at the start; it falls along a cosine to `rate * final_rate` at the end.
    pub rate: f32,
    pub final_rate: f32,
    /// The result's share of the target (0: the score alone, 1: the result alone).
    pub wdl: f32,
    /// Every `holdout`-th game (by its number) validates; 0: none.
    pub holdout: u32,
    /// The file's `SCALE`: evaluation units per unit of output.
    pub scale: i32,
    pub seed: u64,
    /// Where the loss curve's SVG goes, if anywhere.
    pub curve: Option<PathBuf>,
    pub threads: usize,
    /// Each training position's mirror image (files mirrored) trains too.
    pub mirror: bool,
    /// Output layers, chosen by the pieces on the board (`docs/nnue.md` §3).
    pub buckets: usize,
    /// Blocks of first-layer weights, chosen by each side's king and defenders (§2.1).
    pub inputs: InputBuckets,
}

impl TrainOptions {
    /// The network's dimensions.
    pub fn shape(&self) -> Shape {
        Shape { hidden: self.hidden, inputs: self.inputs, buckets: self.buckets }
    }
}

/// Positions as the network sees them, with their targets.
#[derive(Clone, Debug, Default)]
pub struct Positions {
    /// How each perspective's block of weights is chosen.
    inputs: InputBuckets,
    /// Each position's features: its `n` pieces from the side to move's perspective, then
    /// the same pieces from the other's, each in its perspective's block.
    features: Vec<u16>,
    /// Where each position's features start; one more at the end.
    starts: Vec<usize>,
    /// The searched score (evaluation units) and the result, for the side to move.
    scores: Vec<f32>,
    results: Vec<f32>,
    /// What the prediction aims at ([`Positions::aim`]).
    targets: Vec<f32>,
    /// The pieces on the board, kings included: the game's phase.
    pieces: Vec<u8>,
}

impl Positions {
    /// Positions for a net of one input bucket.
    pub fn new() -> Positions {
        Positions::with_inputs(InputBuckets::Single)
    }

    pub fn with_inputs(inputs: InputBuckets) -> Positions {
        assert!(inputs.count() * crate::nnue::FEATURES <= 1 << 16, "the features are kept as u16");
        Positions { inputs, starts: vec![0], ..Positions::default() }
    }

    pub fn push(&mut self, r: &Record) {
        self.push_seen(r, |sq| sq);
    }

    /// Adds `r`'s left-right mirror image (files mirrored): the same position for the rules,
    /// so the same value, and a second example the network would otherwise have to learn
    /// separately (the features are not symmetric in the files).
    pub fn push_mirrored(&mut self, r: &Record) {
        self.push_seen(r, Square::flip_file);
    }

    fn push_seen(&mut self, r: &Record, see: impl Fn(Square) -> Square) {
        let seen = || r.pieces.iter().map(|&(sq, pc)| (see(sq), pc));
        let view = |perspective: Color| self.inputs.view_with(perspective, Defence::of_pieces(seen(), perspective));
        let (us, them) = (view(r.side_to_move), view(!r.side_to_move));
        self.features.extend(us.active(seen()).chain(them.active(seen())).map(|f| f as u16));
        self.starts.push(self.features.len());
        self.scores.push(f32::from(r.score));
        self.results.push(r.stm_score());
        self.targets.push(r.stm_score());
        self.pieces.push(r.pieces.len() as u8);
    }

    pub fn len(&self) -> usize {
        self.scores.len()
    }

    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    pub fn inputs(&self, i: usize) -> Inputs<'_> {
        let all = &self.features[self.starts[i]..self.starts[i + 1]];
        let (us, them) = all.split_at(all.len() / 2);
        Inputs { us, them, pieces: usize::from(self.pieces[i]) }
    }

    /// Aims position `i` at `(1 - wdl) * sigmoid(k * score) + wdl * result`.
    pub fn aim(&mut self, k: f32, wdl: f32) {
        for ((t, s), r) in self.targets.iter_mut().zip(&self.scores).zip(&self.results) {
            *t = (1.0 - wdl) * sigmoid(k * s) + wdl * r;
        }
    }

    /// The sigmoid scale that best links the scores to the results.
    pub fn fit_k(&self) -> f32 {
        let scores: Vec<f64> = self.scores.iter().map(|&s| f64::from(s)).collect();
        fit_scale_of(&scores, |i| f64::from(self.results[i])) as f32
    }
}

/// The mean squared error of the predictions over `set`, `k` per evaluation unit.
pub fn loss(w: &Weights, set: &Positions, k: f32, scale: f32) -> f64 {
    if set.is_empty() {
        return 0.0;
    }
    let sum: f64 = (0..set.len())
        .into_par_iter()
        .map(|i| f64::from((sigmoid(k * scale * w.output(set.inputs(i))) - set.targets[i]).powi(2)))
        .sum();
    sum / set.len() as f64
}

/// The gradient of the batch's mean squared error, summed over `chunks` in parallel.
fn gradient(w: &Weights, set: &Positions, batch: &[usize], k: f32, scale: f32, threads: usize) -> Weights {
    let chunk = batch.len().div_ceil(threads.max(1)).max(1);
    let n = batch.len() as f32;
    batch
        .par_chunks(chunk)
        .map(|part| {
            let mut grad = Weights::zeros(w.shape());
            let mut scratch = Scratch::default();
            for &i in part {
                let target = set.targets[i];
                w.backward(
                    set.inputs(i),
                    &mut grad,
                    |out| {
                        let p = sigmoid(k * scale * out);
                        2.0 * (p - target) * p * (1.0 - p) * k * scale / n
                    },
                    &mut scratch,
                );
            }
            grad
        })
        .reduce_with(|mut a, b| {
            a.add(&b);
            a
        })
        .unwrap_or_else(|| Weights::zeros(w.shape()))
}

/// The records of the data files, as the network sees them.
pub struct Data {
    pub train: Positions,
    pub validation: Positions,
    /// The thesis evaluation of each validation position, for reference: the loss a network
    /// has to beat.
    pub thesis: Vec<f32>,
    /// Records that could not be decoded or set up, skipped.
    pub bad: usize,
}

/// Reads the records of `paths`: training and validation positions, split by game, as a net
/// of `inputs` sees them; with `mirror`, each training position's mirror image trains too.
pub fn read(paths: &[PathBuf], holdout: u32, mirror: bool, inputs: InputBuckets) -> Result<Data, String> {
    let positions = || Positions::with_inputs(inputs);
    let mut data = Data { train: positions(), validation: positions(), thesis: Vec::new(), bad: 0 };
    for path in paths {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let records =
            record::read_all(std::io::BufReader::new(file)).map_err(|e| format!("{}: {e}", path.display()))?;
        for r in records {
            match r {
                Ok(r) if holdout > 0 && r.game % holdout == holdout - 1 => match r.position() {
                    Ok(pos) => {
                        data.validation.push(&r);
                        data.thesis.push(crate::eval::evaluate(&pos) as f32);
                    }
                    Err(_) => data.bad += 1,
                },
                Ok(r) => {
                    data.train.push(&r);
                    if mirror {
                        data.train.push_mirrored(&r);
                    }
                }
                Err(_) => data.bad += 1,
            }
        }
    }
    Ok(data)
}

/// How close values come to the held-out positions' targets and searched scores, over the
/// positions with a number of pieces in `pieces`: how many, the loss and the mean absolute
/// difference from the score.
pub fn agreement(values: &[f32], set: &Positions, k: f32, pieces: RangeInclusive<u8>) -> (usize, f64, f64) {
    let (mut n, mut loss, mut mae) = (0, 0.0, 0.0);
    for (i, &v) in values.iter().enumerate().filter(|&(i, _)| pieces.contains(&set.pieces[i])) {
        n += 1;
        loss += f64::from((sigmoid(k * v) - set.targets[i]).powi(2));
        mae += f64::from((v - set.scores[i]).abs());
    }
    let n_f = n.max(1) as f64;
    (n, loss / n_f, mae / n_f)
}

/// The phases the held-out report is broken into, by pieces on the board (`docs/nnue.md` §6).
const PHASES: [(&str, RangeInclusive<u8>); 5] =
    [("all", 0..=32), ("27-32", 27..=32), ("20-26", 20..=26), ("12-19", 12..=19), ("2-11", 0..=11)];

/// One epoch's losses, for the curve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochLoss {
    pub epoch: u32,
    pub train: f64,
    pub validation: Option<f64>,
}

/// The trained weights and their record.
pub struct Trained {
    pub weights: Weights,
    pub k: f32,
    pub curve: Vec<EpochLoss>,
}

/// Fits the weights to `train` (and reports the loss on `validation`) as `opts` say; `log`
/// hears a line per epoch.
pub fn fit(
    opts: &TrainOptions,
    train: &mut Positions,
    validation: &mut Positions,
    log: &mut (dyn FnMut(&str) + Send),
) -> Trained {
    let k = train.fit_k();
    train.aim(k, opts.wdl);
    validation.aim(k, opts.wdl);
    let scale = opts.scale as f32;
    let mut w = Weights::random(opts.shape(), opts.seed);
    let mut adam = Adam::new(opts.shape());
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut state = opts.seed ^ 0x5eed;
    let mut curve = Vec::new();
    let validate = |w: &Weights| (!validation.is_empty()).then(|| loss(w, validation, k, scale));
    log(&format!(
        "K = {k:.6} (a lead of 100 scores {:.3}); start: train {:.6}{}",
        sigmoid(100.0 * k),
        loss(&w, train, k, scale),
        validate(&w).map(|v| format!(", validation {v:.6}")).unwrap_or_default()
    ));
    let started = Instant::now();
    for epoch in 1..=opts.epochs {
        // Fisher-Yates with the run's generator: the same seed, the same batches.
        for i in (1..order.len()).rev() {
            let (next, r) = crate::board::zobrist::splitmix64(state);
            state = next;
            order.swap(i, (r % (i as u64 + 1)) as usize);
        }
        let progress = (epoch - 1) as f32 / opts.epochs as f32;
        let rate = opts.rate
            * (opts.final_rate + (1.0 - opts.final_rate) * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos()));
        for batch in order.chunks(opts.batch.max(1)) {
            let mut grad = gradient(&w, train, batch, k, scale, opts.threads);
            adam.step(&mut w, &mut grad, rate);
        }
        let point = EpochLoss { epoch, train: loss(&w, train, k, scale), validation: validate(&w) };
        log(&format!(
            "epoch {epoch}: rate {rate:.6}, train {:.6}{} ({:.1} s)",
            point.train,
            point.validation.map(|v| format!(", validation {v:.6}")).unwrap_or_default(),
            started.elapsed().as_secs_f64()
        ));
        curve.push(point);
    }
    Trained { weights: w, k, curve }
}

/// Reads, trains, quantises and writes the network and its curve.
pub fn run(opts: &TrainOptions, log: &mut (dyn FnMut(&str) + Send)) -> Result<(), String> {
    // The file's rules on the hidden width and the scale, before any work.
    Weights::zeros(opts.shape()).quantise(opts.scale).map_err(|e| e.to_string())?;
    if !(0.0..=1.0).contains(&opts.wdl) {
        return Err("--wdl must be a number from 0 to 1".to_string());
    }
    if !(opts.rate > 0.0 && opts.rate.is_finite() && (0.0..=1.0).contains(&opts.final_rate)) {
        return Err("--rate must be positive, --final-rate from 0 to 1".to_string());
    }
    let started = Instant::now();
    let Data { mut train, mut validation, thesis, bad } = read(&opts.data, opts.holdout, opts.mirror, opts.inputs)?;
    log(&format!(
        "{} positions to train{}, {} to validate ({bad} bad records skipped, {:.1} s)",
        train.len(),
        if opts.mirror { " (half of them mirror images)" } else { "" },
        validation.len(),
        started.elapsed().as_secs_f64()
    ));
    if train.is_empty() {
        return Err("no positions to train on".to_string());
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(opts.threads.max(1)).build().map_err(|e| e.to_string())?;
    let trained = pool.install(|| fit(opts, &mut train, &mut validation, log));
    if !validation.is_empty() {
        let scale = opts.scale as f32;
        let net: Vec<f32> =
            (0..validation.len()).map(|i| scale * trained.weights.output(validation.inputs(i))).collect();
        for (phase, pieces) in PHASES {
            let (n, net_loss, net_mae) = agreement(&net, &validation, trained.k, pieces.clone());
            let (_, thesis_loss, thesis_mae) = agreement(&thesis, &validation, trained.k, pieces);
            log(&format!(
                "held out, {phase} pieces ({n} positions): loss {net_loss:.6} (the thesis evaluation's \
                 {thesis_loss:.6}); mean |value - score| {net_mae:.1} (the thesis evaluation's {thesis_mae:.1})"
            ));
        }
    }
    let net = trained.weights.quantise(opts.scale).map_err(|e| e.to_string())?;
    let bytes = net.write();
    write(&opts.out, &bytes)?;
    let buckets = format!(
        "{}, input buckets {} ({})",
        crate::words::plural(opts.buckets, "output bucket", "output buckets"),
        opts.inputs,
        opts.inputs.count()
    );
    log(&format!(
        "net written to {} (hidden {}, {buckets}, scale {}, {} bytes; {:.1} s in all)",
        opts.out.display(),
        opts.hidden,
        opts.scale,
        bytes.len(),
        started.elapsed().as_secs_f64()
    ));
    if let Some(path) = &opts.curve {
        let name = opts.out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let title = format!("{name}: hidden {}, {buckets}, {} positions", opts.hidden, train.len());
        write(path, curve::render(&trained.curve, &title).as_bytes())?;
        log(&format!("loss curve written to {}", path.display()));
    }
    Ok(())
}

fn write(path: &std::path::Path, bytes: &[u8]) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    std::fs::write(path, bytes).map_err(fail)
}

#[cfg(test)]
mod tests;

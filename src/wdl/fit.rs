//! Fitting the win/draw/loss model on game outcomes (`chuhan wdl fit`): positions of finished
//! games are evaluated by a short fixed-depth search, then the model's four parameters are fitted
//! by gradient descent on the log loss of the actual outcomes. Every `holdout`-th game is kept
//! out of the fit and scores the model against two baselines.

use std::fmt::Write as _;
use std::path::PathBuf;

use rayon::prelude::*;

use super::{MATERIAL_MAX, Model, material, sigmoid};
use crate::board::Position;
use crate::engine::{Engine, Limits};
use crate::pgn;
use crate::types::value::RULE_BOUND;
use crate::types::{Color, Move};

/// The outcome of the game for the side to move in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    /// The side to move's score: 1, ½ or 0.
    fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }
}

/// One evaluated position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The search value for the side to move.
    pub value: f64,
    pub material: u32,
    pub outcome: Outcome,
}

/// A finished game: where it started, its moves, and the winner (`None`: a draw).
pub struct Record {
    pub start: Position,
    pub moves: Vec<Move>,
    pub winner: Option<Color>,
}

/// How positions are taken and evaluated.
#[derive(Clone, Copy, Debug)]
pub struct Sampling {
    /// Search depth of each evaluation.
    pub depth: i32,
    /// Plies skipped at the start of each game (the opening).
    pub skip_plies: usize,
    /// Every `every`-th ply after that is evaluated: neighbouring positions say the same.
    pub every: usize,
}

/// Evaluates the positions of `game` as `how` says. Positions with a decided value (a mate
/// or a rule's verdict found) are left out: the model does not govern them.
pub fn samples(game: &Record, how: Sampling) -> Vec<Sample> {
    let Ok(mut engine) = Engine::new() else { return Vec::new() };
    if engine.set_hash_mb(2).is_err() {
        return Vec::new();
    }
    let limits = Limits { depth: Some(how.depth), ..Limits::default() };
    let mut pos = game.start.clone();
    let mut out = Vec::new();
    for (ply, &mv) in game.moves.iter().enumerate() {
        if ply >= how.skip_plies && (ply - how.skip_plies).is_multiple_of(how.every.max(1)) {
            engine.set_position(pos.clone());
            let r = engine.search(limits.clone(), &mut |_| {});
            if r.best.is_some() && r.value.abs() < RULE_BOUND {
                let stm = pos.side_to_move();
                let outcome = match game.winner {
                    None => Outcome::Draw,
                    Some(c) if c == stm => Outcome::Win,
                    Some(_) => Outcome::Loss,
                };
                out.push(Sample { value: f64::from(r.value), material: material(&pos), outcome });
            }
        }
        if pos.play(mv).is_err() {
            break;
        }
    }
    out
}

/// The samples of all `games`, on `jobs` threads, split into (fit, held out): every
/// `holdout`-th game is held out.
pub fn collect(games: &[Record], how: Sampling, holdout: usize, jobs: usize) -> (Vec<Sample>, Vec<Sample>) {
    let evaluate = || games.par_iter().map(|g| samples(g, how)).collect::<Vec<_>>();
    let per_game = match rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build() {
        Ok(pool) => pool.install(evaluate),
        Err(_) => games.iter().map(|g| samples(g, how)).collect(),
    };
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for (i, s) in per_game.into_iter().enumerate() {
        if holdout > 0 && i % holdout == holdout - 1 { held.extend(s) } else { fit.extend(s) }
    }
    (fit, held)
}

/// What `chuhan wdl fit` reads and how.
#[derive(Clone, Debug)]
pub struct FitOptions {
    /// PGN files, or folders of them.
    pub inputs: Vec<PathBuf>,
    pub sampling: Sampling,
    /// Every `holdout`-th game scores the fit instead of feeding it (at least 2).
    pub holdout: usize,
    /// Threads evaluating games.
    pub jobs: usize,
    /// Read at most this many finished games, spread evenly over the inputs; 0 for all.
    pub max_games: usize,
    /// Steps of gradient descent.
    pub steps: usize,
}

/// Reads the games, evaluates their positions, fits the model and reports the fit, the
/// baselines and the table through `log`, ending with the model as Rust source.
pub fn run(opts: &FitOptions, log: &mut dyn FnMut(&str)) -> Result<(), String> {
    let (games, skipped) = read_games(&opts.inputs, opts.max_games)?;
    let draws = games.iter().filter(|g| g.winner.is_none()).count();
    log(&format!(
        "{} finished games ({} drawn, {:.1}%), {skipped} unreadable or unfinished skipped",
        games.len(),
        draws,
        100.0 * draws as f64 / games.len().max(1) as f64
    ));
    let holdout = opts.holdout.max(2);
    let (train, held) = collect(&games, opts.sampling, holdout, opts.jobs);
    if train.is_empty() || held.is_empty() {
        return Err("too few positions to fit and to score the fit".to_string());
    }
    log(&format!(
        "positions: {} to fit, {} held out (every {holdout}th game), depth {} search each",
        train.len(),
        held.len(),
        opts.sampling.depth
    ));
    let model = fit(&train, super::MODEL, opts.steps);
    let (d, s3) = fit_constant_draw(&train);
    let s = fit_logistic(&train);
    let expected = |x: &Sample| {
        let [w, d, _] = model.probabilities(x.value, x.material);
        w + d / 2.0
    };
    log(&format!(
        "held-out log loss of W/D/L: model {:.4}, logistic with a constant draw rate ({:.1}%, scale {s3:.0}) {:.4}",
        log_loss(&model, &held),
        100.0 * d,
        constant_draw_loss(&held, d, s3)
    ));
    log(&format!(
        "held-out expected-score loss: model {:.4}, draw-less logistic (scale {s:.0}) {:.4}",
        score_loss(&held, expected),
        score_loss(&held, |x| sigmoid(x.value / s))
    ));
    log(&format!("fit log loss of W/D/L: model {:.4}", log_loss(&model, &train)));
    // The table is the pasted model's, rounded as the source holds it, so that it is the one
    // `docs/analysis.md` §1.2 shows (and `tests/docs.rs` checks) for that source.
    let tenths = |x: f64| (x * 10.0).round() / 10.0;
    let pasted = Model { a: model.a.map(tenths), b: model.b.map(tenths) };
    log(&table(&pasted));
    log(&format!(
        "pub const MODEL: Model = Model {{ a: [{:.1}, {:.1}], b: [{:.1}, {:.1}] }};",
        pasted.a[0], pasted.a[1], pasted.b[0], pasted.b[1]
    ));
    Ok(())
}

/// The finished games of `paths` (files, or folders whose `.pgn` files are read at every depth,
/// in name order), and how many games were skipped as unreadable or unfinished. With
/// `max_games`, every k-th file is read so that about that many games come from all over the
/// inputs.
pub fn read_games(paths: &[PathBuf], max_games: usize) -> Result<(Vec<Record>, usize), String> {
    let files = pgn::list_files(paths).map_err(|e| format!("cannot read {e}"))?;
    let stride = if max_games > 0 && files.len() > max_games { files.len() / max_games } else { 1 };
    let (mut games, mut skipped) = (Vec::new(), 0);
    for file in files.iter().step_by(stride) {
        for game in pgn::read_file(file).games {
            match game {
                Ok(pgn::Game { start, moves, result: Some(result), .. }) => {
                    games.push(Record { start, moves, winner: result.winner })
                }
                _ => skipped += 1,
            }
        }
    }
    Ok((games, skipped))
}

/// Probabilities below this count as this: one surprising outcome must not dominate a loss.
const FLOOR: f64 = 1e-6;

/// The mean log loss of the outcomes under `model`.
pub fn log_loss(model: &Model, samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = model.probabilities(s.value, s.material);
            -p[outcome_index(s.outcome)].max(FLOOR).ln()
        })
        .sum();
    total / samples.len().max(1) as f64
}

fn outcome_index(o: Outcome) -> usize {
    match o {
        Outcome::Win => 0,
        Outcome::Draw => 1,
        Outcome::Loss => 2,
    }
}

/// The mean cross-entropy of the expected scores (the Texel tuner's measure): `-(r ln E +
/// (1 - r) ln (1 - E))` with `r` the actual score and `E` what `expected` predicts from a sample.
pub fn score_loss(samples: &[Sample], expected: impl Fn(&Sample) -> f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let (r, e) = (s.outcome.score(), expected(s).clamp(FLOOR, 1.0 - FLOOR));
            -(r * e.ln() + (1.0 - r) * (1.0 - e).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Fits the model by Adam on the mean log loss, from `start`, the gradient taken exactly.
pub fn fit(samples: &[Sample], start: Model, steps: usize) -> Model {
    let mut theta = [start.a[0], start.a[1], start.b[0], start.b[1]];
    let (mut m, mut v) = ([0.0; 4], [0.0; 4]);
    let (beta1, beta2, eps) = (0.9, 0.999, 1e-8);
    for step in 1..=steps {
        let mut grad = [0.0; 4];
        for s in samples {
            let x = f64::from(s.material.min(MATERIAL_MAX)) / f64::from(MATERIAL_MAX);
            let a = theta[0] + theta[1] * x;
            let b = theta[2] + theta[3] * x;
            if a < 0.0 || b < 1.0 {
                continue;
            }
            let w = sigmoid((s.value - a) / b);
            let l = sigmoid((-s.value - a) / b);
            // d/da and d/db of P(win) and P(loss).
            let (dw_da, dw_db) = (-w * (1.0 - w) / b, -w * (1.0 - w) * (s.value - a) / (b * b));
            let (dl_da, dl_db) = (-l * (1.0 - l) / b, -l * (1.0 - l) * (-s.value - a) / (b * b));
            let (p, dp_da, dp_db) = match s.outcome {
                Outcome::Win => (w, dw_da, dw_db),
                Outcome::Loss => (l, dl_da, dl_db),
                Outcome::Draw => (1.0 - w - l, -dw_da - dl_da, -dw_db - dl_db),
            };
            let k = -1.0 / p.max(FLOOR);
            grad[0] += k * dp_da;
            grad[1] += k * dp_da * x;
            grad[2] += k * dp_db;
            grad[3] += k * dp_db * x;
        }
        let rate = 2.0 * (1.0 - step as f64 / steps as f64) + 0.05;
        for i in 0..4 {
            let g = grad[i] / samples.len().max(1) as f64;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let (mh, vh) = (m[i] / (1.0 - beta1.powi(step as i32)), v[i] / (1.0 - beta2.powi(step as i32)));
            theta[i] -= rate * mh / (vh.sqrt() + eps);
        }
    }
    Model { a: [theta[0], theta[1]], b: [theta[2], theta[3]] }
}

/// The `x` in `lo..hi` minimising a function with one valley (golden-section search).
fn minimise(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..80 {
        let (x1, x2) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if f(x1) < f(x2) { hi = x2 } else { lo = x1 }
    }
    (lo + hi) / 2.0
}

/// The draw-less logistic `E = 1 / (1 + exp(-v / s))` fitted on the expected-score loss: its
/// scale `s`.
pub fn fit_logistic(samples: &[Sample]) -> f64 {
    minimise(|s| score_loss(samples, |x| sigmoid(x.value / s)), 10.0, 5000.0)
}

/// A logistic with a constant draw rate `d`: win `(1 - d) σ(v / s)`, loss `(1 - d) σ(-v / s)`;
/// `d` the draw rate of `samples`, `s` fitted on the log loss.
pub fn fit_constant_draw(samples: &[Sample]) -> (f64, f64) {
    let draws = samples.iter().filter(|s| s.outcome == Outcome::Draw).count();
    let d = draws as f64 / samples.len().max(1) as f64;
    let s = minimise(|s| constant_draw_loss(samples, d, s), 10.0, 5000.0);
    (d, s)
}

pub fn constant_draw_loss(samples: &[Sample], d: f64, s: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|x| {
            let w = sigmoid(x.value / s);
            let p = match x.outcome {
                Outcome::Win => (1.0 - d) * w,
                Outcome::Draw => d,
                Outcome::Loss => (1.0 - d) * (1.0 - w),
            };
            -p.max(FLOOR).ln()
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The table of chances per evaluation at a few materials, as `docs/analysis.md` §1.2 shows it.
pub fn table(model: &Model) -> String {
    let mut out = String::from("| eval | m = 16 (opening) W/D/L | m = 8 W/D/L | m = 3 (ending) W/D/L |\n");
    out.push_str("|---:|---|---|---|\n");
    for v in [0, 50, 100, 150, 200, 300, 500, 800] {
        let _ = write!(out, "| {v:+} |");
        for m in [16, 8, 3] {
            let w = model.wdl(v, m);
            let _ = write!(out, " {} / {} / {} |", w.win, w.draw, w.loss);
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SplitMix64: reproducible uniform numbers in 0..1.
    struct Uniform(u64);

    impl Uniform {
        fn next(&mut self) -> f64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (z ^ (z >> 31)) as f64 / u64::MAX as f64
        }
    }

    /// Outcomes drawn from a known model are fitted back to it, and the fit beats both
    /// baselines on fresh draws from the same model.
    #[test]
    fn fit_recovers_a_known_model() {
        let truth = Model { a: [60.0, 140.0], b: [40.0, 60.0] };
        let mut rng = Uniform(7);
        let mut draw = |n: usize| -> Vec<Sample> {
            (0..n)
                .map(|_| {
                    let value = -600.0 + 1200.0 * rng.next();
                    let material = ((f64::from(MATERIAL_MAX) + 1.0) * rng.next()).min(f64::from(MATERIAL_MAX)) as u32;
                    let [w, d, _] = truth.probabilities(value, material);
                    let u = rng.next();
                    let outcome = if u < w {
                        Outcome::Win
                    } else if u < w + d {
                        Outcome::Draw
                    } else {
                        Outcome::Loss
                    };
                    Sample { value, material, outcome }
                })
                .collect()
        };
        let (train, test) = (draw(20_000), draw(5_000));
        let fitted = fit(&train, Model { a: [100.0, 0.0], b: [100.0, 0.0] }, 600);
        for (got, want) in [(fitted.a[0], 60.0), (fitted.a[1], 140.0), (fitted.b[0], 40.0), (fitted.b[1], 60.0)] {
            assert!((got - want).abs() < 25.0, "{fitted:?}");
        }
        let (d, s) = fit_constant_draw(&train);
        assert!(log_loss(&fitted, &test) < constant_draw_loss(&test, d, s) - 0.02);
        let s = fit_logistic(&train);
        let model_score = score_loss(&test, |x| {
            let [w, d, _] = fitted.probabilities(x.value, x.material);
            w + d / 2.0
        });
        assert!(model_score < score_loss(&test, |x| sigmoid(x.value / s)));
    }

    #[test]
    fn samples_follow_the_side_to_move() {
        // Red wins: positions with Red to move are wins, Black to move losses.
        let game = Record {
            start: Position::startpos(),
            moves: ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"].iter().map(|m| Move::parse(m).expect("ICCS")).collect(),
            winner: Some(Color::Red),
        };
        let s = samples(&game, Sampling { depth: 2, skip_plies: 1, every: 2 });
        let outcomes: Vec<Outcome> = s.iter().map(|s| s.outcome).collect();
        assert_eq!(outcomes, [Outcome::Loss, Outcome::Loss]);
        assert!(s.iter().all(|s| s.material == MATERIAL_MAX && s.value.abs() < 300.0), "{s:?}");
    }
}

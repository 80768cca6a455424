//! The fit: the expected score of a position is `sigmoid(K * eval)`, eval linear in the
//! weights; the loss is the mean squared difference from the targets (the game results, or
//! their blend with searched scores).

use super::data::Dataset;

use crate::wdl::sigmoid;

/// The mean squared error of the predictions for `data` with weights `w` and scale `k`.
pub fn loss(data: &Dataset, w: &[f64], k: f64) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let sum: f64 = (0..data.len()).map(|i| (sigmoid(k * data.eval(i, w)) - data.target(i)).powi(2)).sum();
    sum / data.len() as f64
}

/// The loss, and its gradient with respect to the weights written into `grad`.
pub fn gradient(data: &Dataset, w: &[f64], k: f64, grad: &mut [f64]) -> f64 {
    grad.fill(0.0);
    if data.is_empty() {
        return 0.0;
    }
    let n = data.len() as f64;
    let mut sum = 0.0;
    for i in 0..data.len() {
        let s = sigmoid(k * data.eval(i, w));
        let error = s - data.target(i);
        sum += error * error;
        // d/dw (s - r)^2 = 2 (s - r) s (1 - s) K a
        let d = 2.0 * error * s * (1.0 - s) * k / n;
        for (slot, a) in data.terms(i) {
            grad[slot] += d * a;
        }
    }
    sum / n
}

/// Adds the gradient of the penalty `l2 * sum((w - prior)^2)`, which keeps weights the data
/// says little about near their prior values.
pub fn add_penalty(grad: &mut [f64], w: &[f64], prior: &[f64], l2: f64) {
    for ((g, &x), &p) in grad.iter_mut().zip(w).zip(prior) {
        *g += 2.0 * l2 * (x - p);
    }
}

/// The scale `K` that best fits the results with weights `w`: the link between evaluation
/// units and expected score, fitted before the weights so that they keep their units.
pub fn fit_scale(data: &Dataset, w: &[f64]) -> f64 {
    let evals: Vec<f64> = (0..data.len()).map(|i| data.eval(i, w)).collect();
    fit_scale_of(&evals, |i| data.result(i))
}

/// The scale `K` for which `sigmoid(K * evals[i])` best fits `result(i)` in squared error.
pub fn fit_scale_of(evals: &[f64], result: impl Fn(usize) -> f64) -> f64 {
    let error = |log_k: f64| {
        let k = f64::exp(log_k);
        evals.iter().enumerate().map(|(i, e)| (sigmoid(k * e) - result(i)).powi(2)).sum::<f64>()
    };
    // Golden-section search on ln K between 1e-5 and 1: one minimum in any sensible data.
    let (mut lo, mut hi) = (f64::ln(1e-5), 0.0);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..80 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    f64::exp((lo + hi) / 2.0)
}

/// Adam (Kingma and Ba, 2015) with its usual constants: each weight moves by up to about
/// `rate` evaluation units per step, whatever the size of its gradient, so rare and common
/// features learn at the same pace.
pub struct Adam {
    rate: f64,
    m: Vec<f64>,
    v: Vec<f64>,
    steps: i32,
}

impl Adam {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-8;

    pub fn new(rate: f64, len: usize) -> Adam {
        Adam { rate, m: vec![0.0; len], v: vec![0.0; len], steps: 0 }
    }

    pub fn step(&mut self, w: &mut [f64], grad: &[f64]) {
        self.steps += 1;
        let (c1, c2) = (1.0 - Self::BETA1.powi(self.steps), 1.0 - Self::BETA2.powi(self.steps));
        for (((w, &g), m), v) in w.iter_mut().zip(grad).zip(&mut self.m).zip(&mut self.v) {
            *m = Self::BETA1 * *m + (1.0 - Self::BETA1) * g;
            *v = Self::BETA2 * *v + (1.0 - Self::BETA2) * g * g;
            *w -= self.rate * (*m / c1) / ((*v / c2).sqrt() + Self::EPSILON);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::eval::weights;

    fn tiny_set() -> Dataset {
        let mut data = Dataset::new();
        // Red a rook up wins, Black a rook up wins, the level start position is drawn.
        for (fen, result) in [
            ("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", 1.0),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w", 0.0),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", 0.5),
            ("2bakab2/9/9/4p4/9/4N4/4P4/9/9/2BAKAB2 b", 1.0),
        ] {
            data.push(&Position::from_fen(fen).expect("valid"), result, None);
        }
        data
    }

    #[test]
    fn the_scale_fits_and_the_steps_lower_the_loss() {
        let data = tiny_set();
        let mut w: Vec<f64> = weights::current().into_iter().map(f64::from).collect();
        let k = fit_scale(&data, &w);
        assert!(k > 1e-5 && k < 1.0, "{k}");
        // The fitted scale is a minimum: both neighbours do worse.
        let at = loss(&data, &w, k);
        assert!(at <= loss(&data, &w, k * 1.1) && at <= loss(&data, &w, k / 1.1));

        let mut grad = vec![0.0; w.len()];
        let mut adam = Adam::new(1.0, w.len());
        let before = gradient(&data, &w, k, &mut grad);
        assert!((before - at).abs() < 1e-12);
        for _ in 0..20 {
            gradient(&data, &w, k, &mut grad);
            adam.step(&mut w, &grad);
        }
        let after = loss(&data, &w, k);
        assert!(after < before, "{after} >= {before}");
    }

    #[test]
    fn the_gradient_is_the_slope_of_the_loss() {
        let data = tiny_set();
        let w: Vec<f64> = weights::current().into_iter().map(f64::from).collect();
        let k = 0.01;
        let mut grad = vec![0.0; w.len()];
        gradient(&data, &w, k, &mut grad);
        let slot = weights::Weight::PieceValue(crate::types::PieceKind::Rook).slots().0;
        let h = 1e-3;
        let mut up = w.clone();
        up[slot] += h;
        let mut down = w.clone();
        down[slot] -= h;
        let numeric = (loss(&data, &up, k) - loss(&data, &down, k)) / (2.0 * h);
        assert!(grad[slot] != 0.0);
        assert!((numeric - grad[slot]).abs() < 1e-6 * grad[slot].abs().max(1e-6), "{numeric} vs {}", grad[slot]);
    }
}

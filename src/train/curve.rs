//! The loss curve of a training run: the training and validation losses after each epoch.

use super::EpochLoss;
use crate::diagram::{LineChart, Series};

/// The curve as an SVG document.
pub fn render(curve: &[EpochLoss], title: &str) -> String {
    let train = curve.iter().map(|p| (f64::from(p.epoch), p.train)).collect();
    let validation: Vec<(f64, f64)> =
        curve.iter().filter_map(|p| p.validation.map(|v| (f64::from(p.epoch), v))).collect();
    let mut series = vec![Series { name: "training".into(), colour: "#17365d", points: train }];
    if !validation.is_empty() {
        series.push(Series { name: "validation (held-out games)".into(), colour: "#d01c1c", points: validation });
    }
    LineChart {
        title: title.to_string(),
        x_label: "epoch".into(),
        y_label: "mean squared error of the predicted score".into(),
        series,
    }
    .render()
}

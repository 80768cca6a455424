//! `chuhan tune`: fits the evaluation weights to game results (Texel's method) and writes them
//! as the Rust source of `src/tapered/tuned.rs`.
//!
//! - [`data`]: quiet positions from game records, and each position's evaluation as a linear
//!   form in the weights, collected by the engine's own term code (`eval::weights`);
//! - [`model`]: the fit of the scale `K` and the descent (Adam) on the mean squared error between
//!   `sigmoid(K * eval)` and the results;
//! - [`emit`]: the source text.
//!
//! `K` is fitted first with the current weights and then held, so the tuned weights keep the
//! evaluation's units (a horse about 100). The game phase, the exchange classes and the palace
//! attack units stay as they are: the evaluation is not linear in them.

pub mod data;
pub mod emit;
pub mod model;

use std::path::PathBuf;
use std::time::Instant;

use crate::eval::weights::{self, Table, locate};
use data::{Collected, Extraction};
use model::Adam;

/// What `chuhan tune` is asked to do.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// Game records (`.pgn`) and position lists (any other name, `<FEN> ; <result>` lines).
    pub inputs: Vec<PathBuf>,
    /// Where the source of the tuned weights goes.
    pub out: PathBuf,
    /// Where the positions used go, as a position list, if anywhere.
    pub save_positions: Option<PathBuf>,
    pub epochs: u32,
    /// Adam's step: about the most a weight moves per epoch, in evaluation units.
    pub rate: f64,
    /// The penalty on each weight's squared change from its starting value, against the summed
    /// squared error over the positions: it keeps what a small data set says little about where
    /// it was.
    pub l2: f64,
    /// The tables fitted, by name; empty: all of them. The others keep their values.
    pub only: Vec<String>,
    /// The weight of a move's searched score (its PGN comment) against the game's result in
    /// what a position's prediction aims at, 0 to 1 ([`data::Dataset::blend`]).
    pub lambda: f64,
    pub extraction: Extraction,
}

/// Why tuning stopped.
#[derive(Debug)]
pub enum TuneError {
    /// Unreadable or malformed input, or no positions: the user's to fix.
    Input(String),
    /// The results could not be written.
    Output(String),
}

impl std::fmt::Display for TuneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TuneError::Input(e) | TuneError::Output(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for TuneError {}

/// Weights whose change is listed at the end.
const CHANGES_SHOWN: usize = 16;

/// Reads the inputs, tunes, and writes the weights; `log` receives the progress lines.
pub fn run(opts: &TuneOptions, log: &mut dyn FnMut(&str)) -> Result<(), TuneError> {
    if !(opts.rate.is_finite() && opts.rate > 0.0) {
        return Err(TuneError::Input("--rate must be a positive number".to_string()));
    }
    if !(opts.l2.is_finite() && opts.l2 >= 0.0) {
        return Err(TuneError::Input("--l2 must be zero or a positive number".to_string()));
    }
    if !(0.0..=1.0).contains(&opts.lambda) {
        return Err(TuneError::Input("--lambda must be a number from 0 to 1".to_string()));
    }
    let fitted = fitted_slots(&opts.only)?;
    let started = Instant::now();
    let mut set = Collected::new(opts.save_positions.is_some());
    let mut skipped = 0;
    for path in &opts.inputs {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| TuneError::Input(format!("cannot read {name}: {e}")))?;
        // Game files (by name, or XQF by content) in any format; position lists are ASCII.
        if crate::pgn::is_game_file(path) || crate::pgn::is_xqf(&bytes) {
            let games = crate::pgn::read_bytes(path, &bytes).games;
            for error in set.read_games(&name, games, opts.extraction) {
                log(&format!("skipped {error}"));
                skipped += 1;
            }
        } else {
            let (text, _) = crate::pgn::decode(&bytes);
            set.read_positions(&name, &text, opts.extraction.holdout).map_err(TuneError::Input)?;
        }
    }
    log(&format!(
        "{} games ({skipped} skipped, {} without a result, {} ended off the board), {} positions: {} to fit, {} to \
         validate ({:.1} s)",
        set.games,
        set.unfinished,
        set.off_the_board,
        set.train.len() + set.validation.len(),
        set.train.len(),
        set.validation.len(),
        started.elapsed().as_secs_f64()
    ));
    if set.train.is_empty() {
        return Err(TuneError::Input("no positions to fit".to_string()));
    }
    if let (Some(path), Some(text)) = (&opts.save_positions, &set.saved) {
        write(path, text)?;
        log(&format!("positions written to {}", path.display()));
    }

    let start = weights::current();
    let prior: Vec<f64> = start.iter().map(|&x| f64::from(x)).collect();
    let mut w = prior.clone();
    // K links evaluation units to results; it then also turns the searched scores into the
    // same expected scores.
    let k = model::fit_scale(&set.train, &w);
    if opts.lambda > 0.0 {
        let expected = |score: f64| crate::wdl::sigmoid(k * score);
        set.train.blend(expected, opts.lambda);
        set.validation.blend(expected, opts.lambda);
        log(&format!(
            "targets: {:.0}% result, {:.0}% searched score ({} of {} positions scored)",
            100.0 * (1.0 - opts.lambda),
            100.0 * opts.lambda,
            set.train.scored() + set.validation.scored(),
            set.train.len() + set.validation.len()
        ));
    }
    let train = &set.train;
    // The held-out loss, when there are held-out positions.
    let validation = |w: &[f64]| {
        if set.validation.is_empty() {
            String::new()
        } else {
            format!(", validation {:.6}", model::loss(&set.validation, w, k))
        }
    };
    log(&format!("K = {k:.6}: a lead of 100 scores {:.3}", crate::wdl::sigmoid(100.0 * k)));
    log(&format!("start: loss {:.6}{}", model::loss(train, &w, k), validation(&w)));

    let mut adam = Adam::new(opts.rate, w.len());
    let mut grad = vec![0.0; w.len()];
    let tuning = Instant::now();
    for epoch in 1..=opts.epochs {
        let loss = model::gradient(train, &w, k, &mut grad);
        // The loss is a mean over positions: the penalty is divided the same way.
        model::add_penalty(&mut grad, &w, &prior, opts.l2 / train.len() as f64);
        // A held weight has no gradient, so Adam never moves it.
        grad.iter_mut().zip(&fitted).filter(|(_, fit)| !**fit).for_each(|(g, _)| *g = 0.0);
        adam.step(&mut w, &grad);
        // The loss is the one before this epoch's step; the validation loss the one after.
        log(&format!("epoch {epoch}: loss {loss:.6}{}", validation(&w)));
    }

    let rounded: Vec<i32> = w.iter().map(|&x| x.round() as i32).collect();
    let as_f64: Vec<f64> = rounded.iter().map(|&x| f64::from(x)).collect();
    log(&format!(
        "rounded: loss {:.6}{} ({} epochs in {:.1} s)",
        model::loss(train, &as_f64, k),
        validation(&as_f64),
        opts.epochs,
        tuning.elapsed().as_secs_f64()
    ));
    let mut changes: Vec<(usize, i32)> = (0..rounded.len()).map(|i| (i, rounded[i] - start[i])).collect();
    changes.sort_by_key(|&(i, d)| (-d.abs(), i));
    for &(slot, d) in changes.iter().take(CHANGES_SHOWN).filter(|&&(_, d)| d != 0) {
        if let Some((table, i)) = locate(slot) {
            log(&format!("  {:<28} {:>5} -> {:>5} ({d:+})", table.entry_name(i), start[slot], rounded[slot]));
        }
    }
    write(&opts.out, &emit::rust_source(&rounded))?;
    log(&format!(
        "weights written to {}: copy it to src/tapered/tuned.rs and rebuild to use them ({:.1} s in all)",
        opts.out.display(),
        started.elapsed().as_secs_f64()
    ));
    Ok(())
}

/// Which slots of the flat weight vector are fitted: those of the tables named in `only`, or
/// all when it is empty.
fn fitted_slots(only: &[String]) -> Result<Vec<bool>, TuneError> {
    let mut fitted = vec![only.is_empty(); Table::SCALARS];
    for name in only {
        let table = Table::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| TuneError::Input(format!("--only: no weight table named {name}")))?;
        fitted[table.offset()..table.offset() + table.size()].fill(true);
    }
    Ok(fitted)
}

fn write(path: &std::path::Path, text: &str) -> Result<(), TuneError> {
    let fail = |e: std::io::Error| TuneError::Output(format!("cannot write {}: {e}", path.display()));
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    std::fs::write(path, text).map_err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_fits_the_named_tables() {
        assert_eq!(fitted_slots(&[]).expect("all"), vec![true; Table::SCALARS]);
        let fitted = fitted_slots(&["safe_check".to_string(), " TEMPO".to_string()]).expect("known tables");
        for (slot, &fit) in fitted.iter().enumerate() {
            let table = locate(slot).map(|(t, _)| t);
            assert_eq!(fit, matches!(table, Some(Table::SafeCheck | Table::Tempo)), "slot {slot}");
        }
        assert_eq!(fitted.iter().filter(|&&f| f).count(), Table::SafeCheck.size() + Table::Tempo.size());
        assert!(fitted_slots(&["ROOK".to_string(), "PINS".to_string()]).is_err());
    }
}

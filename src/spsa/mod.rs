//! `chuhan spsa`: tunes the search's parameters (`search::params::TUNABLES`) by simultaneous
//! perturbation stochastic approximation, the method of fishtest and OpenBench
//! (`docs/tuning.md` §12).
//!
//! Each step `k` flips a coin for every parameter, plays a pair of games (one opening, colours
//! swapped) between an engine with every parameter moved by `+c_k` in its coin's direction and
//! one moved by `-c_k`, and moves each parameter towards the side that scored, by `R_k * c_k`
//! per point of the pair's wins minus losses. The gains fall as the steps go: `c_k = c /
//! k^0.101`, `a_k = a / (A + k)^0.602` with `A` a tenth of the steps, `R_k = a_k / c_k^2`; `c`
//! and `a` are set so that at the last step `c_k` is the parameter's `c_end` and `R_k` its
//! `r_end`. The state (the step reached and each parameter's value) is a small text file
//! written after every pair, so a stopped run resumes where it was.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;

use crate::arena::client::{EngineSpec, Protocol};
use crate::arena::game::{self, GameConfig, Seat};
use crate::arena::openings::Opening;
use crate::board::MoveLimit;
use crate::board::zobrist::splitmix64;
use crate::cluster::write_atomic;
use crate::game::Budget;
use crate::search::params::TUNABLES;
use crate::types::{ByColor, Color};

const ALPHA: f64 = 0.602;
const GAMMA: f64 = 0.101;

/// One parameter being tuned.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    /// The current estimate; engines are sent it rounded.
    pub value: f64,
    pub min: i32,
    pub max: i32,
    /// The perturbation at the last step.
    pub c_end: f64,
    /// The learning rate at the last step.
    pub r_end: f64,
}

impl Param {
    /// Every tunable parameter at its default, `c_end` a twentieth of its range (at least 1)
    /// and `r_end` fishtest's usual 0.002.
    pub fn defaults() -> Vec<Param> {
        TUNABLES
            .iter()
            .map(|t| Param {
                name: t.name.to_string(),
                value: f64::from(t.default),
                min: t.min,
                max: t.max,
                c_end: (f64::from(t.max - t.min) / 20.0).max(1.0),
                r_end: 0.002,
            })
            .collect()
    }

    /// The value an engine is sent for `value`: rounded, within the range.
    fn sent(&self, value: f64) -> i32 {
        (value.round() as i32).clamp(self.min, self.max)
    }
}

/// The state of a run: how many steps of how many are done, and the parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub steps: u64,
    pub done: u64,
    pub params: Vec<Param>,
}

impl State {
    pub fn new(steps: u64, params: Vec<Param>) -> State {
        State { steps, done: 0, params }
    }

    /// `c_k` and `R_k` of parameter `p` at step `k` (from 1).
    pub fn gains(&self, p: &Param, k: u64) -> (f64, f64) {
        let n = self.steps as f64;
        let big_a = 0.1 * n;
        let c = p.c_end * n.powf(GAMMA);
        let a = p.r_end * p.c_end * p.c_end * (big_a + n).powf(ALPHA);
        let c_k = c / (k as f64).powf(GAMMA);
        let a_k = a / (big_a + k as f64).powf(ALPHA);
        (c_k, a_k / (c_k * c_k))
    }

    /// The coin of each parameter at step `k` of a run seeded `seed`: `true` for `+`.
    pub fn flips(&self, seed: u64, k: u64) -> Vec<bool> {
        let mut state = seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.params
            .iter()
            .map(|_| {
                let (next, out) = splitmix64(state);
                state = next;
                out >> 63 == 1
            })
            .collect()
    }

    /// The values the `+` and the `-` engine of step `k` are sent.
    pub fn perturbed(&self, flips: &[bool], k: u64) -> [Vec<(String, i32)>; 2] {
        [1.0, -1.0].map(|sign| {
            self.params
                .iter()
                .zip(flips)
                .map(|(p, &up)| {
                    let (c_k, _) = self.gains(p, k);
                    let shift = if up { c_k } else { -c_k };
                    (p.name.clone(), p.sent(p.value + sign * shift))
                })
                .collect()
        })
    }

    /// Moves each parameter by the result of step `k`: the `+` engine's wins minus losses.
    pub fn update(&mut self, flips: &[bool], k: u64, result: i32) {
        let gains: Vec<(f64, f64)> = self.params.iter().map(|p| self.gains(p, k)).collect();
        for ((p, (c_k, r_k)), &up) in self.params.iter_mut().zip(gains).zip(flips) {
            let direction = if up { 1.0 } else { -1.0 };
            p.value = (p.value + r_k * c_k * f64::from(result) * direction).clamp(f64::from(p.min), f64::from(p.max));
        }
        self.done += 1;
    }

    /// The state file: `steps N`, `done K`, then `NAME VALUE MIN MAX C_END R_END` a line.
    pub fn to_text(&self) -> String {
        let mut out = format!("# chuhan spsa state (docs/tuning.md §12)\nsteps {}\ndone {}\n", self.steps, self.done);
        for p in &self.params {
            let _ = writeln!(out, "{} {:.4} {} {} {} {}", p.name, p.value, p.min, p.max, p.c_end, p.r_end);
        }
        out
    }

    pub fn parse(text: &str) -> Result<State, String> {
        let (mut steps, mut done, mut params) = (None, None, Vec::new());
        for (n, line) in text.lines().enumerate().map(|(n, l)| (n + 1, l.trim())) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let bad = || format!("line {n}: '{line}' is not a line of a state file");
            match words[..] {
                ["steps", v] => steps = Some(v.parse::<u64>().map_err(|_| bad())?),
                ["done", v] => done = Some(v.parse::<u64>().map_err(|_| bad())?),
                [name, value, min, max, c_end, r_end] => {
                    let param = (|| {
                        Some(Param {
                            name: TUNABLES.iter().find(|t| t.name.eq_ignore_ascii_case(name))?.name.to_string(),
                            value: value.parse().ok()?,
                            min: min.parse().ok()?,
                            max: max.parse().ok()?,
                            c_end: c_end.parse().ok().filter(|c: &f64| *c > 0.0)?,
                            r_end: r_end.parse().ok().filter(|r: &f64| *r > 0.0)?,
                        })
                    })()
                    .ok_or_else(|| {
                        format!("line {n}: '{line}': a known parameter, its value, range, c_end and r_end")
                    })?;
                    params.push(param);
                }
                _ => return Err(bad()),
            }
        }
        let steps = steps.filter(|&s| s > 0).ok_or("no 'steps N' line (N above 0)")?;
        if params.is_empty() {
            return Err("no parameter to tune".into());
        }
        Ok(State { steps, done: done.unwrap_or(0).min(steps), params })
    }
}

/// What a run needs besides its state.
#[derive(Clone, Debug)]
pub struct Run {
    /// The engine tuned; both engines of a pair are it, with other values.
    pub engine: EngineSpec,
    pub limit: Budget,
    pub openings: Vec<Opening>,
    pub concurrency: usize,
    pub seed: u64,
    pub move_limit: MoveLimit,
}

/// The `setoption` line that sends a parameter's value in the engine's protocol.
fn setoption(protocol: Protocol, name: &str, value: i32) -> String {
    match protocol {
        Protocol::Uci => format!("setoption name {name} value {value}"),
        Protocol::Ucci => format!("setoption {name} {value}"),
    }
}

/// Plays the steps left of `state`, saving it to `path` after each, and calls `report` with
/// the state after each step. Returns the final state, or the reason the state file could not
/// be written.
pub fn run(run: &Run, state: State, path: &Path, report: &(dyn Fn(&State) + Sync)) -> Result<State, String> {
    let next = AtomicU64::new(state.done + 1);
    let shared = Mutex::new((state, None::<String>));
    thread::scope(|scope| {
        for _ in 0..run.concurrency.max(1) {
            scope.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let (values, flips) = {
                        let guard = shared.lock().unwrap_or_else(|e| e.into_inner());
                        if k > guard.0.steps || guard.1.is_some() {
                            return;
                        }
                        let flips = guard.0.flips(run.seed, k);
                        (guard.0.perturbed(&flips, k), flips)
                    };
                    let result = play_pair(run, &values, k);
                    let mut guard = shared.lock().unwrap_or_else(|e| e.into_inner());
                    guard.0.update(&flips, k, result);
                    if let Err(e) = write_atomic(path, guard.0.to_text().as_bytes()) {
                        guard.1 = Some(format!("{}: {e}", path.display()));
                        return;
                    }
                    report(&guard.0);
                }
            });
        }
    });
    let (state, error) = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    error.map_or(Ok(state), Err)
}

/// Plays step `k`'s pair: the `+` engine (`values[0]`) as Red then as Black against the `-`
/// engine. Returns the `+` engine's wins minus losses.
fn play_pair(run: &Run, values: &[Vec<(String, i32)>; 2], k: u64) -> i32 {
    let spec = |vals: &[(String, i32)], tag: &str| {
        let mut spec = run.engine.clone();
        spec.init.extend(vals.iter().map(|(name, v)| setoption(spec.protocol, name, *v)));
        spec.name = Some(format!("spsa{tag}"));
        spec
    };
    let (plus, minus) = (spec(&values[0], "+"), spec(&values[1], "-"));
    let (mut a, mut b) = (Seat::new(&plus), Seat::new(&minus));
    let opening = &run.openings[((k - 1) as usize) % run.openings.len()];
    let cfg = GameConfig { limits: ByColor::new(run.limit, run.limit), max_plies: None, move_limit: run.move_limit };
    let mut score = 0;
    for plus_is_red in [true, false] {
        let (order, names, plus_color) = if plus_is_red {
            (ByColor::new(&mut a, &mut b), ByColor::new("spsa+".to_string(), "spsa-".to_string()), Color::Red)
        } else {
            (ByColor::new(&mut b, &mut a), ByColor::new("spsa-".to_string(), "spsa+".to_string()), Color::Black)
        };
        let game_number = (2 * k + u64::from(!plus_is_red)) as usize;
        let record = game::play(order, names, opening, &cfg, game_number);
        score += match record.result.winner {
            Some(c) if c == plus_color => 1,
            Some(_) => -1,
            None => 0,
        };
    }
    a.retire();
    b.retire();
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(value: f64) -> State {
        let p = Param { name: "RFP_MARGIN".into(), value, min: 20, max: 160, c_end: 7.0, r_end: 0.002 };
        State::new(1000, vec![p])
    }

    #[test]
    fn the_gains_end_at_c_end_and_r_end() {
        let s = one(60.0);
        let (c, r) = s.gains(&s.params[0], 1000);
        assert!((c - 7.0).abs() < 1e-9 && (r - 0.002).abs() < 1e-12, "{c} {r}");
        let (c1, r1) = s.gains(&s.params[0], 1);
        // The first steps perturb and learn more: 1000^0.101 and (100 + 1000)^0.602 / 101^0.602.
        assert!((c1 - 7.0 * 1000f64.powf(0.101)).abs() < 1e-9);
        assert!(r1 > r);
    }

    #[test]
    fn a_step_moves_towards_the_side_that_scored_and_the_state_reads_back() {
        let mut s = one(60.0);
        let up = [true];
        let [plus, minus] = s.perturbed(&up, 1);
        assert!(plus[0].1 > 60 && minus[0].1 < 60, "{plus:?} {minus:?}");
        s.update(&up, 1, 2);
        assert!(s.params[0].value > 60.0);
        let after_win = s.params[0].value;
        s.update(&[false], 2, 2);
        assert!(s.params[0].value < after_win);
        assert_eq!(s.done, 2);
        let text = s.to_text();
        let back = State::parse(&text).expect("its own text");
        assert_eq!((back.steps, back.done, back.params.len()), (1000, 2, 1));
        assert!((back.params[0].value - s.params[0].value).abs() < 1e-4);
        // Values stay within the range whatever the results.
        s.params[0].value = 159.99;
        s.update(&[true], 3, 2);
        assert_eq!(s.params[0].value, 160.0);
    }

    #[test]
    fn a_bad_state_file_is_refused_with_its_line() {
        assert_eq!(
            State::parse("steps 10\nNOPE 1 2 3 4 5\n").err().as_deref(),
            Some("line 2: 'NOPE 1 2 3 4 5': a known parameter, its value, range, c_end and r_end")
        );
        assert_eq!(State::parse("done 3\n").err().as_deref(), Some("no 'steps N' line (N above 0)"));
        assert_eq!(State::parse("steps 5\n").err().as_deref(), Some("no parameter to tune"));
        let flips = one(60.0).flips(7, 3);
        assert_eq!(flips, one(60.0).flips(7, 3), "a step's coins depend on the seed and the step alone");
    }
}

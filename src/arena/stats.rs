//! Match statistics: the score, the Elo difference with its 95% confidence interval, and the
//! sequential probability ratio test (SPRT).
//!
//! The formulas are those of cutechess-cli (Elo, error margin, LOS) and fastchess (the trinomial
//! GSPRT approximation with logistic Elo bounds), so results can be compared with theirs.

use std::fmt;
use std::time::Duration;

/// The 97.5% quantile of the standard normal distribution: a two-sided 95% interval.
const Z_95: f64 = 1.959_963_984_540_054;

/// The time an engine took for each of its moves in a match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveTimes(Vec<Duration>);

impl MoveTimes {
    pub fn add(&mut self, used: Duration) {
        self.0.push(used);
    }

    /// `Move times of NAME: median 5.2 ms, mean 6.1 ms, max 24.0 ms over 2456 moves`, `None`
    /// before any move.
    pub fn line(&self, name: &str) -> Option<String> {
        let mut ms: Vec<f64> = self.0.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
        ms.sort_by(f64::total_cmp);
        let n = ms.len();
        let max = *ms.last()?;
        let median = if n % 2 == 1 { ms[n / 2] } else { (ms[n / 2 - 1] + ms[n / 2]) / 2.0 };
        let mean = ms.iter().sum::<f64>() / n as f64;
        Some(format!("Move times of {name}: median {median:.1} ms, mean {mean:.1} ms, max {max:.1} ms over {n} moves"))
    }
}

/// Wins, draws and losses of the first engine of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn new(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally { wins, draws, losses }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game, 0 to 1 (0.5 before any game).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n),
        }
    }

    /// The share of draws, 0 to 1.
    pub fn draw_ratio(&self) -> f64 {
        match self.games() {
            0 => 0.0,
            n => f64::from(self.draws) / f64::from(n),
        }
    }

    /// The variance of one game's score (1, ½ or 0) around the mean score.
    fn variance_per_game(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        let (w, d, l) = (f64::from(self.wins) / n, f64::from(self.draws) / n, f64::from(self.losses) / n);
        w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)
    }

    /// The logistic Elo difference and the half-width of its 95% confidence interval
    /// (cutechess-cli's method: the interval of the mean score, mapped to Elo). The difference
    /// is infinite when one side scored everything; the margin is infinite when the score
    /// interval reaches 0 or 1 (where cutechess-cli prints NaN).
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        if n == 0.0 {
            return (0.0, f64::INFINITY);
        }
        let s = self.score();
        let margin = Z_95 * (self.variance_per_game() / n).sqrt();
        let error = if s - margin <= 0.0 || s + margin >= 1.0 {
            f64::INFINITY
        } else {
            (score_to_elo(s + margin) - score_to_elo(s - margin)) / 2.0
        };
        // Adding zero turns -0 into 0 for printing.
        (score_to_elo(s) + 0.0, error)
    }

    /// The likelihood of superiority: the probability that the first engine is the stronger,
    /// from wins and losses only (draws carry no information about it).
    pub fn los(&self) -> f64 {
        let (w, l) = (f64::from(self.wins), f64::from(self.losses));
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 + 0.5 * erf((w - l) / (2.0 * (w + l)).sqrt())
    }
}

impl fmt::Display for Tally {
    /// `W - L - D [score]`, cutechess-cli's order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} - {} - {} [{:.3}]", self.wins, self.losses, self.draws, self.score())
    }
}

/// The logistic Elo difference for a mean score: `-400 log10(1/s - 1)`.
pub fn score_to_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score for a logistic Elo difference.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, by Abramowitz and Stegun formula 7.1.26 (absolute error below 1.5e-7,
/// plenty for a percentage printed with one decimal).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 { -y } else { y }
}

/// The outcome of a sequential test so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR reached the lower bound: the first engine is not `elo1` stronger.
    H0,
    /// The LLR reached the upper bound: the first engine is at least `elo0` stronger.
    H1,
    Continue,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H0 => "H0",
            Verdict::H1 => "H1",
            Verdict::Continue => "continue",
        })
    }
}

/// A sequential probability ratio test of H0: Elo = `elo0` against H1: Elo = `elo1` (logistic
/// Elo), with error rates `alpha` (accepting H1 when H0 holds) and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    /// The usual test, alpha = beta = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt { elo0, elo1, alpha: 0.05, beta: 0.05 }
    }

    /// The bounds on the LLR, lower and upper: ln(β/(1−α)) and ln((1−β)/α).
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio, by the generalised SPRT's normal approximation to the
    /// trinomial model (as fastchess computes it with logistic bounds):
    /// `N (s1 − s0)(2s − s0 − s1) / (2σ²)`, where `s` is the mean score, `σ²` the variance of a
    /// game's score and `s0`, `s1` the scores expected under H0 and H1. Zero while the variance
    /// is zero (no games, or every game with the same result).
    pub fn llr(&self, tally: &Tally) -> f64 {
        let variance = tally.variance_per_game();
        if variance == 0.0 {
            return 0.0;
        }
        let (s0, s1) = (elo_to_score(self.elo0), elo_to_score(self.elo1));
        let s = tally.score();
        f64::from(tally.games()) * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * variance)
    }

    pub fn verdict(&self, tally: &Tally) -> Verdict {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// The closing lines of a match report: `Score of A vs B: W - L - D [s] N`, the Elo line, and
/// with a test the `LLR: x (lower, upper) verdict` line. `decided` is the tally at which the
/// test stopped the match: games in flight then still end and count in the score, so the LLR
/// line reports the decision and its game (`... H1 at game N`), not a final `continue`.
pub fn summary(first: &str, second: &str, tally: &Tally, sprt: Option<&Sprt>, decided: Option<&Tally>) -> Vec<String> {
    let (elo, error) = tally.elo();
    let mut lines = vec![
        format!("Score of {first} vs {second}: {tally} {}", tally.games()),
        format!(
            "Elo difference: {elo:.1} +/- {error:.1}, LOS: {:.1} %, DrawRatio: {:.1} %",
            tally.los() * 100.0,
            tally.draw_ratio() * 100.0
        ),
    ];
    if let Some(sprt) = sprt {
        let (lower, upper) = sprt.bounds();
        let at = decided.unwrap_or(tally);
        let mut line = format!("LLR: {:.2} ({lower:.2}, {upper:.2}) {}", sprt.llr(at), sprt.verdict(at));
        if at != tally {
            line += &format!(" at game {}", at.games());
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() <= eps
    }

    #[test]
    fn move_times_summary() {
        let mut times = MoveTimes::default();
        assert_eq!(times.line("A"), None);
        for us in [5_000, 24_000, 4_000, 5_400] {
            times.add(Duration::from_micros(us));
        }
        let line = "Move times of A: median 5.2 ms, mean 9.6 ms, max 24.0 ms over 4 moves";
        assert_eq!(times.line("A").as_deref(), Some(line));
        times.add(Duration::from_micros(1_000));
        assert!(times.line("A").is_some_and(|l| l.contains("median 5.0 ms, mean 7.9 ms")));
    }

    /// Published cutechess-cli results (W - L - D and the lines it printed). cutechess-cli takes
    /// the normal quantile from an approximate inverse error function (1.9572 instead of
    /// 1.9600), so its margins are about 0.15% narrower: within 0.1 Elo here.
    #[test]
    fn elo_and_los_match_cutechess() {
        for (w, l, d, elo, error, los) in [
            (449, 276, 275, 60.7, 18.5, 100.0),
            (382, 320, 298, 21.6, 18.1, 99.0),
            (372, 322, 306, 17.4, 17.9, 97.1),
            (435, 293, 272, 49.7, 18.5, 100.0),
        ] {
            let t = Tally::new(w, d, l);
            let (e, err) = t.elo();
            assert!(close(e, elo, 0.05), "{t}: elo {e}");
            assert!(close(err, error, 0.1), "{t}: error {err}");
            assert!(close(t.los() * 100.0, los, 0.05), "{t}: los {}", t.los());
        }
    }

    #[test]
    fn score_elo_and_edge_cases() {
        assert!(close(score_to_elo(0.5), 0.0, 1e-12));
        assert!(close(score_to_elo(elo_to_score(123.4)), 123.4, 1e-9));
        assert!(close(score_to_elo(0.75), 190.848, 1e-3));
        let even = Tally::new(3, 4, 3);
        assert_eq!(even.score(), 0.5);
        assert!(close(even.elo().0, 0.0, 1e-12));
        assert!(close(even.los(), 0.5, 1e-8));
        let sweep = Tally::new(4, 0, 0);
        assert_eq!(sweep.elo(), (f64::INFINITY, f64::INFINITY));
        // 2 - 18 - 0: the score interval reaches below 0.
        assert_eq!(Tally::new(2, 0, 18).elo().1, f64::INFINITY);
        assert!(close(Tally::new(2, 0, 18).elo().0, -381.697, 1e-3));
        assert_eq!(Tally::default().score(), 0.5);
        assert_eq!(Tally::default().elo().0, 0.0);
        assert!(close(erf(0.5), 0.520_499_877_8, 2e-7));
        assert!(close(erf(-1.5), -0.966_105_146_5, 2e-7));
    }

    /// The exact margin, against an independent computation (Python, double precision).
    #[test]
    fn elo_margin_exact() {
        let (elo, error) = Tally::new(372, 306, 322).elo();
        assert!(close(elo, 17.386_277_5, 1e-6));
        assert!(close(error, 17.967_821_1, 1e-6));
    }

    #[test]
    fn sprt_bounds() {
        let (lower, upper) = Sprt::new(0.0, 5.0).bounds();
        assert!(close(lower, -2.944_438_979, 1e-9));
        assert!(close(upper, 2.944_438_979, 1e-9));
    }

    /// Reference LLR values computed independently (Python, double precision) from the
    /// fastchess formula with logistic bounds.
    #[test]
    fn sprt_llr_known_values() {
        let t = Tally::new(4307, 8620, 4063);
        for (elo0, elo1, llr, verdict) in [
            (0.0, 3.0, 2.992_212_8, Verdict::H1),
            (0.0, 5.0, 3.557_986_7, Verdict::H1),
            (-5.0, 0.0, 10.702_532_2, Verdict::H1),
            (10.0, 15.0, -10.710_397_4, Verdict::H0),
        ] {
            let sprt = Sprt::new(elo0, elo1);
            assert!(close(sprt.llr(&t), llr, 1e-6), "[{elo0}, {elo1}]: {}", sprt.llr(&t));
            assert_eq!(sprt.verdict(&t), verdict);
        }
        let sprt = Sprt::new(0.0, 5.0);
        let strong = Tally::new(600, 300, 400);
        assert!(close(sprt.llr(&strong), 3.679_683_6, 1e-6), "{}", sprt.llr(&strong));
        let weak = Tally::new(400, 300, 600);
        assert!(close(sprt.llr(&weak), -4.040_753_3, 1e-6), "{}", sprt.llr(&weak));
        assert_eq!(sprt.verdict(&weak), Verdict::H0);
        let few = Tally::new(5, 2, 3);
        assert!(close(Sprt::new(0.0, 10.0).llr(&few), 0.070_274_9, 1e-6));
        assert_eq!(Sprt::new(0.0, 10.0).verdict(&few), Verdict::Continue);
        // No information yet.
        assert_eq!(sprt.llr(&Tally::default()), 0.0);
        assert_eq!(sprt.llr(&Tally::new(0, 5, 0)), 0.0);
    }

    #[test]
    fn summary_format() {
        let lines = summary("A", "B", &Tally::new(5, 2, 3), Some(&Sprt::new(0.0, 10.0)), None);
        assert_eq!(lines[0], "Score of A vs B: 5 - 3 - 2 [0.600] 10");
        assert!(lines[1].starts_with("Elo difference: 70.4 +/- "), "{}", lines[1]);
        assert!(lines[1].ends_with(", DrawRatio: 20.0 %"), "{}", lines[1]);
        assert!(lines[2].starts_with("LLR: ") && lines[2].ends_with("(-2.94, 2.94) continue"), "{}", lines[2]);
    }

    #[test]
    fn summary_reports_the_decision_not_the_game_in_flight() {
        // Session 28: H1 at game 5371 (LLR 2.97); the game still being played was a loss,
        // which left the final tally at LLR 2.92, inside the bounds.
        let sprt = Sprt::new(0.0, 10.0);
        let (decided, last) = (Tally::new(1758, 1997, 1616), Tally::new(1758, 1997, 1617));
        assert_eq!(sprt.verdict(&decided), Verdict::H1);
        assert_eq!(sprt.verdict(&last), Verdict::Continue);
        let lines = summary("A", "B", &last, Some(&sprt), Some(&decided));
        assert_eq!(lines[0], "Score of A vs B: 1758 - 1617 - 1997 [0.513] 5372");
        assert_eq!(lines[2], "LLR: 2.97 (-2.94, 2.94) H1 at game 5371");
        // A decision on the last game counted reads as before.
        let lines = summary("A", "B", &decided, Some(&sprt), Some(&decided));
        assert_eq!(lines[2], "LLR: 2.97 (-2.94, 2.94) H1");
    }
}

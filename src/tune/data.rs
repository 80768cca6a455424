//! Training positions: quiet positions from game records, or lines `<FEN> ; <result>`, each
//! stored as the coefficients of the evaluation's linear form, the game's result and, where the
//! record gives one, the score of the search that chose the next move.

use std::fmt::Write as _;

use crate::board::Position;
use crate::eval::params::{PHASE_MAX, PIECE_VALUE};
use crate::eval::{Accumulator, Breakdown, Term, Weight, drawish, evaluate};
use crate::movegen::{CAPTURES, legal};
use crate::pgn::{self, GameError};
use crate::types::{Color, Score, Value};

/// The tuner's accumulator: which weights a term used, and how many times.
#[derive(Clone, Debug, Default)]
pub struct Uses(pub Vec<(Weight, f64)>);

impl Accumulator for Uses {
    fn add(&mut self, w: Weight, n: i32) {
        if n != 0 {
            self.0.push((w, f64::from(n)));
        }
    }

    fn add_fraction(&mut self, w: Weight, n: i32, d: i32) {
        if n != 0 {
            self.0.push((w, f64::from(n) / f64::from(d)));
        }
    }
}

/// The evaluation of `pos` from Red's point of view as a sparse linear form over the flat
/// weight vector ([`Table`](crate::eval::weights::Table)): `(slot, coefficient)` pairs by
/// slot, the game phase already blended in. With the weights of `params.rs` it gives
/// [`evaluate`] up to the engine's integer rounding. `None` in a drawish endgame, where the
/// evaluation scales its sum (`eval/endgame.rs`) and is no longer linear in the weights.
pub fn coefficients(pos: &Position) -> Option<Vec<(usize, f64)>> {
    let breakdown = Breakdown::<Uses>::new(pos);
    if breakdown.may_be_scaled() && drawish(pos).is_some() {
        return None;
    }
    let mg = f64::from(breakdown.phase()) / f64::from(PHASE_MAX);
    let mut terms = Vec::with_capacity(128);
    for term in Term::ALL {
        for (c, sign) in [(Color::Red, 1.0), (Color::Black, -1.0)] {
            for &(w, n) in &breakdown.term(term, c).0 {
                let (mg_slot, eg_slot) = w.slots();
                terms.push((mg_slot, sign * n * mg));
                terms.push((eg_slot, sign * n * (1.0 - mg)));
            }
        }
    }
    terms.sort_unstable_by_key(|&(slot, _)| slot);
    let mut merged: Vec<(usize, f64)> = Vec::with_capacity(terms.len());
    for (slot, a) in terms {
        match merged.last_mut() {
            Some((last, sum)) if *last == slot => *sum += a,
            _ => merged.push((slot, a)),
        }
    }
    // Red's and Black's uses of one weight often cancel (both kings, mirrored pieces).
    merged.retain(|&(_, a)| a.abs() > 1e-9);
    Some(merged)
}

/// Positions with their results, the coefficients of all of them in one array.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// The game's result for Red: 1, 0.5 or 0.
    results: Vec<f32>,
    /// The searched score for Red, in evaluation units (infinite when decided), if recorded.
    scores: Vec<Option<f32>>,
    /// What the fit aims at: the result, or its blend with the score ([`Dataset::blend`]).
    targets: Vec<f32>,
    /// Where each position's coefficients start in `slots` and `coefs`; one more at the end.
    starts: Vec<usize>,
    slots: Vec<u16>,
    coefs: Vec<f32>,
}

impl Dataset {
    pub fn new() -> Dataset {
        Dataset { starts: vec![0], ..Dataset::default() }
    }

    /// Adds `pos` with `result`, Red's score in the game, and `score`, a search's value of it
    /// for Red, unless its evaluation is not linear in the weights (see [`coefficients`]);
    /// returns whether it was added.
    pub fn push(&mut self, pos: &Position, result: f32, score: Option<f32>) -> bool {
        let Some(coefficients) = coefficients(pos) else {
            return false;
        };
        for (slot, a) in coefficients {
            // The flat vector has some 640 numbers: a u16 holds any slot.
            self.slots.push(slot as u16);
            self.coefs.push(a as f32);
        }
        self.starts.push(self.slots.len());
        self.results.push(result);
        self.scores.push(score);
        self.targets.push(result);
        true
    }

    /// Aims the fit at `(1 - lambda) * result + lambda * expected(score)` where a score is
    /// recorded, at the result elsewhere: a search's value says more about a position than one
    /// game's outcome, which also carries every later mistake. The model supplies `expected`,
    /// the score a value predicts.
    pub fn blend(&mut self, expected: impl Fn(f64) -> f64, lambda: f64) {
        for ((t, &r), s) in self.targets.iter_mut().zip(&self.results).zip(&self.scores) {
            *t = match s {
                Some(s) => ((1.0 - lambda) * f64::from(r) + lambda * expected(f64::from(*s))) as f32,
                None => r,
            };
        }
    }

    /// How many positions have a searched score.
    pub fn scored(&self) -> usize {
        self.scores.iter().filter(|s| s.is_some()).count()
    }

    pub fn len(&self) -> usize {
        self.results.len()
    }

    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }

    pub fn result(&self, i: usize) -> f64 {
        f64::from(self.results[i])
    }

    /// What the fit aims at for position `i`: its result unless blended.
    pub fn target(&self, i: usize) -> f64 {
        f64::from(self.targets[i])
    }

    /// Position `i`'s coefficients: `(slot, coefficient)`.
    pub fn terms(&self, i: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let range = self.starts[i]..self.starts[i + 1];
        self.slots[range.clone()].iter().zip(&self.coefs[range]).map(|(&s, &a)| (usize::from(s), f64::from(a)))
    }

    /// Position `i`'s evaluation for Red with weights `w`.
    pub fn eval(&self, i: usize, w: &[f64]) -> f64 {
        self.terms(i).map(|(s, a)| a * w[s]).sum()
    }
}

/// How positions are taken from a game record.
#[derive(Clone, Copy, Debug)]
pub struct Extraction {
    /// Plies skipped at the start of each game: the opening book's and the first replies.
    pub skip_plies: usize,
    /// Every `holdout`-th game (or position line) goes to the validation set; 0 for none.
    pub holdout: usize,
}

/// The positions read so far, and the counts reported to the user.
#[derive(Debug, Default)]
pub struct Collected {
    pub train: Dataset,
    pub validation: Dataset,
    pub games: usize,
    /// Games without a result (`*`), whose positions are not used.
    pub unfinished: usize,
    /// Games ended off the board ([`pgn::Game::ended_off_the_board`]), whose positions are not
    /// used either.
    pub off_the_board: usize,
    /// `<FEN> ; <result>` lines of the positions used, when asked for.
    pub saved: Option<String>,
    /// Games and position lines seen, for the holdout.
    seen: usize,
}

impl Collected {
    pub fn new(save: bool) -> Collected {
        Collected {
            train: Dataset::new(),
            validation: Dataset::new(),
            saved: save.then(String::new),
            ..Collected::default()
        }
    }

    fn add(&mut self, pos: &Position, result: f32, score: Option<f32>, holdout: usize) {
        let set =
            if holdout > 0 && self.seen % holdout == holdout - 1 { &mut self.validation } else { &mut self.train };
        if !set.push(pos, result, score) {
            return;
        }
        if let Some(text) = &mut self.saved {
            let _ = writeln!(text, "{} ; {}", pos.fen(), result_token(result));
        }
    }

    /// Takes the games a file held (`pgn::read_bytes`); a game that could not be read is skipped and returned with
    /// its file (`name`), number and reason.
    pub fn read_games(
        &mut self,
        name: &str,
        games: Vec<Result<pgn::Game, pgn::PgnError>>,
        how: Extraction,
    ) -> Vec<GameError> {
        let mut skipped = Vec::new();
        for (i, game) in games.into_iter().enumerate() {
            self.games += 1;
            let game = match game {
                Ok(game) => game,
                Err(error) => {
                    skipped.push(GameError { file: name.into(), game: i + 1, error });
                    continue;
                }
            };
            let Some(result) = &game.result else {
                self.unfinished += 1;
                continue;
            };
            if game.ended_off_the_board() {
                self.off_the_board += 1;
                continue;
            }
            let result = result.red_score();
            let scores = searched_scores(&game);
            let mut pos = game.start.clone();
            for (ply, &mv) in game.moves.iter().enumerate() {
                // A capture played next says the position was not quiet; so does a check.
                let capture = pos.piece_at(mv.to()).is_some();
                if ply >= how.skip_plies && !capture && !pos.in_check() && is_quiet(&mut pos) {
                    let score = scores[ply].map(|s| if pos.side_to_move() == Color::Red { s } else { -s });
                    self.add(&pos, result, score, how.holdout);
                }
                pos.make(mv);
            }
            self.seen += 1;
        }
        skipped
    }

    /// Reads lines `<FEN> ; <result>`, the result as `1-0`, `0-1`, `1/2-1/2` or Red's score
    /// from 0 to 1; blank lines and lines starting with `#` are skipped. The positions are used
    /// as they are.
    pub fn read_positions(&mut self, name: &str, text: &str, holdout: usize) -> Result<(), String> {
        for line in crate::epd::lines(text) {
            let error = |what: String| format!("{name}: line {}: {what}", line.number);
            let result = line.ops.first().ok_or_else(|| error("expected '<FEN> ; <result>'".into()))?;
            let pos = Position::from_fen(line.fen).map_err(|e| error(format!("invalid FEN: {e}")))?;
            let result = parse_result(result)
                .ok_or_else(|| error(format!("bad result '{result}' (expected 1-0, 0-1, 1/2-1/2 or 0 to 1)")))?;
            self.add(&pos, result, None, holdout);
            self.seen += 1;
        }
        Ok(())
    }
}

/// The score each move's comment gives the position it was played from, for the mover, as
/// `chuhan match` and cutechess write it (`+0.24/10 0.015s`, a mate `+M3/12`); `None` for a
/// move without one.
fn searched_scores(game: &pgn::Game) -> Vec<Option<f32>> {
    let mut scores = vec![None; game.moves.len()];
    for comment in &game.comments {
        let Some(slot) = comment.ply.checked_sub(1).and_then(|ply| scores.get_mut(ply)) else {
            continue;
        };
        let first = comment.text.split(['/', ' ']).next().unwrap_or_default();
        *slot = match Score::from_pawns(first) {
            Some(Score::Cp(v)) => Some(v as f32),
            Some(Score::Decided { win, .. }) => Some(if win { f32::INFINITY } else { f32::NEG_INFINITY }),
            None => continue,
        };
    }
    scores
}

fn parse_result(text: &str) -> Option<f32> {
    match text {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => text.parse::<f32>().ok().filter(|r| (0.0..=1.0).contains(r)),
    }
}

fn result_token(result: f32) -> String {
    match result {
        1.0 => "1-0".to_string(),
        0.0 => "0-1".to_string(),
        0.5 => "1/2-1/2".to_string(),
        r => r.to_string(),
    }
}

/// Plies of captures the quiescence check looks through.
const QUIET_DEPTH: u32 = 8;

/// Whether no sequence of captures gains on the static evaluation for the side to move: then
/// the evaluation alone should predict the game, which is what the tuner fits.
fn is_quiet(pos: &mut Position) -> bool {
    let stand = evaluate(pos);
    capture_search(pos, stand, stand + 1, QUIET_DEPTH) <= stand
}

/// A fail-soft alpha-beta search over captures, standing pat at every node. Checks are not
/// looked at: the quiet positions are those of the game, where the side to move is not in
/// check, and a rough answer deeper down only decides whether a position is used.
fn capture_search(pos: &mut Position, mut alpha: Value, beta: Value, depth: u32) -> Value {
    let mut best = evaluate(pos);
    if best >= beta || depth == 0 {
        return best;
    }
    alpha = alpha.max(best);
    let mut moves = legal::<CAPTURES>(pos);
    let victim = |mv: crate::types::Move| pos.piece_at(mv.to()).map_or(0, |pc| PIECE_VALUE[pc.kind().index()].mg());
    moves.as_mut_slice().sort_by_key(|&mv| -victim(mv));
    for &mv in moves.as_slice() {
        pos.make(mv);
        let v = -capture_search(pos, -beta, -alpha, depth - 1);
        pos.unmake();
        if v > best {
            best = v;
            alpha = alpha.max(v);
            if v >= beta {
                break;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights;

    #[test]
    fn quiet_positions() {
        assert!(is_quiet(&mut Position::startpos()));
        // Red to move can take Black's undefended rook on e5 with the rook on e1.
        let mut hanging = Position::from_fen("5k3/9/9/9/4r4/9/9/9/4R4/3K5 w").expect("valid");
        assert!(!is_quiet(&mut hanging));
        // Black to move in the same placement: Black takes first.
        let mut black = Position::from_fen("5k3/9/9/9/4r4/9/9/9/4R4/3K5 b").expect("valid");
        assert!(!is_quiet(&mut black));
    }

    #[test]
    fn games_give_quiet_positions_with_results() {
        let pgn = "[Event \"a\"]\n[Result \"0-1\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 0-1\n\n\
                   [Event \"b\"]\n\n1. h2e2 *\n\n[Event \"c\"]\n\n1. h2e2 h7e7 2. e2e6 1/2-1/2\n";
        let mut got = Collected::new(true);
        assert_eq!(got.read_games("test", pgn::read_games(pgn), Extraction { skip_plies: 1, holdout: 2 }), []);
        assert_eq!((got.games, got.unfinished), (3, 1));
        // Game a: plies 1 to 5 (ply 0 skipped); game c, held out: ply 1 only, as ply 2 captures.
        assert_eq!((got.train.len(), got.validation.len()), (5, 1));
        assert!((0..5).all(|i| got.train.result(i) == 0.0));
        assert_eq!(got.validation.result(0), 0.5);
        let saved = got.saved.expect("saved");
        assert_eq!(saved.lines().count(), 6);
        assert!(saved.lines().last().is_some_and(|l| l.ends_with(" b - - 1 1 ; 1/2-1/2")), "{saved}");

        let mut again = Collected::new(false);
        again.read_positions("saved", &saved, 0).expect("reads its own output");
        assert_eq!(again.train.len(), 6);
    }

    #[test]
    fn searched_scores_are_read_for_red_and_blended() {
        // The comment after a move scores the position it was played from, for the mover.
        let pgn = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. h2e2 {+0.20/7 0.010s} h9g7 {-0.40/7 0.008s} \
                   2. h0g2 {0.012s} i9h9 {-M3/9 0.010s} 1-0\n";
        let mut got = Collected::new(false);
        assert_eq!(got.read_games("test", pgn::read_games(pgn), Extraction { skip_plies: 0, holdout: 0 }), []);
        let set = &mut got.train;
        assert_eq!(set.len(), 4);
        assert_eq!(set.scores, [Some(20.0), Some(40.0), None, Some(f32::INFINITY)]);
        assert_eq!(set.scored(), 3);
        assert!((0..4).all(|i| set.target(i) == 1.0));
        let expected = |cp: f64| crate::wdl::sigmoid(0.01 * cp);
        set.blend(expected, 0.5);
        let half = |cp: f64| 0.5 + 0.5 * expected(cp);
        assert!((set.target(0) - half(20.0)).abs() < 1e-6, "{}", set.target(0));
        assert!((set.target(1) - half(40.0)).abs() < 1e-6);
        assert_eq!((set.target(2), set.target(3), set.result(0)), (1.0, 1.0, 1.0));
    }

    #[test]
    fn games_ended_off_the_board_are_left_out() {
        use crate::types::Reason;
        let endings = [
            Reason::TimeForfeit(Color::Red),
            Reason::IllegalMove { side: Color::Black, text: "a0a9".into(), reason: "no".into() },
            Reason::NoMove(Color::Red),
            Reason::EngineFailure { side: Color::Red, detail: "crashed".into() },
        ];
        let mut got = Collected::new(false);
        for ending in endings {
            let pgn = format!("[Termination \"{ending}\"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n");
            assert_eq!(got.read_games("test", pgn::read_games(&pgn), Extraction { skip_plies: 0, holdout: 0 }), []);
        }
        let checkmate = "[Termination \"checkmate\"]\n\n1. h2e2 h9g7 1-0\n";
        assert_eq!(got.read_games("test", pgn::read_games(checkmate), Extraction { skip_plies: 0, holdout: 0 }), []);
        assert_eq!((got.games, got.off_the_board, got.train.len()), (5, 4, 2));
    }

    #[test]
    fn bad_input_names_the_line() {
        let mut got = Collected::new(false);
        let err = got.read_positions("p.epd", "# c\n\n4k4/9/9/9/9/9/9/9/9/3K5 w ; 1-0\nxyz ; 1-0\n", 0);
        assert_eq!(err.map_err(|e| e.starts_with("p.epd: line 4: invalid FEN")), Err(true));
        let err = got.read_positions("p.epd", "4k4/9/9/9/9/9/9/9/9/3K5 w ; 2\n", 0).expect_err("bad result");
        assert!(err.starts_with("p.epd: line 1: bad result '2'"), "{err}");
        let err = got.read_positions("p.epd", "4k4/9/9/9/9/9/9/9/9/3K5 w 1-0\n", 0).expect_err("no result");
        assert!(err.contains("line 1: expected"), "{err}");
        let skipped = got.read_games(
            "g.pgn",
            pgn::read_games("[Event \"x\"]\n\n1. h2e2 h2e2 0-1\n\n1. h2e2 1-0\n"),
            Extraction { skip_plies: 0, holdout: 0 },
        );
        let skipped: Vec<String> = skipped.iter().map(GameError::to_string).collect();
        assert_eq!(skipped, ["g.pgn: game 1: line 3: move 1... h2e2: 'h2e2' is illegal (no piece on h2)"]);
        assert_eq!(got.games, 2);
    }

    /// The linear form with the weights of `params.rs` is the evaluation, term by term and in
    /// total, up to the engine's rounding toward zero.
    #[test]
    fn linear_form_reproduces_the_evaluation() {
        let w: Vec<f64> = weights::current().into_iter().map(f64::from).collect();
        let mut checked = 0;
        for pos in sample_positions() {
            let breakdown = Breakdown::<Uses>::new(&pos);
            let trace = crate::eval::trace(&pos);
            let phase = f64::from(breakdown.phase());
            for term in Term::ALL {
                for c in Color::ALL {
                    let (mut mg, mut eg) = (0.0, 0.0);
                    for &(weight, n) in &breakdown.term(term, c).0 {
                        mg += f64::from(weight.value().mg()) * n;
                        eg += f64::from(weight.value().eg()) * n;
                    }
                    let blended = (mg * phase + eg * (f64::from(PHASE_MAX) - phase)) / f64::from(PHASE_MAX);
                    // One rounding in the blend, and one in the king-danger fraction.
                    let engine = f64::from(trace.value(term, c));
                    assert!(
                        (blended - engine).abs() < 2.0,
                        "{} {c:?} {}: {blended} vs {engine}",
                        term.name(),
                        pos.fen()
                    );
                }
            }
            let red = f64::from(if pos.side_to_move() == Color::Red { evaluate(&pos) } else { -evaluate(&pos) });
            let Some(coefficients) = coefficients(&pos) else {
                // A drawish endgame scales the sum: no linear form.
                assert!(crate::eval::drawish(&pos).is_some(), "{}", pos.fen());
                continue;
            };
            let linear: f64 = coefficients.iter().map(|&(s, a)| a * w[s]).sum();
            // Each of the 2 * NUM blends rounds by less than 1, and the king-danger fraction too.
            assert!((linear - red).abs() < 2.0 * Term::NUM as f64 + 1.0, "{}: {linear} vs {red}", pos.fen());
            checked += 1;
        }
        assert!(checked > 500);
    }

    /// The start position and the positions along a few fixed pseudo-random games.
    pub(crate) fn sample_positions() -> Vec<Position> {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut out = Vec::new();
        for _ in 0..8 {
            let mut pos = Position::startpos();
            for _ in 0..120 {
                let moves = crate::movegen::legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                // Captures first when there are any, so that the games reach endgames.
                let captures: Vec<_> = moves.as_slice().iter().filter(|m| pos.piece_at(m.to()).is_some()).collect();
                let pick = if !captures.is_empty() && seed >> 62 != 0 {
                    *captures[(seed >> 33) as usize % captures.len()]
                } else {
                    moves.as_slice()[(seed >> 33) as usize % moves.len()]
                };
                pos.make(pick);
                out.push(pos.clone());
            }
        }
        out
    }
}

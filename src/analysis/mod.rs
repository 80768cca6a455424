//! Game analysis (`chuhan analyze`): every position of a game searched by Chuhan, each move
//! judged by what it cost the mover in expected score (the win/draw/loss model of [`crate::wdl`]),
//! and the result written as an annotated PGN, a summary per side, an evaluation graph and an
//! HTML page (`docs/analysis.md` §3 and §4).
//!
//! One search per position, with two lines (MultiPV 2): the value before a move is the search of
//! the position it was played in, the value after it the (negated) search of the position it led
//! to, and the second line tells whether the best move was the only good one. With the engine's
//! endgame tables set, a move that throws away a table win or draw is a blunder whatever the
//! search said, its comment says so and names the tables' best (`docs/egtb.md` §15).

mod annotate;
mod html;
mod summary;

use crate::board::Position;
use crate::diagram::Graph;
use crate::egtb::Tablebase;
use crate::engine::{Engine, Limits};
use crate::game::TableView;
use crate::game::tables::Lapse;
use crate::movegen::legal_moves;
use crate::pgn::Game;
use crate::types::value::mated_in;
use crate::types::{Color, Depth, Move, Value};
use crate::wdl::{self, Grade, Wdl};

pub use annotate::{MarkedMove, annotate, marked_moves, notation_of};
pub use html::{Entry, page};
pub use summary::{review_summary, side_line};

/// Values are clamped to this for the centipawn loss, as decided values would swamp the average.
const CP_CLAMP: Value = 1000;

/// Chuhan's view of one position of the game, for the side to move there.
#[derive(Clone, Debug, PartialEq)]
pub struct Eval {
    /// The search value (a decided value when the game is over there: no move is a loss).
    pub value: Value,
    /// The depth of the last completed iteration; 0 when nothing was searched.
    pub depth: Depth,
    /// The best move, `None` when there is no legal move.
    pub best: Option<Move>,
    /// The value of the second-best move, when there is one.
    pub second: Option<Value>,
    /// The chances of the side to move for `value`.
    pub chances: Wdl,
}

/// What one move of the game cost its player.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// The drop of the mover's expected score, 0 to 1 (0 when the move was Chuhan's choice).
    pub drop: f64,
    /// The drop of the mover's value in centi-units, values clamped to ±[`CP_CLAMP`].
    pub cp_loss: Value,
    /// `?!`, `?` or `??` by the drop (`docs/analysis.md` §3).
    pub grade: Option<Grade>,
    /// `!`: the player found the best move and the second best was worse by a blunder's margin.
    pub only_move: bool,
    /// Chuhan's choice, where the player's move differs from it.
    pub best: Option<Move>,
    /// The table win or draw the move threw away, where the tables cover its position.
    pub lapse: Option<Lapse>,
}

/// A game reviewed: its positions (the start and after each move), Chuhan's view of each, and
/// the judgement of each move.
#[derive(Clone, Debug)]
pub struct Review {
    pub positions: Vec<Position>,
    pub evals: Vec<Eval>,
    pub moves: Vec<Move>,
    pub judgements: Vec<Judgement>,
}

/// How a side played: its moves' average losses and its graded moves.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideSummary {
    pub moves: usize,
    /// The mean drop of expected score per move, 0 to 1.
    pub average_drop: f64,
    /// The mean centipawn loss per move.
    pub average_cp_loss: f64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
}

impl Review {
    /// Searches every position of `moves` from `start` with `limits` (MultiPV set to 2);
    /// `progress` hears of each position searched (its index, from 0) before the search, and
    /// answering `false` ends the review there: it then covers the moves before that position.
    pub fn run(
        engine: &mut Engine,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        progress: &mut dyn FnMut(usize) -> bool,
    ) -> Review {
        let mut positions = vec![start.clone()];
        for &mv in moves {
            let mut next = positions[positions.len() - 1].clone();
            if next.play(mv).is_err() {
                break;
            }
            positions.push(next);
        }
        let limits = Limits { multipv: 2, ..limits.clone() };
        let mut evals = Vec::with_capacity(positions.len());
        for (i, pos) in positions.iter().enumerate() {
            if !progress(i) {
                break;
            }
            evals.push(evaluate(engine, pos, &limits));
        }
        positions.truncate(evals.len().max(1));
        if evals.is_empty() {
            evals.push(evaluate(engine, &positions[0], &limits));
        }
        let moves = moves[..positions.len() - 1].to_vec();
        let mut review = Review::judge(positions, evals, moves);
        if let Some(tables) = engine.egtb() {
            review.mark_lapses(tables);
        }
        review
    }

    /// Marks each move that threw away a table win or draw: a blunder by its exact drop of
    /// expected score (a half point or a whole one), with the tables' best move where the
    /// search chose another.
    pub fn mark_lapses(&mut self, tables: &Tablebase) {
        for (ply, j) in self.judgements.iter_mut().enumerate() {
            let mv = self.moves[ply];
            let Some(lapse) = TableView::of(&self.positions[ply], tables).and_then(|view| view.lapse(mv)) else {
                continue;
            };
            let score = |v: crate::egtb::Value| match v.standard() {
                v if v.is_win() => 1.0,
                v if v.is_loss() => 0.0,
                _ => 0.5,
            };
            j.drop = j.drop.max(score(lapse.before) - score(lapse.after));
            j.grade = Grade::of_drop(j.drop);
            j.only_move = false;
            if !j.best.is_some_and(|b| lapse.best.contains(&b)) {
                j.best = lapse.best.first().copied();
            }
            j.lapse = Some(lapse);
        }
    }

    /// Judges each move from the views of the positions around it.
    pub fn judge(positions: Vec<Position>, evals: Vec<Eval>, moves: Vec<Move>) -> Review {
        let judgements =
            moves.iter().enumerate().map(|(i, &mv)| judgement(&positions[i], &evals[i], &evals[i + 1], mv)).collect();
        Review { positions, evals, moves, judgements }
    }

    /// Red's expected score (win plus half the draw) in each position, for the graph.
    pub fn red_chances(&self) -> Vec<f64> {
        self.positions
            .iter()
            .zip(&self.evals)
            .map(
                |(pos, e)| {
                    if pos.side_to_move() == Color::Red { e.chances.expected() } else { 1.0 - e.chances.expected() }
                },
            )
            .collect()
    }

    /// The value after move `ply` (from 0) from Red's point of view, and its search depth.
    pub fn red_value_after(&self, ply: usize) -> (Value, Depth) {
        let (pos, e) = (&self.positions[ply + 1], &self.evals[ply + 1]);
        (if pos.side_to_move() == Color::Red { e.value } else { -e.value }, e.depth)
    }

    /// The summary of `side`'s moves.
    pub fn summary(&self, side: Color) -> SideSummary {
        let mut s = SideSummary::default();
        let (mut drop, mut cp) = (0.0, 0.0);
        for (pos, j) in self.positions.iter().zip(&self.judgements) {
            if pos.side_to_move() != side {
                continue;
            }
            s.moves += 1;
            drop += j.drop;
            cp += f64::from(j.cp_loss);
            match j.grade {
                Some(Grade::Inaccuracy) => s.inaccuracies += 1,
                Some(Grade::Mistake) => s.mistakes += 1,
                Some(Grade::Blunder) => s.blunders += 1,
                None => {}
            }
        }
        if s.moves > 0 {
            s.average_drop = drop / s.moves as f64;
            s.average_cp_loss = cp / s.moves as f64;
        }
        s
    }
}

/// Searches one position; a position without a legal move is lost for the side to move.
fn evaluate(engine: &mut Engine, pos: &Position, limits: &Limits) -> Eval {
    if legal_moves(pos).is_empty() {
        let value = mated_in(0);
        return Eval { value, depth: 0, best: None, second: None, chances: wdl::wdl(pos, value) };
    }
    engine.set_position(pos.clone());
    let r = engine.search(limits.clone(), &mut |_| {});
    let second = r.lines.get(1).map(|l| l.value);
    Eval { value: r.value, depth: r.depth, best: r.best, second, chances: wdl::wdl(pos, r.value) }
}

/// The judgement of `mv`, played in `pos` (seen as `before`), leading to a position seen as
/// `after` (from the opponent's side).
fn judgement(pos: &Position, before: &Eval, after: &Eval, mv: Move) -> Judgement {
    let found = before.best == Some(mv);
    // Both searches are estimates: the move Chuhan chose itself costs nothing by definition.
    let drop = if found { 0.0 } else { (before.chances.expected() - after.chances.flipped().expected()).max(0.0) };
    let clamp = |v: Value| v.clamp(-CP_CLAMP, CP_CLAMP);
    let cp_loss = if found { 0 } else { (clamp(before.value) - clamp(-after.value)).max(0) };
    let only_move = found
        && before.second.is_some_and(|s| before.chances.expected() - wdl::wdl(pos, s).expected() >= Grade::BLUNDER);
    let best = before.best.filter(|&b| b != mv);
    Judgement { drop, cp_loss, grade: Grade::of_drop(drop), only_move, best, lapse: None }
}

/// The evaluation graph of a reviewed game.
pub fn graph(game: &Game, review: &Review) -> Graph {
    Graph {
        chances: review.red_chances(),
        marks: review.judgements.iter().enumerate().filter_map(|(ply, j)| j.grade.map(|g| (ply + 1, g))).collect(),
        first_move: game.start.to_setup().fullmove.max(1),
        title: game.players(),
    }
}

#[cfg(test)]
mod tests;

//! Mining a game for puzzles, and checking a puzzle by a deeper search (`docs/puzzles.md` §1).

use super::{Goal, Puzzle};
use crate::analysis::Review;
use crate::board::Position;
use crate::engine::{Engine, Info, Limits, SearchResult};
use crate::movegen::legal_moves;
use crate::types::value::{MATE, is_mate, is_rule};
use crate::types::{Depth, Move, PieceKind, Score, Value};
use crate::wdl::Grade;

/// How a game is mined.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The depth of the searches that decide a puzzle and its line.
    pub depth: Depth,
    /// The depth of the review that picks the candidate positions.
    pub prefilter: Depth,
    /// Plies of the game's start left out (the opening).
    pub skip: usize,
    /// Most moves of the solver in a solution.
    pub max_moves: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { depth: 10, prefilter: 6, skip: 12, max_moves: 5 }
    }
}

/// One search: its result, the second line's value, and the first depth from which every
/// iteration's best move was the final one (how deep the move had to be looked for).
struct Found {
    result: SearchResult,
    second: Option<Value>,
    found_at: Depth,
}

fn search(engine: &mut Engine, pos: &Position, depth: Depth, multipv: usize) -> Found {
    engine.set_position(pos.clone());
    let mut bests: Vec<(Depth, Move)> = Vec::new();
    let limits = Limits { depth: Some(depth), multipv, ..Limits::default() };
    let result = engine.search(limits, &mut |info: &Info| {
        if info.multipv <= 1
            && let Some(&mv) = info.pv.first()
        {
            bests.push((info.depth, mv));
        }
    });
    let found_at = match result.best {
        Some(best) => bests.iter().rev().take_while(|(_, mv)| *mv == best).last().map_or(depth, |(d, _)| *d),
        None => depth,
    };
    let second = result.lines.get(1).map(|l| l.value);
    Found { result, second, found_at }
}

/// The puzzles of `game` (its start and moves), `source` naming it in their ids. The game is
/// reviewed at the prefilter depth; a position is a candidate when that review already sees one
/// good move only, or when the opponent's last move was a mistake (`?` or `??`); each candidate
/// is searched at `settings.depth` and kept when it is a puzzle there. A position inside the
/// line of a puzzle just found is not mined again.
pub fn mine(engine: &mut Engine, start: &Position, moves: &[Move], source: &str, settings: &Settings) -> Vec<Puzzle> {
    engine.new_game();
    let shallow = Limits { depth: Some(settings.prefilter), ..Limits::default() };
    let review = Review::run(engine, start, moves, &shallow, &mut |_| true);
    let mut puzzles = Vec::new();
    let mut next = settings.skip;
    for ply in settings.skip..review.evals.len() {
        if ply < next {
            continue;
        }
        let eval = &review.evals[ply];
        let unique = Goal::of(eval.value, eval.second).is_some();
        let after_mistake =
            ply > 0 && review.judgements[ply - 1].grade.is_some_and(|g| g == Grade::Mistake || g == Grade::Blunder);
        if !(unique || after_mistake) {
            continue;
        }
        let played = review.moves.get(ply).copied();
        if let Some(puzzle) = solve(engine, &review.positions[ply], settings, source, ply, played) {
            next = ply + puzzle.moves.len() + 1;
            puzzles.push(puzzle);
        }
    }
    puzzles
}

/// The puzzle of `pos`, if it is one at `settings.depth`: its line follows the engine's best
/// replies while each of the solver's moves stays the only good one.
fn solve(
    engine: &mut Engine,
    pos: &Position,
    settings: &Settings,
    source: &str,
    ply: usize,
    played: Option<Move>,
) -> Option<Puzzle> {
    let first = search(engine, pos, settings.depth, 2);
    let goal = Goal::of(first.result.value, first.second)?;
    // A verdict of the repetition rules depends on the game's history, not on a move to find;
    // taking back the piece that was just taken is no puzzle either.
    if is_rule(first.result.value) || first.second.is_some_and(is_rule) {
        return None;
    }
    let recaptures = |mv: Move| pos.last_move().is_some_and(|last| !last.is_null() && last.to() == mv.to());
    if first.result.best.is_some_and(recaptures) && pos.piece_at(first.result.best?.to()).is_some() {
        return None;
    }
    let mut line = Vec::new();
    let mut here = pos.clone();
    let mut last = first.result.clone();
    loop {
        let mv = last.best?;
        line.push(mv);
        here.play(mv).ok()?;
        if line.len().div_ceil(2) >= settings.max_moves || legal_moves(&here).is_empty() {
            break;
        }
        let reply = search(engine, &here, settings.depth, 1);
        let Some(answer) = reply.result.best else { break };
        let mut after = here.clone();
        after.play(answer).ok()?;
        if legal_moves(&after).is_empty() {
            break;
        }
        let next = search(engine, &after, settings.depth, 2);
        if !goal.unique(next.result.value, next.second) {
            break;
        }
        line.push(answer);
        (here, last) = (after, next.result);
    }
    // What the line wins: its captures, and those of the last search's line after it.
    let beyond: Vec<Move> = last.pv.iter().skip(1).take(4).copied().collect();
    let themes = themes(pos, &line, &beyond, goal, first.result.value, played);
    let solver_moves = line.len().div_ceil(2);
    let missed = played.is_some_and(|p| p != line[0]);
    Some(Puzzle {
        id: format!("{source}:{ply}"),
        fen: pos.fen(),
        moves: line.iter().map(ToString::to_string).collect(),
        rating: rating(first.found_at, solver_moves, missed),
        themes,
        goal,
        value: Score::from_value(first.result.value).pawns(),
        second: first.second.map(|v| Score::from_value(v).pawns()).unwrap_or_default(),
        depth: settings.depth,
        source: source.to_string(),
        ply,
        played: played.map(|m| m.to_string()),
    })
}

/// The rating (`docs/puzzles.md` §3): 800, 70 a ply of the depth the search needed before it
/// settled on the move, 120 for each of the solver's moves after the first, 150 when the
/// game's player missed it; rounded to tens, 600 to 2800.
pub fn rating(found_at: Depth, solver_moves: usize, missed: bool) -> u32 {
    let r = 800 + 70 * found_at.max(0) as u32 + 120 * (solver_moves.max(1) as u32 - 1) + if missed { 150 } else { 0 };
    (r.clamp(600, 2800) + 5) / 10 * 10
}

/// A rough value of each kind, to name the most valuable piece a line wins.
fn worth(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::King => 0,
        PieceKind::Rook => 9,
        PieceKind::Horse | PieceKind::Cannon => 4,
        PieceKind::Advisor | PieceKind::Elephant => 2,
        PieceKind::Soldier => 1,
    }
}

/// The themes of a puzzle from `pos` solved by `line`, `beyond` the moves the last search saw
/// after it: `mate` and `mateInN` for a mate, else `material` and the most valuable kind the
/// solver comes out ahead by (`advantage` when the line wins no material); `defence` for a
/// save; `missed` when the game's player did not find the move.
fn themes(
    pos: &Position,
    line: &[Move],
    beyond: &[Move],
    goal: Goal,
    value: Value,
    played: Option<Move>,
) -> Vec<String> {
    let mut themes = Vec::new();
    if is_mate(value) && value > 0 {
        let plies = MATE - value;
        themes.push("mate".to_string());
        themes.push(format!("mateIn{}", (plies + 1) / 2));
    } else if goal == Goal::Win {
        let solver = pos.side_to_move();
        let mut balance = [0i32; PieceKind::NUM];
        let mut here = pos.clone();
        for &mv in line.iter().chain(beyond) {
            if let Some(taken) = here.piece_at(mv.to()) {
                let sign = if here.side_to_move() == solver { 1 } else { -1 };
                balance[taken.kind().index()] += sign;
            }
            if here.play(mv).is_err() {
                break;
            }
        }
        let won = PieceKind::ALL.iter().filter(|k| balance[k.index()] > 0).max_by_key(|k| worth(**k));
        let net: i32 = PieceKind::ALL.iter().map(|k| balance[k.index()] * worth(*k)).sum();
        match won {
            Some(kind) if net > 0 => {
                themes.push("material".to_string());
                themes.push(kind.name().to_string());
            }
            _ => themes.push("advantage".to_string()),
        }
    }
    if goal == Goal::Save {
        themes.push("defence".to_string());
    }
    if played.is_some_and(|p| Some(&p) != line.first()) {
        themes.push("missed".to_string());
    }
    themes
}

/// A puzzle searched again: whether its solution's moves are the deeper search's choices and
/// still the only good ones.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// The deeper search's best move at each of the solver's turns, and the values of the best
    /// and second lines there.
    pub steps: Vec<(Move, Value, Option<Value>)>,
    /// Every solver move of the solution is the deeper search's best and still the only good one
    /// (the first by the puzzle's goal, later ones as the line was built).
    pub holds: bool,
}

/// Searches each of the solver's positions of `puzzle` at `depth` with two lines.
pub fn check(engine: &mut Engine, puzzle: &Puzzle, depth: Depth) -> Result<Check, String> {
    let mut pos = Position::from_fen(&puzzle.fen).map_err(|e| e.to_string())?;
    engine.new_game();
    let mut steps = Vec::new();
    let mut holds = true;
    for (i, text) in puzzle.moves.iter().enumerate() {
        let mv = Move::parse(text).ok_or_else(|| format!("move {text:?} is not ICCS"))?;
        if i % 2 == 0 {
            let found = search(engine, &pos, depth, 2);
            let best = found.result.best.ok_or("no legal move")?;
            let unique = if i == 0 {
                Goal::of(found.result.value, found.second) == Some(puzzle.goal)
            } else {
                puzzle.goal.unique(found.result.value, found.second)
            };
            holds &= best == mv && unique;
            steps.push((best, found.result.value, found.second));
        }
        pos.play(mv).map_err(|e| format!("move {text}: {e}"))?;
    }
    Ok(Check { steps, holds })
}

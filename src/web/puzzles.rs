//! The puzzles' side of the server (`docs/web.md` §6): the set it serves (`--puzzles FILE`,
//! or the sample built in), the legal moves of each position a solution reaches, and the
//! engine's answer to a wrong move. Plain HTTP: a puzzle needs no session, and the page keeps
//! the solver's progress and rating itself.

use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::view::move_texts;
use super::{LangQuery, Shared};
use crate::board::Position;
use crate::engine::{Engine, Limits};
use crate::movegen::legal_moves;
use crate::notation::{Notation, format_move};
use crate::puzzles::{self, Puzzle};
use crate::types::{Color, Move, Score};
use crate::words::Say;

/// The sample set built in (`positions/puzzles.jsonl`, mined from the CCPD: `docs/puzzles.md`).
const SAMPLE: &str = include_str!("../../positions/puzzles.jsonl");
/// Most moves a position request may carry (a solution is far shorter).
const MAX_MOVES: usize = 64;
/// The refutation's search: this depth, or this many nodes if it comes first (a fraction of a
/// second, so it needs no core of the server's budget).
const REFUTE_DEPTH: i32 = 10;
const REFUTE_NODES: u64 = 400_000;

/// The set served, and the engine that answers wrong moves (one search at a time).
pub struct PuzzleSet {
    puzzles: Vec<Puzzle>,
    /// Where the set comes from, for the page: the file's name, or `sample`.
    name: String,
    engine: Mutex<Option<Engine>>,
}

impl PuzzleSet {
    /// `puzzles` read from the file `name`.
    pub fn new(puzzles: Vec<Puzzle>, name: &str) -> Arc<PuzzleSet> {
        Arc::new(PuzzleSet { puzzles, name: name.to_string(), engine: Mutex::new(None) })
    }

    /// The sample built in.
    pub fn sample() -> Arc<PuzzleSet> {
        // Checked by a test: the sample always reads.
        PuzzleSet::new(puzzles::read(SAMPLE).unwrap_or_default(), "sample")
    }
}

/// `/api/puzzles`: the whole set.
pub async fn list(State(shared): State<Shared>) -> Response {
    let set = &shared.puzzles;
    Json(serde_json::json!({ "name": set.name, "puzzles": set.puzzles })).into_response()
}

/// A position as the page names it: a FEN and the moves (ICCS) played from it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct At {
    fen: String,
    #[serde(default)]
    moves: Vec<String>,
    /// `iccs`, `wxf`, `chinese` or `traditional` for the texts of the moves (default Chinese).
    notation: Option<String>,
}

impl At {
    /// The position, with the moves played from the start; a bad FEN or move says why.
    fn position(&self) -> Result<(Position, Position, Vec<Move>), Say> {
        let start =
            Position::from_fen(&self.fen).map_err(|e| Say::new(format!("bad FEN: {e}"), format!("FEN 有误：{e}")))?;
        if self.moves.len() > MAX_MOVES {
            return Err(Say::new(format!("more than {MAX_MOVES} moves"), format!("着法多于 {MAX_MOVES} 步")));
        }
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for text in &self.moves {
            let illegal = || Say::new(format!("{text} is no legal move here"), format!("{text} 在此不是合法着法"));
            let mv = Move::parse(text).ok_or_else(illegal)?;
            pos.play(mv).map_err(|_| illegal())?;
            moves.push(mv);
        }
        Ok((start, pos, moves))
    }

    fn notation(&self) -> Notation {
        self.notation.as_deref().and_then(Notation::from_name).unwrap_or(Notation::Chinese(Default::default()))
    }
}

fn refused(say: Say, query: &LangQuery) -> Response {
    (StatusCode::BAD_REQUEST, Json(serde_json::json!({ "error": say.get(query.lang()) }))).into_response()
}

fn colour(c: Color) -> &'static str {
    if c == Color::Red { "red" } else { "black" }
}

/// `/api/puzzles/position`: the position after the moves, its legal moves by from-square, and
/// the moves' texts in the notation asked for.
pub async fn position(Query(query): Query<LangQuery>, Json(at): Json<At>) -> Response {
    let (start, pos, moves) = match at.position() {
        Ok(p) => p,
        Err(say) => return refused(say, &query),
    };
    let mut dests: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for mv in legal_moves(&pos).iter() {
        dests.entry(mv.from().to_string()).or_default().push(mv.to().to_string());
    }
    Json(serde_json::json!({
        "fen": pos.fen(),
        "turn": colour(pos.side_to_move()),
        "dests": dests,
        "last": moves.last().map(ToString::to_string),
        "check": pos.in_check(),
        "moves": move_texts(&start, &moves, at.notation()),
    }))
    .into_response()
}

/// `/api/puzzles/refute`: the engine's best answer in the position after the moves (the wrong
/// one last), its text and its value for the side that answers; `reply` is null when that side
/// has no move.
pub async fn refute(State(shared): State<Shared>, Query(query): Query<LangQuery>, Json(at): Json<At>) -> Response {
    let (_, pos, _) = match at.position() {
        Ok(p) => p,
        Err(say) => return refused(say, &query),
    };
    let notation = at.notation();
    let set = shared.puzzles.clone();
    let answer = tokio::task::spawn_blocking(move || {
        let mut slot = set.engine.lock().unwrap_or_else(|e| e.into_inner());
        if slot.is_none() {
            *slot = Engine::new().ok();
        }
        let engine = slot.as_mut()?;
        engine.new_game();
        engine.set_position(pos.clone());
        let limits = Limits { depth: Some(REFUTE_DEPTH), nodes: Some(REFUTE_NODES), ..Limits::default() };
        let result = engine.search(limits, &mut |_| {});
        Some((result.best, Score::from_value(result.value).pawns(), pos))
    })
    .await;
    match answer {
        Ok(Some((best, score, pos))) => Json(serde_json::json!({
            "reply": best.map(|m| m.to_string()),
            "text": best.map(|m| format_move(&pos, m, notation)),
            "score": score,
        }))
        .into_response(),
        _ => (StatusCode::INTERNAL_SERVER_ERROR, Json(serde_json::json!({ "error": "no engine" }))).into_response(),
    }
}

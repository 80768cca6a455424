//! The review as text: the annotated game record, and the marked moves the summary lists (its
//! lines are worded in `crate::words`, in English and Chinese).

use super::Review;
use crate::notation::{Notation, format_move};
use crate::pgn::{self, Game};
use crate::types::{Depth, Score};
use crate::wdl::Grade;

/// The numeric annotation glyph of a grade: `$6` `?!`, `$2` `?`, `$4` `??`.
fn nag(grade: Grade) -> u8 {
    match grade {
        Grade::Inaccuracy => 6,
        Grade::Mistake => 2,
        Grade::Blunder => 4,
    }
}

/// `!` as a numeric annotation glyph.
const GOOD_MOVE: u8 = 1;

/// The game's notation, or Chinese for a game without moves to tell.
pub fn notation_of(game: &Game) -> Notation {
    game.notation.unwrap_or(Notation::Chinese(Default::default()))
}

/// `game` with the review in it: after each move a comment `{+0.35/18 best 炮二平五}` (the
/// value after the move from Red's side, its depth, and Chuhan's choice where the player's
/// differs, in the game's own notation; for a move that threw away a table win or draw, the
/// tables' words instead) and the move's glyph; every tag kept, and an
/// `Annotator` tag naming `annotator`.
pub fn annotate(game: &Game, review: &Review, annotator: &str) -> Game {
    let notation = notation_of(game);
    let mut out = game.clone();
    out.set_tag("Annotator", annotator);
    for (ply, j) in review.judgements.iter().enumerate() {
        let (value, depth) = review.red_value_after(ply);
        let mut text = format!("{}/{depth}", Score::from_value(value).pawns());
        if let Some(lapse) = &j.lapse {
            text += &format!(" {}", lapse.text(&review.positions[ply], notation));
        } else if let Some(best) = j.best {
            text += &format!(" best {}", format_move(&review.positions[ply], best, notation));
        }
        if let Some(grade) = j.grade {
            out.nag(ply + 1, nag(grade));
        } else if j.only_move {
            out.nag(ply + 1, GOOD_MOVE);
        }
        out.comment(ply + 1, &text);
    }
    out
}

/// A move worth a look in the summary: a graded move, or an only move (`!`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkedMove {
    /// Its number as PGN writes it: `14.`, `14...`.
    pub number: String,
    /// The move and Chuhan's choice where it differs, in the game's notation.
    pub text: String,
    pub best: Option<String>,
    /// What it threw away by the endgame tables, in their words (`throws away the win ...`).
    pub table: Option<String>,
    /// `?!`, `?`, `??` or `!`.
    pub glyph: &'static str,
    /// The value after it from Red's side, in pawns (`-2.10`) or a mate (`#-3`), and its depth.
    pub value: String,
    pub depth: Depth,
}

/// The moves worth a look, in order (graded moves, and `!` for an only move).
pub fn marked_moves(game: &Game, review: &Review) -> Vec<MarkedMove> {
    let notation = notation_of(game);
    let mut marked = Vec::new();
    for (ply, j) in review.judgements.iter().enumerate() {
        let glyph = match (j.grade, j.only_move) {
            (Some(g), _) => g.nag(),
            (None, true) => "!",
            (None, false) => continue,
        };
        let pos = &review.positions[ply];
        let (value, depth) = review.red_value_after(ply);
        marked.push(MarkedMove {
            number: pgn::move_number(&game.start, ply),
            text: format_move(pos, review.moves[ply], notation),
            best: j.best.map(|best| format_move(pos, best, notation)),
            table: j.lapse.as_ref().map(|lapse| lapse.text(pos, notation)),
            glyph,
            value: Score::from_value(value).short(),
            depth,
        });
    }
    marked
}

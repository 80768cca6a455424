//! The review as text: the annotated game record and the lines of the summary.

use super::{Review, SideSummary};
use crate::notation::{Notation, format_move};
use crate::pgn::{self, Game};
use crate::types::{Color, Score};
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
/// differs, in the game's own notation) and the move's glyph; every tag kept, and an
/// `Annotator` tag naming `annotator`.
pub fn annotate(game: &Game, review: &Review, annotator: &str) -> Game {
    let notation = notation_of(game);
    let mut out = game.clone();
    out.set_tag("Annotator", annotator);
    for (ply, j) in review.judgements.iter().enumerate() {
        let (value, depth) = review.red_value_after(ply);
        let mut text = format!("{}/{depth}", Score::from_value(value).pawns());
        if let Some(best) = j.best {
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

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// One side's summary line: `Red 張三: average loss 3.1% (24 cp) over 40 moves; 2 inaccuracies,
/// 1 mistake, 0 blunders`.
pub fn side_line(side: Color, player: &str, s: &SideSummary) -> String {
    format!(
        "{:<5} {player}: average loss {:.1}% ({:.0} cp) over {}; {}, {}, {}",
        side_name(side),
        100.0 * s.average_drop,
        s.average_cp_loss,
        plural(s.moves, "move", "moves"),
        plural(s.inaccuracies, "inaccuracy", "inaccuracies"),
        plural(s.mistakes, "mistake", "mistakes"),
        plural(s.blunders, "blunder", "blunders"),
    )
}

/// The moves worth a look, one line each: `14. 車六退二 ?? -2.10/17 best 車四進二` (graded moves,
/// and `!` for an only move).
pub fn marked_moves(game: &Game, review: &Review) -> Vec<String> {
    let notation = notation_of(game);
    let mut lines = Vec::new();
    for (ply, j) in review.judgements.iter().enumerate() {
        let glyph = match (j.grade, j.only_move) {
            (Some(g), _) => g.nag(),
            (None, true) => "!",
            (None, false) => continue,
        };
        let pos = &review.positions[ply];
        let (value, depth) = review.red_value_after(ply);
        let mut line = format!(
            "{} {} {glyph} {}/{depth}",
            pgn::move_number(&game.start, ply),
            format_move(pos, review.moves[ply], notation),
            Score::from_value(value).pawns()
        );
        if let Some(best) = j.best {
            line += &format!(" best {}", format_move(pos, best, notation));
        }
        lines.push(line);
    }
    lines
}

/// The summary of a reviewed game: a heading, the marked moves, and a line per side.
pub fn summary_lines(heading: &str, game: &Game, review: &Review) -> Vec<String> {
    let mut lines = vec![heading.to_string()];
    lines.extend(marked_moves(game, review).into_iter().map(|l| format!("  {l}")));
    for side in Color::ALL {
        let player = game.tag(side_name(side)).unwrap_or("?");
        lines.push(format!("  {}", side_line(side, player, &review.summary(side))));
    }
    lines
}

//! The review as one HTML page that opens in any browser without a server: per game a
//! heading, the summary per side, the evaluation graph and the board after each blunder, both
//! as inline SVG, and the moves with their values and glyphs. No scripts, no external files.

use std::fmt::Write;

use super::annotate::notation_of;
use super::{Review, graph};
use crate::diagram::{Diagram, escape};
use crate::notation::format_move;
use crate::pgn::{self, Game};
use crate::types::{Color, GameResult, Score};
use crate::wdl::Grade;
use crate::words::Lang;

/// One reviewed game of the page.
pub struct Entry {
    pub heading: String,
    pub game: Game,
    pub review: Review,
}

const STYLE: &str = "body{font-family:'Noto Sans CJK SC','Noto Sans',sans-serif;max-width:780px;margin:2em auto;\
color:#222;line-height:1.5}h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #ccc}\
figure{margin:1em 0}figure svg{max-width:100%;height:auto}figcaption{font-size:.9em;color:#444}\
.moves .v{color:#666;font-size:.85em}.inaccuracy{color:#b08900}.mistake{color:#d05f00}\
.blunder{color:#d01c1c;font-weight:bold}.only{color:#1f7a3a;font-weight:bold}\
.summary td{padding:0 .6em 0 0}";

/// The page of `entries`.
pub fn page(entries: &[Entry]) -> String {
    let mut html = String::with_capacity(256 * 1024);
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"zh\">\n<head>\n<meta charset=\"utf-8\">\n<title>Game analysis by Chuhan</title>\n\
         <style>{STYLE}</style>\n</head>\n<body>\n<h1>Game analysis by Chuhan</h1>\n"
    );
    for entry in entries {
        section(&mut html, entry);
    }
    html.push_str("</body>\n</html>\n");
    html
}

fn section(html: &mut String, Entry { heading, game, review }: &Entry) {
    let _ = writeln!(html, "<section class=\"game\">\n<h2>{}</h2>", escape(heading));
    let _ = writeln!(html, "<table class=\"summary\">");
    for side in Color::ALL {
        let name = if side == Color::Red { "Red" } else { "Black" };
        let line = super::side_line(Lang::En, side, game.tag(name), &review.summary(side));
        let _ = writeln!(html, "<tr><td>{}</td></tr>", escape(&line));
    }
    let _ = writeln!(html, "</table>");
    let _ = writeln!(html, "<figure class=\"graph\">\n{}</figure>", graph(game, review).render());
    moves(html, game, review);
    blunders(html, game, review);
    let _ = writeln!(html, "</section>");
}

/// The class and glyph of a move's mark.
fn mark(grade: Option<Grade>, only: bool) -> Option<(&'static str, &'static str)> {
    match (grade, only) {
        (Some(Grade::Inaccuracy), _) => Some(("inaccuracy", "?!")),
        (Some(Grade::Mistake), _) => Some(("mistake", "?")),
        (Some(Grade::Blunder), _) => Some(("blunder", "??")),
        (None, true) => Some(("only", "!")),
        (None, false) => None,
    }
}

/// The moves in the game's notation, each with its value after it from Red's side, marked moves
/// coloured and followed by Chuhan's choice.
fn moves(html: &mut String, game: &Game, review: &Review) {
    let notation = notation_of(game);
    html.push_str("<p class=\"moves\">\n");
    for (ply, j) in review.judgements.iter().enumerate() {
        let pos = &review.positions[ply];
        if pos.side_to_move() == Color::Red || ply == 0 {
            let _ = write!(html, "{} ", pgn::move_number(&game.start, ply));
        }
        let text = escape(&format_move(pos, review.moves[ply], notation));
        let (value, depth) = review.red_value_after(ply);
        let value = format!("{}/{depth}", Score::from_value(value).short());
        match mark(j.grade, j.only_move) {
            Some((class, glyph)) => {
                let _ = write!(html, "<span class=\"{class}\">{text}{glyph}</span>");
            }
            None => html.push_str(&text),
        }
        let best = match &j.lapse {
            Some(lapse) => Some(format!(" {}", escape(&lapse.text(pos, notation)))),
            None => j
                .best
                .filter(|_| j.grade.is_some())
                .map(|b| format!(" best {}", escape(&format_move(pos, b, notation)))),
        };
        let _ = writeln!(html, " <span class=\"v\">{value}{}</span>", best.unwrap_or_default());
    }
    let _ = writeln!(html, "{}</p>", GameResult::score_of(game.result.as_ref()));
}

/// After each blunder, the board it left: the blunder marked, Chuhan's reply as an arrow.
fn blunders(html: &mut String, game: &Game, review: &Review) {
    let notation = notation_of(game);
    for (ply, j) in review.judgements.iter().enumerate() {
        if j.grade != Some(Grade::Blunder) {
            continue;
        }
        let (before, after) = (&review.positions[ply], &review.positions[ply + 1]);
        let reply = review.evals[ply + 1].best;
        let diagram =
            Diagram { last_move: Some(review.moves[ply]), arrows: reply.into_iter().collect(), ..Diagram::of(before) };
        let mut caption = format!(
            "{} {}?? (the blue corners)",
            pgn::move_number(&game.start, ply),
            format_move(before, review.moves[ply], notation)
        );
        if let Some(reply) = reply {
            caption += &format!("; Chuhan's answer {} (the arrow)", format_move(after, reply, notation));
        }
        if let Some(lapse) = &j.lapse {
            caption += &format!("; {}", lapse.text(before, notation));
        } else if let Some(best) = j.best {
            caption += &format!("; better was {}", format_move(before, best, notation));
        }
        let _ = writeln!(
            html,
            "<figure class=\"diagram\">\n{}<figcaption>{}</figcaption>\n</figure>",
            diagram.render(after),
            escape(&caption)
        );
    }
}

//! The summary of a reviewed game in words, as `chuhan analyze` prints it and the web board's
//! review shows it; the phrases are `words`', the review is this module's.

use super::{Review, SideSummary, marked_moves};
use crate::pgn::Game;
use crate::types::Color;
use crate::words::{Lang, plural, side_in};

/// One side's summary line: `Red 張三: average loss 3.1% (24 cp) over 40 moves; 2 inaccuracies,
/// 1 mistake, 0 blunders`, `红方 張三：平均损失 3.1%（24 分），共 40 步；疑问手 2，劣着 1，失误 0`.
/// A player not named is `?` in English, and left out in Chinese (`红方：`), as the web board's
/// review has no names.
pub fn side_line(lang: Lang, side: Color, player: Option<&str>, s: &SideSummary) -> String {
    let (drop, cp) = (100.0 * s.average_drop, s.average_cp_loss);
    match lang {
        Lang::En => format!(
            "{:<5} {}: average loss {drop:.1}% ({cp:.0} cp) over {}; {}, {}, {}",
            side_in(Lang::En, side),
            player.unwrap_or("?"),
            plural(s.moves, "move", "moves"),
            plural(s.inaccuracies, "inaccuracy", "inaccuracies"),
            plural(s.mistakes, "mistake", "mistakes"),
            plural(s.blunders, "blunder", "blunders"),
        ),
        Lang::Zh => format!(
            "{}{}：平均损失 {drop:.1}%（{cp:.0} 分），共 {} 步；疑问手 {}，劣着 {}，失误 {}",
            side_in(Lang::Zh, side),
            player.map(|p| format!(" {p}")).unwrap_or_default(),
            s.moves,
            s.inaccuracies,
            s.mistakes,
            s.blunders
        ),
    }
}

/// The summary of a reviewed game, as `chuhan analyze` prints it (in English) and the web
/// board's review shows it: `heading`, the marked moves (`14. 車六退二 ?? -2.10/17 best 車四進二`,
/// `应走` in Chinese; the tables' words for a move that threw away a table win or draw), a line
/// per side.
pub fn review_summary(lang: Lang, heading: &str, game: &Game, review: &Review) -> Vec<String> {
    let best = match lang {
        Lang::En => "best",
        Lang::Zh => "应走",
    };
    let mut lines = vec![heading.to_string()];
    for m in marked_moves(game, review) {
        let mut line = format!("  {} {} {} {}/{}", m.number, m.text, m.glyph, m.value, m.depth);
        if let Some(table) = m.table {
            line += &format!(" {table}");
        } else if let Some(choice) = m.best {
            line += &format!(" {best} {choice}");
        }
        lines.push(line);
    }
    for side in Color::ALL {
        let player = game.tag(side_in(Lang::En, side));
        lines.push(format!("  {}", side_line(lang, side, player, &review.summary(side))));
    }
    lines
}

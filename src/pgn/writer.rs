//! The writer: one game as clean UTF-8 PGN in a chosen notation, in the layout of `docs/pgn.md`.

use super::Game;
use super::reader::move_number;
use super::tags::{DERIVED, ROSTER, format_tag, is_tag_name, unknown};
use crate::board::START_FEN;
use crate::notation::{self, Notation};
use crate::types::{Color, GameResult, Reason};

/// Longest line of move text, in characters.
pub const LINE_WIDTH: usize = 79;

/// The `Format` tag's value for a notation, as xiangqi programs name them.
pub fn format_name(notation: Notation) -> &'static str {
    match notation {
        Notation::Iccs => "ICCS",
        Notation::Wxf => "WXF",
        Notation::Chinese(_) => "Chinese",
    }
}

/// `game` as PGN text, ending with a newline: `Game`, the roster, `Result`, `SetUp` and `FEN`
/// when the game does not begin at the start position, `Format`, the other tags (and a
/// `Termination` from the result when there is none), then the move text.
pub fn write_game(game: &Game, notation: Notation) -> String {
    let mut out = String::new();
    out.push_str(&format_tag("Game", "Chinese Chess"));
    for name in ROSTER {
        out.push_str(&format_tag(name, game.tags.get(name).unwrap_or(unknown(name))));
    }
    out.push_str(&format_tag("Result", GameResult::score_of(game.result.as_ref())));
    let fen = game.start.fen();
    if fen != START_FEN {
        out.push_str(&format_tag("SetUp", "1"));
        out.push_str(&format_tag("FEN", &fen));
    }
    out.push_str(&format_tag("Format", format_name(notation)));
    // Names with spaces, quotes or brackets cannot be written as tags and are left out.
    for (name, value) in game.tags.iter() {
        if !ROSTER.contains(&name) && !DERIVED.contains(&name) && is_tag_name(name) {
            out.push_str(&format_tag(name, value));
        }
    }
    if let Some(result) = &game.result
        && result.reason != Reason::Recorded
        && game.tags.get("Termination").is_none()
    {
        out.push_str(&format_tag("Termination", &result.reason.to_string()));
    }
    out.push('\n');
    let mut tokens = movetext(game, notation);
    tokens.push(GameResult::score_of(game.result.as_ref()).to_string());
    out.push_str(&wrap(&tokens, LINE_WIDTH));
    out.push('\n');
    out
}

/// Move numbers, moves in `notation`, their glyphs and comments: `1. h2e2 $1 h9g7 {...} 2. ...`, or
/// `1... h9g7` when Black moves first. Moves that cannot be played end the list.
fn movetext(game: &Game, notation: Notation) -> Vec<String> {
    let mut tokens = Vec::with_capacity(game.moves.len() * 3 / 2 + 2);
    let mut comments = game.comments.iter().peekable();
    let mut push_comments = |tokens: &mut Vec<String>, ply: usize| {
        while let Some(c) = comments.next_if(|c| c.ply <= ply) {
            tokens.push(format!("{{{}}}", c.text.replace(['{', '}'], "")));
        }
    };
    push_comments(&mut tokens, 0);
    let mut pos = game.start.clone();
    for (ply, &mv) in game.moves.iter().enumerate() {
        let number = move_number(&game.start, ply);
        let after_comment = tokens.last().is_some_and(|t| t.starts_with('{'));
        if pos.side_to_move() == Color::Red || ply == 0 || after_comment {
            tokens.push(number);
        }
        tokens.push(notation::format_move(&pos, mv, notation));
        tokens.extend(game.nags.iter().filter(|n| n.ply == ply + 1).map(|n| format!("${}", n.code)));
        if pos.play(mv).is_err() {
            break;
        }
        push_comments(&mut tokens, ply + 1);
    }
    push_comments(&mut tokens, usize::MAX);
    tokens
}

/// Tokens joined by spaces, a line break before any token that would pass `width` characters
/// (no break at the end).
fn wrap(tokens: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for token in tokens {
        let len = token.chars().count();
        if line > 0 && line + 1 + len > width {
            out.push('\n');
            line = 0;
        }
        if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(token);
        line += len;
    }
    out
}

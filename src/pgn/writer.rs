//! The writer: one game as clean UTF-8 PGN in a chosen notation, in the layout of `docs/pgn.md`.

use super::reader::move_number;
use super::tags::{DERIVED, ROSTER, format_tag, is_tag_name, unknown};
use super::{Game, Line};
use crate::board::{Position, START_FEN};
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

/// Move numbers, moves in `notation`, their glyphs, comments and variations: `1. h2e2 $1
/// {...} (1. b2e2 h9g7) 1... h9g7 2. ...`, or `1... h9g7` when Black moves first. Moves that
/// cannot be played end their line.
fn movetext(game: &Game, notation: Notation) -> Vec<String> {
    let mut tokens = Vec::with_capacity(game.moves.len() * 3 / 2 + 2);
    line_tokens(&mut tokens, &game.start, &game.start, 0, game.main_line(), notation);
    tokens
}

/// The tokens of `line`, which starts from `from`, `base` plies after the game's `start`.
fn line_tokens(
    tokens: &mut Vec<String>,
    start: &Position,
    from: &Position,
    base: usize,
    line: Line,
    notation: Notation,
) {
    let mut comments = line.comments.iter().peekable();
    let mut push_comments = |tokens: &mut Vec<String>, ply: usize| {
        let before = tokens.len();
        while let Some(c) = comments.next_if(|c| c.ply <= ply) {
            tokens.push(format!("{{{}}}", c.text.replace(['{', '}'], "")));
        }
        tokens.len() > before
    };
    push_comments(tokens, 0);
    // Whether the last token was this line's move, so a Black move needs no number.
    let mut numbered = false;
    let mut pos = from.clone();
    let mut branches = line.variations.iter().peekable();
    for (i, &mv) in line.moves.iter().enumerate() {
        if pos.side_to_move() == Color::Red || !numbered {
            tokens.push(move_number(start, base + i));
        }
        tokens.push(notation::format_move(&pos, mv, notation));
        tokens.extend(line.nags.iter().filter(|n| n.ply == i + 1).map(|n| format!("${}", n.code)));
        let before = branches.peek().is_some_and(|v| v.ply == i).then(|| pos.clone());
        if pos.play(mv).is_err() {
            break;
        }
        numbered = !push_comments(tokens, i + 1);
        while let (Some(variation), Some(before)) = (branches.next_if(|v| v.ply == i), &before) {
            let open = tokens.len();
            line_tokens(tokens, start, before, base + i, variation.line(), notation);
            if tokens.len() > open {
                tokens[open].insert(0, '(');
                if let Some(last) = tokens.last_mut() {
                    last.push(')');
                }
                numbered = false;
            }
        }
    }
    push_comments(tokens, usize::MAX);
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

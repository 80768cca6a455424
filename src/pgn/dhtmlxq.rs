//! DhtmlXQ, the UBB block in which Chinese forums post games: `[DhtmlXQ] ... [/DhtmlXQ]`, each
//! field a `[DhtmlXQ_name]value[/DhtmlXQ_name]` pair. Read and written as `docs/dhtmlxq.md`
//! describes.

use super::error::{BadSetup, Corruption, PgnError, Place};
use super::tags::parse_tag;
use super::tree::{MAX_DEPTH, RawLine, RawMove, play_into, points_of, setup_of, side_of_first_move};
use super::{Comment, Game, Line};
use crate::board::{Position, START_FEN};
use crate::types::{Color, File, GameResult, Rank, Reason, Square};

/// Header fields and the tags they become.
const TAGS: [(&str, &str); 11] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("author", "Annotator"),
    ("owner", "Author"),
];

/// Whether a text holds DhtmlXQ fields and no PGN tag pairs (a PGN comment may quote a post).
pub fn is_dhtmlxq(text: &str) -> bool {
    text.contains("[DhtmlXQ")
        && !text.lines().any(|l| l.trim_start().starts_with('[') && parse_tag(l.trim_start()).is_some())
}

/// Every game of a text: each `[DhtmlXQ]` block, or the whole text if its fields stand
/// outside any block.
pub fn read_dhtmlxq(text: &str) -> Vec<Result<Game, PgnError>> {
    let mut blocks: Vec<&str> = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("[DhtmlXQ]") {
        let body = &rest[open + "[DhtmlXQ]".len()..];
        let end = body.find("[/DhtmlXQ]").unwrap_or(body.len());
        blocks.push(&body[..end]);
        rest = &body[end..];
    }
    if blocks.is_empty() {
        blocks.push(text);
    }
    blocks.into_iter().map(read_block).collect()
}

/// The `[DhtmlXQ_name]value[/DhtmlXQ_name]` fields of a block, in order.
fn fields(block: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut rest = block;
    while let Some(open) = rest.find("[DhtmlXQ_") {
        let after = &rest[open + "[DhtmlXQ_".len()..];
        let Some(name_end) = after.find(']') else { break };
        let name = &after[..name_end];
        let body = &after[name_end + 1..];
        let close = format!("[/DhtmlXQ_{name}]");
        match body.find(&close) {
            Some(end) => {
                out.push((name, &body[..end]));
                rest = &body[end + close.len()..];
            }
            None => rest = body,
        }
    }
    out
}

/// A point of two digits, file then row from Black's side; `None` off the board (`99`).
fn point(digits: &[u8]) -> Option<Square> {
    let (x, y) = (digits[0].checked_sub(b'0')?, digits[1].checked_sub(b'0')?);
    (y <= 9).then_some(())?;
    Some(Square::from_coords(File::new(x)?, Rank::new(9 - y)?))
}

/// The two digits of a point.
fn digits(sq: Square) -> String {
    format!("{}{}", sq.file().index(), 9 - sq.rank().index())
}

/// A line of moves, four digits each.
fn moves(text: &str, field: &str) -> Result<Vec<RawMove>, PgnError> {
    let text: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if !text.len().is_multiple_of(4) || !text.iter().all(u8::is_ascii_digit) {
        return Err(PgnError::Corrupt { at: Place::Field(field.to_string(), None), why: Corruption::NotDigits });
    }
    Ok(text
        .chunks(4)
        .enumerate()
        .map(|(i, m)| RawMove {
            from: point(&m[..2]),
            to: point(&m[2..]),
            at: Place::Field(field.to_string(), Some(i + 1)),
        })
        .collect())
}

/// A variation as stored: the line it branches from, the move it replaces (from 1, counted
/// from the game's start), and its moves.
struct Branch {
    parent: usize,
    step: usize,
    moves: Vec<RawMove>,
}

fn read_block(block: &str) -> Result<Game, PgnError> {
    let mut game = Game::new(Position::startpos());
    let mut binit = None;
    let mut branches: Vec<(usize, Branch)> = Vec::new();
    // Comments by line (0 the main line) and the move after which they stand.
    let mut comments: Vec<(usize, usize, String)> = Vec::new();
    for (name, value) in fields(block) {
        let value = value.trim();
        if let Some((_, tag)) = TAGS.iter().find(|(n, _)| *n == name) {
            if !value.is_empty() {
                game.set_tag(tag, value);
            }
        } else if name == "binit" {
            binit = Some(value);
        } else if name == "result" {
            game.result = result_of(value);
        } else if name == "movelist" {
            branches.push((0, Branch { parent: 0, step: 1, moves: moves(value, name)? }));
        } else if let Some(numbers) = name.strip_prefix("move_") {
            let n: Vec<usize> = numbers.split('_').filter_map(|n| n.parse().ok()).collect();
            match (n.as_slice(), moves(value, name)) {
                ([parent, step, number], Ok(moves)) if *step > 0 && *number > 0 => {
                    branches.push((*number, Branch { parent: *parent, step: *step, moves }));
                }
                (_, Err(error)) => game.warnings.push(error),
                _ => game
                    .warnings
                    .push(PgnError::Corrupt { at: Place::Field(name.to_string(), None), why: Corruption::NotMoveName }),
            }
        } else if let Some(numbers) = name.strip_prefix("comment") {
            let n: Vec<usize> = numbers.split('_').filter_map(|n| n.parse().ok()).collect();
            let text = value.replace("||", "\n").trim().to_string();
            match n.as_slice() {
                [step] if !text.is_empty() => comments.push((0, *step, text)),
                [line, step] if !text.is_empty() => comments.push((*line, *step, text)),
                _ => {}
            }
        }
    }
    let points = match binit {
        Some(text) => {
            let text = text.as_bytes();
            if text.len() != 64 || !text.iter().all(u8::is_ascii_digit) {
                return Err(PgnError::BadStart { why: BadSetup::Binit });
            }
            let mut points = [None; 32];
            for (i, p) in points.iter_mut().enumerate() {
                *p = point(&text[2 * i..2 * i + 2]);
            }
            Some(points)
        }
        None => None,
    };
    let main = lines(branches, &comments, &mut game.warnings);
    if let Some(points) = points {
        let mut setup = setup_of(&points, Color::Red)?;
        let first = main.moves.first().and_then(|m| m.from);
        setup.side_to_move = side_of_first_move(&setup, first, Color::Red);
        game.start = Position::from_setup(&setup).map_err(|e| PgnError::BadStart { why: BadSetup::Illegal(e) })?;
    }
    play_into(&mut game, main)?;
    Ok(game)
}

/// The main line with every variation hung where it branches, and its comments.
fn lines(
    mut branches: Vec<(usize, Branch)>,
    comments: &[(usize, usize, String)],
    warnings: &mut Vec<PgnError>,
) -> RawLine {
    branches.sort_by_key(|(number, _)| *number);
    let mut used = vec![false; branches.len()];
    let Some(main) = branches.iter().position(|(n, _)| *n == 0) else {
        return RawLine { comments: line_comments(0, 0, comments), ..RawLine::default() };
    };
    let line = build(main, 0, &branches, comments, &mut used, warnings, 0);
    for (i, (number, branch)) in branches.iter().enumerate() {
        if !used[i] {
            let why = Corruption::NoBranchPoint { parent: branch.parent, step: branch.step };
            let at = Place::Field(format!("move_{}_{}_{number}", branch.parent, branch.step), None);
            warnings.push(PgnError::Corrupt { at, why });
        }
    }
    line
}

/// Line `index` of `branches`, whose first move is `base` plies into the game.
fn build(
    index: usize,
    base: usize,
    branches: &[(usize, Branch)],
    comments: &[(usize, usize, String)],
    used: &mut [bool],
    warnings: &mut Vec<PgnError>,
    depth: usize,
) -> RawLine {
    used[index] = true;
    let (number, branch) = &branches[index];
    let mut line = RawLine {
        moves: branch.moves.clone(),
        comments: line_comments(*number, base, comments),
        variations: Vec::new(),
    };
    for (i, (_, child)) in branches.iter().enumerate() {
        let ply = child.step.wrapping_sub(1).wrapping_sub(base);
        if used[i] || child.parent != *number || child.step <= base || ply >= line.moves.len() {
            continue;
        }
        if depth >= MAX_DEPTH {
            let at = Place::Field(format!("move_{number}"), None);
            warnings.push(PgnError::Corrupt { at, why: Corruption::TooDeep(MAX_DEPTH) });
            continue;
        }
        let variation = build(i, base + ply, branches, comments, used, warnings, depth + 1);
        line.variations.push((ply, variation));
    }
    line
}

/// The comments of line `number`, whose first move is `base` plies into the game; a comment
/// on the step before the first move stands before it.
fn line_comments(number: usize, base: usize, comments: &[(usize, usize, String)]) -> Vec<Comment> {
    comments
        .iter()
        .filter(|(line, step, _)| *line == number && *step >= base)
        .map(|(_, step, text)| Comment { ply: step - base, text: text.clone() })
        .collect()
}

/// A result field: `红胜`, `黑胜`, `和棋` (or a PGN score); anything else is unknown.
fn result_of(text: &str) -> Option<GameResult> {
    if let Some(result) = GameResult::from_score(text) {
        return result;
    }
    let win = text.contains('胜') || text.contains('勝');
    if win && (text.contains('红') || text.contains('紅')) {
        Some(GameResult::win(Color::Red, Reason::Recorded))
    } else if win && text.contains('黑') {
        Some(GameResult::win(Color::Black, Reason::Recorded))
    } else if text.contains('和') {
        Some(GameResult::draw(Reason::Recorded))
    } else {
        None
    }
}

/// `game` as a `[DhtmlXQ]` block, ending with a newline: its tags, its start position when it
/// is not the usual one, its main line, every variation and every comment (several comments
/// after one move joined into one).
pub fn write_dhtmlxq(game: &Game) -> String {
    let mut out = String::from("[DhtmlXQ]\n");
    let field = |out: &mut String, name: &str, value: &str| {
        out.push_str(&format!("[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]\n"));
    };
    for (name, tag) in TAGS {
        if let Some(value) = game.tag(tag).filter(|v| !v.is_empty() && !v.starts_with('?')) {
            field(&mut out, name, &escape(value));
        }
    }
    let result = match game.result.as_ref().map(|r| r.winner) {
        Some(Some(Color::Red)) => "红胜",
        Some(Some(Color::Black)) => "黑胜",
        Some(None) => "和棋",
        None => "未知",
    };
    field(&mut out, "result", result);
    if game.start.fen().split(' ').next() != START_FEN.split(' ').next()
        && let Some(points) = points_of(&game.start)
    {
        let binit: String = points.iter().map(|p| p.map_or_else(|| "99".to_string(), digits)).collect();
        field(&mut out, "binit", &binit);
    }
    let mut lines = Vec::new();
    collect(game.main_line(), 0, 0, 0, &mut 0, &mut lines);
    for (number, parent, base, line) in &lines {
        let text: String = line.moves.iter().map(|m| format!("{}{}", digits(m.from()), digits(m.to()))).collect();
        let name = if *number == 0 { "movelist".to_string() } else { format!("move_{parent}_{}_{number}", base + 1) };
        field(&mut out, &name, &text);
    }
    for (number, _, base, line) in &lines {
        let mut at = 0;
        while at < line.comments.len() {
            let ply = line.comments[at].ply.min(line.moves.len());
            let same: Vec<&str> = line.comments[at..]
                .iter()
                .take_while(|c| c.ply.min(line.moves.len()) == ply)
                .map(|c| c.text.as_str())
                .collect();
            at += same.len();
            let text = escape(&same.join("\n")).replace('\n', "||");
            let step = base + ply;
            let name = if *number == 0 { format!("comment{step}") } else { format!("comment{number}_{step}") };
            field(&mut out, &name, &text);
        }
    }
    out.push_str("[/DhtmlXQ]\n");
    out
}

/// A value as a field can hold it: no text that opens or closes a field.
fn escape(value: &str) -> String {
    value.replace("[DhtmlXQ", "［DhtmlXQ").replace("[/DhtmlXQ", "［/DhtmlXQ")
}

/// Every line under `line` (number `number`, branching from line `parent`, its first move
/// `base` plies into the game), numbered depth first.
fn collect<'a>(
    line: Line<'a>,
    number: usize,
    parent: usize,
    base: usize,
    next: &mut usize,
    out: &mut Vec<(usize, usize, usize, Line<'a>)>,
) {
    out.push((number, parent, base, line));
    for variation in line.variations {
        *next += 1;
        collect(variation.line(), *next, number, base + variation.ply, next, out);
    }
}

//! The reader: every game of a text, each a game or the error that stopped it. A bad game
//! never stops the games after it: the reader resumes at the next game's tags.

use super::error::{PgnError, Unclosed};
use super::tags::{DERIVED, Tags, parse_tag};
use super::{Comment, Game, Nag, Variation};
use crate::board::Position;
use crate::notation::{self, Notation, Script};
use crate::types::{Color, GameResult, Move};

/// Reads every game of `text`, in order. Lines in errors count from the start of `text`.
pub fn read_games(text: &str) -> Vec<Result<Game, PgnError>> {
    let mut cursor = Cursor { text, at: 0, line: 1 };
    let mut games = Vec::new();
    loop {
        cursor.skip_space();
        if cursor.peek().is_none() {
            break;
        }
        let begin = cursor.at;
        match cursor.game() {
            Ok(Some(game)) => games.push(Ok(game)),
            Ok(None) => {}
            Err((error, in_moves)) => {
                games.push(Err(error));
                cursor.skip_to_next_game(in_moves);
            }
        }
        if cursor.at == begin {
            // Nothing was taken: never loop on the same spot.
            cursor.bump();
        }
    }
    games
}

/// A cursor over the text, counting lines.
struct Cursor<'t> {
    text: &'t str,
    at: usize,
    line: usize,
}

/// An error, and whether the game's move text had begun when it struck.
type Failure = (PgnError, bool);

/// A variation being read: the position at the cursor, the plies from the game's start to its
/// first move, and what it holds so far.
struct Open {
    pos: Position,
    base: usize,
    line: Variation,
}

impl<'t> Cursor<'t> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// White space, and the byte-order mark some editors leave inside files.
    fn skip_space(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace() || c == '\u{feff}') {
            self.bump();
        }
    }

    fn at_line_start(&self) -> bool {
        self.at == 0 || self.text.as_bytes()[self.at - 1] == b'\n'
    }

    /// The rest of the current line, for error messages.
    fn rest_of_line(&self) -> String {
        let rest = &self.text[self.at..];
        rest[..rest.find('\n').unwrap_or(rest.len())].trim().to_string()
    }

    fn skip_line(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.bump();
        }
    }

    /// After a bad game: past its result token, or up to the next game's tags (a line
    /// starting with `[` after move text), whichever comes first.
    fn skip_to_next_game(&mut self, mut in_moves: bool) {
        if !in_moves {
            self.skip_line();
        }
        loop {
            self.skip_space();
            match self.peek() {
                None => return,
                Some('[') if in_moves && self.at_line_start() => return,
                Some('[' | ';') => self.skip_line(),
                Some('{') => {
                    let _ = self.comment();
                }
                Some('(') => {
                    let _ = self.skip_variation();
                }
                Some(_) => {
                    in_moves = true;
                    if GameResult::from_score(self.token()).is_some() {
                        return;
                    }
                }
            }
        }
    }

    /// One game: `None` if the text held nothing but comments.
    fn game(&mut self) -> Result<Option<Game>, Failure> {
        let mut tags = Tags::new();
        let mut fen_line = 0;
        // The start position and the main line's current one, set up at the first move.
        let mut board: Option<(Position, Position)> = None;
        let mut main = Variation::default();
        // Variations open at the cursor, innermost last.
        let mut open: Vec<Open> = Vec::new();
        let mut warnings = Vec::new();
        let mut notation = None;
        let mut result_token = None;
        let mut in_moves = false;
        let fail = |e: PgnError, in_moves: bool| (e, in_moves);
        loop {
            self.skip_space();
            let Some(c) = self.peek() else { break };
            let line = self.line;
            let current = match open.last_mut() {
                Some(o) => &mut o.line,
                None => &mut main,
            };
            let ply = current.moves.len();
            match c {
                '[' if in_moves => break,
                '[' => match parse_tag(&self.text[self.at..]) {
                    Some((name, value, taken)) => {
                        self.at += taken;
                        if name == "FEN" {
                            fen_line = line;
                        }
                        tags.set(&name, &value);
                    }
                    None => return Err(fail(PgnError::BadTag { line, text: self.rest_of_line() }, false)),
                },
                '{' => {
                    let text = self.comment().map_err(|e| fail(e, in_moves))?;
                    current.comments.push(Comment { ply, text });
                }
                ';' => {
                    self.bump();
                    let start = self.at;
                    self.skip_line();
                    let text = self.text[start..self.at].trim().to_string();
                    current.comments.push(Comment { ply, text });
                }
                // PGN's escape: a line starting with `%` is for other programs.
                '%' if self.at_line_start() => self.skip_line(),
                '(' => {
                    self.bump();
                    let before = match (open.last(), &board) {
                        (Some(o), _) => Some((o.pos.clone(), o.base)),
                        (None, Some((_, pos))) => Some((pos.clone(), 0)),
                        (None, None) => None,
                    };
                    let Some((mut pos, base)) = before.filter(|_| ply > 0) else {
                        // Nothing to be an alternative to: read past it.
                        self.skip_rest_of_variation(line).map_err(|e| fail(e, true))?;
                        continue;
                    };
                    pos.unmake();
                    open.push(Open {
                        pos,
                        base: base + ply - 1,
                        line: Variation { ply: ply - 1, ..Variation::default() },
                    });
                }
                ')' => {
                    self.bump();
                    let Some(closed) = open.pop() else {
                        return Err(fail(PgnError::UnexpectedToken { line, token: ")".to_string() }, true));
                    };
                    let parent = match open.last_mut() {
                        Some(o) => &mut o.line,
                        None => &mut main,
                    };
                    if !closed.line.moves.is_empty() {
                        parent.variations.push(closed.line);
                    }
                }
                _ => {
                    in_moves = true;
                    let token = self.token();
                    if let Some(code) = token.strip_prefix('$').filter(|c| c.chars().all(|c| c.is_ascii_digit())) {
                        // Glyphs past 255 exist nowhere; they are read and dropped.
                        if let Ok(code) = code.parse() {
                            current.nags.push(Nag { ply, code });
                        }
                        continue;
                    }
                    if let Some(result) = GameResult::from_score(token) {
                        if open.is_empty() {
                            result_token = Some(result);
                            break;
                        }
                        // A result inside a variation says how that line ends: nothing to keep.
                        continue;
                    }
                    if board.is_none() {
                        let start = start_position(&tags, fen_line).map_err(|e| fail(e, true))?;
                        board = Some((start.clone(), start));
                    }
                    let Some((start, main_pos)) = board.as_mut() else { continue };
                    let (current, pos, base) = match open.last_mut() {
                        Some(o) => (&mut o.line, &mut o.pos, o.base),
                        None => (&mut main, main_pos, 0),
                    };
                    match move_token(start, pos, token, base + ply, line) {
                        Ok(Some(mv)) => {
                            pos.make(mv);
                            current.moves.push(mv);
                        }
                        Ok(None) => continue,
                        Err(e) if open.is_empty() => return Err(fail(e, true)),
                        Err(e) => {
                            // A variation is kept up to its bad move; the game goes on.
                            warnings.push(e);
                            self.skip_rest_of_variation(line).map_err(|e| fail(e, true))?;
                            let closed = open.pop().map(|o| o.line).unwrap_or_default();
                            let parent = match open.last_mut() {
                                Some(o) => &mut o.line,
                                None => &mut main,
                            };
                            if !closed.moves.is_empty() {
                                parent.variations.push(closed);
                            }
                            continue;
                        }
                    }
                    if open.is_empty() {
                        // Told from the first move, until a Chinese record shows a character
                        // that only the traditional script has.
                        if matches!(notation, None | Some(Notation::Chinese(Script::Simplified))) {
                            // `1.h2e2`: the move without its number.
                            let text = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                            let seen = Notation::of_text(if text.is_empty() { token } else { text });
                            if notation.is_none() || seen == Notation::Chinese(Script::Traditional) {
                                notation = Some(seen);
                            }
                        }
                    }
                }
            }
        }
        if !open.is_empty() {
            return Err(fail(PgnError::Unterminated { line: self.line, what: Unclosed::Variation }, true));
        }
        if tags.is_empty() && main.moves.is_empty() && result_token.is_none() {
            return Ok(None);
        }
        let start = match board {
            Some((start, _)) => start,
            None => start_position(&tags, fen_line).map_err(|e| fail(e, in_moves))?,
        };
        let tag_result = tags.get("Result").and_then(GameResult::from_score);
        let result = result_token.or(tag_result).flatten();
        for name in DERIVED {
            tags.remove(name);
        }
        let Variation { moves, comments, nags, variations, .. } = main;
        Ok(Some(Game { tags, start, moves, comments, nags, variations, warnings, notation, result }))
    }

    /// A `{...}` comment's text, trimmed; the cursor is on its `{`.
    fn comment(&mut self) -> Result<String, PgnError> {
        let line = self.line;
        self.bump();
        let start = self.at;
        loop {
            match self.bump() {
                Some('}') => return Ok(self.text[start..self.at - 1].trim().to_string()),
                Some(_) => {}
                None => return Err(PgnError::Unterminated { line, what: Unclosed::Comment }),
            }
        }
    }

    /// Skips a variation, nested ones and comments inside included; the cursor is on its `(`.
    fn skip_variation(&mut self) -> Result<(), PgnError> {
        let line = self.line;
        self.bump();
        self.skip_rest_of_variation(line)
    }

    /// Skips to past the `)` that closes the variation the cursor is in, which opened on
    /// `line`.
    fn skip_rest_of_variation(&mut self, line: usize) -> Result<(), PgnError> {
        let mut depth = 1usize;
        loop {
            match self.peek() {
                Some('(') => {
                    depth += 1;
                    self.bump();
                }
                Some(')') => {
                    self.bump();
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some('{') => {
                    self.comment()?;
                }
                Some(_) => {
                    self.bump();
                }
                None => return Err(PgnError::Unterminated { line, what: Unclosed::Variation }),
            }
        }
    }

    /// A run of characters up to white space or a character that starts something else; at
    /// least one character.
    fn token(&mut self) -> &'t str {
        let start = self.at;
        while self.peek().is_some_and(|c| !c.is_whitespace() && !matches!(c, '{' | '(' | ')' | ';' | '[')) {
            self.bump();
        }
        if self.at == start {
            self.bump();
        }
        let text: &'t str = self.text;
        &text[start..self.at]
    }
}

/// The position a game starts from: its `FEN` tag, or the start position.
fn start_position(tags: &Tags, line: usize) -> Result<Position, PgnError> {
    match tags.get("FEN") {
        Some(fen) => Position::from_fen(fen).map_err(|error| PgnError::BadFen { line, fen: fen.to_string(), error }),
        None => Ok(Position::startpos()),
    }
}

/// The move number of the move after `ply` plies from `start`, as PGN writes it: `12.` or
/// `12...`.
pub fn move_number(start: &Position, ply: usize) -> String {
    let first = start.to_setup().fullmove.max(1) as usize;
    let black_first = start.side_to_move() == Color::Black;
    let half = ply + usize::from(black_first);
    let number = first + half / 2;
    if half.is_multiple_of(2) { format!("{number}.") } else { format!("{number}...") }
}

/// The move a movetext token holds: `None` for a bare move number (`12.`, `12...`).
fn move_token(
    start: &Position,
    pos: &Position,
    token: &str,
    ply: usize,
    line: usize,
) -> Result<Option<Move>, PgnError> {
    let bad = |error| PgnError::BadMove { line, number: move_number(start, ply), token: token.to_string(), error };
    let digits = token.chars().take_while(char::is_ascii_digit).count();
    let dots = token[digits..].chars().take_while(|&c| c == '.').count();
    if digits == 0 || dots == 0 {
        return notation::parse_move(pos, token).map(Some).map_err(bad);
    }
    let rest = &token[digits + dots..];
    if rest.is_empty() {
        return Ok(None);
    }
    // `33.4` is a WXF soldier move, `1.h2e2` a number glued to a move.
    match notation::parse_move(pos, token) {
        Ok(mv) => Ok(Some(mv)),
        Err(whole) => match notation::parse_move(pos, rest) {
            Ok(mv) => Ok(Some(mv)),
            Err(_) if rest.starts_with(|c: char| c.is_ascii_digit()) => Err(bad(whole)),
            Err(e) => Err(bad(e)),
        },
    }
}

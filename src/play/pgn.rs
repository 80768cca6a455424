//! Game records in PGN, as xiangqi software writes them.
//!
//! Xiangqi PGN follows chess PGN (tag pairs, then move text) with the conventions of xqbase's
//! specification (`cchess_pgn.htm`, used by XQWizard, ElephantEye's tools, xiangqi.js and the
//! Python `cchess` package): a first tag `[Game "Chinese Chess"]`, players in `Red` and `Black`,
//! a `FEN` tag for games that do not begin at the start position, and a `Format` tag naming the
//! move notation.
//!
//! Chuhan writes moves in ICCS coordinates (`h2e2`) under `[Format "ICCS"]`: the coordinates
//! need no position to be understood, are the move strings UCCI engines speak, and are read by
//! every program named above, while Chinese and WXF notation depend on the position and come in
//! regional variants. It adds `[SetUp "1"]` next to `FEN`, as chess PGN does, which xiangqi
//! readers ignore harmlessly.
//!
//! Reading is broader: each move may be in ICCS (`h2e2`, `H2-E2`), WXF (`C2.5`) or Chinese
//! (`炮二平五`) notation whatever the `Format` tag says; move numbers (`1.`, `1...`, `1.h2e2`),
//! comments (`{…}`, `; …`), variations (`(…)`, skipped), annotation glyphs (`$1`) and `!`/`?`
//! marks are understood. [`PgnGame::parse`] reads the first game of a text, [`PgnGame::parse_all`]
//! every game. Errors name the offending tag, token or move and its line.

use std::fmt;

use crate::board::{FenError, Position, START_FEN};
use crate::play::notation::{self, NotationError};
use crate::types::{Color, Move};

/// How a game ended, as the `Result` tag and the last token of the move text say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameResult {
    RedWins,
    BlackWins,
    Draw,
    /// Still in progress, abandoned, or unknown: `*`.
    #[default]
    Unfinished,
}

impl GameResult {
    /// The PGN token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn token(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    pub fn from_token(token: &str) -> Option<GameResult> {
        match token {
            "1-0" => Some(GameResult::RedWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unfinished),
            _ => None,
        }
    }

    /// The win for `c`.
    pub const fn win_for(c: Color) -> GameResult {
        match c {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// Why a PGN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// A tag that is not `[Name "value"]`.
    BadTag { line: usize, text: String },
    /// The `FEN` tag holds no valid position.
    BadFen { fen: String, error: FenError },
    /// A move that cannot be read or played; `ply` counts from 1 at the start position.
    BadMove { line: usize, ply: usize, token: String, error: NotationError },
    /// A token that has no place in move text, such as an unmatched `)`.
    UnexpectedToken { line: usize, token: String },
    /// A comment or variation still open at the end of the text.
    Unterminated { line: usize, what: &'static str },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::BadTag { line, text } => write!(f, "line {line}: bad tag '{text}' (expected [Name \"value\"])"),
            PgnError::BadFen { fen, error } => write!(f, "FEN tag '{fen}': {error}"),
            PgnError::BadMove { line, ply, token, error } => {
                write!(f, "line {line}, ply {ply}: bad move '{token}': {error}")
            }
            PgnError::UnexpectedToken { line, token } => write!(f, "line {line}: unexpected '{token}'"),
            PgnError::Unterminated { line, what } => write!(f, "line {line}: {what} never closed"),
        }
    }
}

impl std::error::Error for PgnError {}

/// The seven tags every PGN game carries, in their order; `Result` comes from
/// [`PgnGame::result`].
const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "Red", "Black"];
/// Tags Chuhan derives from the game itself rather than storing.
const DERIVED: [&str; 5] = ["Game", "Result", "FEN", "SetUp", "Format"];

/// A game record: its tags, where it started, its moves and its result.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// Tag pairs other than the derived ones (`Game`, `Result`, `FEN`, `SetUp`, `Format`), in
    /// file order.
    pub tags: Vec<(String, String)>,
    /// The position before the first move.
    pub start: Position,
    /// The moves played from `start`.
    pub moves: Vec<Move>,
    pub result: GameResult,
}

impl PgnGame {
    /// An empty record starting at `start`, with the roster tags set to PGN's "unknown" values.
    pub fn new(start: Position) -> PgnGame {
        let tags = ROSTER
            .iter()
            .map(|&name| (name.to_string(), if name == "Date" { "????.??.??" } else { "?" }.to_string()))
            .collect();
        PgnGame { tags, start, moves: Vec::new(), result: GameResult::Unfinished }
    }

    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, replacing an earlier value.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The position after all the moves, or the first move that cannot be played.
    pub fn final_position(&self) -> Result<Position, crate::board::IllegalMove> {
        let mut pos = self.start.clone();
        for &mv in &self.moves {
            pos.play(mv)?;
        }
        Ok(pos)
    }

    /// The record as PGN text, ending with a newline.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        };
        tag("Game", "Chinese Chess");
        for name in ROSTER {
            let unknown = if name == "Date" { "????.??.??" } else { "?" };
            tag(name, self.tag(name).unwrap_or(unknown));
        }
        tag("Result", self.result.token());
        let fen = self.start.fen();
        if fen != START_FEN {
            tag("SetUp", "1");
            tag("FEN", &fen);
        }
        tag("Format", "ICCS");
        // Names with spaces, quotes or brackets cannot be written as tags and are left out.
        for (name, value) in &self.tags {
            if !ROSTER.contains(&name.as_str()) && !DERIVED.contains(&name.as_str()) && is_tag_name(name) {
                tag(name, value);
            }
        }
        out.push('\n');

        let mut tokens = movetext_tokens(&self.start, &self.moves);
        tokens.push(self.result.token().to_string());

        out.push_str(&wrap_tokens(&tokens, 79));
        out.push('\n');
        out
    }

    /// Reads the first game of a PGN text.
    pub fn parse(text: &str) -> Result<PgnGame, PgnError> {
        Reader::new(text).game()
    }

    /// Reads every game of a PGN text, in order, stopping after the first error. Error lines
    /// count from the start of the text.
    pub fn parse_all(text: &str) -> impl Iterator<Item = Result<PgnGame, PgnError>> {
        let mut reader = Reader::new(text);
        let mut failed = false;
        std::iter::from_fn(move || {
            reader.skip_space();
            if failed || reader.peek().is_none() {
                return None;
            }
            let game = reader.game();
            failed = game.is_err();
            Some(game)
        })
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ")
}

/// Whether `name` can be written as a tag name: no spaces, quotes or brackets.
fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && !name.chars().any(|c| c.is_whitespace() || matches!(c, '"' | '[' | ']'))
}

/// A cursor over the text, counting lines.
struct Reader {
    chars: Vec<char>,
    at: usize,
    line: usize,
}

impl Reader {
    fn new(text: &str) -> Reader {
        Reader { chars: text.chars().collect(), at: 0, line: 1 }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// The rest of the current line, for error messages.
    fn rest_of_line(&self, from: usize) -> String {
        self.chars[from..].iter().take_while(|&&c| c != '\n').collect::<String>().trim().to_string()
    }

    fn game(&mut self) -> Result<PgnGame, PgnError> {
        let mut tags: Vec<(String, String)> = Vec::new();
        // The start position and the current one, set up at the first move.
        let mut board: Option<(Position, Position)> = None;
        let mut moves = Vec::new();
        let mut result_token = None;
        let mut in_moves = false;
        loop {
            self.skip_space();
            let Some(c) = self.peek() else { break };
            let line = self.line;
            match c {
                '[' if !in_moves => {
                    let (name, value) = self.tag()?;
                    match tags.iter_mut().find(|(n, _)| *n == name) {
                        Some((_, v)) => *v = value,
                        None => tags.push((name, value)),
                    }
                }
                // The next game's tags: this game has ended.
                '[' => break,
                '{' => self.skip_until('}', "comment")?,
                ';' => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                '(' => self.skip_variation()?,
                ')' => {
                    self.bump();
                    return Err(PgnError::UnexpectedToken { line, token: ")".to_string() });
                }
                _ => {
                    in_moves = true;
                    let token = self.token();
                    if token.starts_with('$') && token[1..].chars().all(|c| c.is_ascii_digit()) {
                        continue;
                    }
                    if let Some(result) = GameResult::from_token(&token) {
                        result_token = Some(result);
                        break;
                    }
                    if board.is_none() {
                        let start = start_position(&tags)?;
                        board = Some((start.clone(), start));
                    }
                    if let Some((_, pos)) = board.as_mut()
                        && let Some(mv) = self.move_token(pos, &token, moves.len() + 1, line)?
                    {
                        pos.make(mv);
                        moves.push(mv);
                    }
                }
            }
        }
        let start = match board {
            Some((start, _)) => start,
            None => start_position(&tags)?,
        };
        let tag_result = tags.iter().find(|(n, _)| n == "Result").and_then(|(_, v)| GameResult::from_token(v));
        let result = result_token.or(tag_result).unwrap_or_default();
        tags.retain(|(n, _)| !DERIVED.contains(&n.as_str()));
        Ok(PgnGame { tags, start, moves, result })
    }

    /// One tag pair; the cursor is on its `[`.
    fn tag(&mut self) -> Result<(String, String), PgnError> {
        let (start, line) = (self.at, self.line);
        let bad = |r: &Reader| PgnError::BadTag { line, text: r.rest_of_line(start) };
        self.bump();
        self.skip_space();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|&c| !c.is_whitespace() && !matches!(c, '"' | '[' | ']')) {
            name.push(c);
            self.bump();
        }
        self.skip_space();
        if name.is_empty() || self.bump() != Some('"') {
            return Err(bad(self));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('"') => break,
                Some('\\') => match self.bump() {
                    Some(c) => value.push(c),
                    None => return Err(bad(self)),
                },
                Some('\n') | None => return Err(bad(self)),
                Some(c) => value.push(c),
            }
        }
        self.skip_space();
        if self.bump() != Some(']') {
            return Err(bad(self));
        }
        Ok((name, value))
    }

    /// Skips past the next `close`; the cursor is on the opening character.
    fn skip_until(&mut self, close: char, what: &'static str) -> Result<(), PgnError> {
        let line = self.line;
        self.bump();
        loop {
            match self.bump() {
                Some(c) if c == close => return Ok(()),
                Some(_) => {}
                None => return Err(PgnError::Unterminated { line, what }),
            }
        }
    }

    /// Skips a variation, nested ones and comments inside included; the cursor is on its `(`.
    fn skip_variation(&mut self) -> Result<(), PgnError> {
        let line = self.line;
        let mut depth = 0usize;
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
                Some('{') => self.skip_until('}', "comment")?,
                Some(_) => {
                    self.bump();
                }
                None => return Err(PgnError::Unterminated { line, what: "variation" }),
            }
        }
    }

    /// A run of characters up to white space or a character that starts something else.
    fn token(&mut self) -> String {
        let mut token = String::new();
        while let Some(c) = self.peek().filter(|&c| !c.is_whitespace() && !matches!(c, '{' | '(' | ')' | ';' | '[')) {
            token.push(c);
            self.bump();
        }
        if token.is_empty() {
            // A lone character that starts nothing we know; take it so the reader moves on.
            token.extend(self.bump());
        }
        token
    }

    /// The move a movetext token holds: `None` for a bare move number (`12.`, `12...`).
    fn move_token(&self, pos: &Position, token: &str, ply: usize, line: usize) -> Result<Option<Move>, PgnError> {
        let bad = |error| PgnError::BadMove { line, ply, token: token.to_string(), error };
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
}

/// The position a game starts from: its `FEN` tag, or the start position.
fn start_position(tags: &[(String, String)]) -> Result<Position, PgnError> {
    match tags.iter().find(|(n, _)| n == "FEN") {
        Some((_, fen)) => Position::from_fen(fen).map_err(|error| PgnError::BadFen { fen: fen.clone(), error }),
        None => Ok(Position::startpos()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::legal_moves;

    fn mv(s: &str) -> Move {
        Move::parse(s).unwrap_or_else(|| panic!("bad test move {s}"))
    }

    fn game_from(start: Position, moves: &[&str]) -> PgnGame {
        let mut game = PgnGame::new(start);
        game.moves = moves.iter().map(|m| mv(m)).collect();
        game
    }

    #[test]
    fn writes_the_xqbase_layout() {
        let mut game = game_from(Position::startpos(), &["h2e2", "h9g7", "h0g2", "i9h9"]);
        game.set_tag("Event", "Casual \"blitz\"");
        game.set_tag("Date", "2025.01.31");
        game.set_tag("Red", "Chuhan");
        game.set_tag("Black", "Human");
        game.set_tag("TimeControl", "-");
        game.result = GameResult::Draw;
        let expected = r#"[Game "Chinese Chess"]
[Event "Casual \"blitz\""]
[Site "?"]
[Date "2025.01.31"]
[Round "?"]
[Red "Chuhan"]
[Black "Human"]
[Result "1/2-1/2"]
[Format "ICCS"]
[TimeControl "-"]

1. h2e2 h9g7 2. h0g2 i9h9 1/2-1/2
"#;
        assert_eq!(game.to_pgn(), expected);
    }

    #[test]
    fn set_up_positions_carry_fen_and_black_starts_with_dots() {
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 17").expect("valid");
        let game = game_from(start, &["d9d8", "e1e2", "d8d9"]);
        let text = game.to_pgn();
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 17\"]\n"), "{text}");
        assert!(text.ends_with("\n17... d9d8 18. e1e2 d8d9 *\n"), "{text}");
        let back = PgnGame::parse(&text).expect("reads back");
        assert_eq!(back.start.fen(), game.start.fen());
        assert_eq!(back.moves, game.moves);
    }

    #[test]
    fn reads_other_programs_records() {
        let text = "[Game \"Chinese Chess\"]\r\n[Event \"全国赛\"]\r\n[Red \"许银川\"]\r\n[Result \"1-0\"]\r\n\
            [棋谱名称 \"示例\"]\r\n\r\n{ 开局 } 1. 炮二平五 马８进７ {中炮} 2.马二进三 (2. 马八进七 车9平8) 车9平8 $1\r\n\
            3. R1.2 C8+4 ; a remark\r\n4. B0-C2? 1-0\r\n\r\n[Event \"next game\"]\r\n1. a0a1 *\r\n";
        let game = PgnGame::parse(text).expect("reads");
        assert_eq!(game.tag("Event"), Some("全国赛"));
        assert_eq!(game.tag("棋谱名称"), Some("示例"));
        assert_eq!(game.result, GameResult::RedWins);
        let moves: Vec<String> = game.moves.iter().map(Move::to_string).collect();
        assert_eq!(moves, ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "h7h3", "b0c2"]);
    }

    #[test]
    fn round_trip_reaches_the_same_position() {
        let mut seed = 0x1234_5678_u64;
        for fen in [START_FEN, "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 b - - 3 21"] {
            let start = Position::from_fen(fen).expect("valid");
            let mut game = PgnGame::new(start.clone());
            let mut pos = start;
            for _ in 0..150 {
                let moves = legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let m = moves[(seed >> 33) as usize % moves.len()];
                pos.make(m);
                game.moves.push(m);
            }
            game.set_tag("Site", "back\\slash");
            game.result = GameResult::BlackWins;
            let text = game.to_pgn();
            assert!(text.lines().all(|l| l.len() <= 79), "{text}");
            let back = PgnGame::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.moves, game.moves);
            assert_eq!(back.tags, game.tags);
            assert_eq!(back.result, game.result);
            assert_eq!(back.start.fen(), game.start.fen());
            let end = back.final_position().expect("legal moves");
            assert_eq!(end.fen(), pos.fen());
            assert_eq!(back.to_pgn(), text);
        }
    }

    #[test]
    fn errors_name_the_culprit() {
        let err = |text: &str| PgnGame::parse(text).expect_err(text);
        assert!(matches!(err("[Event \"x\"\n1. h2e2"), PgnError::BadTag { line: 1, .. }));
        assert!(matches!(err("[Event x]"), PgnError::BadTag { .. }));
        assert!(matches!(err("[FEN \"9/9 w\"]\n1. h2e2"), PgnError::BadFen { .. }));
        assert!(matches!(err("[FEN \"9/9 w\"]"), PgnError::BadFen { .. }));
        assert!(matches!(err("1. h2e2 {unclosed"), PgnError::Unterminated { what: "comment", .. }));
        assert!(matches!(err("1. h2e2 (h9g7"), PgnError::Unterminated { what: "variation", .. }));
        assert!(matches!(err("1. h2e2 )"), PgnError::UnexpectedToken { .. }));
        match err("1. h2e2 h9g7\n2. h2e2 *") {
            PgnError::BadMove { line, ply, token, error } => {
                assert_eq!((line, ply, token.as_str()), (2, 3, "h2e2"));
                assert!(matches!(error, NotationError::Illegal { .. }));
            }
            other => panic!("{other:?}"),
        }
        let e = err("1. h2e2 zz9");
        assert_eq!(
            e.to_string(),
            "line 1, ply 2: bad move 'zz9': 'zz9' is not a move (examples: h2e2, 炮二平五, C2.5)"
        );
    }

    #[test]
    fn every_game_of_a_file() {
        let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 {checkmate} 1-0\n\n\
            [Event \"b\"]\n\n1. b2e2 1/2-1/2\n\n[Event \"c\"]\n\n1. h2e2 h2e2 *\n";
        let games: Vec<_> = PgnGame::parse_all(text).collect();
        assert_eq!(games.len(), 3);
        let first = games[0].as_ref().expect("first game");
        assert_eq!((first.tag("Event"), first.moves.len(), first.result), (Some("a"), 2, GameResult::RedWins));
        let second = games[1].as_ref().expect("second game");
        assert_eq!((second.tag("Event"), second.result), (Some("b"), GameResult::Draw));
        // The third game's bad move is on line 12 of the whole text.
        assert!(matches!(games[2], Err(PgnError::BadMove { line: 12, ply: 2, .. })), "{:?}", games[2]);
        assert_eq!(PgnGame::parse_all(" \n\n").count(), 0);
    }

    #[test]
    fn empty_text_is_an_empty_game() {
        let game = PgnGame::parse("").expect("empty is fine");
        assert!(game.moves.is_empty());
        assert_eq!(game.start.fen(), START_FEN);
        assert_eq!(game.result, GameResult::Unfinished);
    }

    proptest::proptest! {
        #[test]
        fn reader_never_panics(text in "\\PC{0,80}") {
            let _ = PgnGame::parse(&text);
        }

        #[test]
        fn reader_never_panics_on_pgn_like_text(
            text in "(\\[[A-Za-z]{0,4} ?\"[^\"\n]{0,6}\"?\\]?\n?|[0-9]{1,2}\\.{0,3}|h2e2|h9g7|炮二平五|C2\\.5|33\\.4|\\{|\\}|\\(|\\)|;|\\$[0-9]|1-0|\\*| |\n){0,24}"
        ) {
            let _ = PgnGame::parse(&text);
        }
    }
}

/// Move numbers and ICCS moves from `start`: `1. h2e2 h9g7 2. ...`, or `1... h9g7` when Black
/// moves first. Shared by `chuhan play` and `chuhan match`.
pub(crate) fn movetext_tokens(start: &Position, moves: &[Move]) -> Vec<String> {
    let mut tokens = Vec::with_capacity(moves.len() * 3 / 2 + 2);
    let mut number = start.to_setup().fullmove.max(1);
    let mut side = start.side_to_move();
    for (i, mv) in moves.iter().enumerate() {
        match side {
            Color::Red => tokens.push(format!("{number}.")),
            Color::Black if i == 0 => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        tokens.push(mv.to_string());
        if side == Color::Black {
            number += 1;
        }
        side = !side;
    }
    tokens
}

/// Movetext tokens joined by spaces, a line break before any token that would pass `width`
/// columns (no break at the end). Shared by `chuhan play` and `chuhan match`.
pub(crate) fn wrap_tokens(tokens: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    out.push_str(&line);
    out
}

/// A UTC date as PGN writes it, `YYYY.MM.DD`, or `????.??.??` for a time before 1970.
pub(crate) fn date(t: std::time::SystemTime) -> String {
    let Ok(since) = t.duration_since(std::time::UNIX_EPOCH) else {
        return "????.??.??".to_string();
    };
    let (y, m, d) = civil_from_days((since.as_secs() / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod shared_tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_089), (2025, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(date(UNIX_EPOCH + Duration::from_secs(1_700_000_000)), "2023.11.14");
    }

    #[test]
    fn wrapping() {
        let tokens: Vec<String> = ["1.", "h2e2", "h9g7", "2.", "h0g2"].iter().map(|t| t.to_string()).collect();
        assert_eq!(wrap_tokens(&tokens, 80), "1. h2e2 h9g7 2. h0g2");
        assert_eq!(wrap_tokens(&tokens, 12), "1. h2e2 h9g7\n2. h0g2");
    }
}

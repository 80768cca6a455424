//! The messages of the WebSocket, as JSON objects tagged by `t` (`docs/web.md` §2). Squares and
//! moves travel in ICCS (`h2e2`); every other text is written by the server in the notation the
//! tab chose, so the page never knows a rule or a notation of its own.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::words::{self, JsonKind, MessageFault, Say};

/// What a tab asks for.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(tag = "t", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMessage {
    /// A game against Chuhan from `fen` (the start when absent) after `moves` (a reloaded page
    /// sends the moves it had), the player taking `color` (`red` or `black`), Chuhan at `level`
    /// (0 to 20) thinking `movetime` ms a move, or on its clock when the game has one: `clock`
    /// is `BASE+INC` in seconds (`5+3`), `left` each side's time left in ms (Red's, Black's)
    /// when a reloaded page resumes the game.
    Play {
        fen: Option<String>,
        moves: Option<Vec<String>>,
        color: Option<String>,
        level: Option<u8>,
        movetime: Option<u64>,
        clock: Option<String>,
        left: Option<[u64; 2]>,
    },
    /// Infinite analysis of `fen` after `moves` (ICCS), `multipv` lines (1 to 5). A reloaded
    /// page sends its move `tree` instead (each node's parent and move; node `i + 1` is the
    /// `i`-th) and the `node` it showed.
    Analyse {
        fen: Option<String>,
        moves: Option<Vec<String>>,
        multipv: Option<usize>,
        tree: Option<Vec<(usize, String)>>,
        node: Option<usize>,
    },
    /// Show node `node` of the analysis tree.
    Goto {
        node: usize,
    },
    /// The game (or the analysis tree, or the reviewed game with its marks) as PGN in the tab's
    /// notation.
    Pgn,
    /// Whether `fen` is a position Chuhan accepts (the position editor asks before it opens one).
    Check {
        fen: String,
    },
    /// `en` or `zh`: the language of the server's texts.
    Lang {
        lang: String,
    },
    /// A move in ICCS, Chinese or WXF notation, played on the tab's board.
    Move {
        mv: String,
    },
    /// Take back the player's last move (and Chuhan's reply).
    Undo,
    /// The best three moves for the side to move.
    Hint,
    Resign,
    /// Offer Chuhan a draw.
    Draw,
    /// Stop the analysis or review under way.
    Stop,
    /// `iccs`, `wxf` or `chinese` (simplified; `traditional` for the traditional script).
    Notation {
        notation: String,
    },
    /// The explorer's book: the one sent to `/api/book` under `token`, or the server's when
    /// absent.
    Book {
        token: Option<u64>,
    },
    /// The tab was hidden (`false`) or shown again (`true`): a hidden tab's analysis pauses, and
    /// resumes, saying so, when it is shown.
    Visible {
        visible: bool,
    },
    /// Review the game `moves` (ICCS) from `fen`, `movetime` ms per position.
    Review {
        fen: Option<String>,
        moves: Vec<String>,
        movetime: Option<u64>,
    },
}

/// The message `text` holds, or its refusal in both languages: the JSON reader's English, and
/// in Chinese what is wrong, told from the text and the reader's error.
pub fn read(text: &str) -> Result<ClientMessage, Say> {
    serde_json::from_str(text).map_err(|e| words::bad_message(&e.to_string(), &fault(text, &e)))
}

/// The longest value a refusal quotes, in characters.
const QUOTED: usize = 40;

/// What is wrong with `text`, which `ClientMessage` refused with `error`. serde's data errors
/// are text only, so `missing field`, `unknown field` and `unknown variant` are known by their
/// words (serde's own, fixed in `serde::de::Error`); a value that does not fit is found as the
/// field without which the message is whole or lacks only that field.
fn fault(text: &str, error: &serde_json::Error) -> MessageFault {
    let value: Value = match serde_json::from_str(text) {
        Ok(value) => value,
        Err(_) if text.trim().is_empty() => return MessageFault::Empty,
        Err(e) => return MessageFault::NotJson { line: e.line(), column: e.column() },
    };
    let object = match value {
        Value::Object(object) => object,
        Value::Null => return MessageFault::NotObject(JsonKind::Null),
        Value::Bool(_) => return MessageFault::NotObject(JsonKind::Bool),
        Value::Number(_) => return MessageFault::NotObject(JsonKind::Number),
        Value::String(_) => return MessageFault::NotObject(JsonKind::Text),
        Value::Array(_) => return MessageFault::NotObject(JsonKind::Array),
    };
    let Some(kind) = object.get("t").and_then(Value::as_str).map(str::to_string) else {
        return MessageFault::NoKind;
    };
    let said = error.to_string();
    let named = |words: &str| {
        let rest = said.strip_prefix(words)?.strip_prefix(" `")?;
        rest.split_once('`').map(|(name, _)| name.to_string())
    };
    if said.starts_with("unknown variant") {
        return MessageFault::UnknownKind(kind);
    }
    if let Some(field) = named("missing field") {
        return MessageFault::Missing { kind, field };
    }
    if let Some(field) = named("unknown field") {
        return MessageFault::UnknownField { kind, field };
    }
    for (field, value) in object.iter().filter(|(name, _)| *name != "t") {
        let mut without = object.clone();
        without.remove(field);
        let whole = match serde_json::from_value::<ClientMessage>(Value::Object(without)) {
            Ok(_) => true,
            Err(e) => e.to_string() == format!("missing field `{field}`"),
        };
        if whole {
            let mut value = value.to_string();
            if let Some((cut, _)) = value.char_indices().nth(QUOTED) {
                value.truncate(cut);
                value.push('…');
            }
            return MessageFault::BadValue { kind, field: field.clone(), value };
        }
    }
    MessageFault::BadFields { kind }
}

/// A game's end, as the judge gave it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: String,
    /// `red`, `black` or `none`.
    pub winner: &'static str,
    /// The reason's kind: `checkmate`, `stalemate`, `perpetual-check`, `perpetual-chase`,
    /// `repetition`, `move-limit`, `material`, `resignation`, `agreement`.
    pub reason: &'static str,
    /// The reason in words, with the judge's explanation of a repetition.
    pub text: String,
}

/// One node of the analysis tree: its parent node and its move.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TreeMove {
    pub parent: usize,
    pub iccs: String,
    pub text: String,
}

/// A game's clocks: each side's time left in ms, the control (`300+3`, seconds), and whether the
/// side to move's is running.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ClockState {
    pub red: u64,
    pub black: u64,
    pub control: String,
    pub running: bool,
}

/// One move of the record: ICCS and the chosen notation.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MoveText {
    pub iccs: String,
    pub text: String,
}

/// A book move and how the master games that played it went, for the side that played it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BookEntry {
    pub mv: MoveText,
    pub games: u64,
    /// Points per game with a result, 0 to 1 (`None`: no game with a result).
    pub score: Option<f64>,
    pub draws: Option<f64>,
}

/// One engine line.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LineInfo {
    /// The moves in ICCS.
    pub pv: Vec<String>,
    /// The moves in the chosen notation.
    pub text: String,
    /// `+0.35`, `#3`, from each side: the page shows one, by the tab's setting.
    pub score: Sided,
    /// Red's expected score, 0 to 1, for the bar.
    pub red: f64,
    /// Red's win, draw and loss per mille (the side to move's is the reverse when Black moves).
    pub wdl: [u32; 3],
}

/// A score written from Red's side and from the side to move's (the same when Red moves).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Sided {
    pub red: String,
    pub mover: String,
}

/// One move of a reviewed game.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ReviewedMove {
    pub mv: MoveText,
    /// `?!`, `?`, `??`, `!` or empty.
    pub mark: &'static str,
    /// Chuhan's choice where it differs, in the chosen notation.
    pub best: Option<MoveText>,
    /// The position after the move.
    pub fen: String,
}

/// One move of the tables' panel: the value it leaves its mover (`docs/egtb.md` §15).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TableMove {
    pub mv: MoveText,
    /// `win`, `draw`, `loss` or `undecided`, for the mover.
    pub kind: &'static str,
    /// `mate in 10`, `mated in 6`, `draw`.
    pub text: String,
    /// Plies to mate, for a win or a loss.
    pub plies: Option<u16>,
    /// The value as a score (`#10`, `#-6`), for a win or a loss.
    pub score: Option<Sided>,
}

/// What the endgame tables say of a position they cover.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TablesInfo {
    /// `win`, `draw`, `loss` or `undecided`, for the side to move.
    pub kind: &'static str,
    /// `Red wins: mate in 10 (19 plies)`.
    pub verdict: String,
    /// Every legal move, best first.
    pub moves: Vec<TableMove>,
}

/// The tab's position and everything the board shows of it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BoardState {
    /// `play` or `analysis`.
    pub mode: &'static str,
    pub fen: String,
    /// `red` or `black`.
    pub turn: &'static str,
    /// Legal moves by from-square, from Chuhan's move generator (empty once the game ended).
    pub dests: std::collections::BTreeMap<String, Vec<String>>,
    pub last: Option<String>,
    pub check: bool,
    /// The start position and the moves from it.
    pub start: String,
    pub moves: Vec<MoveText>,
    /// The player's side in a game; `none` in analysis.
    pub human: &'static str,
    pub level: u8,
    pub thinking: bool,
    /// The opening's ECCO code while the game is in the book.
    pub opening: Option<String>,
    /// The default book's moves for the position, most played first.
    pub book: Vec<BookEntry>,
    pub result: Option<Outcome>,
    /// The game's clocks, if it has them.
    pub clock: Option<ClockState>,
    /// The analysis tree (empty in a game) and the node shown.
    pub tree: Vec<TreeMove>,
    pub node: usize,
    /// The endgame tables' view, when the server has tables that cover the position.
    pub tables: Option<TablesInfo>,
}

/// What the server tells a tab.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum ServerMessage {
    /// The tab's position and everything the board shows of it.
    State(Box<BoardState>),
    /// The analysis so far: its lines, best first.
    Lines { depth: i32, nodes: u64, nps: u64, lines: Vec<LineInfo> },
    /// The best three moves for the player.
    Hint { lines: Vec<LineInfo> },
    /// Review progress: `done` of `total` positions searched.
    Progress { done: usize, total: usize },
    /// A finished (or stopped) review.
    Reviewed { moves: Vec<ReviewedMove>, red: Vec<f64>, summary: Vec<String>, pgn: String },
    /// The game as PGN, to save as `name`.
    Pgn { name: String, text: String },
    /// A position the editor may open, as Chuhan writes its FEN.
    Position { fen: String },
    /// Something to show the player: a draw declined, a search waiting for a core.
    Notice { text: String },
    /// A request that could not be carried out, and why; nothing changed.
    Error { text: String },
}

#[cfg(test)]
mod tests {
    use crate::words::Lang;

    /// The refusal of `text`, in English and Chinese.
    fn refusal(text: &str) -> (String, String) {
        let say = super::read(text).expect_err("refused");
        (say.get(Lang::En), say.get(Lang::Zh))
    }

    /// Each fault a tab's text can have, told in Chinese; the English stays the JSON reader's.
    #[test]
    fn a_refused_message_says_what_is_wrong_in_chinese() {
        let zh = |text: &str| refusal(text).1;
        assert_eq!(zh(" "), "无法识别的消息：消息为空");
        assert_eq!(zh("{\"t\": \"move\",\n"), "无法识别的消息：不是 JSON（第 2 行第 0 列出错）");
        assert_eq!(zh("{"), "无法识别的消息：不是 JSON（第 1 行第 1 列出错）");
        assert_eq!(zh("null"), "无法识别的消息：应为 JSON 对象，收到的是 null");
        assert_eq!(zh("[]"), "无法识别的消息：应为 JSON 对象，收到的是数组");
        assert_eq!(zh("42"), "无法识别的消息：应为 JSON 对象，收到的是数");
        assert_eq!(zh(r#"{"mv": "h2e2"}"#), "无法识别的消息：缺少消息类型 t（应为文字）");
        assert_eq!(zh(r#"{"t": 3}"#), "无法识别的消息：缺少消息类型 t（应为文字）");
        assert_eq!(zh(r#"{"t": "fly"}"#), "无法识别的消息：未知的消息类型 \"fly\"");
        assert_eq!(zh(r#"{"t": "move"}"#), "无法识别的消息：move 消息缺少字段 mv");
        assert_eq!(zh(r#"{"t": "goto", "node": 1, "mv": "h2e2"}"#), "无法识别的消息：goto 消息没有字段 mv");
        assert_eq!(zh(r#"{"t": "play", "level": -1}"#), "无法识别的消息：play 消息的字段 level 不能是 -1");
        assert_eq!(
            zh(r#"{"t": "review", "moves": "h2e2"}"#),
            "无法识别的消息：review 消息的字段 moves 不能是 \"h2e2\""
        );
        assert_eq!(zh(r#"{"t": "analyse", "tree": [[0]]}"#), "无法识别的消息：analyse 消息的字段 tree 不能是 [[0]]");
        let long = format!(r#"{{"t": "move", "mv": [{}]}}"#, vec!["1"; 30].join(","));
        assert_eq!(zh(&long), format!("无法识别的消息：move 消息的字段 mv 不能是 [{}1…", "1,".repeat(19)));
        // Two fields wrong: neither is the only fault.
        assert_eq!(zh(r#"{"t": "play", "level": "x", "color": 3}"#), "无法识别的消息：play 消息的字段有误");
        let (en, zh) = refusal(r#"{"t": "move", "mv": 3}"#);
        assert_eq!(en, "not a message: invalid type: integer `3`, expected a string");
        assert_eq!(zh, "无法识别的消息：move 消息的字段 mv 不能是 3");
    }
}

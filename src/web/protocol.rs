//! The messages of the WebSocket, as JSON objects tagged by `t` (`docs/web.md` §2). Squares and
//! moves travel in ICCS (`h2e2`); every other text is written by the server in the notation the
//! tab chose, so the page never knows a rule or a notation of its own.

use serde::{Deserialize, Serialize};

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
    /// Review the game `moves` (ICCS) from `fen`, `movetime` ms per position.
    Review {
        fen: Option<String>,
        moves: Vec<String>,
        movetime: Option<u64>,
    },
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
    /// For the side to move: `+0.35`, `mate in 3`.
    pub score: String,
    /// Red's expected score, 0 to 1, for the bar.
    pub red: f64,
    /// The side to move's win, draw and loss per mille.
    pub wdl: [u32; 3],
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

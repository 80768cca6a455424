//! The fronts' words in English and Chinese: every error, notice and result text a tab of the
//! web board receives (`docs/web.md` §2), and `chuhan judge --lang`'s verdict, is a [`Say`]
//! holding both, given in the language the user chose. Here, below both fronts, so that the
//! command line and the page word a thing the same way.

use crate::board::{Chase, Conduct, Cycle, CycleReport, DrawGround, FenError, IllegalMove, Illegality};
use crate::book::{FormatError, RecordFault};
use crate::notation::NotationError;
use crate::pgn::{BadRecord, BadSetup, Corruption, GameError, PgnError, Place, Record, Unclosed};
use crate::types::{ByColor, Color, Piece, PieceKind, Reason, Square};

/// The language of a tab or of `chuhan judge --lang`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    pub fn from_name(name: &str) -> Option<Lang> {
        [Lang::En, Lang::Zh].into_iter().find(|l| l.name() == name)
    }

    /// The name `from_name` reads, as `?lang=` and `--lang` spell it.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }
}

/// One text in both languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Say {
    en: String,
    zh: String,
}

impl Say {
    pub fn new(en: impl Into<String>, zh: impl Into<String>) -> Say {
        Say { en: en.into(), zh: zh.into() }
    }

    pub fn get(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.en.clone(),
            Lang::Zh => self.zh.clone(),
        }
    }

    /// Both forms prefixed: `move 3: ...`.
    pub fn after(self, en: &str, zh: &str) -> Say {
        Say { en: format!("{en}{}", self.en), zh: format!("{zh}{}", self.zh) }
    }
}

fn side(c: Color) -> &'static str {
    match c {
        Color::Red => "红方",
        Color::Black => "黑方",
    }
}

fn piece(k: PieceKind) -> &'static str {
    match k {
        PieceKind::King => "将帅",
        PieceKind::Advisor => "士",
        PieceKind::Elephant => "象",
        PieceKind::Horse => "马",
        PieceKind::Rook => "车",
        PieceKind::Cannon => "炮",
        PieceKind::Soldier => "兵卒",
    }
}

/// Why a FEN was refused (`src/board/fen.rs`), as `invalid FEN: ...`.
pub fn fen_error(e: &FenError) -> Say {
    Say::new(format!("invalid FEN: {e}"), format!("FEN 不合法：{}", fen_reason(e)))
}

fn fen_reason(e: &FenError) -> String {
    match e {
        FenError::Empty => "FEN 为空".to_string(),
        FenError::RankCount(n) => format!("棋子位置应有 10 行（以 / 分隔），实有 {n} 行"),
        FenError::RankWidth { rank, width } => format!("第 {rank} 行占 {width} 个点，应为 9 个"),
        FenError::BadPiece { rank, ch } => format!("第 {rank} 行有未知的棋子字母 '{ch}'"),
        FenError::MissingSide => "缺少走子方（应为 w、r 或 b）".to_string(),
        FenError::BadSide(t) => format!("走子方 '{t}' 不是 w、r 或 b"),
        FenError::BadCounter { token, .. } => format!("计数 '{token}' 不是非负整数"),
        FenError::ExtraToken(t) => format!("回合数后有多余的内容 '{t}'"),
        FenError::KingCount { color, count } => format!("{}有 {count} 个将帅，应为 1 个", side(*color)),
        FenError::TooMany { color, kind, count } => {
            format!("{}有 {count} 个{}，最多 {} 个", side(*color), piece(*kind), kind.max_count())
        }
        FenError::OutOfRegion { piece: p, square, .. } => {
            format!("{}的{}在 {square}，不在它能到达的区域内", side(p.color()), piece(p.kind()))
        }
        FenError::KingsFacing => "双方将帅在无子阻隔的同一直线上照面".to_string(),
        FenError::OpponentInCheck(c) => format!("{}被将军，却不是它走棋", side(*c)),
        FenError::SharedPoint(sq) => format!("{sq} 上有两个棋子"),
    }
}

/// Why a move's text was refused (`src/notation/`).
pub fn notation_error(e: &NotationError) -> Say {
    Say::new(e.to_string(), notation_reason(e))
}

fn notation_reason(e: &NotationError) -> String {
    match e {
        NotationError::Unrecognized(text) => format!("'{text}' 不是着法（例如 h2e2、炮二平五、C2.5）"),
        NotationError::NoSuchPiece { text, color, kind } => {
            format!("'{text}'：{}在那里没有{}", side(*color), piece(*kind))
        }
        NotationError::Ambiguous { text, .. } => format!("'{text}' 有歧义，符合不止一步着法"),
        NotationError::Illegal { text, reason } => format!("'{text}' 不合法（{}）", illegality(reason)),
    }
}

/// Why a move cannot be played, as [`IllegalMove`]'s English says it.
pub fn illegal_move(e: &IllegalMove) -> Say {
    Say::new(e.to_string(), illegal_reason(e))
}

fn illegal_reason(e: &IllegalMove) -> String {
    format!("着法 '{}' 不合法（{}）", e.mv, illegality(&e.reason))
}

/// Why a file a tab sent is no opening book (`src/book/format.rs`).
pub fn book_error(e: &FormatError) -> Say {
    let zh = match e {
        FormatError::BadMagic => "这不是楚汉的开局库（文件标识不符）".to_string(),
        FormatError::Version(v) => format!("开局库格式版本 {v}，本程序只读版本 1 到 {}", crate::book::VERSION),
        FormatError::Length { expected, actual } if actual < expected => {
            format!("开局库不完整：{actual} 字节，文件头要求 {expected} 字节")
        }
        FormatError::Length { expected, actual } => format!("开局库有 {actual} 字节，文件头要求 {expected} 字节"),
        FormatError::Checksum => "开局库校验和不符（文件已损坏）".to_string(),
        FormatError::Keys => "开局库用的是另一套局面键值，请重新生成".to_string(),
        FormatError::Record { index, what } => format!("开局库记录 {index}：{}", record_fault(*what)),
    };
    Say::new(e.to_string(), zh)
}

fn record_fault(f: RecordFault) -> &'static str {
    match f {
        RecordFault::KeysOutOfOrder => "局面键值没有按顺序排列",
        RecordFault::MovesNotContiguous => "着法区间不连续",
        RecordFault::BadEcco => "ECCO 开局编号有误",
        RecordFault::BadMove => "着法无效",
        RecordFault::MovesLeftOver => "记录之后还有多余的着法",
    }
}

/// A game of a file that the reader skipped (`src/pgn/error.rs`), as `game 2 skipped: ...`.
pub fn skipped(e: &GameError) -> Say {
    Say::new(format!("game {} skipped: {}", e.game, e.error), format!("第 {} 局跳过：{}", e.game, pgn_reason(&e.error)))
}

fn pgn_reason(e: &PgnError) -> String {
    match e {
        PgnError::BadTag { line, text } => format!("第 {line} 行：标签 '{text}' 有误（应为 [Name \"value\"]）"),
        PgnError::BadFen { line, fen, error } => format!("第 {line} 行：FEN 标签 '{fen}'：{}", fen_reason(error)),
        PgnError::BadMove { line, number, token, error } => {
            format!("第 {line} 行：着法 {number} {token}：{}", notation_reason(error))
        }
        PgnError::UnexpectedToken { line, token } => format!("第 {line} 行：多余的 '{token}'"),
        PgnError::Unterminated { line, what: Unclosed::Comment } => format!("第 {line} 行：注释没有结束"),
        PgnError::Unterminated { line, what: Unclosed::Variation } => format!("第 {line} 行：变着没有结束"),
        PgnError::IllegalRecord { at, number, why } => {
            let why = match why {
                BadRecord::OffBoard => "的起点或终点在棋盘外".to_string(),
                BadRecord::Illegal(e) => format!(" '{}' 不合法（{}）", e.mv, illegality(&e.reason)),
            };
            format!("{}：着法 {number}{why}", place(at))
        }
        PgnError::Corrupt { at, why } => format!("{}：{}", place(at), corruption(why)),
        PgnError::BadStart { why: BadSetup::Doubled { piece: p, other, square } } => format!(
            "起始局面：{}{}与{}{}同在 {square}",
            side(p.color()),
            piece(p.kind()),
            side(other.color()),
            piece(other.kind())
        ),
        PgnError::BadStart { why: BadSetup::Binit } => "起始局面：binit 不是 64 位数字".to_string(),
        PgnError::BadStart { why: BadSetup::Illegal(e) } => format!("起始局面：{}", fen_reason(e)),
        PgnError::BadText { at } => format!("{}：文字不符合其字符集", place(at)),
        PgnError::Unreadable(why) => format!("无法读取：{why}"),
    }
}

fn place(at: &Place) -> String {
    match at {
        Place::Header(None) => "文件头".to_string(),
        Place::Header(Some(tag)) => format!("文件头的{}", tag_name(tag)),
        Place::Byte(n) => format!("第 {n} 字节"),
        Place::CommentAt(n) => format!("第 {n} 字节（注释）"),
        Place::Field(name, None) => field(name),
        Place::Field(name, Some(i)) => format!("{}第 {i} 步", field(name)),
        Place::Unknown => String::new(),
    }
}

/// An XQF header field by the PGN tag it becomes (`src/pgn/xqf.rs`), as the file's own
/// Chinese software labels it.
fn tag_name(tag: &str) -> &str {
    match tag {
        "Title" => "标题",
        "Event" => "赛事",
        "Date" => "日期",
        "Site" => "地点",
        "Red" => "红方",
        "Black" => "黑方",
        "Annotator" => "评注",
        "Author" => "作者",
        other => other,
    }
}

/// A DhtmlXQ field (`movelist`, `move_0_5_1`) by what it holds, with the name the file spells,
/// so that it can be found in the file.
fn field(name: &str) -> String {
    match name {
        "movelist" => "主线（DhtmlXQ_movelist）".to_string(),
        _ if name.starts_with("move_") => format!("变着（DhtmlXQ_{name}）"),
        _ => format!("字段 DhtmlXQ_{name}"),
    }
}

fn corruption(c: &Corruption) -> String {
    match c {
        Corruption::Short { len, header } => format!("{len} 字节，比 XQF 文件头（{header} 字节）还短"),
        Corruption::EndsInside(Record::Move) => "文件在一条着法记录中间结束".to_string(),
        Corruption::EndsInside(Record::CommentLength) => "文件在注释长度中间结束".to_string(),
        Corruption::EndsInside(Record::Comment(n)) => format!("文件在一段 {n} 字节的注释中间结束"),
        Corruption::CommentLength(n) => format!("注释长度为 {n}"),
        Corruption::TooDeep(depth) => format!("变着嵌套超过 {depth} 层"),
        Corruption::PastLineEnd(number) => format!("着法 {number} 处的变着超出了所在线路的末尾"),
        Corruption::NotDigits => "着法不是每组四位的数字".to_string(),
        Corruption::NotMoveName => "不是 move_B_S_N 形式".to_string(),
        Corruption::NoBranchPoint { parent, step } => format!("从第 {parent} 条线路的第 {step} 步分出，那里却没有着法"),
    }
}

fn illegality(r: &Illegality) -> String {
    match *r {
        Illegality::NoPiece { from, side: None } => format!("{from} 没有棋子"),
        Illegality::NoPiece { from, side: Some(c) } => format!("{from} 没有{}的棋子", side(c)),
        Illegality::NotToMove { from, owner, to_move } => {
            format!("{from} 的棋子属于{}，现在轮到{}走棋", side(owner), side(to_move))
        }
        Illegality::CannotReach { kind, from, to } => format!("{from} 的{}不能走到 {to}", piece(kind)),
        Illegality::NoSuchMove(kind) => format!("{}不能这样走", piece(kind)),
        Illegality::KingExposed => "走后己方将帅会被将军或与对方将帅照面".to_string(),
    }
}

/// Why a text a tab sent over its WebSocket is no message of the board's protocol, as
/// `src/web/protocol.rs` tells it from the JSON reader's error. Here rather than there because
/// the words sit below the fronts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MessageFault {
    /// Nothing but white space.
    Empty,
    /// Not JSON: where the reader stopped (lines and columns from 1).
    NotJson {
        line: usize,
        column: usize,
    },
    /// JSON, but no object.
    NotObject(JsonKind),
    /// An object without a text `t`, the message's kind.
    NoKind,
    UnknownKind(String),
    /// A `kind` message without a field it needs.
    Missing {
        kind: String,
        field: String,
    },
    /// A field that a `kind` message does not have.
    UnknownField {
        kind: String,
        field: String,
    },
    /// A field whose value does not fit: its JSON, shortened.
    BadValue {
        kind: String,
        field: String,
        value: String,
    },
    /// Something else in the fields of a `kind` message.
    BadFields {
        kind: String,
    },
}

/// What JSON value a message was instead of an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonKind {
    Null,
    Bool,
    Number,
    Text,
    Array,
}

/// The refusal of a message: the English is the JSON reader's own `reader`, the Chinese
/// [`MessageFault`]'s.
pub fn bad_message(reader: &str, fault: &MessageFault) -> Say {
    let zh = match fault {
        MessageFault::Empty => "消息为空".to_string(),
        MessageFault::NotJson { line, column } => format!("不是 JSON（第 {line} 行第 {column} 列出错）"),
        MessageFault::NotObject(kind) => {
            let kind = match kind {
                JsonKind::Null => " null",
                JsonKind::Bool => "布尔值",
                JsonKind::Number => "数",
                JsonKind::Text => "字符串",
                JsonKind::Array => "数组",
            };
            format!("应为 JSON 对象，收到的是{kind}")
        }
        MessageFault::NoKind => "缺少消息类型 t（应为文字）".to_string(),
        MessageFault::UnknownKind(kind) => format!("未知的消息类型 \"{kind}\""),
        MessageFault::Missing { kind, field } => format!("{kind} 消息缺少字段 {field}"),
        MessageFault::UnknownField { kind, field } => format!("{kind} 消息没有字段 {field}"),
        MessageFault::BadValue { kind, field, value } => format!("{kind} 消息的字段 {field} 不能是 {value}"),
        MessageFault::BadFields { kind } => format!("{kind} 消息的字段有误"),
    };
    Say::new(format!("not a message: {reader}"), format!("无法识别的消息：{zh}"))
}

/// The heading of the web board's review: `12 moves reviewed`.
pub fn reviewed(moves: usize) -> Say {
    Say::new(format!("{moves} moves reviewed"), format!("已复盘 {moves} 步"))
}

/// A side in `lang`: `Red` (as the PGN tag names it), `红方`.
pub fn side_in(lang: Lang, c: Color) -> &'static str {
    match (lang, c) {
        (Lang::En, Color::Red) => "Red",
        (Lang::En, Color::Black) => "Black",
        (Lang::Zh, _) => side(c),
    }
}

/// `1 move`, `2 moves`: a count with its noun.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// How a game ended, in words (the English is [`Reason`]'s own).
pub fn reason(r: &Reason) -> Say {
    let zh = match r {
        Reason::Checkmate => "将死".to_string(),
        Reason::Stalemate => "困毙（无子可动）".to_string(),
        Reason::PerpetualCheck(c) => format!("{}长将", side(*c)),
        Reason::PerpetualChase(c) => format!("{}长捉", side(*c)),
        Reason::Repetition { occurrences } => format!("局面重复 {occurrences} 次"),
        Reason::MoveLimit { moves } => format!("{moves} 回合自然限着"),
        Reason::MoveLimitClaim(c) => format!("{}依五十回合限着提和", side(*c)),
        Reason::InsufficientMaterial => "双方均无进攻子力".to_string(),
        Reason::Resignation(c) => format!("{}认输", side(*c)),
        Reason::Agreement => "双方议和".to_string(),
        Reason::TimeForfeit(c) => format!("{}超时判负", side(*c)),
        Reason::PlyCap(n) => format!("达到 {n} 步限制，判和"),
        _ => "其他".to_string(),
    };
    Say::new(r.to_string(), zh)
}

/// The judge's account of a repetition (`chuhan judge --explain`), in two lines: the moves of the
/// cycle, then who checked or chased what, on how many moves; the English is [`CycleReport`]'s.
pub fn cycle_account(report: &CycleReport) -> Say {
    let moves: Vec<String> = report.moves.iter().map(|m| m.to_string()).collect();
    let sides = ByColor::new(
        conduct(Color::Red, &report.sides[Color::Red]),
        conduct(Color::Black, &report.sides[Color::Black]),
    );
    let (red, black) = (&sides[Color::Red], &sides[Color::Black]);
    let account = match report.verdict {
        Cycle::PerpetualCheck(c) | Cycle::PerpetualChase(c) => format!("{}；{}", sides[c], sides[!c]),
        Cycle::Draw => {
            let why = match report.draw_ground() {
                DrawGround::BothCheck => "双方每步都将军",
                DrawGround::BothChase => "双方每步都捉子",
                DrawGround::Neither => "双方都没有每步将军，也没有每步捉同一子",
            };
            format!("和棋，{why}：{red}；{black}")
        }
    };
    Say::new(report.to_string(), format!("循环：{}\n{account}", moves.join(" ")))
}

/// The same account on one line, as the web board shows a result; the English is
/// [`CycleReport::one_line`], the note game records carry.
pub fn cycle(report: &CycleReport) -> Say {
    Say::new(report.one_line(), cycle_account(report).zh.replace('\n', "；"))
}

/// A piece by its side's own character and its points: `黑方士 e8`, `红方车 d7/d8`.
fn named(pc: Piece, at: &[Square]) -> String {
    let ch = match (pc.color(), pc.kind()) {
        (Color::Red, PieceKind::King) => "帅",
        (Color::Black, PieceKind::King) => "将",
        (Color::Red, PieceKind::Advisor) => "仕",
        (Color::Red, PieceKind::Elephant) => "相",
        (Color::Red, PieceKind::Soldier) => "兵",
        (Color::Black, PieceKind::Soldier) => "卒",
        (_, kind) => piece(kind),
    };
    let points: Vec<String> = at.iter().map(|s| s.to_string()).collect();
    format!("{}{ch} {}", side(pc.color()), points.join("/"))
}

fn chase(c: &Chase) -> String {
    let chasers: Vec<String> = c.chasers.iter().map(|(pc, at)| named(*pc, at)).collect();
    format!("{} 捉{}", chasers.join(" 和"), named(c.target, &c.target_at))
}

/// One side's conduct, as [`CycleReport`]'s English describes it.
fn conduct(c: Color, d: &Conduct) -> String {
    let who = side(c);
    if d.checks_perpetually() {
        return format!("{who}每步都将军");
    }
    if !d.chases.is_empty() {
        let chases: Vec<String> = d.chases.iter().map(chase).collect();
        let mut text = format!("{}，每步都捉", chases.join("，"));
        if d.chases.len() > 1 && !d.alone {
            text.push_str("，不止捉一子，允许");
        } else if d.chases.len() > 1 {
            text.push_str("，各子由各自的棋子捉，不允许");
        }
        if d.checks > 0 {
            text.push_str(&format!("（{} 步中将军 {} 步）", d.moves, d.checks));
        }
        return text;
    }
    if let Some(defence) = d.defences.first() {
        return format!("{}，每步都捉，但只是原地被捉的子自卫，允许", chase(defence));
    }
    match (d.checks, d.chasing_moves) {
        (0, 0) => format!("{who}既未将军，也未捉子"),
        (k, 0) => format!("{who}在 {} 步中将军 {k} 步，未捉子", d.moves),
        (0, j) => format!("{who}在 {} 步中捉子 {j} 步，没有一子每步被捉", d.moves),
        (k, j) => format!("{who}在 {} 步中将军 {k} 步、捉子 {j} 步，允许", d.moves),
    }
}

#[cfg(test)]
mod tests;

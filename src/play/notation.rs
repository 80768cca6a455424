//! Move notation for people: Chinese file notation (`炮二平五`) and WXF notation (`C2.5`), read
//! and written for a given position, next to the ICCS coordinates (`h2e2`) the engine speaks.
//!
//! # The file notations
//!
//! Both describe a move in four parts: the piece, the file it stands on, the direction, and a
//! number. Each side numbers the files from its own right: Red's file `i` is 1 and `a` is 9;
//! Black's file `a` is 1 and `i` is 9. Red's numbers are written as Chinese numerals (一 … 九),
//! Black's as digits. Chuhan writes Black's digits in ASCII (`马8进7`), as most current books and
//! web sites do; full-width digits (`马８进７`) are read as well.
//!
//! | part | Chinese | WXF |
//! |---|---|---|
//! | piece | 帅仕相马车炮兵 / 将士象马车炮卒 (traditional forms too) | `K A E H R C P` (`B`, `N` read too) |
//! | forward, backward, sideways | 进 退 平 | `+ - .` (`=` read too) |
//!
//! The number after the direction is the target file for a sideways move and for every move of a
//! horse, elephant or advisor (they never stay on their file); for a king, rook, cannon or
//! soldier moving along its file it is the number of points moved.
//!
//! Two pieces of a kind on one file are told apart by position instead of file: 前/后 (`+`/`-`
//! in WXF, placed after the letter: `C+.5`, `R--1`). Advisors and elephants keep the plain file
//! form (`仕六进五`, `A6+5`) because the direction already tells them apart; only if it does not
//! (possible on unusual set-ups) do they take 前/后. Soldiers follow the WXF rules and their
//! Chinese counterparts:
//!
//! | soldiers on the file | Chinese, front to back | WXF, front to back |
//! |---|---|---|
//! | 2 | 前兵 后兵 | `P+` `P-` |
//! | 3 | 前兵 中兵 后兵 | `P+` `P3` `P-` (`3` the file) |
//! | 4 | 一兵 二兵 三兵 四兵 | `++` `P+` `P-` `--` |
//! | 5 | 一兵 … 五兵 | `++` `P+` `P3` `P-` `--` |
//! | two files with 2 or more | 前七 中七 后七 (the file replaces the piece) | `7+` `77` `7-` |
//!
//! Reading is lenient where it costs nothing: any numeral style for either side (the side to
//! move decides the numbering), 前/后 before or after the piece (`前车`, `車前`), the WXF marker
//! before or after the letter (`+C.5`, `C+.5`), a missing `.` (`C25`), upper or lower case,
//! full-width characters, spaces, and trailing `!`/`?` annotations. A description that fits
//! several legal moves is refused as ambiguous rather than guessed.

use std::fmt;

use crate::board::Position;
use crate::movegen::legal_moves;
use crate::types::{Color, File, Move, Piece, PieceKind, Square};

/// Which character set Chinese notation is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Script {
    /// 帅仕相马车炮兵 / 将士象马车炮卒, 进退平, 后: mainland usage.
    #[default]
    Simplified,
    /// 帥仕相傌俥炮兵 / 將士象馬車砲卒, 進退平, 後: the per-side glyphs of [`Piece::glyph`].
    Traditional,
}

/// A notation for writing moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Coordinates, `h2e2`.
    Iccs,
    /// File notation in Chinese, `炮二平五`.
    Chinese(Script),
    /// WXF file notation, `C2.5`.
    Wxf,
}

impl Notation {
    /// Reads a notation name: `chinese` (or `simplified`), `traditional`, `wxf`, `iccs`.
    pub fn from_name(name: &str) -> Option<Notation> {
        match name.trim().to_ascii_lowercase().as_str() {
            "chinese" | "simplified" => Some(Notation::Chinese(Script::Simplified)),
            "traditional" => Some(Notation::Chinese(Script::Traditional)),
            "wxf" => Some(Notation::Wxf),
            "iccs" => Some(Notation::Iccs),
            _ => None,
        }
    }

    /// The name [`Notation::from_name`] reads.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Chinese(Script::Simplified) => "chinese",
            Notation::Chinese(Script::Traditional) => "traditional",
            Notation::Wxf => "wxf",
            Notation::Iccs => "iccs",
        }
    }
}

/// Why a text could not be read as a move in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not a move in ICCS, Chinese or WXF notation.
    Unrecognized(String),
    /// The side to move has no piece where the text says.
    NoSuchPiece { text: String, color: Color, kind: PieceKind },
    /// More than one legal move fits the text.
    Ambiguous { text: String, moves: Vec<Move> },
    /// The text names a move that cannot be played here.
    Illegal { text: String, reason: String },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Unrecognized(text) => {
                write!(f, "'{text}' is not a move (examples: h2e2, 炮二平五, C2.5)")
            }
            NotationError::NoSuchPiece { text, color, kind } => {
                write!(f, "'{text}': {} has no {} there", color.name(), kind.name())
            }
            NotationError::Ambiguous { text, moves } => {
                let list: Vec<String> = moves.iter().map(Move::to_string).collect();
                write!(f, "'{text}' is ambiguous: it fits {}", list.join(", "))
            }
            NotationError::Illegal { text, reason } => write!(f, "'{text}' is illegal ({reason})"),
        }
    }
}

impl std::error::Error for NotationError {}

/// Reads a move in any of the three notations: ICCS (`h2e2`, `H2-E2`), WXF (`C2.5`) or Chinese
/// (`炮二平五`), and checks that it is legal here.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let norm = normalize(text);
    if norm.is_ascii() {
        if let Some(mv) = Move::parse(&norm) {
            return legal(pos, mv, text);
        }
        resolve_wxf(pos, &norm, text)
    } else {
        resolve_chinese(pos, &norm, text)
    }
}

/// Reads a move in ICCS coordinates (`h2e2`, `H2-E2`) and checks that it is legal here.
pub fn parse_iccs(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let norm = normalize(text);
    match Move::parse(&norm) {
        Some(mv) => legal(pos, mv, text),
        None => Err(NotationError::Unrecognized(text.trim().to_string())),
    }
}

/// Reads a move in Chinese file notation (`炮二平五`, `马8进7`, `前车进一`).
pub fn parse_chinese(pos: &Position, text: &str) -> Result<Move, NotationError> {
    resolve_chinese(pos, &normalize(text), text)
}

/// Reads a move in WXF notation (`C2.5`, `H8+7`, `C+.5`).
pub fn parse_wxf(pos: &Position, text: &str) -> Result<Move, NotationError> {
    resolve_wxf(pos, &normalize(text), text)
}

/// Writes `mv` in `notation`. Moves that have no file notation (not a move of the side to move's
/// pieces) fall back to ICCS, so this always gives something printable.
pub fn format_move(pos: &Position, mv: Move, notation: Notation) -> String {
    let text = match notation {
        Notation::Iccs => None,
        Notation::Chinese(script) => to_chinese(pos, mv, script),
        Notation::Wxf => to_wxf(pos, mv),
    };
    text.unwrap_or_else(|| mv.to_string())
}

/// Writes `mv`, a legal move, in Chinese file notation. `None` if no piece of the side to move
/// stands on its from-point or that piece cannot move that way.
pub fn to_chinese(pos: &Position, mv: Move, script: Script) -> Option<String> {
    let p = describe(pos, mv)?;
    let mut s = String::with_capacity(12);
    if p.plain {
        s.push(piece_name(p.piece, script));
        s.push(numeral(p.file_no, p.piece.color()));
    } else {
        let rear = if script == Script::Simplified { '后' } else { '後' };
        s.push(match (p.stack, p.index) {
            (2 | 3, 0) => '前',
            (3, 1) => '中',
            (2, 1) | (3, 2) => rear,
            (_, i) => RED_NUMERALS.get(i).copied().unwrap_or('?'),
        });
        if p.other_stack {
            s.push(numeral(p.file_no, p.piece.color()));
        } else {
            s.push(piece_name(p.piece, script));
        }
    }
    s.push(match (p.dir, script) {
        (Dir::Forward, Script::Simplified) => '进',
        (Dir::Forward, Script::Traditional) => '進',
        (Dir::Backward, _) => '退',
        (Dir::Across, _) => '平',
    });
    s.push(numeral(p.arg, p.piece.color()));
    Some(s)
}

/// Writes `mv`, a legal move, in WXF notation. `None` as for [`to_chinese`].
pub fn to_wxf(pos: &Position, mv: Move) -> Option<String> {
    let p = describe(pos, mv)?;
    let letter = wxf_letter(p.piece.kind());
    let file = digit(p.file_no);
    let (a, b) = if p.plain {
        (letter, file)
    } else if p.other_stack {
        let last = p.stack - 1;
        (
            file,
            match p.index {
                0 => '+',
                i if i == last => '-',
                _ => file,
            },
        )
    } else {
        match (p.stack, p.index) {
            (2 | 3, 0) => (letter, '+'),
            (3, 1) => (letter, file),
            (2, 1) | (3, 2) => (letter, '-'),
            (_, 0) => ('+', '+'),
            (n, i) if i == n - 1 => ('-', '-'),
            (_, 1) => (letter, '+'),
            (n, i) if i == n - 2 => (letter, '-'),
            _ => (letter, file),
        }
    };
    let op = match p.dir {
        Dir::Forward => '+',
        Dir::Backward => '-',
        Dir::Across => '.',
    };
    Some([a, b, op, digit(p.arg)].iter().collect())
}

// ---------------------------------------------------------------------------------------------
// The model both notations share.

/// Direction of a move as the mover sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dir {
    Forward,
    Backward,
    Across,
}

/// Which of several pieces of one kind on one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// 前.
    Front,
    /// 中.
    Middle,
    /// 后.
    Rear,
    /// 一, 二, … counted from the front, 1-based.
    Nth(u8),
    /// WXF `+`: the front piece, or the second from the front when four or five stand there.
    Plus,
    /// WXF `-`: the rear piece, or the second from the rear when four or five stand there.
    Minus,
    /// WXF `++`: the foremost soldier.
    First,
    /// WXF `--`: the rearmost soldier.
    Last,
}

impl Place {
    /// Index from the front among `n >= 2` pieces on a file.
    fn index(self, n: usize) -> Option<usize> {
        let i = match self {
            Place::Front | Place::First => 0,
            Place::Rear | Place::Last => n - 1,
            Place::Middle if n % 2 == 1 => n / 2,
            Place::Middle => return None,
            Place::Nth(k) => usize::from(k).checked_sub(1)?,
            Place::Plus if n >= 4 => 1,
            Place::Plus => 0,
            Place::Minus if n >= 4 => n - 2,
            Place::Minus => n - 1,
        };
        (i < n).then_some(i)
    }
}

/// How the text picks the piece to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Selector {
    /// By its file number. With `odd_means_middle` (WXF), a file holding three or five soldiers
    /// means the middle one.
    File { number: u8, odd_means_middle: bool },
    /// By its place among pieces of its kind sharing a file, the file given or to be found.
    Stacked { file: Option<u8>, place: Place },
}

/// A move as a file notation describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Spec {
    kind: PieceKind,
    selector: Selector,
    dir: Dir,
    /// Target file number or distance, 1 to 9.
    arg: u8,
}

/// A move taken apart for writing.
struct Parts {
    piece: Piece,
    file_no: u8,
    dir: Dir,
    arg: u8,
    /// How many pieces of this kind and colour stand on the from-file.
    stack: usize,
    /// This piece's place among them, 0 at the front.
    index: usize,
    /// A soldier, and another file also holds two or more of its side's soldiers.
    other_stack: bool,
    /// Whether the plain file form is used.
    plain: bool,
}

/// The mover's number of file `f`: counted from the mover's right, 1 to 9.
fn file_number(f: File, c: Color) -> u8 {
    let i = f.index() as u8;
    match c {
        Color::Red => 9 - i,
        Color::Black => i + 1,
    }
}

fn file_of_number(n: u8, c: Color) -> Option<File> {
    if !(1..=9).contains(&n) {
        return None;
    }
    File::new(match c {
        Color::Red => 9 - n,
        Color::Black => n - 1,
    })
}

/// +1 if `c` moves up the board (towards rank 9), -1 otherwise.
fn forward(c: Color) -> i8 {
    match c {
        Color::Red => 1,
        Color::Black => -1,
    }
}

/// `c`'s pieces of `kind` on file `f`, from the front (nearest the enemy) to the rear.
fn stack(pos: &Position, c: Color, kind: PieceKind, f: File) -> Vec<Square> {
    let mut v: Vec<Square> = pos.pieces_of(c, kind).iter().filter(|sq| sq.file() == f).collect();
    v.sort_by_key(|sq| std::cmp::Reverse(sq.rank().relative(c)));
    v
}

/// Where a piece of `kind` on `from` ends up when `c` moves it as `dir` and `arg` say.
fn target(kind: PieceKind, from: Square, c: Color, dir: Dir, arg: u8) -> Option<Square> {
    let sign = match dir {
        Dir::Forward => forward(c),
        Dir::Backward => -forward(c),
        Dir::Across => 0,
    };
    match kind {
        PieceKind::King | PieceKind::Rook | PieceKind::Cannon | PieceKind::Soldier => {
            if dir == Dir::Across {
                let f = file_of_number(arg, c)?;
                (f != from.file()).then(|| Square::from_coords(f, from.rank()))
            } else {
                from.offset(0, sign * arg as i8)
            }
        }
        PieceKind::Advisor | PieceKind::Elephant | PieceKind::Horse => {
            if dir == Dir::Across {
                return None;
            }
            let f = file_of_number(arg, c)?;
            let df = f.index() as i8 - from.file().index() as i8;
            let dr = match (kind, df.abs()) {
                (PieceKind::Advisor, 1) => 1,
                (PieceKind::Elephant, 2) => 2,
                (PieceKind::Horse, 1) => 2,
                (PieceKind::Horse, 2) => 1,
                _ => return None,
            };
            from.offset(df, sign * dr)
        }
    }
}

/// Takes `mv` apart and chooses between the plain and the stacked form.
fn describe(pos: &Position, mv: Move) -> Option<Parts> {
    if mv.is_null() {
        return None;
    }
    let (from, to) = (mv.from(), mv.to());
    let piece = pos.piece_at(from)?;
    let us = pos.side_to_move();
    if piece.color() != us {
        return None;
    }
    let kind = piece.kind();
    let dr = (to.rank().index() as i8 - from.rank().index() as i8) * forward(us);
    let (dir, arg) = match (dr, kind) {
        (0, _) => (Dir::Across, file_number(to.file(), us)),
        (_, PieceKind::Advisor | PieceKind::Elephant | PieceKind::Horse) => {
            (if dr > 0 { Dir::Forward } else { Dir::Backward }, file_number(to.file(), us))
        }
        _ => (if dr > 0 { Dir::Forward } else { Dir::Backward }, dr.unsigned_abs()),
    };
    if target(kind, from, us, dir, arg) != Some(to) {
        return None;
    }
    let file_no = file_number(from.file(), us);
    let on_file = stack(pos, us, kind, from.file());
    let index = on_file.iter().position(|&sq| sq == from)?;
    let other_stack =
        kind == PieceKind::Soldier && File::all().any(|f| f != from.file() && stack(pos, us, kind, f).len() >= 2);
    let plain = match (on_file.len(), kind) {
        (1, _) => true,
        // Direction usually tells advisors (and elephants) on one file apart; keep the plain
        // form unless it really is ambiguous.
        (_, PieceKind::Advisor | PieceKind::Elephant | PieceKind::King) => {
            let plain = Spec { kind, selector: Selector::File { number: file_no, odd_means_middle: false }, dir, arg };
            resolve(pos, &plain, "") == Ok(mv)
        }
        _ => false,
    };
    Some(Parts { piece, file_no, dir, arg, stack: on_file.len(), index, other_stack, plain })
}

/// Finds the one legal move that `spec` describes.
fn resolve(pos: &Position, spec: &Spec, text: &str) -> Result<Move, NotationError> {
    let us = pos.side_to_move();
    let mut from = Vec::new();
    match spec.selector {
        Selector::File { number, odd_means_middle } => {
            if let Some(f) = file_of_number(number, us) {
                let on_file = stack(pos, us, spec.kind, f);
                let n = on_file.len();
                if odd_means_middle && spec.kind == PieceKind::Soldier && n >= 3 && n % 2 == 1 {
                    from.push(on_file[n / 2]);
                } else {
                    from.extend(on_file);
                }
            }
        }
        Selector::Stacked { file, place } => {
            let files: Vec<File> = match file {
                Some(n) => file_of_number(n, us).into_iter().collect(),
                None => File::all().collect(),
            };
            for f in files {
                let on_file = stack(pos, us, spec.kind, f);
                if on_file.len() >= 2
                    && let Some(i) = place.index(on_file.len())
                {
                    from.push(on_file[i]);
                }
            }
        }
    }
    if from.is_empty() {
        return Err(NotationError::NoSuchPiece { text: text.trim().to_string(), color: us, kind: spec.kind });
    }
    let candidates: Vec<Move> = from
        .iter()
        .filter_map(|&sq| target(spec.kind, sq, us, spec.dir, spec.arg).map(|to| Move::new(sq, to)))
        .collect();
    let Some(&first) = candidates.first() else {
        return Err(NotationError::Illegal {
            text: text.trim().to_string(),
            reason: format!("a {} cannot move that way", spec.kind.name()),
        });
    };
    let legal = legal_moves(pos);
    let fits: Vec<Move> = candidates.iter().copied().filter(|&mv| legal.contains(mv)).collect();
    match fits.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(NotationError::Illegal { text: text.trim().to_string(), reason: pos.explain_illegal(first).reason }),
        _ => Err(NotationError::Ambiguous { text: text.trim().to_string(), moves: fits }),
    }
}

fn legal(pos: &Position, mv: Move, text: &str) -> Result<Move, NotationError> {
    if pos.is_legal_move(mv) {
        Ok(mv)
    } else {
        Err(NotationError::Illegal { text: text.trim().to_string(), reason: pos.explain_illegal(mv).reason })
    }
}

/// Full-width ASCII to ASCII, spaces removed, trailing `!` and `?` annotations dropped.
fn normalize(text: &str) -> String {
    let mut s: String = text
        .chars()
        .filter_map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0),
            c if c.is_whitespace() => None,
            c => Some(c),
        })
        .collect();
    while s.ends_with(['!', '?']) {
        s.pop();
    }
    s
}

// ---------------------------------------------------------------------------------------------
// Chinese.

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A number (1 to 9) as `c` writes it: Chinese numerals for Red, ASCII digits for Black.
fn numeral(n: u8, c: Color) -> char {
    match c {
        Color::Red => RED_NUMERALS[usize::from(n.clamp(1, 9)) - 1],
        Color::Black => digit(n),
    }
}

fn digit(n: u8) -> char {
    char::from(b'0' + n.min(9))
}

fn piece_name(pc: Piece, script: Script) -> char {
    match script {
        Script::Traditional => pc.glyph(),
        Script::Simplified => {
            const RED: [char; 7] = ['帅', '仕', '相', '马', '车', '炮', '兵'];
            const BLACK: [char; 7] = ['将', '士', '象', '马', '车', '炮', '卒'];
            match pc.color() {
                Color::Red => RED[pc.kind().index()],
                Color::Black => BLACK[pc.kind().index()],
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Piece(PieceKind),
    Number(u8),
    Place(Place),
    Dir(Dir),
}

fn chinese_token(c: char) -> Option<Token> {
    use PieceKind::*;
    let kind = |k| Some(Token::Piece(k));
    match c {
        '帅' | '帥' | '将' | '將' => kind(King),
        '仕' | '士' => kind(Advisor),
        '相' | '象' => kind(Elephant),
        '马' | '馬' | '傌' => kind(Horse),
        '车' | '車' | '俥' | '伡' => kind(Rook),
        '炮' | '砲' | '包' => kind(Cannon),
        '兵' | '卒' => kind(Soldier),
        '前' => Some(Token::Place(Place::Front)),
        '中' => Some(Token::Place(Place::Middle)),
        '后' | '後' => Some(Token::Place(Place::Rear)),
        '进' | '進' => Some(Token::Dir(Dir::Forward)),
        '退' => Some(Token::Dir(Dir::Backward)),
        '平' => Some(Token::Dir(Dir::Across)),
        '1'..='9' => Some(Token::Number(c as u8 - b'0')),
        _ => RED_NUMERALS.iter().position(|&r| r == c).map(|i| Token::Number(i as u8 + 1)),
    }
}

fn chinese_spec(norm: &str) -> Option<Spec> {
    use Token as T;
    let tokens: Vec<Token> = norm.chars().map(chinese_token).collect::<Option<_>>()?;
    let stacked = |file, place| Selector::Stacked { file, place };
    let (kind, selector, dir, arg) = match tokens.as_slice() {
        [T::Piece(k), T::Number(f), T::Dir(d), T::Number(a)] => {
            (*k, Selector::File { number: *f, odd_means_middle: false }, *d, *a)
        }
        [T::Place(p), T::Piece(k), T::Dir(d), T::Number(a)] | [T::Piece(k), T::Place(p), T::Dir(d), T::Number(a)] => {
            (*k, stacked(None, *p), *d, *a)
        }
        [T::Number(o), T::Piece(k), T::Dir(d), T::Number(a)] => (*k, stacked(None, Place::Nth(*o)), *d, *a),
        [T::Place(p), T::Number(f), T::Dir(d), T::Number(a)] => (PieceKind::Soldier, stacked(Some(*f), *p), *d, *a),
        [T::Place(p), T::Piece(k), T::Number(f), T::Dir(d), T::Number(a)] => (*k, stacked(Some(*f), *p), *d, *a),
        _ => return None,
    };
    Some(Spec { kind, selector, dir, arg })
}

fn resolve_chinese(pos: &Position, norm: &str, text: &str) -> Result<Move, NotationError> {
    let spec = chinese_spec(norm).ok_or_else(|| NotationError::Unrecognized(text.trim().to_string()))?;
    resolve(pos, &spec, text)
}

// ---------------------------------------------------------------------------------------------
// WXF.

fn wxf_letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => 'K',
        PieceKind::Advisor => 'A',
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        PieceKind::Rook => 'R',
        PieceKind::Cannon => 'C',
        PieceKind::Soldier => 'P',
    }
}

fn wxf_kind(c: char) -> Option<PieceKind> {
    match c.to_ascii_uppercase() {
        'K' => Some(PieceKind::King),
        'A' => Some(PieceKind::Advisor),
        'E' | 'B' => Some(PieceKind::Elephant),
        'H' | 'N' => Some(PieceKind::Horse),
        'R' => Some(PieceKind::Rook),
        'C' => Some(PieceKind::Cannon),
        'P' => Some(PieceKind::Soldier),
        _ => None,
    }
}

fn wxf_digit(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

fn wxf_sign(c: char) -> Option<Place> {
    match c {
        '+' => Some(Place::Plus),
        '-' => Some(Place::Minus),
        _ => None,
    }
}

fn wxf_spec(norm: &str) -> Option<Spec> {
    let c: Vec<char> = norm.chars().collect();
    let (a, b, op, arg) = match c.as_slice() {
        [a, b, op, arg] => (*a, *b, Some(*op), *arg),
        // `C25`: the sideways mark left out.
        [a, b, arg] if b.is_ascii_digit() => (*a, *b, None, *arg),
        _ => return None,
    };
    let dir = match op {
        Some('+') => Dir::Forward,
        Some('-') => Dir::Backward,
        Some('.' | '=') | None => Dir::Across,
        _ => return None,
    };
    let arg = wxf_digit(arg)?;
    let file = |number| Selector::File { number, odd_means_middle: true };
    let stacked = |file, place| Selector::Stacked { file, place };
    let (kind, selector) = match (a, b) {
        ('+', '+') => (PieceKind::Soldier, stacked(None, Place::First)),
        ('-', '-') => (PieceKind::Soldier, stacked(None, Place::Last)),
        _ => {
            if let (Some(kind), Some(n)) = (wxf_kind(a), wxf_digit(b)) {
                (kind, file(n))
            } else if let (Some(kind), Some(place)) = (wxf_kind(a), wxf_sign(b)) {
                (kind, stacked(None, place))
            } else if let (Some(place), Some(kind)) = (wxf_sign(a), wxf_kind(b)) {
                (kind, stacked(None, place))
            } else if let (Some(n), Some(place)) = (wxf_digit(a), wxf_sign(b)) {
                (PieceKind::Soldier, stacked(Some(n), place))
            } else if let (Some(n), Some(m)) = (wxf_digit(a), wxf_digit(b))
                && n == m
            {
                (PieceKind::Soldier, file(n))
            } else {
                return None;
            }
        }
    };
    Some(Spec { kind, selector, dir, arg })
}

fn resolve_wxf(pos: &Position, norm: &str, text: &str) -> Result<Move, NotationError> {
    let spec = wxf_spec(norm).ok_or_else(|| NotationError::Unrecognized(text.trim().to_string()))?;
    resolve(pos, &spec, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::START_FEN;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn mv(s: &str) -> Move {
        Move::parse(s).unwrap_or_else(|| panic!("bad test move {s}"))
    }

    /// Checks one move both ways in all notations: `(iccs, simplified, traditional, wxf)`.
    fn check(fen: &str, cases: &[(&str, &str, &str, &str)]) {
        let p = pos(fen);
        for &(iccs, simplified, traditional, wxf) in cases {
            let m = mv(iccs);
            assert_eq!(to_chinese(&p, m, Script::Simplified).as_deref(), Some(simplified), "{fen} {iccs}");
            assert_eq!(to_chinese(&p, m, Script::Traditional).as_deref(), Some(traditional), "{fen} {iccs}");
            assert_eq!(to_wxf(&p, m).as_deref(), Some(wxf), "{fen} {iccs}");
            for text in [iccs, simplified, traditional, wxf] {
                assert_eq!(parse_move(&p, text), Ok(m), "{fen}: {text}");
            }
            assert_eq!(parse_chinese(&p, simplified), Ok(m));
            assert_eq!(parse_wxf(&p, wxf), Ok(m));
            assert_eq!(parse_iccs(&p, iccs), Ok(m));
        }
    }

    #[test]
    fn start_position_red() {
        check(
            START_FEN,
            &[
                ("h2e2", "炮二平五", "炮二平五", "C2.5"),
                ("b0c2", "马八进七", "傌八進七", "H8+7"),
                ("h0g2", "马二进三", "傌二進三", "H2+3"),
                ("a0a1", "车九进一", "俥九進一", "R9+1"),
                ("c3c4", "兵七进一", "兵七進一", "P7+1"),
                ("c0e2", "相七进五", "相七進五", "E7+5"),
                ("d0e1", "仕六进五", "仕六進五", "A6+5"),
                ("e0e1", "帅五进一", "帥五進一", "K5+1"),
                ("b2b9", "炮八进七", "炮八進七", "C8+7"),
                ("h2h1", "炮二退一", "炮二退一", "C2-1"),
            ],
        );
    }

    #[test]
    fn start_position_black() {
        check(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
            &[
                ("h9g7", "马8进7", "馬8進7", "H8+7"),
                ("b9c7", "马2进3", "馬2進3", "H2+3"),
                ("h7e7", "炮8平5", "砲8平5", "C8.5"),
                ("i9i8", "车9进1", "車9進1", "R9+1"),
                ("g9e7", "象7进5", "象7進5", "E7+5"),
                ("f9e8", "士6进5", "士6進5", "A6+5"),
                ("c6c5", "卒3进1", "卒3進1", "P3+1"),
                ("e9e8", "将5进1", "將5進1", "K5+1"),
                ("b7b8", "炮2退1", "砲2退1", "C2-1"),
            ],
        );
    }

    #[test]
    fn doubled_pieces() {
        // Red rooks on c2 and c4: the front one is c4.
        check(
            "3k5/9/9/9/9/2R6/9/2R6/9/4K4 w - - 0 1",
            &[
                ("c4c9", "前车进五", "前俥進五", "R++5"),
                ("c2d2", "后车平六", "後俥平六", "R-.6"),
                ("c2c1", "后车退一", "後俥退一", "R--1"),
                ("c4c3", "前车退一", "前俥退一", "R+-1"),
            ],
        );
        // Black horses on c5 and c7: Black's front is towards rank 0, so c5.
        check(
            "3k5/9/2n6/9/2n6/9/9/9/9/4K4 b - - 0 1",
            &[("c5d3", "前马进4", "前馬進4", "H++4"), ("c7b9", "后马退2", "後馬退2", "H--2")],
        );
        // Advisors on one file keep the file form when the direction tells them apart.
        check(
            "3k5/9/9/9/9/9/9/3A5/3A5/4K4 w - - 0 1",
            &[("d1e2", "仕六进五", "仕六進五", "A6+5"), ("d2e1", "仕六退五", "仕六退五", "A6-5")],
        );
        // ... and take 前/后 when it does not (d1 to e0 and d2 to e1 are both 仕六退五).
        check(
            "3k5/9/9/9/9/9/9/3A5/3A5/5K3 w - - 0 1",
            &[("d1e0", "后仕退五", "後仕退五", "A--5"), ("d2e1", "前仕退五", "前仕退五", "A+-5")],
        );
        // Elephants on c2 and c4 could both retreat to file 九 (not to 五: the king stands on e0).
        check(
            "3k5/9/9/9/9/2B6/9/2B6/9/4K4 w - - 0 1",
            &[
                ("c2a4", "相七进九", "相七進九", "E7+9"),
                ("c4a2", "前相退九", "前相退九", "E+-9"),
                ("c2a0", "后相退九", "後相退九", "E--9"),
                ("c4e2", "相七退五", "相七退五", "E7-5"),
            ],
        );
        let p = pos("3k5/9/9/9/9/9/9/3A5/3A5/5K3 w - - 0 1");
        assert!(matches!(parse_move(&p, "仕六退五"), Err(NotationError::Ambiguous { .. })));
        assert!(matches!(parse_move(&p, "A6-5"), Err(NotationError::Ambiguous { .. })));
    }

    #[test]
    fn soldiers_on_one_file() {
        // The WXF manual's examples: Red soldiers on the 3rd file (g) traverse to the 4th.
        check(
            "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
            &[
                ("g7f7", "前兵平四", "前兵平四", "P+.4"),
                ("g6f6", "中兵平四", "中兵平四", "P3.4"),
                ("g5f5", "后兵平四", "後兵平四", "P-.4"),
            ],
        );
        check(
            "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
            &[
                ("g9f9", "一兵平四", "一兵平四", "++.4"),
                ("g8f8", "二兵平四", "二兵平四", "P+.4"),
                ("g7f7", "三兵平四", "三兵平四", "P3.4"),
                ("g6f6", "四兵平四", "四兵平四", "P-.4"),
                ("g5f5", "五兵平四", "五兵平四", "--.4"),
            ],
        );
        check(
            "3k5/6P2/6P2/6P2/6P2/2P6/9/9/9/4K4 w - - 0 1",
            &[
                ("g8f8", "一兵平四", "一兵平四", "++.4"),
                ("g7f7", "二兵平四", "二兵平四", "P+.4"),
                ("g6f6", "三兵平四", "三兵平四", "P-.4"),
                ("g5f5", "四兵平四", "四兵平四", "--.4"),
                ("c4c5", "兵七进一", "兵七進一", "P7+1"),
            ],
        );
        // Black soldiers on e2..e6: Black's front is the lowest rank.
        check(
            "3k5/9/9/4p4/4p4/4p4/4p4/4p4/9/5K3 b - - 0 1",
            &[
                ("e2d2", "一卒平4", "一卒平4", "++.4"),
                ("e2e1", "一卒进1", "一卒進1", "+++1"),
                ("e4d4", "三卒平4", "三卒平4", "P5.4"),
                ("e3f3", "二卒平6", "二卒平6", "P+.6"),
            ],
        );
    }

    #[test]
    fn soldiers_on_two_files() {
        // Three soldiers on Red's 3rd file (g), two on the 7th (c), as in the WXF manual.
        check(
            "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",
            &[
                ("g7f7", "前三平四", "前三平四", "3+.4"),
                ("g6f6", "中三平四", "中三平四", "33.4"),
                ("g5f5", "后三平四", "後三平四", "3-.4"),
                ("c6d6", "前七平六", "前七平六", "7+.6"),
                ("c5d5", "后七平六", "後七平六", "7-.6"),
            ],
        );
        let p = pos("3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1");
        assert!(matches!(parse_move(&p, "前兵进一"), Err(NotationError::Ambiguous { .. })));
        assert_eq!(parse_move(&p, "前兵七平六"), Ok(mv("c6d6")));
    }

    #[test]
    fn lenient_reading() {
        let p = Position::startpos();
        for text in
            ["炮2平5", "炮二平５", " 砲 二 平 五 ", "c2.5", "C2=5", "C25", "Ｃ２．５", "h2e2!", "H2-E2", "炮二平五?!"]
        {
            assert_eq!(parse_move(&p, text), Ok(mv("h2e2")), "{text}");
        }
        assert_eq!(parse_move(&p, "N8+7"), Ok(mv("b0c2")));
        assert_eq!(parse_move(&p, "B3+5"), Ok(mv("g0e2")));
        let p = pos("3k5/9/9/9/9/2R6/9/2R6/9/4K4 w - - 0 1");
        for text in ["車前進五", "前车进五", "+R+5", "r++5"] {
            assert_eq!(parse_move(&p, text), Ok(mv("c4c9")), "{text}");
        }
    }

    #[test]
    fn errors() {
        let p = Position::startpos();
        let err = |t: &str| parse_move(&p, t).expect_err(t);
        assert!(matches!(err("hello"), NotationError::Unrecognized(_)));
        assert!(matches!(err(""), NotationError::Unrecognized(_)));
        assert!(matches!(err("炮二平"), NotationError::Unrecognized(_)));
        assert!(matches!(err("C2.0"), NotationError::Unrecognized(_)));
        assert!(matches!(err("炮五平四"), NotationError::NoSuchPiece { kind: PieceKind::Cannon, .. }));
        assert!(matches!(err("前炮平五"), NotationError::NoSuchPiece { .. }));
        assert!(matches!(err("马八平七"), NotationError::Illegal { .. }));
        assert!(matches!(err("R9+4"), NotationError::Illegal { .. }));
        assert!(matches!(err("h2h5x"), NotationError::Unrecognized(_)));
        assert!(matches!(err("a0a5"), NotationError::Illegal { .. }));
        assert!(matches!(err("e5e6"), NotationError::Illegal { .. }));
        assert_eq!(err("a0a5").to_string(), "'a0a5' is illegal (a rook on a0 cannot move to a5)");
        // Two soldiers could both step forward: the ambiguity is reported, not guessed.
        let p = pos("3k5/9/9/4P4/9/4P4/9/9/9/4K4 w - - 0 1");
        assert!(matches!(parse_move(&p, "兵五进一"), Err(NotationError::Ambiguous { .. })));
        assert_eq!(parse_move(&p, "后兵进一"), Ok(mv("e4e5")));
    }

    #[test]
    fn format_move_falls_back_to_iccs() {
        let p = Position::startpos();
        assert_eq!(format_move(&p, mv("h2e2"), Notation::Iccs), "h2e2");
        assert_eq!(format_move(&p, mv("h2e2"), Notation::Wxf), "C2.5");
        assert_eq!(format_move(&p, mv("h2e2"), Notation::Chinese(Script::Traditional)), "炮二平五");
        // Nothing on e4, and a black piece while Red is to move: no file notation.
        assert_eq!(format_move(&p, mv("e4e5"), Notation::Wxf), "e4e5");
        assert_eq!(format_move(&p, mv("h9g7"), Notation::Chinese(Script::Simplified)), "h9g7");
        assert_eq!(to_wxf(&p, Move::NULL), None);
    }

    /// Positions with doubled pieces and soldier stacks of every size, for both colours.
    const STACKS: [&str; 8] = [
        "3k5/9/9/9/9/2R6/9/2R6/9/4K4 w - - 0 1",
        "3k5/9/9/9/9/9/9/3A5/3A5/5K3 w - - 0 1",
        "3k5/9/9/9/9/2B6/9/2B6/9/4K4 w - - 0 1",
        "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
        "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
        "3k5/6P2/6P2/6P2/6P2/2P6/9/9/9/4K4 w - - 0 1",
        "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",
        "3k5/9/9/2PP5/2PP5/9/1C7/1C7/4A4/3AK4 w - - 0 1",
    ];

    /// The same position with the colours swapped and the board turned upside down.
    fn mirror(fen: &str) -> String {
        let mut fields = fen.split(' ');
        let placement: Vec<String> = fields
            .next()
            .unwrap_or_default()
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                    .collect()
            })
            .collect();
        let side = if fields.next() == Some("w") { "b" } else { "w" };
        format!("{} {side} - - 0 1", placement.join("/"))
    }

    /// A small fixed generator (SplitMix64), so the random games are the same on every run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((z ^ (z >> 31)) % n as u64) as usize
        }
    }

    /// Every legal move written in each notation reads back as itself.
    fn round_trip_all(p: &Position) -> usize {
        let moves = legal_moves(p);
        for m in &moves {
            for script in [Script::Simplified, Script::Traditional] {
                let text = to_chinese(p, m, script).unwrap_or_else(|| panic!("{}: no Chinese for {m}", p.fen()));
                assert_eq!(parse_move(p, &text), Ok(m), "{}: {m} written as {text}", p.fen());
            }
            let text = to_wxf(p, m).unwrap_or_else(|| panic!("{}: no WXF for {m}", p.fen()));
            assert_eq!(parse_move(p, &text), Ok(m), "{}: {m} written as {text}", p.fen());
            assert_eq!(parse_move(p, &m.to_string()), Ok(m));
        }
        moves.len()
    }

    #[test]
    fn round_trip_every_legal_move() {
        let mut roots: Vec<String> = include_str!("../../positions/perft.epd")
            .lines()
            .filter_map(|l| l.split(';').next())
            .map(|f| f.trim().to_string())
            .filter(|f| !f.is_empty() && !f.starts_with('#'))
            .collect();
        roots.push(START_FEN.to_string());
        for fen in STACKS {
            roots.push(fen.to_string());
            roots.push(mirror(fen));
        }
        let mut rng = Rng(0x5eed);
        let mut checked = 0;
        for fen in &roots {
            let start = pos(fen);
            checked += round_trip_all(&start);
            // Random games from each root reach positions no list holds.
            for _ in 0..4 {
                let mut p = start.clone();
                for _ in 0..120 {
                    let moves = legal_moves(&p);
                    if moves.is_empty() {
                        break;
                    }
                    p.make(moves[rng.below(moves.len())]);
                    checked += round_trip_all(&p);
                }
            }
        }
        assert!(checked > 100_000, "only {checked} moves checked");
    }

    #[test]
    fn mirrored_stacks_are_black() {
        let p = pos(&mirror(STACKS[4]));
        assert_eq!(p.side_to_move(), Color::Black);
        assert_eq!(to_wxf(&p, mv("g0f0")).as_deref(), Some("++.6"));
        assert_eq!(to_chinese(&p, mv("g4f4"), Script::Simplified).as_deref(), Some("五卒平6"));
    }

    proptest::proptest! {
        #[test]
        fn parsers_never_panic(text in "\\PC{0,12}") {
            for fen in [START_FEN, STACKS[6], STACKS[7]] {
                let p = pos(fen);
                let _ = parse_move(&p, &text);
                let _ = parse_iccs(&p, &text);
                let _ = parse_chinese(&p, &text);
                let _ = parse_wxf(&p, &text);
            }
        }

        #[test]
        fn notation_alphabet_never_panics(
            text in "[车車马馬炮砲兵卒相仕帅将前中后後进退平一二三四五六七八九0-9１９KAEHRCPBNkh+=.\\- ]{0,7}"
        ) {
            for fen in [START_FEN, STACKS[4], STACKS[6]] {
                let p = pos(fen);
                let _ = parse_move(&p, &text);
                let _ = parse_move(&pos(&mirror(fen)), &text);
            }
        }
    }
}

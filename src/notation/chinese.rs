//! Chinese file notation: `炮二平五`, `马8进7`, `前马退八`, `一兵平四`, in simplified or
//! traditional characters.

use super::spec::{Dir, Place, Selector, Spec, describe, file_number, resolve as resolve_spec};
use super::{NotationError, Script};
use crate::board::Position;
use crate::types::{Color, File, Move, Piece, PieceKind};

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

/// Red's file numbers, 一 (file 1 from Red's right) to 九.
pub const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The label `c` writes for file `f`: its own number ([`file_number`]) as a [`numeral`].
pub fn file_label(f: File, c: Color) -> char {
    numeral(file_number(f, c), c)
}

/// A number (1 to 9) as `c` writes it: Chinese numerals for Red, ASCII digits for Black.
pub(super) fn numeral(n: u8, c: Color) -> char {
    match c {
        Color::Red => RED_NUMERALS[usize::from(n.clamp(1, 9)) - 1],
        Color::Black => digit(n),
    }
}

pub(super) fn digit(n: u8) -> char {
    char::from(b'0' + n.min(9))
}

/// The piece's name in `script`: the per-side glyphs of [`Piece::glyph`], or their mainland forms.
pub fn piece_name(pc: Piece, script: Script) -> char {
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

pub(super) fn resolve(pos: &Position, norm: &str, text: &str) -> Result<Move, NotationError> {
    let spec = chinese_spec(norm).ok_or_else(|| NotationError::Unrecognized(text.trim().to_string()))?;
    resolve_spec(pos, &spec, text)
}

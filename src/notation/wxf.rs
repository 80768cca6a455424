//! WXF file notation: `C2.5`, `H8+7`, `R++5`, `++.4`, `33.4`.

use super::NotationError;
use super::chinese::digit;
use super::spec::{Dir, Place, Selector, Spec, describe, resolve as resolve_spec};
use crate::board::Position;
use crate::types::{Move, PieceKind};

/// Writes `mv`, a legal move, in WXF notation. `None` as for [`super::to_chinese`].
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
            if let (Some(kind), Some(n)) = (PieceKind::from_fen_char(a), wxf_digit(b)) {
                (kind, file(n))
            } else if let (Some(kind), Some(place)) = (PieceKind::from_fen_char(a), wxf_sign(b)) {
                (kind, stacked(None, place))
            } else if let (Some(place), Some(kind)) = (wxf_sign(a), PieceKind::from_fen_char(b)) {
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

pub(super) fn resolve(pos: &Position, norm: &str, text: &str) -> Result<Move, NotationError> {
    let spec = wxf_spec(norm).ok_or_else(|| NotationError::Unrecognized(text.trim().to_string()))?;
    resolve_spec(pos, &spec, text)
}

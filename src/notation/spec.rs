//! The model the file notations share: a move described by piece, selector, direction and
//! number ([`Spec`]), resolved against a position, and a legal move taken apart for writing
//! ([`Parts`]).

use super::NotationError;
use crate::board::{Illegality, Position};
use crate::types::{Color, File, Move, Piece, PieceKind, Square};

/// Direction of a move as the mover sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dir {
    Forward,
    Backward,
    Across,
}

/// Which of several pieces of one kind on one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
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
pub(super) enum Selector {
    /// By its file number. With `odd_means_middle` (WXF), a file holding three or five soldiers
    /// means the middle one.
    File { number: u8, odd_means_middle: bool },
    /// By its place among pieces of its kind sharing a file, the file given or to be found.
    Stacked { file: Option<u8>, place: Place },
}

/// A move as a file notation describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Spec {
    pub(super) kind: PieceKind,
    pub(super) selector: Selector,
    pub(super) dir: Dir,
    /// Target file number or distance, 1 to 9.
    pub(super) arg: u8,
}

/// A move taken apart for writing.
pub(super) struct Parts {
    pub(super) piece: Piece,
    pub(super) file_no: u8,
    pub(super) dir: Dir,
    pub(super) arg: u8,
    /// How many pieces of this kind and colour stand on the from-file.
    pub(super) stack: usize,
    /// This piece's place among them, 0 at the front.
    pub(super) index: usize,
    /// A soldier, and another file also holds two or more of its side's soldiers.
    pub(super) other_stack: bool,
    /// Whether the plain file form is used.
    pub(super) plain: bool,
}

/// The mover's number of file `f`: counted from the mover's right, 1 to 9.
pub fn file_number(f: File, c: Color) -> u8 {
    let i = f.index() as u8;
    match c {
        Color::Red => 9 - i,
        Color::Black => i + 1,
    }
}

pub(super) fn file_of_number(n: u8, c: Color) -> Option<File> {
    if !(1..=9).contains(&n) {
        return None;
    }
    File::new(match c {
        Color::Red => 9 - n,
        Color::Black => n - 1,
    })
}

/// +1 if `c` moves up the board (towards rank 9), -1 otherwise.
pub(super) fn forward(c: Color) -> i8 {
    match c {
        Color::Red => 1,
        Color::Black => -1,
    }
}

/// `c`'s pieces of `kind` on file `f`, from the front (nearest the enemy) to the rear.
pub(super) fn stack(pos: &Position, c: Color, kind: PieceKind, f: File) -> Vec<Square> {
    let mut v: Vec<Square> = pos.pieces_of(c, kind).iter().filter(|sq| sq.file() == f).collect();
    v.sort_by_key(|sq| std::cmp::Reverse(sq.rank().relative(c)));
    v
}

/// Where a piece of `kind` on `from` ends up when `c` moves it as `dir` and `arg` say.
pub(super) fn target(kind: PieceKind, from: Square, c: Color, dir: Dir, arg: u8) -> Option<Square> {
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
pub(super) fn describe(pos: &Position, mv: Move) -> Option<Parts> {
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
pub(super) fn resolve(pos: &Position, spec: &Spec, text: &str) -> Result<Move, NotationError> {
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
            reason: Illegality::NoSuchMove(spec.kind),
        });
    };
    let fits: Vec<Move> = candidates.iter().copied().filter(|&mv| pos.is_legal_move(mv)).collect();
    match fits.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(NotationError::Illegal { text: text.trim().to_string(), reason: pos.explain_illegal(first).reason }),
        _ => Err(NotationError::Ambiguous { text: text.trim().to_string(), moves: fits }),
    }
}

pub(super) fn legal(pos: &Position, mv: Move, text: &str) -> Result<Move, NotationError> {
    if pos.is_legal_move(mv) {
        Ok(mv)
    } else {
        Err(NotationError::Illegal { text: text.trim().to_string(), reason: pos.explain_illegal(mv).reason })
    }
}

/// Full-width ASCII to ASCII, spaces removed, trailing `!` and `?` annotations dropped.
pub(super) fn normalize(text: &str) -> String {
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

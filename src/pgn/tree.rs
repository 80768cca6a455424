//! Move trees stored as pairs of points, as XQF and DhtmlXQ keep them: the readers collect the
//! lines as stored, and [`play_into`] plays every move, checking it, into a [`Game`]'s main line
//! and [`Variation`]s. A move that cannot be played ends the game if it is in the main line,
//! and only its variation (kept up to that move, with a warning) otherwise.

use super::error::{BadRecord, BadSetup, Corruption, PgnError, Place};
use super::reader::move_number;
use super::{Comment, Game, Variation};
use crate::board::{Position, Setup};
use crate::types::{Color, Move, Piece, PieceKind, Square};

/// The pieces of a 32-point start position, as XQF and DhtmlXQ list them: for Red then Black,
/// rook, horse, elephant, advisor, king, advisor, elephant, horse, rook, two cannons, five
/// soldiers.
pub(super) const PIECE_ORDER: [PieceKind; 16] = {
    use PieceKind::*;
    [
        Rook, Horse, Elephant, Advisor, King, Advisor, Elephant, Horse, Rook, Cannon, Cannon, Soldier, Soldier,
        Soldier, Soldier, Soldier,
    ]
};

/// The setup 32 points describe (`None`: the piece is not on the board), with `side` to move.
pub(super) fn setup_of(points: &[Option<Square>; 32], side: Color) -> Result<Setup, PgnError> {
    let mut setup = Setup { board: [None; 90], side_to_move: side, rule60: 0, fullmove: 1 };
    for (i, sq) in points.iter().enumerate() {
        let Some(sq) = *sq else { continue };
        let piece = Piece::new(if i < 16 { Color::Red } else { Color::Black }, PIECE_ORDER[i % 16]);
        if let Some(other) = setup.board[sq.index()] {
            return Err(PgnError::BadStart { why: BadSetup::Doubled { piece, other, square: sq } });
        }
        setup.board[sq.index()] = Some(piece);
    }
    Ok(setup)
}

/// The 32 points of a position's pieces in [`PIECE_ORDER`]; `None` for a position with more
/// pieces of a kind than the list has places (none a legal position has).
pub(super) fn points_of(pos: &Position) -> Option<[Option<Square>; 32]> {
    let mut points = [None; 32];
    for sq in Square::all() {
        let Some(piece) = pos.piece_at(sq) else { continue };
        let side = if piece.color() == Color::Red { 0 } else { 16 };
        let slot = (0..16).find(|&i| PIECE_ORDER[i] == piece.kind() && points[side + i].is_none())?;
        points[side + slot] = Some(sq);
    }
    Some(points)
}

/// A position's side to move: the side of the piece on `first` (the first move's point) if
/// there is one there, else `default`. Files record no side, or a wrong one.
pub(super) fn side_of_first_move(setup: &Setup, first: Option<Square>, default: Color) -> Color {
    first.and_then(|sq| setup.board[sq.index()]).map_or(default, |piece| piece.color())
}

/// Variations nested deeper than this are left out (with a warning): no real record comes
/// near, and a damaged file must not exhaust the stack.
pub(super) const MAX_DEPTH: usize = 200;

/// A move as a file stores it (`None`: a point off the board), and where (for messages).
#[derive(Clone, Debug)]
pub(super) struct RawMove {
    pub from: Option<Square>,
    pub to: Option<Square>,
    pub at: Place,
}

/// A line as a file stores it: its moves, its comments (`ply` counted from the line's start)
/// and the lines that branch from it, each with the number of this line's moves before it.
#[derive(Clone, Debug, Default)]
pub(super) struct RawLine {
    pub moves: Vec<RawMove>,
    pub comments: Vec<Comment>,
    pub variations: Vec<(usize, RawLine)>,
}

/// Plays `main` from `game.start` into `game`'s main line, comments and variations.
pub(super) fn play_into(game: &mut Game, main: RawLine) -> Result<(), PgnError> {
    let mut warnings = Vec::new();
    let (line, bad) = play(&game.start, &game.start, 0, main, &mut warnings, 0);
    if let Some(error) = bad {
        return Err(error);
    }
    game.moves = line.moves;
    game.comments = line.comments;
    game.variations = line.variations;
    game.warnings.extend(warnings);
    Ok(())
}

/// One line from `pos`, which is `base` plies after `start`: the line as far as it can be
/// played, and the error that stopped it early.
fn play(
    start: &Position,
    pos: &Position,
    base: usize,
    mut raw: RawLine,
    warnings: &mut Vec<PgnError>,
    depth: usize,
) -> (Variation, Option<PgnError>) {
    let mut line = Variation::default();
    let mut pos = pos.clone();
    raw.variations.sort_by_key(|(ply, _)| *ply);
    let mut branches = raw.variations.into_iter().peekable();
    let mut bad = None;
    for (i, stored) in raw.moves.into_iter().enumerate() {
        while let Some((_, branch)) = branches.next_if(|(ply, _)| *ply == i) {
            if depth >= MAX_DEPTH {
                let at = branch.moves.first().map_or(Place::Unknown, |m| m.at.clone());
                warnings.push(PgnError::Corrupt { at, why: Corruption::TooDeep(MAX_DEPTH) });
                continue;
            }
            let (mut variation, error) = play(start, &pos, base + i, branch, warnings, depth + 1);
            warnings.extend(error);
            if !variation.moves.is_empty() {
                variation.ply = i;
                line.variations.push(variation);
            }
        }
        let number = move_number(start, base + i);
        let played = match (stored.from, stored.to) {
            (Some(from), Some(to)) if from != to => {
                let mv = Move::new(from, to);
                pos.play(mv).map(|()| mv).map_err(BadRecord::Illegal)
            }
            _ => Err(BadRecord::OffBoard),
        };
        match played {
            Ok(mv) => line.moves.push(mv),
            Err(why) => {
                bad = Some(PgnError::IllegalRecord { at: stored.at, number, why });
                break;
            }
        }
    }
    for (ply, branch) in branches {
        // Past the end of a line cut short, the branches went with it; otherwise a branch
        // from past the line's last move replaces nothing.
        if bad.is_none() {
            let at = branch.moves.first().map_or(Place::Unknown, |m| m.at.clone());
            let why = Corruption::PastLineEnd(move_number(start, base + ply));
            warnings.push(PgnError::Corrupt { at, why });
        }
    }
    let played = line.moves.len();
    line.comments = raw.comments.into_iter().filter(|c| c.ply <= played).collect();
    line.comments.sort_by_key(|c| c.ply);
    (line, bad)
}

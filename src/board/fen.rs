//! FEN reading and writing (`docs/rules.md` §6).
//!
//! Parsing produces an unvalidated [`Setup`]; [`crate::board::Position::from_setup`] checks that
//! the setup is a legal position. Neither step panics on any input.

use std::fmt;

use crate::types::{Color, File, Piece, PieceKind, Rank, Square};

/// The start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A parsed but unvalidated position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub board: [Option<Piece>; 90],
    pub side_to_move: Color,
    /// Plies counted by the 60-move rule (FEN field 5).
    pub rule60: u32,
    /// Move number, incremented after each Black move (FEN field 6).
    pub fullmove: u32,
}

/// Why a FEN was refused: which field, and what was wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    RankCount(usize),
    /// A rank (0 to 9) whose points do not total nine.
    RankWidth {
        rank: usize,
        width: usize,
    },
    BadPiece {
        rank: usize,
        ch: char,
    },
    MissingSide,
    BadSide(String),
    BadCounter {
        field: &'static str,
        token: String,
    },
    ExtraToken(String),
    KingCount {
        color: Color,
        count: u32,
    },
    TooMany {
        color: Color,
        kind: PieceKind,
        count: u32,
    },
    OutOfRegion {
        piece: Piece,
        square: Square,
        region: &'static str,
    },
    KingsFacing,
    OpponentInCheck(Color),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::RankCount(n) => {
                write!(f, "placement field: expected 10 ranks separated by '/', found {n}")
            }
            FenError::RankWidth { rank, width } => {
                write!(f, "placement field: rank {rank} covers {width} points instead of 9")
            }
            FenError::BadPiece { rank, ch } => {
                write!(f, "placement field: unknown piece letter '{ch}' on rank {rank}")
            }
            FenError::MissingSide => write!(f, "side-to-move field missing (expected w, r or b)"),
            FenError::BadSide(t) => {
                write!(f, "side-to-move field: '{t}' is not w, r or b")
            }
            FenError::BadCounter { field, token } => {
                write!(f, "{field} field: '{token}' is not a non-negative number")
            }
            FenError::ExtraToken(t) => write!(f, "unexpected token '{t}' after the move number"),
            FenError::KingCount { color, count } => {
                write!(f, "{} has {count} kings instead of one", color.name())
            }
            FenError::TooMany { color, kind, count } => {
                write!(f, "{} has {count} {}s, at most {} allowed", color.name(), kind.name(), kind.max_count())
            }
            FenError::OutOfRegion { piece, square, region } => {
                write!(f, "{} {} on {square} is outside its {region}", piece.color().name(), piece.kind().name())
            }
            FenError::KingsFacing => write!(f, "the kings face each other on an open file"),
            FenError::OpponentInCheck(c) => {
                write!(f, "{} is in check but it is not its turn to move", c.name())
            }
        }
    }
}

impl std::error::Error for FenError {}

impl Setup {
    /// Parses a FEN string. Fields are separated by any run of whitespace.
    pub fn parse(fen: &str) -> Result<Setup, FenError> {
        let mut tokens = fen.split_whitespace();
        let placement = tokens.next().ok_or(FenError::Empty)?;
        let board = parse_placement(placement)?;

        let side = tokens.next().ok_or(FenError::MissingSide)?;
        let side_to_move = match side {
            "w" | "W" | "r" | "R" => Color::Red,
            "b" | "B" => Color::Black,
            other => return Err(FenError::BadSide(other.to_string())),
        };

        // Fields 3 and 4 are placeholders: skip any '-' tokens, then read the two counters.
        let mut rest = tokens.skip_while(|t| *t == "-");
        let counter = |field: &'static str, token: Option<&str>, default: u32| match token {
            None => Ok(default),
            Some(t) => t.parse::<u32>().map_err(|_| FenError::BadCounter { field, token: t.to_string() }),
        };
        let rule60 = counter("half-move counter", rest.next(), 0)?;
        let fullmove = counter("move number", rest.next(), 1)?;
        if let Some(extra) = rest.next() {
            return Err(FenError::ExtraToken(extra.to_string()));
        }
        Ok(Setup { board, side_to_move, rule60, fullmove: fullmove.max(1) })
    }
}

fn parse_placement(placement: &str) -> Result<[Option<Piece>; 90], FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 10 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut board = [None; 90];
    for (i, text) in ranks.iter().enumerate() {
        let rank = 9 - i;
        let mut file = 0usize;
        for ch in text.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=9).contains(d)) {
                file += d as usize;
            } else {
                let piece = Piece::from_fen_char(ch).ok_or(FenError::BadPiece { rank, ch })?;
                if file < 9 {
                    board[rank * 9 + file] = Some(piece);
                }
                file += 1;
            }
            if file > 9 {
                break;
            }
        }
        if file != 9 {
            // Report the full width for the message, counting every character of the rank.
            let width =
                text.chars().map(|c| c.to_digit(10).filter(|d| (1..=9).contains(d)).unwrap_or(1) as usize).sum();
            return Err(FenError::RankWidth { rank, width });
        }
    }
    Ok(board)
}

/// Writes the placement field.
pub(crate) fn placement_to_string(board: &[Option<Piece>; 90]) -> String {
    let mut s = String::with_capacity(64);
    for r in Rank::all().rev() {
        let mut empty = 0;
        for f in File::all() {
            match board[Square::from_coords(f, r).index()] {
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if r.index() > 0 {
            s.push('/');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_start() {
        let s = Setup::parse(START_FEN).expect("start position parses");
        assert_eq!(s.side_to_move, Color::Red);
        assert_eq!(s.board[4], Some(Piece::RedKing));
        assert_eq!(s.board[85], Some(Piece::BlackKing));
        assert_eq!(placement_to_string(&s.board) + " w - - 0 1", START_FEN);
    }

    #[test]
    fn parse_errors_name_the_field() {
        let cases: &[(&str, FenError)] = &[
            ("", FenError::Empty),
            ("rnbakabnr/9 w", FenError::RankCount(2)),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", FenError::RankWidth { rank: 0, width: 8 }),
            (
                "rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                FenError::RankWidth { rank: 9, width: 10 },
            ),
            ("rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", FenError::BadPiece { rank: 9, ch: 'x' }),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", FenError::MissingSide),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", FenError::BadSide("x".into())),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - z",
                FenError::BadCounter { field: "half-move counter", token: "z".into() },
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 q",
                FenError::ExtraToken("q".into()),
            ),
            ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB0R w", FenError::BadPiece { rank: 0, ch: '0' }),
        ];
        for (fen, err) in cases {
            assert_eq!(Setup::parse(fen).as_ref().err(), Some(err), "{fen}");
        }
    }

    #[test]
    fn aliases_and_optional_counters() {
        let a = Setup::parse("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r").expect("aliases");
        let b = Setup::parse(START_FEN).expect("start");
        assert_eq!(a, b);
        let c = Setup::parse("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b 17").expect("counter");
        assert_eq!((c.side_to_move, c.rule60, c.fullmove), (Color::Black, 17, 1));
    }
}

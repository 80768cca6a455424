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
    /// Two pieces given one point (never from a FEN, which has one letter a point).
    SharedPoint(Square),
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
            FenError::SharedPoint(sq) => write!(f, "two pieces on {sq}"),
        }
    }
}

impl std::error::Error for FenError {}

impl Setup {
    /// Parses a FEN string. Fields are separated by any run of whitespace.
    pub fn parse(fen: &str) -> Result<Setup, FenError> {
        let (setup, tail) = Setup::read(fen)?;
        match tail.first_fault {
            None => Ok(setup),
            Some(fault) => Err(fault),
        }
    }

    /// Parses a FEN as GUIs write it (`docs/ucci.md` §4): the board and the side to move
    /// strictly, the rest as ElephantEye does. Placeholders of any run of dashes (`-`, `--`) in
    /// any field, counters missing, repeated or not numbers: a counter that is a number is used,
    /// anything else is passed over and returned, in order, for the caller to report.
    pub fn parse_lenient(fen: &str) -> Result<(Setup, Vec<String>), FenError> {
        Setup::read(fen).map(|(setup, tail)| (setup, tail.passed_over))
    }

    /// The one reader behind both: a fault of the board or the side is an error; the tail's
    /// faults are returned beside the setup, the first as the strict reading's error.
    fn read(fen: &str) -> Result<(Setup, Tail), FenError> {
        let mut tokens = fen.split_whitespace();
        let placement = tokens.next().ok_or(FenError::Empty)?;
        let board = parse_placement(placement)?;

        let side = tokens.next().ok_or(FenError::MissingSide)?;
        let side_to_move = match side {
            "w" | "W" | "r" | "R" => Color::Red,
            "b" | "B" => Color::Black,
            other => return Err(FenError::BadSide(other.to_string())),
        };
        let tail = Tail::read(tokens);
        let setup = Setup {
            board,
            side_to_move,
            rule60: tail.rule60.unwrap_or(0),
            fullmove: tail.fullmove.unwrap_or(1).max(1),
        };
        Ok((setup, tail))
    }
}

impl fmt::Display for Setup {
    /// The FEN with all six fields, as Chuhan writes it (`docs/rules.md` §6).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side_to_move.fen_char();
        write!(f, "{} {side} - - {} {}", placement_to_string(&self.board), self.rule60, self.fullmove)
    }
}

/// The fields after the side to move: fields 3 and 4 are placeholders, then the two counters.
struct Tail {
    rule60: Option<u32>,
    fullmove: Option<u32>,
    /// Every token not used, in order.
    passed_over: Vec<String>,
    /// What the strict reading refuses: the first token passed over, as its error.
    first_fault: Option<FenError>,
}

impl Tail {
    fn read<'a>(tokens: impl Iterator<Item = &'a str>) -> Tail {
        // A placeholder is '-' as the standard writes it, or a run of dashes as some GUIs do
        // (gmchess writes `--` for fields 3 and 4 together).
        let dashes = |t: &str| !t.is_empty() && t.bytes().all(|b| b == b'-');
        let mut tail = Tail { rule60: None, fullmove: None, passed_over: Vec::new(), first_fault: None };
        let mut rest = tokens.skip_while(|t| dashes(t));
        for (field, slot) in [("half-move counter", &mut tail.rule60), ("move number", &mut tail.fullmove)] {
            let Some(t) = rest.next() else { break };
            match t.parse::<u32>() {
                Ok(n) => *slot = Some(n),
                Err(_) => {
                    tail.first_fault.get_or_insert(FenError::BadCounter { field, token: t.to_string() });
                    tail.passed_over.push(t.to_string());
                }
            }
        }
        for t in rest {
            tail.first_fault.get_or_insert(FenError::ExtraToken(t.to_string()));
            tail.passed_over.push(t.to_string());
        }
        tail
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
    fn lenient_reading_takes_what_guis_write() {
        const BOARD: &str = "rnbakabCr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b";
        let read = |tail: &str| {
            let (s, passed) = Setup::parse_lenient(&format!("{BOARD} {tail}")).expect("board and side are sound");
            (s.side_to_move, s.rule60, s.fullmove, passed.join(" "))
        };
        // gmchess (src/Engine.cc): `--` for fields 3 and 4, its counters once or twice.
        assert_eq!(read("-- 0 1"), (Color::Black, 0, 1, String::new()));
        assert_eq!(read("-- 0 1  -- 0 1 "), (Color::Black, 0, 1, "-- 0 1".into()));
        assert_eq!(read(""), (Color::Black, 0, 1, String::new()));
        assert_eq!(read("- - 17 9"), (Color::Black, 17, 9, String::new()));
        assert_eq!(read("- - - -"), (Color::Black, 0, 1, String::new()));
        assert_eq!(read("- - x 12"), (Color::Black, 0, 12, "x".into()));
        assert_eq!(read("- - 8 -3"), (Color::Black, 8, 1, "-3".into()));
        // The strict reading refuses the first of those faults and accepts the rest.
        assert_eq!(Setup::parse(&format!("{BOARD} -- 0 1")).map(|s| s.rule60), Ok(0));
        assert_eq!(Setup::parse(&format!("{BOARD} -- 0 1 -- 0 1")).err(), Some(FenError::ExtraToken("--".into())));
        // The board and the side stay strict.
        assert_eq!(Setup::parse_lenient("rnbakabCr/9 b -- 0 1").err(), Some(FenError::RankCount(2)));
        assert_eq!(Setup::parse_lenient(&BOARD.replace(" b", " -- 0 1")).err(), Some(FenError::BadSide("--".into())));
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

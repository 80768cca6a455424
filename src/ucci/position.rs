//! `position` and `probe` arguments: a FEN (or the start position) and a move list.
//!
//! [`PositionSpec::parse`] checks the syntax: the FEN's fields and that every move is written as
//! a move. [`PositionSpec::build`] then plays the list, so the position with its full history
//! exists only if every move is legal (`docs/ucci.md` §4: the command is atomic).

use std::fmt;

use super::command::Tokens;
use crate::board::{FenError, IllegalMove, Illegality, Position, Setup};
use crate::types::Move;

/// A position as `position` and `probe` describe it, checked for syntax only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSpec {
    /// The FEN's fields as read; `None` for `startpos`.
    pub setup: Option<Setup>,
    /// The tokens of the FEN after the side to move that were passed over (GUIs' own additions,
    /// `docs/ucci.md` §4), for the driver to report; empty for a clean FEN.
    pub passed_over: Vec<String>,
    /// The moves to play from it, in order.
    pub moves: Vec<Move>,
}

/// Why a `position` (or `probe`) was rejected. `Display` gives the reason that follows
/// `position rejected: ` in the `info string` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Nothing after the command.
    MissingSource,
    /// The first argument is neither `startpos` nor `fen`.
    BadSource(String),
    /// `startpos` followed by something other than `moves`.
    AfterStartpos(String),
    /// `fen` with nothing after it.
    MissingFen,
    /// The FEN is malformed or describes an impossible position.
    Fen(FenError),
    /// A move of the list is not written as a move; `number` counts from 1.
    NotAMove { number: usize, text: String, reason: &'static str },
    /// A move of the list is not legal where it is played; `number` counts from 1.
    Illegal(NumberedIllegal),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::MissingSource => write!(f, "expected 'startpos' or 'fen <FEN>'"),
            PositionError::BadSource(t) => write!(f, "expected 'startpos' or 'fen <FEN>', got '{t}'"),
            PositionError::AfterStartpos(t) => write!(f, "unexpected '{t}' after startpos (expected 'moves')"),
            PositionError::MissingFen => write!(f, "'fen' must be followed by a FEN"),
            PositionError::Fen(e) => write!(f, "invalid FEN ({e})"),
            PositionError::NotAMove { number, text, reason } => {
                write!(f, "move {number} '{text}' is not a move ({reason})")
            }
            PositionError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PositionError {}

/// An illegal move of a list, with its number counted from 1: `move 4 'h2e2' is illegal (...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberedIllegal {
    pub number: usize,
    pub error: IllegalMove,
}

impl fmt::Display for NumberedIllegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} {}", self.number, self.error)
    }
}

impl std::error::Error for NumberedIllegal {}

impl PositionSpec {
    /// The start position with no moves.
    pub fn startpos() -> PositionSpec {
        PositionSpec { setup: None, passed_over: Vec::new(), moves: Vec::new() }
    }

    /// Parses the arguments of `position` or `probe`: `startpos | fen <FEN>`, then optionally
    /// `moves <m1> ...`. The FEN ends at the token `moves` (any case) or the end of the line;
    /// its board and side are read strictly, the rest as GUIs write it ([`Setup::parse_lenient`]).
    pub(crate) fn parse(tokens: &mut Tokens<'_>) -> Result<PositionSpec, PositionError> {
        let mut passed_over = Vec::new();
        let setup = match tokens.next() {
            None => return Err(PositionError::MissingSource),
            Some(t) if t.eq_ignore_ascii_case("startpos") => {
                match tokens.next() {
                    None => return Ok(PositionSpec::startpos()),
                    Some(t) if t.eq_ignore_ascii_case("moves") => {}
                    Some(t) => return Err(PositionError::AfterStartpos(t.to_string())),
                }
                None
            }
            Some(t) if t.eq_ignore_ascii_case("fen") => {
                let fields: Vec<&str> = tokens.by_ref().take_while(|t| !t.eq_ignore_ascii_case("moves")).collect();
                if fields.is_empty() {
                    return Err(PositionError::MissingFen);
                }
                let (setup, passed) = Setup::parse_lenient(&fields.join(" ")).map_err(PositionError::Fen)?;
                passed_over = passed;
                Some(setup)
            }
            Some(t) => return Err(PositionError::BadSource(t.to_string())),
        };
        let moves = tokens
            .enumerate()
            .map(|(i, text)| {
                parse_move(text).map_err(|reason| PositionError::NotAMove {
                    number: i + 1,
                    text: text.to_string(),
                    reason,
                })
            })
            .collect::<Result<Vec<Move>, PositionError>>()?;
        Ok(PositionSpec { setup, passed_over, moves })
    }

    /// Sets up the FEN and plays the moves, all or nothing. The returned position's undo stack
    /// holds every position of the list as game history (for the repetition rules).
    pub fn build(&self) -> Result<Position, PositionError> {
        let mut pos = match &self.setup {
            None => Position::startpos(),
            Some(setup) => Position::from_setup(setup).map_err(PositionError::Fen)?,
        };
        play_all(&mut pos, &self.moves).map_err(PositionError::Illegal)?;
        Ok(pos)
    }
}

impl fmt::Display for PositionSpec {
    /// The spec in command syntax, without the command word: `startpos moves h2e2 h9g7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.setup {
            None => write!(f, "startpos")?,
            Some(setup) => write!(f, "fen {setup}")?,
        }
        if !self.moves.is_empty() {
            write!(f, " moves")?;
            for mv in &self.moves {
                write!(f, " {mv}")?;
            }
        }
        Ok(())
    }
}

/// Plays `moves` in order; on the first illegal one, stops and reports it (the moves before it
/// stay played: callers that need atomicity work on a copy, as [`PositionSpec::build`] does).
fn play_all(pos: &mut Position, moves: &[Move]) -> Result<(), NumberedIllegal> {
    for (i, &mv) in moves.iter().enumerate() {
        pos.play(mv).map_err(|_| NumberedIllegal { number: i + 1, error: explain(pos, mv) })?;
    }
    Ok(())
}

/// Checks that every move of a list is legal in `pos` itself (not one after the other), as
/// `banmoves` and `go searchmoves` need. Reports the first that is not.
pub fn check_legal(pos: &Position, moves: &[Move]) -> Result<(), NumberedIllegal> {
    match moves.iter().position(|&mv| !pos.is_legal_move(mv)) {
        None => Ok(()),
        Some(i) => Err(NumberedIllegal { number: i + 1, error: explain(pos, moves[i]) }),
    }
}

/// Why `mv` is illegal in `pos`, naming the side when the from-point is empty
/// (`no black piece on h2`, as `docs/ucci.md` §11 shows).
fn explain(pos: &Position, mv: Move) -> IllegalMove {
    match pos.piece_at(mv.from()) {
        None => IllegalMove { mv, reason: Illegality::NoPiece { from: mv.from(), side: Some(pos.side_to_move()) } },
        Some(_) => pos.explain_illegal(mv),
    }
}

/// Parses one move in ICCS text (`h2e2`, `H2E2`, `h2-e2`), or says what is wrong with it.
pub fn parse_move(text: &str) -> Result<Move, &'static str> {
    Move::parse(text).ok_or_else(|| why_not_a_move(text))
}

/// The reason a token that [`Move::parse`] refused is not a move.
fn why_not_a_move(text: &str) -> &'static str {
    const SHAPE: &str = "expected a move such as h2e2";
    // Two points, each a letter and a run of digits, optionally joined by one dash.
    let split_point = |s: &str| -> Option<(char, usize, usize)> {
        let letter = s.chars().next().filter(char::is_ascii_alphabetic)?;
        let digits = s[1..].bytes().take_while(u8::is_ascii_digit).count();
        (digits > 0).then_some((letter, digits, 1 + digits))
    };
    let Some((f1, r1, len1)) = split_point(text) else { return SHAPE };
    let rest = &text[len1..];
    let rest = rest.strip_prefix('-').unwrap_or(rest);
    let Some((f2, r2, len2)) = split_point(rest) else { return SHAPE };
    if len2 != rest.len() {
        return SHAPE;
    }
    let on_board = |f: char| matches!(f.to_ascii_lowercase(), 'a'..='i');
    if !on_board(f1) || !on_board(f2) {
        "files are a to i"
    } else if r1 != 1 || r2 != 1 {
        "ranks are 0 to 9"
    } else if text[..len1].eq_ignore_ascii_case(&rest[..len2]) {
        "from and to are the same point"
    } else {
        SHAPE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(args: &str) -> Result<PositionSpec, PositionError> {
        PositionSpec::parse(&mut Tokens::new(args))
    }

    fn mv(text: &str) -> Move {
        match Move::parse(text) {
            Some(mv) => mv,
            None => panic!("bad test move {text}"),
        }
    }

    const MATE_FEN: &str = "3k5/9/9/4N4/9/8R/9/9/4K4/9 w - - 0 1";

    fn fen_spec(fen: &str, passed_over: &[&str], moves: &[&str]) -> PositionSpec {
        PositionSpec {
            setup: Some(Setup::parse(fen).unwrap_or_else(|e| panic!("bad test FEN {fen}: {e}"))),
            passed_over: passed_over.iter().map(|t| t.to_string()).collect(),
            moves: moves.iter().map(|m| mv(m)).collect(),
        }
    }

    #[test]
    fn forms() {
        assert_eq!(spec("startpos"), Ok(PositionSpec::startpos()));
        assert_eq!(spec("STARTPOS MOVES"), Ok(PositionSpec::startpos()));
        assert_eq!(
            spec("startpos moves h2e2  H9G7\th0-g2"),
            Ok(PositionSpec { setup: None, passed_over: vec![], moves: vec![mv("h2e2"), mv("h9g7"), mv("h0g2")] })
        );
        assert_eq!(spec(&format!("fen {MATE_FEN}")), Ok(fen_spec(MATE_FEN, &[], &[])));
        assert_eq!(spec("fen  3k5/9/9/4N4/9/8R/9/9/4K4/9   w moves i4i9"), Ok(fen_spec(MATE_FEN, &[], &["i4i9"])));
        assert_eq!(spec(&format!("fen {MATE_FEN} moves")), Ok(fen_spec(MATE_FEN, &[], &[])));
    }

    /// What GUIs write after the side to move is read as ElephantEye reads it: the sound
    /// counters used, the rest passed over for the driver to report (`docs/ucci.md` §4).
    #[test]
    fn gui_fens_are_read_with_their_additions_passed_over() {
        const BOARD: &str = "rnbakabCr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b";
        let fen = format!("{BOARD} - - 0 1");
        // gmchess (src/Engine.cc, to_fens): `--`, counters written twice, a trailing blank.
        assert_eq!(spec(&format!("fen {BOARD} -- 0 1  moves b9c7")), Ok(fen_spec(&fen, &[], &["b9c7"])));
        assert_eq!(spec(&format!("fen {BOARD} -- 0 1 ")), Ok(fen_spec(&fen, &[], &[])));
        assert_eq!(
            spec(&format!("fen {BOARD} -- 0 1  -- 0 1  moves b9c7")),
            Ok(fen_spec(&fen, &["--", "0", "1"], &["b9c7"]))
        );
        assert_eq!(
            spec(&format!("fen {BOARD} - - 31 40 moves")),
            Ok(fen_spec(&format!("{BOARD} - - 31 40"), &[], &[]))
        );
        assert_eq!(spec(&format!("fen {BOARD} - - x")), Ok(fen_spec(&fen, &["x"], &[])));
        let built = spec(&format!("fen {BOARD} -- 12 30 -- 0 1 moves b9c7")).and_then(|s| s.build());
        assert_eq!(
            built.map(|p| p.fen()),
            Ok("r1bakabCr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR w - - 13 31".into())
        );
    }

    #[test]
    fn syntax_errors() {
        let text = |args: &str| match spec(args) {
            Ok(s) => panic!("'{args}' accepted as {s:?}"),
            Err(e) => e.to_string(),
        };
        assert_eq!(text(""), "expected 'startpos' or 'fen <FEN>'");
        assert_eq!(text("start"), "expected 'startpos' or 'fen <FEN>', got 'start'");
        assert_eq!(text("startpos h2e2"), "unexpected 'h2e2' after startpos (expected 'moves')");
        assert_eq!(text("fen"), "'fen' must be followed by a FEN");
        assert_eq!(text("fen moves h2e2"), "'fen' must be followed by a FEN");
        assert_eq!(
            text("fen 3k5/9/9/4N4/9/8R/9/9/4K4 w"),
            "invalid FEN (placement field: expected 10 ranks separated by '/', found 9)"
        );
        assert_eq!(
            text("fen 3k5/9/9/4N4/9/8R/9/9/4K4/9 -- 0 1"),
            "invalid FEN (side-to-move field: '--' is not w, r or b)"
        );
        assert_eq!(text(&format!("fen {MATE_FEN} moves i4i10")), "move 1 'i4i10' is not a move (ranks are 0 to 9)");
        assert_eq!(text("startpos moves h2e2 h9g7 z0a1"), "move 3 'z0a1' is not a move (files are a to i)");
        assert_eq!(text("startpos moves h2h2"), "move 1 'h2h2' is not a move (from and to are the same point)");
        assert_eq!(text("startpos moves h2e2 go"), "move 2 'go' is not a move (expected a move such as h2e2)");
    }

    #[test]
    fn move_diagnosis() {
        for (text, why) in [
            ("b3b10", "ranks are 0 to 9"),
            ("b10-b3", "ranks are 0 to 9"),
            ("j0a0", "files are a to i"),
            ("e0-e0", "from and to are the same point"),
            ("E0e0", "from and to are the same point"),
            ("h2e", "expected a move such as h2e2"),
            ("h2e2e2", "expected a move such as h2e2"),
            ("h2--e2", "expected a move such as h2e2"),
            ("é2e2", "expected a move such as h2e2"),
            ("", "expected a move such as h2e2"),
            ("0000", "expected a move such as h2e2"),
            ("(none)", "expected a move such as h2e2"),
        ] {
            assert_eq!(parse_move(text), Err(why), "{text}");
        }
        assert_eq!(parse_move("H2-E2"), Ok(mv("h2e2")));
    }

    #[test]
    fn build_is_atomic_and_names_the_move() {
        let ok = spec("startpos moves h2e2 h9g7 h0g2").and_then(|s| s.build());
        let pos = ok.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pos.game_ply(), 3);
        assert_eq!(pos.last_move(), Some(mv("h0g2")));

        let bad = spec("startpos moves h2e2 h9g7 h0g2 h2e2").and_then(|s| s.build());
        assert_eq!(
            bad.map(|p| p.fen()).map_err(|e| e.to_string()),
            Err("move 4 'h2e2' is illegal (no black piece on h2)".into())
        );

        let bad = spec("startpos moves h2e2 e2e6").and_then(|s| s.build());
        assert_eq!(
            bad.map(|p| p.fen()).map_err(|e| e.to_string()),
            Err("move 2 'e2e6' is illegal (the piece on e2 is red's, but black is to move)".into())
        );

        let bad = spec("fen 4k4/9/9/9/9/9/9/9/9/4K4 w").and_then(|s| s.build());
        assert_eq!(
            bad.map(|p| p.fen()).map_err(|e| e.to_string()),
            Err("invalid FEN (the kings face each other on an open file)".into())
        );
    }

    #[test]
    fn a_position_without_moves_is_accepted() {
        let pos = spec(&format!("fen {MATE_FEN} moves i4i9")).and_then(|s| s.build());
        assert!(pos.is_ok_and(|p| !crate::movegen::has_legal_move(&p)));
    }

    #[test]
    fn legality_of_move_lists_in_one_position() {
        let pos = Position::startpos();
        assert_eq!(check_legal(&pos, &[mv("h2e2"), mv("b0c2")]), Ok(()));
        assert_eq!(check_legal(&pos, &[]), Ok(()));
        assert_eq!(
            check_legal(&pos, &[mv("h2e2"), mv("h9g7")]).map_err(|e| e.to_string()),
            Err("move 2 'h9g7' is illegal (the piece on h9 is black's, but red is to move)".into())
        );
        assert_eq!(
            check_legal(&pos, &[mv("e4e5")]).map_err(|e| e.to_string()),
            Err("move 1 'e4e5' is illegal (no red piece on e4)".into())
        );
    }

    #[test]
    fn display_round_trips() {
        for args in ["startpos", "startpos moves h2e2 h9g7", &format!("fen {MATE_FEN} moves i4i9")] {
            let s = spec(args).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(s.to_string(), args);
        }
    }
}

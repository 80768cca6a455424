//! The texts every front shows of moves and scores: a line of moves, a game's move list, a
//! score for people.

use super::{Notation, format_move};
use crate::board::Position;
use crate::types::{Color, Move, Score, Value};

/// Moves played in turn from `pos`, each in `notation`; stops at the first illegal one.
pub fn line_text(pos: &Position, moves: &[Move], notation: Notation) -> String {
    let mut pos = pos.clone();
    let mut words = Vec::with_capacity(moves.len());
    for &mv in moves {
        let word = format_move(&pos, mv, notation);
        if pos.play(mv).is_err() {
            break;
        }
        words.push(word);
    }
    words.join(" ")
}

/// The game's moves with move numbers: `1. 炮二平五 马8进7 2. ...`.
pub fn move_list(start: &Position, moves: &[Move], notation: Notation) -> String {
    let mut pos = start.clone();
    let mut number = start.to_setup().fullmove;
    let mut out = String::new();
    for (i, &mv) in moves.iter().enumerate() {
        let red = pos.side_to_move() == Color::Red;
        if red || i == 0 {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&format!("{number}.{}", if red { "" } else { ".." }));
        }
        out.push(' ');
        out.push_str(&format_move(&pos, mv, notation));
        if pos.play(mv).is_err() {
            break;
        }
        if !red {
            number += 1;
        }
    }
    out
}

/// A score for people: `+0.35` (a horse is about 1.00), `mate in 3`, `mated in 2`.
pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(v) => cp_text(v),
        Score::Decided { win: true, plies } => format!("mate in {}", plies.div_ceil(2).max(1)),
        Score::Decided { win: false, plies: 0 } => "mated".to_string(),
        Score::Decided { win: false, plies } => format!("mated in {}", plies.div_ceil(2)),
    }
}

/// Centi-units as pawns-and-hundredths: `+0.35`, `-1.20`.
pub fn cp_text(v: Value) -> String {
    Score::Cp(v).pawns()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_lines_and_move_lists() {
        assert_eq!(cp_text(35), "+0.35");
        assert_eq!(cp_text(-120), "-1.20");
        assert_eq!(score_text(Score::Decided { win: true, plies: 3 }), "mate in 2");
        assert_eq!(score_text(Score::Decided { win: false, plies: 2 }), "mated in 1");
        let m = |t: &str| Move::parse(t).expect("move");
        let moves = [m("h2e2"), m("h9g7"), m("h0g2")];
        let start = Position::startpos();
        assert_eq!(line_text(&start, &moves, Notation::Wxf), "C2.5 H8+7 H2+3");
        assert_eq!(move_list(&start, &moves, Notation::Iccs), "1. h2e2 h9g7 2. h0g2");
        // An illegal move ends the line.
        assert_eq!(line_text(&start, &[m("h2e2"), m("h2e2")], Notation::Iccs), "h2e2");
    }
}

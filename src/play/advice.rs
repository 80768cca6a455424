//! What the terminal game tells the player about the position: the best few moves (`hint`, from
//! the endgame tables where they cover the position), a one-line verdict (`eval`) and the score
//! bar beside the board.
//!
//! Scores here are from Red's point of view, on the engine's scale (a horse or a cannon is
//! about 100, `Score::Cp`); chances come from the win/draw/loss model (`docs/analysis.md` §1).

use crate::board::Position;
use crate::engine::Line;
use crate::game::HINT_LINES;
use crate::game::tables::{self, TableView};
use crate::notation::{self, Notation, score_text};
use crate::types::{Color, Move, Score, Value};
use crate::wdl::{self, Wdl};
use crate::words::Lang;

/// Cells of the score bar: one per rank of the board.
const BAR_CELLS: usize = 10;

/// How far ahead a side is, in words, by the largest piece its lead is about worth. Each
/// entry is the least lead (in centi-units) the phrase is used for.
const LEADS: [(Value, &str); 5] = [
    (20, "slightly better"),
    (50, "better by about a soldier"),
    (110, "better by about a cannon"),
    (240, "better by about a rook"),
    (450, "winning"),
];

fn side(c: Color) -> &'static str {
    super::side_name(c)
}

/// One line about a score from Red's point of view: "Red is better by about a cannon",
/// "Black mates in 3", "The game is level".
pub fn verdict(red: Score) -> String {
    match red {
        Score::Decided { win, plies } => {
            let winner = if win { Color::Red } else { Color::Black };
            match plies.div_ceil(2) {
                0 => format!("{} has won", side(winner)),
                n => format!("{} mates in {n}", side(winner)),
            }
        }
        Score::Cp(v) => {
            let leader = if v >= 0 { Color::Red } else { Color::Black };
            match LEADS.iter().rev().find(|(least, _)| v.abs() >= *least) {
                Some((_, words)) => format!("{} is {words}", side(leader)),
                None => "The game is level".to_string(),
            }
        }
    }
}

/// The `hint` answer: one row per line, best first, its first move in `notation` (with the ICCS
/// form alongside when that is another) and its score for the side to move.
pub fn hint_text(pos: &Position, lines: &[Line], notation: Notation) -> String {
    let mut text = String::from("Hint:");
    for (k, line) in lines.iter().take(HINT_LINES).enumerate() {
        let Some(&mv) = line.pv.first() else { continue };
        text += &hint_row(k, pos, mv, notation, &score_text(Score::from_value(line.value)));
    }
    text
}

/// The `hint` answer in a position the endgame tables cover: their verdict, then their best
/// moves as [`hint_text`] lists a search's, each with the value it keeps for the player.
pub fn table_hint_text(pos: &Position, view: &TableView, notation: Notation) -> String {
    let mut text = format!("Hint from the endgame tables: {}", view.verdict().get(Lang::En));
    for (k, &(mv, value)) in view.moves.iter().take(HINT_LINES).enumerate() {
        text += &hint_row(k, pos, mv, notation, &tables::move_text(value).get(Lang::En));
    }
    text
}

/// One row of a hint: its number, the move in `notation` (with the ICCS form alongside when
/// that is another) and what it is worth.
fn hint_row(k: usize, pos: &Position, mv: Move, notation: Notation, worth: &str) -> String {
    let word = notation::format_move(pos, mv, notation);
    let word = if notation == Notation::Iccs { word } else { format!("{word} ({mv})") };
    format!("\n  {}. {word:<16} {worth}", k + 1)
}

/// A side's chance of winning, as a percentage: `win 35%`.
pub fn win_text(chances: Wdl) -> String {
    format!("win {}%", percent(chances.win))
}

/// Per mille as a whole percentage.
fn percent(per_mille: u32) -> u32 {
    (per_mille + 5) / 10
}

/// Red's chances for a score from Red's point of view in `pos` (the model is the same for
/// either side, so the side to move does not matter).
pub fn red_chances(pos: &Position, red: Score) -> Wdl {
    wdl::of_score(pos, red)
}

/// The chances after the verdict: `Red: win 35%, draw 30%, loss 35%`.
pub fn chances_text(red: Wdl) -> String {
    format!("Red: {}, draw {}%, loss {}%", win_text(red), percent(red.draw), percent(red.loss))
}

/// A value for the side to move in `pos`, from Red's point of view.
pub fn red_score(pos: &Position, value: Value) -> Score {
    Score::from_value(if pos.side_to_move() == Color::Red { value } else { -value })
}

/// The bottom side's expected score (win plus half the draw) from Red's chances.
fn bottom_share(red: Wdl, bottom: Color) -> f64 {
    if bottom == Color::Red { red.expected() } else { red.flipped().expected() }
}

/// Filled cells of the bar for the side at the bottom of the board: its expected score, so
/// half for a level game and all for a mate.
fn filled(red: Wdl, bottom: Color) -> usize {
    (bottom_share(red, bottom) * BAR_CELLS as f64).round() as usize
}

/// The board diagram with the score bar down its right side, beside the ten ranks: the
/// bottom side's expected score filled (`█`) from the bottom, the top side's left open (`░`),
/// and the bottom side's percentage after the lowest cell. `board` is the diagram as
/// `render::render` draws it; lines that are not ranks (those that do not start with a digit)
/// are left alone.
pub fn with_score_bar(board: &str, red: Wdl, bottom: Color) -> String {
    let fill = filled(red, bottom);
    let mut rank = 0;
    let mut out = String::with_capacity(board.len() + 64);
    for line in board.lines() {
        out.push_str(line);
        if line.starts_with(|c: char| c.is_ascii_digit()) && rank < BAR_CELLS {
            // Ranks come top first; the bar fills from the bottom.
            out.push_str(if BAR_CELLS - rank <= fill { "  █" } else { "  ░" });
            rank += 1;
            if rank == BAR_CELLS {
                out.push_str(&format!(" {:.0}%", 100.0 * bottom_share(red, bottom)));
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_name_the_leader_and_the_size_of_the_lead() {
        assert_eq!(verdict(Score::Cp(0)), "The game is level");
        assert_eq!(verdict(Score::Cp(-19)), "The game is level");
        assert_eq!(verdict(Score::Cp(25)), "Red is slightly better");
        assert_eq!(verdict(Score::Cp(-60)), "Black is better by about a soldier");
        assert_eq!(verdict(Score::Cp(130)), "Red is better by about a cannon");
        assert_eq!(verdict(Score::Cp(-300)), "Black is better by about a rook");
        assert_eq!(verdict(Score::Cp(900)), "Red is winning");
        assert_eq!(verdict(Score::Decided { win: true, plies: 5 }), "Red mates in 3");
        assert_eq!(verdict(Score::Decided { win: false, plies: 2 }), "Black mates in 1");
        assert_eq!(verdict(Score::Decided { win: false, plies: 0 }), "Black has won");
    }

    #[test]
    fn hints_list_the_lines_in_the_chosen_notation() {
        let pos = Position::startpos();
        let m = |t: &str| crate::types::Move::parse(t).expect("move");
        let lines = vec![
            Line { value: 35, pv: vec![m("h2e2"), m("h9g7")] },
            Line { value: 20, pv: vec![m("b0c2")] },
            Line { value: -5, pv: vec![m("g3g4")] },
            Line { value: -50, pv: vec![m("a3a4")] },
        ];
        let wxf = hint_text(&pos, &lines, Notation::Wxf);
        assert_eq!(wxf, "Hint:\n  1. C2.5 (h2e2)      +0.35\n  2. H8+7 (b0c2)      +0.20\n  3. P3+1 (g3g4)      -0.05");
        assert!(hint_text(&pos, &lines, Notation::Iccs).starts_with("Hint:\n  1. h2e2             +0.35"));
        assert_eq!(red_score(&pos, 40), Score::Cp(40));
    }

    #[test]
    fn in_a_covered_position_the_hint_is_the_tables() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").expect("valid test FEN");
        let view = TableView::of(&pos, &crate::egtb::for_tests::krk()).expect("covered");
        let text = table_hint_text(&pos, &view, Notation::Wxf);
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows[0], "Hint from the endgame tables: Red wins: mate in 1 (1 ply)");
        assert_eq!(rows.len(), 1 + HINT_LINES);
        assert!(rows[1..3].iter().any(|r| r.ends_with(&format!("{:<16} mate in 1", "R9.6 (a1d1)"))), "{text}");
        assert!(rows[3].ends_with("mate in 2"), "{text}");
    }

    #[test]
    fn the_bar_fills_with_the_bottom_sides_expected_score() {
        let start = Position::startpos();
        let chances = |v| red_chances(&start, Score::Cp(v));
        assert_eq!(filled(chances(0), Color::Red), 5);
        // +2.00 with every piece on: 857 / 98 / 45 (`docs/analysis.md` §1.2), 91% for Red.
        assert_eq!(chances(200), Wdl { win: 857, draw: 98, loss: 45 });
        assert_eq!(filled(chances(200), Color::Red), 9);
        assert_eq!(filled(chances(200), Color::Black), 1);
        let mate = red_chances(&start, Score::Decided { win: true, plies: 3 });
        assert_eq!(filled(mate, Color::Red), 10);
        assert_eq!(filled(mate, Color::Black), 0);
        let board = "   a   b\n9  x  9\n8  x  8\n7\n6\n5\n\n4\n3\n2\n1\n0  y  0\n   1   2\n";
        let drawn = with_score_bar(board, chances(200), Color::Red);
        let cells: Vec<&str> = drawn.lines().filter(|l| l.contains("  █") || l.contains("  ░")).collect();
        assert_eq!(cells.len(), 10, "{drawn}");
        assert_eq!(drawn.matches('█').count(), 9);
        assert!(drawn.starts_with("   a   b\n9  x  9  ░\n8  x  8  █\n7  █\n"), "{drawn}");
        assert!(drawn.ends_with("0  y  0  █ 91%\n   1   2\n"), "{drawn}");
        let flipped = with_score_bar(board, chances(200), Color::Black);
        assert!(flipped.ends_with("0  y  0  █ 9%\n   1   2\n"), "{flipped}");
    }

    #[test]
    fn chances_in_words() {
        let even = Wdl { win: 348, draw: 304, loss: 348 };
        assert_eq!(win_text(even), "win 35%");
        assert_eq!(chances_text(even), "Red: win 35%, draw 30%, loss 35%");
    }
}

//! The board diagram of the terminal game.
//!
//! One text line per rank, pieces drawn with their traditional glyphs, which differ per side
//! (帥仕相傌俥炮兵 for Red, 將士象馬車砲卒 for Black), so the diagram reads without colour. With
//! colour, Red's pieces are drawn in red and Black's in bold, and the markers in yellow:
//!
//! ```text
//!    1   2   3   4   5   6   7   8   9
//! 9  車--馬--象--士--將--士--象--馬--車  9
//! ...
//! 2  ＋--炮--＋--＋-[炮]-＋--＋-(＋)-＋  2
//! ...
//!    九  八  七  六  五  四  三  二  一
//!    a   b   c   d   e   f   g   h   i
//! ```
//!
//! The files carry each side's numbers (Black's 1 to 9 along the top, Red's 九 to 一 along the
//! bottom; swapped when the board is flipped) and the ICCS letters; the ranks carry 0 to 9 on
//! both sides. The last move's from-point is drawn in parentheses, its to-point in brackets, and
//! a king in check between `!` marks.
//!
//! Glyphs are two columns wide in a terminal. Every point therefore takes four columns (a mark
//! slot, the glyph, a mark slot) and empty points are drawn with the full-width `＋`, so that all
//! rank lines have the same width. Only ASCII and East Asian wide characters are used: box-drawing
//! characters have an ambiguous width and break the alignment in CJK locales.

use std::fmt::Write;

use crate::board::Position;
use crate::notation::file_label;
use crate::types::{Color, File, Piece, PieceKind, Rank, Square};

/// How to draw the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Use ANSI colours (the caller decides, from whether the output is a terminal and from
    /// `NO_COLOR`).
    pub colour: bool,
    /// Black at the bottom.
    pub flipped: bool,
}

const EMPTY: &str = "＋";

const RED_PIECE: &str = "\x1b[1;31m";
const BLACK_PIECE: &str = "\x1b[1m";
const MARK: &str = "\x1b[1;33m";
const RESET: &str = "\x1b[0m";

/// Draws `pos`, marking its last move (if the position knows it) and a king in check.
pub fn render(pos: &Position, style: Style) -> String {
    let files: Vec<File> = if style.flipped { File::all().rev().collect() } else { File::all().collect() };
    let ranks: Vec<Rank> = if style.flipped { Rank::all().collect() } else { Rank::all().rev().collect() };
    let (top, bottom) = if style.flipped { (Color::Red, Color::Black) } else { (Color::Black, Color::Red) };
    let last = pos.last_move().filter(|mv| !mv.is_null());
    let checked = pos.in_check().then(|| pos.king(pos.side_to_move()));

    let mut out = String::with_capacity(1024);
    out.push_str(&labels(files.iter().map(|&f| file_label(f, top).to_string())));
    for (row, &rank) in ranks.iter().enumerate() {
        if row == 5 {
            out.push_str(&format!("{:7}楚  河{:14}漢  界\n", "", ""));
        }
        let r = rank.to_char();
        let _ = write!(out, "{r} ");
        for (col, &file) in files.iter().enumerate() {
            let sq = Square::from_coords(file, rank);
            let marks = if last.is_some_and(|mv| mv.to() == sq) {
                Some(('[', ']'))
            } else if last.is_some_and(|mv| mv.from() == sq) {
                Some(('(', ')'))
            } else if checked == Some(sq) {
                Some(('!', '!'))
            } else {
                None
            };
            let (left, right) = match marks {
                Some(m) => m,
                None => (if col == 0 { ' ' } else { '-' }, if col == 8 { ' ' } else { '-' }),
            };
            push_mark(&mut out, left, marks.is_some() && style.colour);
            match pos.piece_at(sq) {
                Some(pc) if style.colour => {
                    let colour = if pc.color() == Color::Red { RED_PIECE } else { BLACK_PIECE };
                    let _ = write!(out, "{colour}{}{RESET}", pc.glyph());
                }
                Some(pc) => out.push(pc.glyph()),
                None => out.push_str(EMPTY),
            }
            push_mark(&mut out, right, marks.is_some() && style.colour);
        }
        let _ = writeln!(out, " {r}");
    }
    out.push_str(&labels(files.iter().map(|&f| file_label(f, bottom).to_string())));
    out.push_str(&labels(files.iter().map(|f| f.to_char().to_string())));
    out
}

fn push_mark(out: &mut String, c: char, colour: bool) {
    if colour {
        let _ = write!(out, "{MARK}{c}{RESET}");
    } else {
        out.push(c);
    }
}

/// A line of file labels, each centred over its column's glyph.
fn labels(items: impl Iterator<Item = String>) -> String {
    let mut line = String::from("   ");
    for label in items {
        let pad = 4usize.saturating_sub(display_width(&label));
        line.push_str(&label);
        line.extend(std::iter::repeat_n(' ', pad));
    }
    let mut line = line.trim_end().to_string();
    line.push('\n');
    line
}

/// The width of `s` in terminal columns: East Asian wide and full-width characters count two,
/// ANSI escape sequences (`ESC [ … letter`) nothing, everything else one. An approximation of
/// Unicode's East Asian Width that covers the characters this crate prints.
pub fn display_width(s: &str) -> usize {
    let mut width = 0;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // Skip to the final byte of the control sequence.
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
            continue;
        }
        width += if is_wide(c) { 2 } else { 1 };
    }
    width
}

fn is_wide(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x115f
        | 0x2e80..=0x303e
        | 0x3041..=0x33ff
        | 0x3400..=0x4dbf
        | 0x4e00..=0x9fff
        | 0xa000..=0xa4cf
        | 0xac00..=0xd7a3
        | 0xf900..=0xfaff
        | 0xfe30..=0xfe4f
        | 0xff00..=0xff60
        | 0xffe0..=0xffe6
        | 0x20000..=0x3fffd)
}

/// One line saying whose turn it is and whether that side is in check, for below the diagram.
pub fn status(pos: &Position) -> String {
    let stm = pos.side_to_move();
    let glyph = Piece::new(stm, PieceKind::King).glyph();
    let side = match stm {
        Color::Red => "Red",
        Color::Black => "Black",
    };
    if pos.in_check() { format!("{side} ({glyph}) to move, in check") } else { format!("{side} ({glyph}) to move") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Move;

    const START: &str = "   1   2   3   4   5   6   7   8   9
9  車--馬--象--士--將--士--象--馬--車  9
8  ＋--＋--＋--＋--＋--＋--＋--＋--＋  8
7  ＋--砲--＋--＋--＋--＋--＋--砲--＋  7
6  卒--＋--卒--＋--卒--＋--卒--＋--卒  6
5  ＋--＋--＋--＋--＋--＋--＋--＋--＋  5
       楚  河              漢  界
4  ＋--＋--＋--＋--＋--＋--＋--＋--＋  4
3  兵--＋--兵--＋--兵--＋--兵--＋--兵  3
2  ＋--炮--＋--＋--＋--＋--＋--炮--＋  2
1  ＋--＋--＋--＋--＋--＋--＋--＋--＋  1
0  俥--傌--相--仕--帥--仕--相--傌--俥  0
   九  八  七  六  五  四  三  二  一
   a   b   c   d   e   f   g   h   i
";

    #[test]
    fn start_position_exactly() {
        assert_eq!(render(&Position::startpos(), Style::default()), START);
    }

    #[test]
    fn flipped_start_position_exactly() {
        let expected = "   一  二  三  四  五  六  七  八  九
0  俥--傌--相--仕--帥--仕--相--傌--俥  0
1  ＋--＋--＋--＋--＋--＋--＋--＋--＋  1
2  ＋--炮--＋--＋--＋--＋--＋--炮--＋  2
3  兵--＋--兵--＋--兵--＋--兵--＋--兵  3
4  ＋--＋--＋--＋--＋--＋--＋--＋--＋  4
       楚  河              漢  界
5  ＋--＋--＋--＋--＋--＋--＋--＋--＋  5
6  卒--＋--卒--＋--卒--＋--卒--＋--卒  6
7  ＋--砲--＋--＋--＋--＋--＋--砲--＋  7
8  ＋--＋--＋--＋--＋--＋--＋--＋--＋  8
9  車--馬--象--士--將--士--象--馬--車  9
   9   8   7   6   5   4   3   2   1
   i   h   g   f   e   d   c   b   a
";
        assert_eq!(render(&Position::startpos(), Style { colour: false, flipped: true }), expected);
    }

    #[test]
    fn marks_last_move_and_check() {
        let pos = played(Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").expect("valid"), &["a0a9"]);
        let text = render(&pos, Style::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "9 [俥]-＋--＋-!將!-＋--＋--＋--＋--＋  9", "{text}");
        assert_eq!(lines[11], "0 (＋)-＋--＋--＋--帥--＋--＋--＋--＋  0", "{text}");
        assert_eq!(status(&pos), "Black (將) to move, in check");
        let coloured = render(&pos, Style { colour: true, flipped: false });
        assert!(coloured.contains("\x1b[1;33m[\x1b[0m\x1b[1;31m俥\x1b[0m"), "{coloured}");
        assert!(coloured.contains("\x1b[1m將\x1b[0m"), "{coloured}");
    }

    /// `pos` after `moves`.
    fn played(mut pos: Position, moves: &[&str]) -> Position {
        for mv in moves {
            pos.play(Move::parse(mv).expect("test move")).expect("legal test move");
        }
        pos
    }

    #[test]
    fn rank_lines_have_one_width() {
        let opening = played(Position::startpos(), &["h2e2", "h9g7", "e2e6"]);
        let check = played(Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").expect("valid"), &["a0a9"]);
        for pos in [&opening, &check] {
            for (colour, flipped) in [(false, false), (false, true), (true, false), (true, true)] {
                let text = render(pos, Style { colour, flipped });
                let ranks: Vec<&str> = text.lines().filter(|l| l.starts_with(|c: char| c.is_ascii_digit())).collect();
                assert_eq!(ranks.len(), 10, "{text}");
                for line in ranks {
                    assert_eq!(display_width(line), 40, "{line:?}");
                }
                for line in text.lines() {
                    assert!(display_width(line) <= 40, "{line:?}");
                }
            }
        }
    }

    #[test]
    fn widths() {
        assert_eq!(display_width("a車"), 3);
        assert_eq!(display_width("\x1b[1;31m炮\x1b[0m"), 2);
        assert_eq!(display_width("＋九1"), 5);
    }
}

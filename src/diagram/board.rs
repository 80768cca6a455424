//! The board diagram as SVG: the 9 × 10 grid with its river and palaces, the pieces as round
//! discs carrying their traditional glyphs (帥仕相傌俥炮兵 in red, 將士象馬車砲卒 in black),
//! each side's file numbers, the last move's two points and optional arrows. The kind of
//! picture a book or a blog shows: one size, no scripts, fonts named by family.
//!
//! [`Layout`] places every point; the pixel tests sample the picture where it says a piece, a
//! mark or an empty point is.

use std::fmt::Write;

use super::svg::{CJK_FONTS, N, Svg, escape};
use crate::board::Position;
use crate::notation::{Script, file_label, file_number, piece_name};
use crate::types::{Color, File, Move, Piece, Square};

/// What to draw besides the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// Black at the bottom.
    pub flipped: bool,
    /// The move whose from- and to-points are marked.
    pub last_move: Option<Move>,
    /// Arrows from each move's from-point to its to-point (plans, threats, alternatives).
    pub arrows: Vec<Move>,
    /// The glyphs on the pieces: the traditional ones unless told otherwise.
    pub script: Script,
}

impl Default for Diagram {
    fn default() -> Diagram {
        Diagram { flipped: false, last_move: None, arrows: Vec::new(), script: Script::Traditional }
    }
}

/// The board's canvas.
pub const BOARD: &str = "#ebcf98";
/// Lines, frame, river text and labels.
pub const INK: &str = "#5a3a1c";
/// The face of a piece.
pub const DISC: &str = "#fbf3dd";
pub const RED: &str = "#c4161c";
pub const BLACK: &str = "#1e1e1e";
/// The last move's marks.
pub const MARK: &str = "#1f6fd0";
pub const ARROW: &str = "#1f9d55";

const BLACK_NUMERALS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// Where things are, in user units (pixels at zoom 1). Points lie `UNIT` apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub flipped: bool,
}

impl Layout {
    pub const UNIT: f64 = 60.0;
    /// From the canvas's left edge to file a's line (or file i's, flipped).
    pub const MARGIN_X: f64 = 0.95 * Layout::UNIT;
    /// From the canvas's top edge to the top rank's line; the file numbers sit in it.
    pub const MARGIN_Y: f64 = 1.3 * Layout::UNIT;
    pub const WIDTH: f64 = 8.0 * Layout::UNIT + 2.0 * Layout::MARGIN_X;
    pub const HEIGHT: f64 = 9.0 * Layout::UNIT + 2.0 * Layout::MARGIN_Y;
    pub const PIECE_RADIUS: f64 = 0.45 * Layout::UNIT;
    /// The width of a piece's coloured rim, drawn just inside its radius.
    pub const RIM: f64 = 0.06 * Layout::UNIT;
    /// How far the corners of a last-move mark lie from its point, along each axis.
    pub const MARK_REACH: f64 = 0.47 * Layout::UNIT;
    /// The length of each arm of a last-move mark's corners.
    pub const MARK_ARM: f64 = 0.16 * Layout::UNIT;
    pub const MARK_WIDTH: f64 = 0.05 * Layout::UNIT;
    /// How far the outer frame lies outside the grid.
    const FRAME: f64 = 0.6 * Layout::UNIT;

    /// The centre of `sq` on the canvas.
    pub fn point(self, sq: Square) -> (f64, f64) {
        let (col, row) = if self.flipped {
            (8 - sq.file().index(), sq.rank().index())
        } else {
            (sq.file().index(), 9 - sq.rank().index())
        };
        (Layout::MARGIN_X + col as f64 * Layout::UNIT, Layout::MARGIN_Y + row as f64 * Layout::UNIT)
    }

    /// The canvas position of grid column `col` (0 at the left) and row `row` (0 at the top).
    fn grid(col: f64, row: f64) -> (f64, f64) {
        (Layout::MARGIN_X + col * Layout::UNIT, Layout::MARGIN_Y + row * Layout::UNIT)
    }
}

impl Diagram {
    /// The diagram of a position as reached: its last move marked, no arrows.
    pub fn of(pos: &Position) -> Diagram {
        Diagram { last_move: pos.last_move().filter(|mv| !mv.is_null()), ..Diagram::default() }
    }

    /// The empty board alone (grid, river, file numbers), as the web board's background: its
    /// points lie where [`Layout::point`] says, as in every diagram.
    pub fn board(flipped: bool) -> String {
        let mut svg = Svg::new(Layout::WIDTH, Layout::HEIGHT, "Xiangqi board");
        let _ =
            writeln!(svg, "<rect width=\"{}\" height=\"{}\" fill=\"{BOARD}\"/>", N(Layout::WIDTH), N(Layout::HEIGHT));
        grid(&mut svg);
        river(&mut svg);
        file_numbers(&mut svg, flipped);
        svg.finish()
    }

    /// One piece alone, a `UNIT`-square picture with the disc of every diagram at its centre.
    pub fn piece(pc: Piece, script: Script) -> String {
        let mut svg = Svg::new(Layout::UNIT, Layout::UNIT, &piece_name(pc, script).to_string());
        piece(&mut svg, (Layout::UNIT / 2.0, Layout::UNIT / 2.0), pc, script);
        svg.finish()
    }

    /// The SVG document of `pos`.
    pub fn render(&self, pos: &Position) -> String {
        let layout = Layout { flipped: self.flipped };
        let mut svg = Svg::new(Layout::WIDTH, Layout::HEIGHT, &format!("Xiangqi position {}", pos.fen()));
        let _ =
            writeln!(svg, "<rect width=\"{}\" height=\"{}\" fill=\"{BOARD}\"/>", N(Layout::WIDTH), N(Layout::HEIGHT));
        grid(&mut svg);
        river(&mut svg);
        file_numbers(&mut svg, self.flipped);
        if let Some(mv) = self.last_move {
            last_move(&mut svg, layout, mv);
        }
        for sq in Square::all() {
            if let Some(pc) = pos.piece_at(sq) {
                piece(&mut svg, layout.point(sq), pc, self.script);
            }
        }
        for &mv in &self.arrows {
            arrow(&mut svg, layout.point(mv.from()), layout.point(mv.to()));
        }
        svg.finish()
    }
}

/// The frame, the ranks and files (the inner files broken by the river), the palaces'
/// diagonals and the small corner marks of the cannons' and soldiers' starting points.
fn grid(svg: &mut Svg) {
    let f = Layout::FRAME;
    let (x0, y0) = Layout::grid(0.0, 0.0);
    let (x1, y1) = Layout::grid(8.0, 9.0);
    let _ = writeln!(
        svg,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"4\"/>",
        N(x0 - f),
        N(y0 - f),
        N(x1 - x0 + 2.0 * f),
        N(y1 - y0 + 2.0 * f)
    );
    let _ = writeln!(
        svg,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"2\"/>",
        N(x0),
        N(y0),
        N(x1 - x0),
        N(y1 - y0)
    );
    let mut path = String::new();
    let mut line = |(ax, ay): (f64, f64), (bx, by): (f64, f64)| {
        let _ = write!(path, "M{} {}L{} {}", N(ax), N(ay), N(bx), N(by));
    };
    for row in 1..9 {
        line(Layout::grid(0.0, f64::from(row)), Layout::grid(8.0, f64::from(row)));
    }
    for col in 1..8 {
        let col = f64::from(col);
        line(Layout::grid(col, 0.0), Layout::grid(col, 4.0));
        line(Layout::grid(col, 5.0), Layout::grid(col, 9.0));
    }
    for (top, bottom) in [(0.0, 2.0), (7.0, 9.0)] {
        line(Layout::grid(3.0, top), Layout::grid(5.0, bottom));
        line(Layout::grid(5.0, top), Layout::grid(3.0, bottom));
    }
    let _ = writeln!(svg, "<path d=\"{path}\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"1.4\"/>");

    // The marks are symmetric, so the unflipped columns serve both orientations.
    let mut marks = String::new();
    let points = [(1, 2), (7, 2), (1, 7), (7, 7)]
        .into_iter()
        .chain([0, 2, 4, 6, 8].into_iter().flat_map(|col| [(col, 3), (col, 6)]));
    let (gap, arm) = (0.08 * Layout::UNIT, 0.17 * Layout::UNIT);
    for (col, row) in points {
        let (x, y) = Layout::grid(f64::from(col), f64::from(row));
        for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            if (col == 0 && sx < 0.0) || (col == 8 && sx > 0.0) {
                continue;
            }
            let _ = write!(
                marks,
                "M{} {}L{} {}L{} {}",
                N(x + sx * gap),
                N(y + sy * (gap + arm)),
                N(x + sx * gap),
                N(y + sy * gap),
                N(x + sx * (gap + arm)),
                N(y + sy * gap)
            );
        }
    }
    let _ = writeln!(svg, "<path d=\"{marks}\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"1.4\"/>");
}

/// 楚河 and 漢界, each centred in its half of the river.
fn river(svg: &mut Svg) {
    let size = 0.5 * Layout::UNIT;
    for (col, text) in [(2.0, "楚　河"), (6.0, "漢　界")] {
        let (x, y) = Layout::grid(col, 4.5);
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" font-family=\"{CJK_FONTS}\" font-size=\"{}\" fill=\"{INK}\" \
             text-anchor=\"middle\">{text}</text>",
            N(x),
            N(y + baseline(size)),
            N(size)
        );
    }
}

/// The offset from a CJK glyph's centre down to its baseline: the ideographic em box runs
/// from 0.12 em below the baseline to 0.88 em above it.
fn baseline(size: f64) -> f64 {
    0.38 * size
}

/// Each side numbers the files from its own right: Black's １ to ９ along its edge, Red's 九
/// to 一 along Red's.
fn file_numbers(svg: &mut Svg, flipped: bool) {
    let size = 0.4 * Layout::UNIT;
    let (top, bottom) = if flipped { (Color::Red, Color::Black) } else { (Color::Black, Color::Red) };
    for (side, row) in [(top, -0.95), (bottom, 9.95)] {
        for file in File::all() {
            let col = if flipped { 8 - file.index() } else { file.index() };
            let label = match side {
                Color::Red => file_label(file, side),
                Color::Black => BLACK_NUMERALS[usize::from(file_number(file, side)) - 1],
            };
            let (x, y) = Layout::grid(col as f64, row);
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{}\" font-family=\"{CJK_FONTS}\" font-size=\"{}\" fill=\"{INK}\" \
                 text-anchor=\"middle\">{label}</text>",
                N(x),
                N(y + baseline(size)),
                N(size)
            );
        }
    }
}

/// Corner brackets around both points of the move, and the outline of the piece that left
/// the from-point.
fn last_move(svg: &mut Svg, layout: Layout, mv: Move) {
    let (r, a) = (Layout::MARK_REACH, Layout::MARK_ARM);
    let mut path = String::new();
    for sq in [mv.from(), mv.to()] {
        let (x, y) = layout.point(sq);
        for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            let _ = write!(
                path,
                "M{} {}L{} {}L{} {}",
                N(x + sx * r),
                N(y + sy * (r - a)),
                N(x + sx * r),
                N(y + sy * r),
                N(x + sx * (r - a)),
                N(y + sy * r)
            );
        }
    }
    let _ = writeln!(
        svg,
        "<path d=\"{path}\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"{}\" stroke-linecap=\"square\"/>",
        N(Layout::MARK_WIDTH)
    );
    let (x, y) = layout.point(mv.from());
    let _ = writeln!(
        svg,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"1.5\" \
         stroke-dasharray=\"4 3\"/>",
        N(x),
        N(y),
        N(0.8 * Layout::PIECE_RADIUS)
    );
}

/// A disc with a soft shadow, a rim and an inner ring in the side's colour, and the glyph.
fn piece(svg: &mut Svg, (x, y): (f64, f64), pc: Piece, script: Script) {
    let colour = match pc.color() {
        Color::Red => RED,
        Color::Black => BLACK,
    };
    let r = Layout::PIECE_RADIUS;
    let size = 0.56 * Layout::UNIT;
    let _ = writeln!(
        svg,
        "<g><circle cx=\"{sx}\" cy=\"{sy}\" r=\"{r}\" fill=\"#000\" fill-opacity=\"0.18\"/>\
         <circle cx=\"{x}\" cy=\"{y}\" r=\"{rim_r}\" fill=\"{DISC}\" stroke=\"{colour}\" stroke-width=\"{rim}\"/>\
         <circle cx=\"{x}\" cy=\"{y}\" r=\"{inner}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.2\"/>\
         <text x=\"{x}\" y=\"{ty}\" font-family=\"{CJK_FONTS}\" font-size=\"{size}\" font-weight=\"bold\" \
         fill=\"{colour}\" text-anchor=\"middle\">{glyph}</text></g>",
        sx = N(x + 1.5),
        sy = N(y + 2.5),
        r = N(r),
        x = N(x),
        y = N(y),
        rim_r = N(r - Layout::RIM / 2.0),
        rim = N(Layout::RIM),
        inner = N(0.8 * r),
        ty = N(y + baseline(size)),
        size = N(size),
        glyph = escape(&piece_name(pc, script).to_string()),
    );
}

/// A translucent arrow from the centre of one point to the centre of another.
fn arrow(svg: &mut Svg, (px, py): (f64, f64), (qx, qy): (f64, f64)) {
    let len = (qx - px).hypot(qy - py);
    if len < 1.0 {
        return;
    }
    let (dx, dy) = ((qx - px) / len, (qy - py) / len);
    let (nx, ny) = (-dy, dx);
    let (shaft, head_width, head_len) = (0.14 * Layout::UNIT, 0.44 * Layout::UNIT, 0.42 * Layout::UNIT);
    let (bx, by) = (qx - dx * head_len, qy - dy * head_len);
    let at = |x: f64, y: f64, side: f64, half: f64| format!("{},{}", N(x + side * nx * half), N(y + side * ny * half));
    let points = [
        at(px, py, 1.0, shaft / 2.0),
        at(bx, by, 1.0, shaft / 2.0),
        at(bx, by, 1.0, head_width / 2.0),
        at(qx, qy, 0.0, 0.0),
        at(bx, by, -1.0, head_width / 2.0),
        at(bx, by, -1.0, shaft / 2.0),
        at(px, py, -1.0, shaft / 2.0),
    ];
    let _ = writeln!(
        svg,
        "<polygon points=\"{}\" fill=\"{ARROW}\" fill-opacity=\"0.75\" stroke=\"#0d5c2e\" stroke-opacity=\"0.6\" \
         stroke-width=\"1\" stroke-linejoin=\"round\"/>",
        points.join(" ")
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_orientation() {
        let normal = Layout { flipped: false };
        let flipped = Layout { flipped: true };
        let a0 = Square::parse("a0").expect("point");
        let i9 = Square::parse("i9").expect("point");
        assert_eq!(normal.point(a0), (Layout::MARGIN_X, Layout::MARGIN_Y + 9.0 * Layout::UNIT));
        assert_eq!(normal.point(i9), (Layout::MARGIN_X + 8.0 * Layout::UNIT, Layout::MARGIN_Y));
        assert_eq!(flipped.point(a0), normal.point(i9));
        assert_eq!(flipped.point(i9), normal.point(a0));
        assert_eq!((Layout::WIDTH, Layout::HEIGHT), (594.0, 696.0));
    }

    #[test]
    fn start_position_document() {
        let svg = Diagram::default().render(&Position::startpos());
        // 32 pieces, each one glyph; the river's two texts and 18 file numbers.
        assert_eq!(svg.matches("font-weight=\"bold\"").count(), 32);
        assert_eq!(svg.matches("<text").count(), 32 + 2 + 18);
        for glyph in "帥仕相傌俥炮兵將士象馬車砲卒楚河漢界一九１９".chars() {
            assert!(svg.contains(glyph), "{glyph} missing");
        }
        assert_eq!(svg.matches(&format!("fill=\"{RED}\"")).count(), 16);
        assert_eq!(svg.matches(&format!("fill=\"{BLACK}\"")).count(), 16);
        assert!(!svg.contains(MARK) && !svg.contains("<polygon"));
    }

    #[test]
    fn marks_and_arrows() {
        let mut pos = Position::startpos();
        let mv = Move::parse("h2e2").expect("ICCS");
        pos.play(mv).expect("legal");
        let mut diagram = Diagram::of(&pos);
        assert_eq!(diagram.last_move, Some(mv));
        diagram.arrows = vec![Move::parse("h9g7").expect("ICCS"), Move::parse("b0c2").expect("ICCS")];
        let svg = diagram.render(&pos);
        assert_eq!(svg.matches(&format!("stroke=\"{MARK}\"")).count(), 2, "brackets and the outline");
        assert_eq!(svg.matches("<polygon").count(), 2);
        let (x, y) = Layout { flipped: false }.point(mv.from());
        assert!(svg.contains(&format!("<circle cx=\"{}\" cy=\"{}\"", N(x), N(y))), "{svg}");
    }
}

//! The pictures checked as a person would look at them: `chuhan diagram` and the evaluation
//! graph rendered to PNG by `rsvg-convert` (Debian's librsvg2-bin), then pixels sampled where
//! the layout says a piece, a mark, an empty point or the graph's line is.
//!
//! Without rsvg-convert the tests that render are compiled as ignored (`build.rs` looks for
//! it), so `cargo test` counts them as ignored, never as passed; under CI (`CI=true`, which
//! .ci/run sets after installing it) they are never ignored and a missing renderer fails them.

use std::io::Write;
use std::process::{Command, Stdio};

use chuhan::diagram::{Diagram, Graph, GraphLayout, Layout, colours};
use chuhan::wdl::Grade;
use chuhan::{Move, Position, Square};

use crate::common::{run, stderr};

/// Rendering scale: rims and marks a few pixels wide, so their middle is never blended.
pub const ZOOM: f64 = 2.0;

pub struct Image {
    pub width: usize,
    pub height: usize,
    /// Bytes per pixel: 3 (RGB) or 4 (RGBA; rsvg-convert drops the alpha of opaque pictures).
    channels: usize,
    pixels: Vec<u8>,
}

impl Image {
    /// The colour at user-space point (x, y) of the SVG.
    pub fn at(&self, (x, y): (f64, f64)) -> [u8; 3] {
        let (px, py) = ((x * ZOOM) as usize, (y * ZOOM) as usize);
        assert!(px < self.width && py < self.height, "({x}, {y}) is off the picture");
        let i = self.channels * (py * self.width + px);
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }
}

/// `svg` as pixels. A test that calls this carries `#[cfg_attr(no_renderer, ignore = ...)]`.
pub fn rasterise(svg: &str) -> Image {
    let mut child = Command::new("rsvg-convert")
        .args(["--zoom", &ZOOM.to_string(), "--format", "png"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("rsvg-convert: {e}; install librsvg2-bin"));
    child.stdin.take().expect("stdin").write_all(svg.as_bytes()).expect("write the SVG");
    let out = child.wait_with_output().expect("rsvg-convert runs");
    assert!(out.status.success(), "rsvg-convert failed: {}", String::from_utf8_lossy(&out.stderr));
    let mut decoder = png::Decoder::new(std::io::Cursor::new(out.stdout));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("rsvg-convert wrote {other:?}, not RGB"),
    };
    Image { width: info.width as usize, height: info.height as usize, channels, pixels: buf }
}

pub fn hex(colour: &str) -> [u8; 3] {
    let v = u32::from_str_radix(colour.trim_start_matches('#'), 16).expect("#rrggbb");
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

pub fn near(a: [u8; 3], b: [u8; 3], tolerance: u32) -> bool {
    a.iter().zip(b).map(|(&x, y)| u32::from(x.abs_diff(y))).sum::<u32>() <= tolerance
}

/// What a point shows, read from four pixels on a piece's rim (off the grid lines and the
/// palace diagonals, clear of the river text).
#[derive(Debug, PartialEq, Eq)]
pub enum Seen {
    Red,
    Black,
    Empty,
    Unclear([u8; 3]),
}

pub fn seen(img: &Image, (x, y): (f64, f64)) -> Seen {
    let r = Layout::PIECE_RADIUS - Layout::RIM / 2.0;
    let mut kinds = Vec::new();
    for angle in [22.5f64, 157.5, 202.5, 337.5] {
        let (s, c) = angle.to_radians().sin_cos();
        let px = img.at((x + r * c, y + r * s));
        kinds.push(if near(px, hex(colours::RED), 60) {
            Seen::Red
        } else if near(px, hex(colours::BLACK), 60) {
            Seen::Black
        } else if near(px, hex(colours::BOARD), 30) {
            Seen::Empty
        } else {
            Seen::Unclear(px)
        });
    }
    kinds.dedup();
    assert_eq!(kinds.len(), 1, "the rim of ({x}, {y}) shows {kinds:?}");
    kinds.remove(0)
}

fn diagram(args: &[&str]) -> String {
    let out = run(&[&["diagram"], args].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8(out.stdout).expect("UTF-8 SVG")
}

/// Every point shows what the position holds: red discs on Red's pieces, black on Black's,
/// bare board elsewhere, in both orientations.
#[test]
#[cfg_attr(no_renderer, ignore = "rsvg-convert not found: install librsvg2-bin")]
fn diagram_shows_each_piece_where_the_position_has_it() {
    let fen = "2bak4/4a4/4b1n2/p1p1C3p/6p2/2P3R2/P3P3P/2N1B4/4A4/2BAK1r2 w";
    for flipped in [false, true] {
        let args: &[&str] = if flipped { &["--fen", fen, "--flip"] } else { &["--fen", fen] };
        let img = rasterise(&diagram(args));
        assert_eq!((img.width, img.height), ((Layout::WIDTH * ZOOM) as usize, (Layout::HEIGHT * ZOOM) as usize));
        let pos = Position::from_fen(fen).expect("FEN");
        let layout = Layout { flipped };
        for sq in Square::all() {
            let expected = match pos.piece_at(sq).map(|pc| pc.color()) {
                Some(chuhan::Color::Red) => Seen::Red,
                Some(chuhan::Color::Black) => Seen::Black,
                None => Seen::Empty,
            };
            assert_eq!(seen(&img, layout.point(sq)), expected, "{sq}, flipped {flipped}");
        }
    }
}

/// The last move's points carry the mark's corners; other points do not. An arrow's middle is
/// green over the board.
#[test]
#[cfg_attr(no_renderer, ignore = "rsvg-convert not found: install librsvg2-bin")]
fn diagram_marks_the_last_move_and_draws_arrows() {
    let svg = diagram(&["--moves", "h2e2 h9g7 h0g2", "--arrows", "b0c2"]);
    let img = rasterise(&svg);
    let layout = Layout { flipped: false };
    // A point on the vertical arm of the lower right corner.
    let corner = |sq: &str| {
        let (x, y) = layout.point(Square::parse(sq).expect("point"));
        img.at((x + Layout::MARK_REACH, y + Layout::MARK_REACH - Layout::MARK_ARM / 2.0))
    };
    for sq in ["h0", "g2"] {
        assert!(near(corner(sq), hex(colours::MARK), 40), "{sq}: {:?}", corner(sq));
    }
    for sq in ["h2", "e2", "a5", "c0"] {
        assert!(near(corner(sq), hex(colours::BOARD), 30), "{sq}: {:?}", corner(sq));
    }
    assert_eq!(seen(&img, layout.point(Square::parse("h0").expect("point"))), Seen::Empty);
    assert_eq!(seen(&img, layout.point(Square::parse("g2").expect("point"))), Seen::Red);
    let (from, to) = (layout.point(Square::parse("b0").expect("b0")), layout.point(Square::parse("c2").expect("c2")));
    // Between the b0 horse's disc and the arrow's head.
    let [r, g, b] = img.at((from.0 + 0.4 * (to.0 - from.0), from.1 + 0.4 * (to.1 - from.1)));
    assert!(g > r.saturating_add(40) && g > b, "arrow shaft: {:?}", [r, g, b]);
}

#[test]
fn diagram_rejects_bad_input_with_one_line() {
    for (args, needle) in [
        (&["diagram", "--fen", "rnbakabnr/9 w"][..], "invalid FEN"),
        (&["diagram", "--moves", "h2e2 h9h1"][..], "move 2"),
        (&["diagram", "--moves", "h2e2 xx"][..], "not a move"),
        (&["diagram", "--arrows", "h2"][..], "arrow 'h2'"),
        (&["diagram", "--out", "/nonexistent/dir/d.svg"][..], "cannot write"),
    ] {
        let out = run(args);
        assert!(!out.status.success(), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

/// The line passes through each ply's column at the height of its chances, stays inside the
/// frame, and marked plies carry a dot of their severity's colour.
#[test]
#[cfg_attr(no_renderer, ignore = "rsvg-convert not found: install librsvg2-bin")]
fn graph_line_is_at_the_expected_height_inside_its_frame() {
    let chances: Vec<f64> = (0..=40)
        .map(|i| {
            if i < 10 {
                0.5
            } else if i < 25 {
                0.9
            } else {
                0.1
            }
        })
        .collect();
    let graph = Graph {
        chances: chances.clone(),
        marks: vec![(25, Grade::Blunder), (12, Grade::Inaccuracy)],
        first_move: 1,
        title: String::new(),
    };
    let img = rasterise(&graph.render());
    let layout = GraphLayout::new(chances.len());
    let line = hex(colours::LINE);
    let is_line = |px: [u8; 3]| near(px, line, 60);
    for ply in [0, 5, 8, 15, 20, 23, 30, 40] {
        let x = layout.x(ply);
        // Clear of a neighbouring segment's slope: sample just inside the column.
        let x = if ply == 40 { x - 1.0 } else { x + 0.5 };
        let ys: Vec<f64> = (0..img.height).map(|py| py as f64 / ZOOM).filter(|&y| is_line(img.at((x, y)))).collect();
        assert!(!ys.is_empty(), "no line at ply {ply}");
        let want = layout.y(chances[ply]);
        for y in &ys {
            assert!((y - want).abs() <= 3.0, "ply {ply}: line at {y}, expected {want}");
        }
    }
    for py in 0..img.height {
        for px in 0..img.width {
            let (x, y) = (px as f64 / ZOOM, py as f64 / ZOOM);
            if is_line(img.at((x, y))) {
                let inside = (GraphLayout::LEFT - 2.0..=GraphLayout::RIGHT + 2.0).contains(&x)
                    && (GraphLayout::TOP - 2.0..=GraphLayout::BOTTOM + 2.0).contains(&y);
                assert!(inside, "line pixel outside the frame at ({x}, {y})");
            }
        }
    }
    for (ply, colour) in [(25, colours::BLUNDER), (12, colours::INACCURACY)] {
        let px = img.at((layout.x(ply), layout.y(chances[ply])));
        assert!(near(px, hex(colour), 40), "dot at ply {ply}: {px:?}");
    }
    // The 50% line is dashed grey across the plot where Red's share does not cover it: left of
    // ply 10 the line itself lies on it, so look past the last ply's 10% line instead.
    let y50 = layout.y(0.5);
    let greys = (0..200).filter(|i| {
        let [r, g, b] = img.at((layout.x(26) + f64::from(*i), y50));
        r == g && g == b && r < 160
    });
    assert!(greys.count() > 50, "the 50% line");
}

/// Arrows take any pair of points, legal or not: a plan need not be a legal move now.
#[test]
fn arrows_need_not_be_legal() {
    let svg = Diagram { arrows: vec![Move::parse("a0a9").expect("ICCS")], ..Diagram::default() }
        .render(&Position::startpos());
    assert_eq!(svg.matches("<polygon").count(), 1);
}

//! `chuhan analyze` against the real binary: the annotated PGN read back through the PGN
//! layer, the summary, broken and bad input, and the pictures rendered to pixels
//! (`docs/analysis.md` §4).

use std::path::PathBuf;

use chuhan::diagram::{GraphLayout, Layout, colours};
use chuhan::pgn::{self, Game};
use chuhan::{Position, Square};

use crate::common::{run, stderr, stdout};
use crate::pictures::{Seen, ZOOM, hex, near, rasterise, seen};

/// Three games: a decisive one in ICCS where Red gives a cannon for a soldier on move 2, a
/// broken one (an illegal move), and a short draw in traditional Chinese.
const THREE: &str = "engine-tests/fixtures/analysis/three.pgn";

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("analysis").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn path(p: &std::path::Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// The annotated PGN keeps every tag and every move, adds one comment per move in the game's
/// own notation and the blunder's `$4`, and reads back through the same PGN layer; the broken
/// game is listed and the others analysed around it.
#[test]
fn annotated_games_read_back_with_every_tag() {
    let dir = scratch("pgn");
    let out_file = dir.join("out.pgn");
    let out = run(&["analyze", THREE, "--depth", "4", "--out", path(&out_file)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("game 2: line 15: move 1... h9h1"), "{err}");
    assert!(err.contains("1 of 3 games skipped"), "{err}");
    let text = stdout(&out);
    // Whether an opening move counts as an inaccuracy at depth 4 is the weights' call; the
    // cannon given away is a blunder whatever they are.
    assert!(text.starts_with("Game 1: Alpha - Beta, 0-1, 3 moves\n  "), "{text}");
    assert!(text.contains("\n  2. e2e6 ?? "), "{text}");
    assert!(text.contains("\nGame 3: 甲 - 乙, 1/2-1/2, 2 moves\n"), "{text}");
    let red = text.lines().find(|l| l.starts_with("  Red   Alpha: ")).expect("Red's summary");
    assert!(red.contains(" over 3 moves; ") && red.ends_with(" 0 mistakes, 1 blunder"), "{red}");

    let (original, _) = pgn::read_file(std::path::Path::new(THREE)).split();
    let (annotated, errors) = pgn::read_file(&out_file).split();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(annotated.len(), 2);
    for (before, after) in original.iter().zip(&annotated) {
        assert_eq!(after.moves, before.moves);
        assert_eq!(after.result, before.result);
        for (name, value) in before.tags.iter() {
            assert_eq!(after.tag(name), Some(value), "{name}");
        }
        assert!(after.tag("Annotator").is_some_and(|a| a.starts_with("Chuhan ") && a.ends_with("(depth 4)")));
        assert_eq!(after.notation, before.notation);
        // The original comments, then one per move.
        assert_eq!(after.comments.len(), before.comments.len() + before.moves.len());
    }
    let first: &Game = &annotated[0];
    assert_eq!(first.comments[0].text, "Written for Chuhan's tests: Red's 2. h2e6 gives a cannon for a soldier.");
    let blunder = first.comments.iter().find(|c| c.ply == 3).expect("a comment after 2. e2e6");
    assert!(blunder.text.starts_with('-') && blunder.text.contains("/4 best "), "{}", blunder.text);
    assert!(first.nags.contains(&pgn::Nag { ply: 3, code: 4 }), "{:?}", first.nags);
    // The game in traditional Chinese is commented in it.
    let third = &annotated[1];
    assert!(third.comments.iter().filter_map(|c| c.text.split(" best ").nth(1)).all(|m| !m.is_ascii()), "{third:?}");
    let written = std::fs::read_to_string(&out_file).expect("the PGN");
    // Its first move, then the comment (after an inaccuracy's `$6`, if the weights call it one).
    assert!(written.contains("1. 炮二平五 {") || written.contains("1. 炮二平五 $6 {"), "{written}");
}

/// Bad input: one clear line on stderr, nothing on stdout, a non-zero status.
#[test]
fn bad_input_gives_one_line_and_a_failure() {
    let dir = scratch("bad");
    let empty = dir.join("empty.pgn");
    std::fs::write(&empty, "").expect("write");
    let bad_fen = dir.join("fen.pgn");
    std::fs::write(&bad_fen, "[Game \"Chinese Chess\"]\n[FEN \"rnbakabnr/9 w\"]\n\n1. h2e2 *\n").expect("write");
    let cases: [(&[&str], &str, i32); 6] = [
        (&["analyze", "no/such/file.pgn"], "no/such/file.pgn", 2),
        (&["analyze", path(&empty)], "holds no games", 1),
        (&["analyze", THREE, "--game", "4"], "--game 4: engine-tests/fixtures/analysis/three.pgn holds 3 games", 2),
        (&["analyze", THREE, "--game", "2"], "game 2: line 15: move 1... h9h1", 1),
        (&["analyze", path(&bad_fen)], "FEN tag 'rnbakabnr/9 w'", 1),
        (
            &["analyze", THREE, "--depth", "2", "--out", "/nonexistent/dir/a.pgn"],
            "cannot write /nonexistent/dir/a.pgn",
            1,
        ),
    ];
    for (args, needle, status) in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(status), "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains(needle), "{args:?}: {err}");
    }
    let out = run(&["analyze", THREE, "--depth", "2", "--movetime", "100"]);
    assert_eq!(out.status.code(), Some(2));
}

/// The graph of game 1: Red's line stays inside the frame and the blunder's dot is red where
/// the graph puts ply 3.
#[test]
fn graph_svg_shows_the_blunder_inside_its_frame() {
    let dir = scratch("svg");
    let svg_file = dir.join("graph.svg");
    let out = run(&["analyze", THREE, "--game", "1", "--depth", "4", "--svg", path(&svg_file)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(&svg_file).expect("the graph");
    let blunder_fill = format!("fill=\"{}\"", colours::BLUNDER);
    assert_eq!(svg.matches(&blunder_fill).count(), 1 + 1, "one in the legend, one blunder: {svg}");
}

/// The same graph as pixels: the line stays inside the frame and the blunder's dot is low.
#[test]
#[cfg_attr(no_renderer, ignore = "rsvg-convert not found: install librsvg2-bin")]
fn graph_svg_pixels_show_the_blunder_inside_its_frame() {
    let dir = scratch("svg-pixels");
    let svg_file = dir.join("graph.svg");
    let out = run(&["analyze", THREE, "--game", "1", "--depth", "4", "--svg", path(&svg_file)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let img = rasterise(&std::fs::read_to_string(&svg_file).expect("the graph"));
    let line = hex(colours::LINE);
    let mut on_line = 0;
    for py in 0..img.height {
        for px in 0..img.width {
            let (x, y) = (px as f64 / ZOOM, py as f64 / ZOOM);
            if near(img.at((x, y)), line, 60) {
                on_line += 1;
                let inside = (GraphLayout::LEFT - 2.0..=GraphLayout::RIGHT + 2.0).contains(&x)
                    && (GraphLayout::TOP - 2.0..=GraphLayout::BOTTOM + 2.0).contains(&y);
                assert!(inside, "line pixel outside the frame at ({x}, {y})");
            }
        }
    }
    assert!(on_line > 200, "the line is drawn ({on_line} pixels)");
    // Six plies: ply 3 is half-way; after the blunder Red's chances are low.
    let layout = GraphLayout::new(7);
    let dot = (0..img.height)
        .map(|py| py as f64 / ZOOM)
        .filter(|&y| y > GraphLayout::TOP + (GraphLayout::BOTTOM - GraphLayout::TOP) / 2.0)
        .any(|y| near(img.at((layout.x(3), y)), hex(colours::BLUNDER), 40));
    assert!(dot, "a blunder's dot below the 50% line at ply 3");
}

/// The HTML page of `THREE`, analysed at depth 4 in scratch directory `name`.
fn page(name: &str) -> String {
    let html_file = scratch(name).join("page.html");
    let out = run(&["analyze", THREE, "--depth", "4", "--html", path(&html_file)]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::read_to_string(&html_file).expect("the page")
}

/// The page's first graph and its blunder diagram as SVG, and the position the diagram shows.
fn pictures(html: &str) -> (String, String, Position) {
    let svgs: Vec<&str> = html.split("<svg ").skip(1).map(|s| s.split("</svg>").next().expect("closed")).collect();
    let diagram = format!("<svg {}</svg>", svgs[1]);
    let fen = diagram.split("<title>Xiangqi position ").nth(1).and_then(|s| s.split('<').next()).expect("FEN title");
    let pos = Position::from_fen(fen).expect("FEN");
    (format!("<svg {}</svg>", svgs[0]), diagram, pos)
}

/// The page: one section per game, the graph and a board after each blunder as inline SVG
/// (no external file or script), and the board shows a red piece where its FEN has one.
#[test]
fn html_page_holds_moves_graph_and_blunder_diagrams() {
    let html = page("html");
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"zh\">\n<head>\n<meta charset=\"utf-8\">"));
    assert!(html.trim_end().ends_with("</body>\n</html>"));
    assert!(!html.contains("<script") && !html.contains("src=") && !html.contains("href="));
    assert_eq!(html.matches("<section class=\"game\">").count(), 2);
    assert!(html.contains("<h2>Game 1: Alpha - Beta, 0-1, 3 moves</h2>"));
    assert!(html.contains("<span class=\"blunder\">e2e6??</span>"), "{html}");
    assert!(html.contains("<span class=\"only\">c7e6!</span>"), "{html}");
    assert!(html.contains("馬8進7"));
    // Game 1: its graph and one diagram; game 3: its graph.
    assert_eq!(html.matches("<svg ").count(), 3);
    assert_eq!(html.matches("<figure class=\"diagram\">").count(), 1);
    let (_, _, pos) = pictures(&html);
    // After 2. e2e6: the cannon stands on e6, Black's horse about to take it.
    assert_eq!(pos.piece_at(Square::parse("e6").expect("e6")).map(|p| p.color()), Some(chuhan::Color::Red));
    assert!(html.contains("2. e2e6?? (the blue corners); Chuhan&apos;s answer c7e6 (the arrow)"), "{html}");
}

/// The page's graph and blunder diagram as pixels: the board shows each piece where its FEN
/// has one.
#[test]
#[cfg_attr(no_renderer, ignore = "rsvg-convert not found: install librsvg2-bin")]
fn html_page_pictures_show_the_position() {
    let html = page("html-pixels");
    let (graph, diagram, pos) = pictures(&html);
    for svg in [graph, diagram] {
        let img = rasterise(&svg);
        if img.width == (Layout::WIDTH * ZOOM) as usize {
            let layout = Layout { flipped: false };
            // The arrow of Chuhan's answer c7e6 crosses the rims of its two points.
            let arrow = ["c7", "e6"].map(|s| Square::parse(s).expect("point"));
            for sq in Square::all().filter(|sq| !arrow.contains(sq)) {
                let expected = match pos.piece_at(sq).map(|pc| pc.color()) {
                    Some(chuhan::Color::Red) => Seen::Red,
                    Some(chuhan::Color::Black) => Seen::Black,
                    None => Seen::Empty,
                };
                assert_eq!(seen(&img, layout.point(sq)), expected, "{sq}");
            }
        } else {
            assert_eq!(img.width, (GraphLayout::WIDTH * ZOOM) as usize);
        }
    }
}

//! The evaluation graph of a game as SVG: Red's winning chances (win plus half the draw, from
//! the win/draw/loss model) after every ply, in a frame with a percentage axis, the 50% line,
//! move numbers and the analysis's marks as coloured dots. The area under the line is Red's
//! share, the area above it Black's, so the picture reads at a glance.

use std::fmt::Write;

use super::svg::{CJK_FONTS, N, Svg, escape};
use crate::wdl::Grade;

/// The colour of a grade's dot.
fn colour(grade: Grade) -> &'static str {
    match grade {
        Grade::Inaccuracy => INACCURACY,
        Grade::Mistake => MISTAKE,
        Grade::Blunder => BLUNDER,
    }
}

fn label(grade: Grade) -> &'static str {
    match grade {
        Grade::Inaccuracy => "?! inaccuracy",
        Grade::Mistake => "? mistake",
        Grade::Blunder => "?? blunder",
    }
}

/// The line of Red's chances.
pub const LINE: &str = "#17365d";
pub const INACCURACY: &str = "#e0b000";
pub const MISTAKE: &str = "#ef7d00";
pub const BLUNDER: &str = "#d01c1c";
/// Red's share of the plot, under the line; Black's is the plot's background.
const RED_AREA: &str = "#f5d3cf";
const BLACK_AREA: &str = "#e3e3e3";
const FRAME: &str = "#444444";
const TEXT: &str = "#333333";

/// A game's chances and marks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Graph {
    /// Red's chances from 0 to 1 in the start position (index 0) and after each ply.
    pub chances: Vec<f64>,
    /// The plies whose move was marked, by index into `chances` (the position it led to).
    pub marks: Vec<(usize, Grade)>,
    /// The number of the game's first move (Red moves first in each numbered move).
    pub first_move: u32,
    /// A heading above the plot, such as the players' names.
    pub title: String,
}

/// Where things are in the graph, in user units. The plot is the framed rectangle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GraphLayout {
    /// Plies along the x axis (at least 1).
    plies: usize,
}

impl GraphLayout {
    pub const WIDTH: f64 = 720.0;
    pub const HEIGHT: f64 = 280.0;
    pub const LEFT: f64 = 52.0;
    pub const RIGHT: f64 = 704.0;
    pub const TOP: f64 = 34.0;
    pub const BOTTOM: f64 = 242.0;
    pub const DOT_RADIUS: f64 = 5.0;

    pub fn new(points: usize) -> GraphLayout {
        GraphLayout { plies: points.saturating_sub(1).max(1) }
    }

    /// The x of the position after `ply` plies.
    pub fn x(self, ply: usize) -> f64 {
        GraphLayout::LEFT + (GraphLayout::RIGHT - GraphLayout::LEFT) * ply as f64 / self.plies as f64
    }

    /// The y of chances `p` (clamped to 0..1).
    pub fn y(self, p: f64) -> f64 {
        let p = if p.is_nan() { 0.5 } else { p.clamp(0.0, 1.0) };
        GraphLayout::TOP + (GraphLayout::BOTTOM - GraphLayout::TOP) * (1.0 - p)
    }
}

/// Latin text with a CJK fallback for names in the title.
const SANS: &str = "'DejaVu Sans', 'Noto Sans', Arial, 'Noto Sans CJK SC', sans-serif";

impl Graph {
    /// The SVG document of the graph.
    pub fn render(&self) -> String {
        let layout = GraphLayout::new(self.chances.len());
        let title = if self.title.is_empty() { "Red's winning chances" } else { &self.title };
        let mut svg = Svg::new(GraphLayout::WIDTH, GraphLayout::HEIGHT, title);
        let (l, r, t, b) = (GraphLayout::LEFT, GraphLayout::RIGHT, GraphLayout::TOP, GraphLayout::BOTTOM);
        let _ = writeln!(
            svg,
            "<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
            N(GraphLayout::WIDTH),
            N(GraphLayout::HEIGHT)
        );
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"22\" font-family=\"{SANS}, {CJK_FONTS}\" font-size=\"14\" fill=\"{TEXT}\">{}</text>",
            N(l),
            escape(title)
        );
        legend(&mut svg);
        let _ = writeln!(
            svg,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{BLACK_AREA}\"/>",
            N(l),
            N(t),
            N(r - l),
            N(b - t)
        );

        let line: Vec<String> =
            self.chances.iter().enumerate().map(|(i, &p)| format!("{},{}", N(layout.x(i)), N(layout.y(p)))).collect();
        if !line.is_empty() {
            let last = layout.x(self.chances.len() - 1);
            let _ = writeln!(
                svg,
                "<polygon points=\"{},{} {} {},{}\" fill=\"{RED_AREA}\"/>",
                N(l),
                N(b),
                line.join(" "),
                N(last),
                N(b)
            );
        }
        for (p, dash) in [(0.25, false), (0.5, true), (0.75, false)] {
            let y = layout.y(p);
            let style = if dash { "stroke=\"#666\" stroke-dasharray=\"6 4\"" } else { "stroke=\"#ffffff\"" };
            let _ = writeln!(svg, "<path d=\"M{} {}H{}\" {style} stroke-width=\"1\"/>", N(l), N(y), N(r));
        }
        self.axes(&mut svg, layout);
        if line.len() > 1 {
            let _ = writeln!(
                svg,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{LINE}\" stroke-width=\"2\" stroke-linejoin=\"round\"/>",
                line.join(" ")
            );
        }
        for &(ply, mark) in &self.marks {
            let Some(&p) = self.chances.get(ply) else { continue };
            let _ = writeln!(
                svg,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>",
                N(layout.x(ply)),
                N(layout.y(p)),
                N(GraphLayout::DOT_RADIUS),
                colour(mark)
            );
        }
        let _ = writeln!(
            svg,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{FRAME}\"/>",
            N(l),
            N(t),
            N(r - l),
            N(b - t)
        );
        svg.finish()
    }

    /// Percentages on the left; move numbers below, every 1, 2, 5, 10, ... moves so that at
    /// most a dozen show.
    fn axes(&self, svg: &mut Svg, layout: GraphLayout) {
        for p in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{}\" font-family=\"{SANS}\" font-size=\"11\" fill=\"{TEXT}\" text-anchor=\"end\">{}%</text>",
                N(GraphLayout::LEFT - 6.0),
                N(layout.y(p) + 4.0),
                p * 100.0
            );
        }
        let moves = (self.chances.len().saturating_sub(1)).div_ceil(2);
        let step = [1, 2, 5, 10, 20, 50, 100, 200, 500].into_iter().find(|s| moves / s <= 12).unwrap_or(1000);
        let first = self.first_move.max(1) as usize;
        let mut ticks = String::new();
        // Move m's Red ply leads to the position at index 2(m - first) + 1.
        let mut m = first.div_ceil(step) * step;
        while m < first + moves {
            let x = layout.x(2 * (m - first) + 1);
            let _ = write!(ticks, "M{} {}v5", N(x), N(GraphLayout::BOTTOM));
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{}\" font-family=\"{SANS}\" font-size=\"11\" fill=\"{TEXT}\" text-anchor=\"middle\">{m}</text>",
                N(x),
                N(GraphLayout::BOTTOM + 18.0)
            );
            m += step;
        }
        let _ = writeln!(svg, "<path d=\"{ticks}\" stroke=\"{FRAME}\"/>");
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" font-family=\"{SANS}\" font-size=\"11\" fill=\"{TEXT}\" text-anchor=\"middle\">move</text>",
            N((GraphLayout::LEFT + GraphLayout::RIGHT) / 2.0),
            N(GraphLayout::BOTTOM + 34.0)
        );
    }
}

/// One dot and name per mark, right-aligned above the plot.
fn legend(svg: &mut Svg) {
    let mut x = GraphLayout::RIGHT - 310.0;
    for mark in Grade::ALL {
        let _ = writeln!(
            svg,
            "<circle cx=\"{}\" cy=\"17\" r=\"{}\" fill=\"{}\"/><text x=\"{}\" y=\"21\" font-family=\"{SANS}\" \
             font-size=\"12\" fill=\"{TEXT}\">{}</text>",
            N(x),
            N(GraphLayout::DOT_RADIUS),
            colour(mark),
            N(x + 9.0),
            label(mark)
        );
        // About 7 units a character at 12 units of DejaVu Sans, and a gap.
        x += 7.0 * label(mark).len() as f64 + 30.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_maps_plies_and_chances_into_the_frame() {
        let layout = GraphLayout::new(11);
        assert_eq!(layout.x(0), GraphLayout::LEFT);
        assert_eq!(layout.x(10), GraphLayout::RIGHT);
        assert_eq!(layout.y(1.0), GraphLayout::TOP);
        assert_eq!(layout.y(0.0), GraphLayout::BOTTOM);
        assert_eq!(layout.y(0.5), (GraphLayout::TOP + GraphLayout::BOTTOM) / 2.0);
        assert_eq!(layout.y(7.0), GraphLayout::TOP);
        assert_eq!(layout.y(f64::NAN), layout.y(0.5));
        assert_eq!(GraphLayout::new(0).x(1), GraphLayout::RIGHT);
    }

    #[test]
    fn document_holds_line_marks_and_move_numbers() {
        let graph = Graph {
            chances: (0..=40).map(|i| 0.5 + 0.01 * f64::from(i)).collect(),
            marks: vec![(7, Grade::Mistake), (12, Grade::Blunder), (99, Grade::Inaccuracy)],
            first_move: 1,
            title: "紅 <A> vs 黑 B".to_string(),
        };
        let svg = graph.render();
        assert_eq!(svg.matches("<polyline").count(), 1);
        let line = svg.split("<polyline points=\"").nth(1).and_then(|s| s.split('"').next()).expect("line");
        assert_eq!(line.split(' ').count(), 41);
        // Two dots on the line (the mark past the end is dropped) and three in the legend.
        assert_eq!(svg.matches(&format!("fill=\"{MISTAKE}\"")).count(), 2);
        assert_eq!(svg.matches(&format!("fill=\"{BLUNDER}\"")).count(), 2);
        assert_eq!(svg.matches(&format!("fill=\"{INACCURACY}\"")).count(), 1);
        // 20 moves: ticks every 2 moves, 2 to 20.
        let ticks: Vec<&str> = svg.lines().filter(|l| l.contains("text-anchor=\"middle\">")).collect();
        assert_eq!(ticks.len(), 11, "ten move numbers and the axis name");
        assert!(svg.contains(">20</text>") && !svg.contains(">22</text>"));
        assert!(svg.contains("紅 &lt;A&gt; vs 黑 B"));
    }
}

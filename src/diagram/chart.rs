//! A line chart as SVG: a few named series of points over one x axis, in a frame with both
//! axes labelled and ticked, and a legend. `chuhan train` draws its loss curve with it.

use std::fmt::Write;

use super::svg::{N, Svg, escape};

const FRAME: &str = "#444444";
const TEXT: &str = "#333333";
const GRID: &str = "#e6e6e6";
const SANS: &str = "'DejaVu Sans', 'Noto Sans', Arial, sans-serif";

/// One line of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    /// `#rrggbb`.
    pub colour: &'static str,
    pub points: Vec<(f64, f64)>,
}

/// The chart's data and labels.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LineChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<Series>,
}

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 400.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 700.0;
const TOP: f64 = 60.0;
const BOTTOM: f64 = 340.0;
const TICKS: usize = 5;
/// The legend's row, between the title (at 24) and the frame.
const LEGEND: f64 = 44.0;
/// A generous width of one character of the legend's 12-pixel sans text.
const LEGEND_CHAR: f64 = 7.0;

/// The x axis's ticks: every whole step on an axis of at most ten whole steps (epochs), so none
/// is skipped; else `TICKS` even steps.
fn x_ticks(x0: f64, x1: f64) -> Vec<f64> {
    let span = x1 - x0;
    if x0.fract() == 0.0 && span.fract() == 0.0 && (1.0..=10.0).contains(&span) {
        (0..=span as usize).map(|i| x0 + i as f64).collect()
    } else {
        (0..=TICKS).map(|i| x0 + span * i as f64 / TICKS as f64).collect()
    }
}

impl LineChart {
    /// The smallest and largest x and y of all points, widened where they are equal.
    fn bounds(&self) -> ((f64, f64), (f64, f64)) {
        let points = self.series.iter().flat_map(|s| &s.points);
        let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
        for &(x, y) in points {
            (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
        }
        if x0 > x1 {
            return ((0.0, 1.0), (0.0, 1.0));
        }
        let widen = |lo: f64, hi: f64| if hi - lo < 1e-12 { (lo - 0.5, hi + 0.5) } else { (lo, hi) };
        let (y0, y1) = widen(y0, y1);
        let pad = (y1 - y0) * 0.05;
        (widen(x0, x1), (y0 - pad, y1 + pad))
    }

    /// The SVG document.
    pub fn render(&self) -> String {
        let ((x0, x1), (y0, y1)) = self.bounds();
        let x = |v: f64| LEFT + (v - x0) / (x1 - x0) * (RIGHT - LEFT);
        let y = |v: f64| BOTTOM - (v - y0) / (y1 - y0) * (BOTTOM - TOP);
        let mut svg = Svg::new(WIDTH, HEIGHT, &self.title);
        let _ = writeln!(svg, "<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>", N(WIDTH), N(HEIGHT));
        let text = |svg: &mut Svg, px: f64, py: f64, anchor: &str, size: u32, s: &str| {
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"{anchor}\" font-family=\"{SANS}\" font-size=\"{size}\" \
                 fill=\"{TEXT}\">{}</text>",
                N(px),
                N(py),
                escape(s)
            );
        };
        text(&mut svg, LEFT, 24.0, "start", 15, &self.title);
        for i in 0..=TICKS {
            let vy = y0 + (y1 - y0) * i as f64 / TICKS as f64;
            let _ = writeln!(
                svg,
                "<path d=\"M{} {}H{}\" stroke=\"{GRID}\" stroke-width=\"1\"/>",
                N(LEFT),
                N(y(vy)),
                N(RIGHT)
            );
            text(&mut svg, LEFT - 8.0, y(vy) + 4.0, "end", 11, &format!("{vy:.4}"));
        }
        for vx in x_ticks(x0, x1) {
            text(&mut svg, x(vx), BOTTOM + 18.0, "middle", 11, &format!("{}", N(vx)));
        }
        let _ = writeln!(
            svg,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{FRAME}\" stroke-width=\"1\"/>",
            N(LEFT),
            N(TOP),
            N(RIGHT - LEFT),
            N(BOTTOM - TOP)
        );
        text(&mut svg, (LEFT + RIGHT) / 2.0, BOTTOM + 42.0, "middle", 12, &self.x_label);
        let _ = writeln!(
            svg,
            "<text transform=\"translate(18 {}) rotate(-90)\" text-anchor=\"middle\" font-family=\"{SANS}\" \
             font-size=\"12\" fill=\"{TEXT}\">{}</text>",
            N((TOP + BOTTOM) / 2.0),
            escape(&self.y_label)
        );
        for s in &self.series {
            let points: Vec<String> = s.points.iter().map(|&(px, py)| format!("{},{}", N(x(px)), N(y(py)))).collect();
            let _ = writeln!(
                svg,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\" stroke-linejoin=\"round\"/>",
                points.join(" "),
                s.colour
            );
        }
        // The legend: one row under the title, above the frame, so it covers neither.
        let mut lx = LEFT;
        for s in &self.series {
            let _ =
                writeln!(svg, "<path d=\"M{} {}h24\" stroke=\"{}\" stroke-width=\"3\"/>", N(lx), N(LEGEND), s.colour);
            text(&mut svg, lx + 30.0, LEGEND + 4.0, "start", 12, &s.name);
            lx += 30.0 + LEGEND_CHAR * s.name.chars().count() as f64 + 24.0;
        }
        svg.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_land_inside_the_frame_in_order() {
        let chart = LineChart {
            title: "loss".into(),
            x_label: "epoch".into(),
            y_label: "mean squared error".into(),
            series: vec![Series {
                name: "train".into(),
                colour: "#17365d",
                points: vec![(1.0, 0.5), (2.0, 0.25), (3.0, 0.2)],
            }],
        };
        let svg = chart.render();
        let line = svg.lines().find(|l| l.starts_with("<polyline")).expect("a line");
        let points: Vec<(f64, f64)> = line
            .split('"')
            .nth(1)
            .expect("points")
            .split(' ')
            .map(|p| {
                let (a, b) = p.split_once(',').expect("x,y");
                (a.parse().expect("x"), b.parse().expect("y"))
            })
            .collect();
        assert_eq!(points.first().map(|p| p.0), Some(LEFT));
        assert_eq!(points.last().map(|p| p.0), Some(RIGHT));
        assert!(points.iter().all(|&(_, py)| (TOP..=BOTTOM).contains(&py)));
        // A falling loss is drawn falling: larger y on the page.
        assert!(points.windows(2).all(|w| w[1].1 > w[0].1));
        assert!(svg.contains(">train</text>") && svg.contains(">epoch</text>"));
    }

    #[test]
    fn every_epoch_is_ticked_and_the_legend_keeps_clear_of_title_and_lines() {
        let series = |name: &str, colour| Series {
            name: name.into(),
            colour,
            points: (1..=8).map(|e| (f64::from(e), 1.0 / f64::from(e))).collect(),
        };
        let chart = LineChart {
            title: "net8.chnn: hidden 128, 1 output bucket, 12584166 positions".into(),
            x_label: "epoch".into(),
            y_label: "loss".into(),
            series: vec![series("training", "#17365d"), series("validation (held-out games)", "#d01c1c")],
        };
        let svg = chart.render();
        let ticks: Vec<&str> = svg
            .lines()
            .filter(|l| l.contains(&format!("y=\"{}\"", N(BOTTOM + 18.0))))
            .filter_map(|l| l.split('>').nth(1)?.strip_suffix("</text"))
            .collect();
        assert_eq!(ticks, ["1", "2", "3", "4", "5", "6", "7", "8"]);
        assert_eq!(x_ticks(0.0, 100.0), [0.0, 20.0, 40.0, 60.0, 80.0, 100.0]);
        // Each legend entry is on the row between the title's baseline (24) and the frame's top,
        // and the second begins after the first's text.
        let legend: Vec<f64> = svg
            .lines()
            .filter(|l| l.contains("h24\""))
            .map(|l| {
                let y: f64 = l.split(' ').nth(2).and_then(|v| v.split('h').next()?.parse().ok()).expect("y");
                assert!(y > 24.0 + 12.0 && y < TOP - 6.0, "legend row at {y}");
                l.split('M').nth(1).and_then(|v| v.split(' ').next()?.parse().ok()).expect("x")
            })
            .collect();
        assert_eq!(legend.len(), 2);
        assert!(legend[1] >= legend[0] + 30.0 + LEGEND_CHAR * "training".len() as f64);
    }
}

//! A minimal SVG writer: the document frame, numbers written short, and text escaped. The
//! pictures are plain strings, so no image library is needed, and a test can read them.

use std::fmt::{self, Write};

/// A number as SVG wants it: at most two decimals, no trailing zeros (`12`, `12.5`, `-0.25`).
#[derive(Clone, Copy, Debug)]
pub struct N(pub f64);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = (self.0 * 100.0).round() / 100.0;
        // -0 prints as "-0"; a picture has no use for the sign.
        let x = if x == 0.0 { 0.0 } else { x };
        let text = format!("{x:.2}");
        let text = text.trim_end_matches('0').trim_end_matches('.');
        f.write_str(text)
    }
}

/// The CJK font chain of every text: serif faces first (a printed diagram's look), then sans
/// faces, then whatever serif the viewer has. Debian's `fonts-noto-cjk` provides the first.
pub const CJK_FONTS: &str = "'Noto Serif CJK SC', 'Noto Serif CJK TC', 'Source Han Serif SC', \
                             'Noto Sans CJK SC', 'Source Han Sans SC', 'Songti SC', SimSun, serif";

/// Text made safe inside an element or an attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// An SVG document being written: elements are appended with `write!` (`Svg` is a
/// [`fmt::Write`]), [`Svg::finish`] closes it.
pub struct Svg {
    out: String,
}

impl Svg {
    /// A `width` × `height` document in user units (one unit a pixel at zoom 1), with an
    /// accessible title.
    pub fn new(width: f64, height: f64, title: &str) -> Svg {
        let mut out = String::with_capacity(16 * 1024);
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
             role=\"img\">",
            w = N(width),
            h = N(height)
        );
        let _ = writeln!(out, "<title>{}</title>", escape(title));
        Svg { out }
    }

    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

impl Write for Svg {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.out.push_str(s);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_text() {
        let shown: Vec<String> =
            [12.0, 12.5, -0.25, 1.0 / 3.0, -0.001, 0.0].iter().map(|&x| N(x).to_string()).collect();
        assert_eq!(shown, ["12", "12.5", "-0.25", "0.33", "0", "0"]);
        assert_eq!(escape("a<b & \"c\"'"), "a&lt;b &amp; &quot;c&quot;&apos;");
        let doc = Svg::new(10.0, 20.5, "x & y").finish();
        assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"20.5\""), "{doc}");
        assert!(doc.contains("<title>x &amp; y</title>") && doc.ends_with("</svg>\n"), "{doc}");
    }
}

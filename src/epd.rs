//! The one reader of the project's position files (`positions/*.epd`, `chuhan suite` files,
//! the tuner's position lists): a FEN, then operations separated by `;` (`mate 3`, `D1 44`,
//! `moves h2e2 ...`, a result, a source). Blank lines and lines starting with `#` are comments.
//! It only splits the text; what a FEN or an operation means is its reader's to judge.

/// One line of an EPD file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// Its number in the file, from 1.
    pub number: usize,
    pub fen: &'a str,
    /// The operations after the FEN, trimmed, empty ones left out.
    pub ops: Vec<&'a str>,
}

impl<'a> Line<'a> {
    /// The argument of the operation `name`: `op("mate")` is `Some("3")` on `...; mate 3`.
    pub fn op(&self, name: &str) -> Option<&'a str> {
        self.ops.iter().find_map(|o| o.strip_prefix(name)?.strip_prefix(' ')).map(str::trim)
    }

    /// The perft counts `D<depth> <nodes>` in file order, or `None` unless every operation is
    /// one and there is at least one.
    pub fn perft_counts(&self) -> Option<Vec<(u32, u64)>> {
        let counts: Option<Vec<(u32, u64)>> = self
            .ops
            .iter()
            .map(|o| {
                let (depth, nodes) = o.strip_prefix('D')?.split_once(' ')?;
                Some((depth.parse().ok()?, nodes.trim().parse().ok()?))
            })
            .collect();
        counts.filter(|c| !c.is_empty())
    }
}

/// The lines of `text` that are not comments.
pub fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    text.lines().enumerate().filter_map(|(i, raw)| {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let mut fields = line.split(';').map(str::trim);
        let fen = fields.next().unwrap_or_default();
        Some(Line { number: i + 1, fen, ops: fields.filter(|f| !f.is_empty()).collect() })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_fields_and_counts() {
        let text =
            "# a comment\n\n  fen one ;D1 44 ;D2 1920\nfen two ; mate 3 ; a source \nfen three ; moves h2e2 h9g7";
        let got: Vec<Line> = lines(text).collect();
        assert_eq!(
            got.iter().map(|l| (l.number, l.fen)).collect::<Vec<_>>(),
            [(3, "fen one"), (4, "fen two"), (5, "fen three")]
        );
        assert_eq!(got[0].perft_counts(), Some(vec![(1, 44), (2, 1920)]));
        assert_eq!(got[1].perft_counts(), None);
        assert_eq!(got[1].op("mate"), Some("3"));
        assert_eq!(got[1].ops, ["mate 3", "a source"]);
        assert_eq!(got[2].op("moves"), Some("h2e2 h9g7"));
        assert_eq!(got[2].op("mate"), None);
    }

    #[test]
    fn a_bad_count_is_no_count() {
        let line = lines("fen ;D1 44 ;D2 x").next().expect("a line");
        assert_eq!(line.perft_counts(), None);
        assert_eq!(lines("fen").next().expect("a line").perft_counts(), None);
    }
}

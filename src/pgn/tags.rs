//! Tag pairs: `[Name "value"]`, kept in file order, read leniently and written escaped.

use std::time::{SystemTime, UNIX_EPOCH};

/// The six roster tags every game carries, in their written order (`Result` follows them).
pub const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "Red", "Black"];

/// Tags the reader and writer derive from the game itself (its start, moves and result)
/// rather than keep.
pub const DERIVED: [&str; 5] = ["Game", "Result", "FEN", "SetUp", "Format"];

/// A game's tag pairs in file order, at most one per name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(Vec<(String, String)>);

impl Tags {
    pub fn new() -> Tags {
        Tags::default()
    }

    /// The value of tag `name`, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, keeping its place if it was there already.
    pub fn set(&mut self, name: &str, value: &str) {
        match self.0.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value.to_string(),
            None => self.0.push((name.to_string(), value.to_string())),
        }
    }

    /// Removes tag `name`, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let i = self.0.iter().position(|(n, _)| n == name)?;
        Some(self.0.remove(i).1)
    }

    /// Name and value of each tag, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The PGN "unknown" value of a roster tag.
pub fn unknown(name: &str) -> &'static str {
    if name == "Date" { "????.??.??" } else { "?" }
}

/// One tag line, `[Name "value"]`, ending with a newline.
pub fn format_tag(name: &str, value: &str) -> String {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ");
    format!("[{name} \"{value}\"]\n")
}

/// Whether `name` can be written as a tag name: no spaces, quotes or brackets.
pub fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && !name.chars().any(|c| c.is_whitespace() || matches!(c, '"' | '[' | ']'))
}

/// Reads the tag pair at the start of `text` (which starts with `[`), returning the name, the
/// value and the bytes taken, or `None` if it is not a tag pair. The value runs from the first
/// `"` to the first `"` that is followed by `]` and then the end of the line or another `[`,
/// so unescaped quotes inside it (`[Event "首屆"嘉豐房地產杯"全國象棋王位賽"]`, common in
/// Chinese files) are kept. `\"` and `\\` are unescaped.
pub fn parse_tag(text: &str) -> Option<(String, String, usize)> {
    let line_end = text.find('\n').unwrap_or(text.len());
    let line = &text[..line_end];
    let inner = line.strip_prefix('[')?.trim_start();
    let name_len = inner.find(|c: char| c.is_whitespace() || c == '"').unwrap_or(inner.len());
    let name = &inner[..name_len];
    if !is_tag_name(name) {
        return None;
    }
    let rest = inner[name_len..].trim_start();
    let body = rest.strip_prefix('"')?;
    let body_at = line.len() - body.len();
    for (i, _) in body.match_indices('"') {
        let close = body_at + i + 1;
        let after = line[close..].trim_start();
        if let Some(tail) = after.strip_prefix(']') {
            let tail = tail.trim_start();
            if tail.is_empty() || tail.starts_with('[') {
                let taken = line.len() - after.len() + 1;
                return Some((name.to_string(), unescape(&body[..i]), taken));
            }
        }
    }
    None
}

fn unescape(value: &str) -> String {
    if !value.contains('\\') {
        return value.to_string();
    }
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(&next) = chars.peek()
            && matches!(next, '"' | '\\')
        {
            out.push(next);
            chars.next();
        } else {
            out.push(c);
        }
    }
    out
}

/// A UTC date as PGN writes it, `YYYY.MM.DD`, or `????.??.??` for a time before 1970.
pub fn date(t: SystemTime) -> String {
    let Ok(since) = t.duration_since(UNIX_EPOCH) else {
        return "????.??.??".to_string();
    };
    let (y, m, d) = civil_from_days((since.as_secs() / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn tag(text: &str) -> Option<(String, String)> {
        parse_tag(text).map(|(n, v, _)| (n, v))
    }

    #[test]
    fn unescaped_quotes_run_to_the_last_quote_before_the_bracket() {
        let text = "[Event \"首屆\"嘉豐房地產杯\"全國象棋王位賽\"]\n[Site \"x\"]";
        assert_eq!(tag(text), Some(("Event".into(), "首屆\"嘉豐房地產杯\"全國象棋王位賽".into())));
        assert_eq!(parse_tag(text).map(|t| t.2), Some(text.find('\n').unwrap_or(0)));
    }

    #[test]
    fn escapes_spacing_and_several_tags_on_a_line() {
        assert_eq!(
            tag(r#"[Event "Casual \"blitz\" \\ C:\dir"]"#),
            Some(("Event".into(), r#"Casual "blitz" \ C:\dir"#.into()))
        );
        assert_eq!(tag("[ Round  \"\" ] "), Some(("Round".into(), String::new())));
        let line = "[Red \"A\"] [Black \"B\"]";
        let (name, value, taken) = parse_tag(line).expect("first tag");
        assert_eq!((name.as_str(), value.as_str()), ("Red", "A"));
        assert_eq!(tag(line[taken..].trim_start()), Some(("Black".into(), "B".into())));
        for bad in ["[Event x]", "[Event \"x\"", "[\"x\"]", "[Event \"x\"] y", "[Event \"a\nb\"]"] {
            assert_eq!(tag(bad), None, "{bad}");
        }
        assert_eq!(format_tag("Event", "a \"b\" \\"), "[Event \"a \\\"b\\\" \\\\\"]\n");
    }

    #[test]
    fn tags_keep_their_order() {
        let mut tags = Tags::new();
        tags.set("Red", "A");
        tags.set("Black", "B");
        tags.set("Red", "C");
        assert_eq!(tags.iter().collect::<Vec<_>>(), [("Red", "C"), ("Black", "B")]);
        assert_eq!(tags.remove("Red").as_deref(), Some("C"));
        assert_eq!((tags.get("Red"), tags.len()), (None, 1));
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_089), (2025, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(date(UNIX_EPOCH + Duration::from_secs(1_700_000_000)), "2023.11.14");
    }
}

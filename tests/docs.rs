//! Every citation of the project's docs resolves inside the repository (`docs/design.md` §16).
//!
//! A citation names a page with its `docs/` prefix and optionally sections, each written `§N`
//! or `§N.M`: `docs/rules.md` §8, `docs/rules.md` §7 to §10. The scan fails on a page that does
//! not exist, on a section that is not a numbered heading of its page, on a section written in
//! another way (`section 8`, a bare number), and on a page of `docs/` named without `docs/`.
//! It also holds the option lines the protocol pages show to those the engine announces.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// What the scan reads, relative to the repository root: directories (searched recursively
/// for `.rs` and `.md` files) and single files.
const SCANNED: &[&str] = &["src", "tests", "engine-tests", "examples", "docs", "README.md", "Makefile", ".ci/run"];

/// This file, skipped: its unit tests hold bad citations on purpose.
const SELF: &str = "tests/docs.rs";

/// What may stand between two sections of one citation.
const SEPARATORS: &[&str] = &[",", "and ", "to ", "or "];

/// The pages a citation may name, each with the section numbers of its headings.
type Pages = BTreeMap<String, Vec<String>>;

/// The section number a Markdown heading starts with: `## 8. Repetition` gives `8`,
/// `### 7.3 Time allocation` gives `7.3`; `None` for a heading without a number.
fn heading_number(line: &str) -> Option<String> {
    let title = line.strip_prefix('#')?.trim_start_matches('#').trim_start();
    let number = section_number(title)?;
    Some(number.to_string())
}

/// The longest prefix of `text` of the form `N`, `N.M`, `N.M.K`, ...: digits separated by
/// single dots. A dot that ends a sentence (`§8.`) is not part of it.
fn section_number(text: &str) -> Option<&str> {
    let mut end = 0;
    let bytes = text.as_bytes();
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
        if end + 1 < bytes.len() && bytes[end] == b'.' && bytes[end + 1].is_ascii_digit() {
            end += 1;
        } else {
            break;
        }
    }
    (end > 0).then(|| &text[..end])
}

/// The section numbers of a page's headings.
fn headings(text: &str) -> Vec<String> {
    text.lines().filter_map(heading_number).collect()
}

/// A line with its comment or heading markers removed, so that a citation wrapped over two
/// comment lines reads as one.
fn strip_markers(line: &str) -> &str {
    let line = line.trim_start();
    for marker in ["//!", "///", "//"] {
        if let Some(rest) = line.strip_prefix(marker) {
            return rest;
        }
    }
    line.trim_start_matches('#')
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// The citation problems of one file's text, as `<name>:<line>: <what>`. `pages` maps each page
/// of `docs/` (`rules.md`) to its section numbers.
fn check_text(name: &str, text: &str, pages: &Pages) -> Vec<String> {
    // The text with markers stripped, and where each line starts in it.
    let mut joined = String::new();
    let mut starts = Vec::new();
    for line in text.lines() {
        starts.push(joined.len());
        joined.push_str(strip_markers(line));
        joined.push('\n');
    }
    let line_of = |offset: usize| starts.partition_point(|&s| s <= offset);
    let mut problems = Vec::new();
    let mut report =
        |offset: usize, what: String| problems.push((offset, format!("{name}:{}: {what}", line_of(offset))));

    // (a), (b) and the form of sections: every `docs/<page>.md`.
    let mut from = 0;
    while let Some(found) = joined[from..].find("docs/") {
        let at = from + found;
        from = at + "docs/".len();
        let rest = &joined[from..];
        let stem_len = rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len());
        if stem_len == 0 || !rest[stem_len..].starts_with(".md") {
            continue;
        }
        let page = &rest[..stem_len + ".md".len()];
        let Some(sections) = pages.get(page) else {
            report(at, format!("`docs/{page}` does not exist"));
            continue;
        };
        let mut after = rest[page.len()..].strip_prefix('`').unwrap_or(&rest[page.len()..]);
        let mut cited_any = false;
        loop {
            let trimmed = after.trim_start();
            let Some(cited) = trimmed.strip_prefix('§') else {
                if !cited_any {
                    let word = trimmed.split(|c: char| c.is_whitespace() || c == ',' || c == ')').next();
                    let word = word.unwrap_or_default().trim_end_matches('.');
                    if word.starts_with("section") || word.starts_with(|c: char| c.is_ascii_digit()) {
                        report(at, format!("write the sections of `docs/{page}` as §N, not '{word} ...'"));
                    }
                }
                break;
            };
            cited_any = true;
            let offset = joined.len() - cited.len();
            match section_number(cited) {
                Some(n) if sections.iter().any(|s| s == n) => {}
                Some(n) => report(offset, format!("`docs/{page}` has no section §{n}")),
                None => report(offset, format!("§ without a section number after `docs/{page}`")),
            }
            // Further sections of the same citation: `, §9`, ` and §9`, `, and §9`, ` to §10`.
            let mut next = &cited[section_number(cited).map_or(0, str::len)..];
            while let Some(rest) = SEPARATORS.iter().find_map(|sep| next.trim_start().strip_prefix(sep)) {
                next = rest;
            }
            if !next.trim_start().starts_with('§') {
                break;
            }
            after = next;
        }
    }

    // (c): a page of `docs/` named without its prefix.
    for page in pages.keys().filter(|p| p.as_str() != "README.md") {
        for (at, _) in joined.match_indices(page.as_str()) {
            let before = &joined[..at];
            if before.ends_with("docs/") || before.ends_with(is_name_char) {
                continue;
            }
            report(at, format!("cite `{page}` as `docs/{page}`"));
        }
    }
    problems.sort();
    problems.into_iter().map(|(_, p)| p).collect()
}

/// The repository root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The pages of `docs/` with their headings.
fn pages() -> Pages {
    let dir = root().join("docs");
    let mut pages = Pages::new();
    for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap_or_else(|e| panic!("{}: {e}", dir.display())).path();
        if path.extension().is_some_and(|e| e == "md") {
            let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            pages.insert(name, headings(&text));
        }
    }
    pages
}

/// Every scanned file under `path`, in a stable order.
fn collect(path: &Path, files: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = fs::read_dir(path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .map(|e| e.unwrap_or_else(|e| panic!("{}: {e}", path.display())).path())
            .collect();
        entries.sort();
        for entry in entries {
            if entry.is_dir() || entry.extension().is_some_and(|e| e == "rs" || e == "md") {
                collect(&entry, files);
            }
        }
    } else if path.exists() {
        files.push(path.to_path_buf());
    }
}

#[test]
fn every_doc_citation_resolves() {
    let root = root();
    let pages = pages();
    for core in ["ucci.md", "uci.md", "rules.md", "design.md"] {
        assert!(pages.contains_key(core), "docs/{core} is missing");
    }
    let mut files = Vec::new();
    for path in SCANNED {
        collect(&root.join(path), &mut files);
    }
    let mut problems = Vec::new();
    let mut citations = 0;
    for file in &files {
        let name = file.strip_prefix(&root).unwrap_or(file).to_string_lossy().replace('\\', "/");
        if name == SELF {
            continue;
        }
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{name}: {e}"));
        citations += text.matches("docs/").count();
        problems.extend(check_text(&name, &text, &pages));
    }
    assert!(problems.is_empty(), "{} unresolved doc citations:\n{}", problems.len(), problems.join("\n"));
    // The scan did read the code: it cites the docs about a hundred times.
    assert!(citations > 80, "only {citations} citations found: is the scan reading the right files?");
}

#[cfg(test)]
mod checker {
    use super::*;

    fn fake_pages() -> Pages {
        let rules = "# Rules\n## 1. Board\n## 4. Pitfalls\n### 4.1 Horse leg\n## 8. Repetition\n## Sources\n";
        let ucci = "# UCCI\n## 7. Searching\n### 7.3 Time allocation\n";
        let mut pages = Pages::new();
        pages.insert("rules.md".into(), headings(rules));
        pages.insert("ucci.md".into(), headings(ucci));
        pages.insert("README.md".into(), Vec::new());
        pages
    }

    #[test]
    fn headings_give_their_numbers() {
        assert_eq!(fake_pages()["rules.md"], ["1", "4", "4.1", "8"]);
        assert_eq!(heading_number("### 12.3.1 Deep"), Some("12.3.1".into()));
        assert_eq!(heading_number("## Sources"), None);
        assert_eq!(heading_number("not a heading 8."), None);
        assert_eq!(section_number("8. Repetition"), Some("8"));
        assert_eq!(section_number("7.3, then"), Some("7.3"));
    }

    #[test]
    fn good_citations_pass() {
        let text = "\
//! Judged by `docs/rules.md` §8 and timed by `docs/ucci.md` §7.3.
/// The horse leg (`docs/rules.md` §4.1), sections `docs/rules.md` §1 to §8, §1, §4, and §8.
/// A whole page: `docs/ucci.md`. A wrapped one: `docs/rules.md`
/// §4. The repository's README.md and docs/README.md.
";
        assert_eq!(check_text("ok.rs", text, &fake_pages()), Vec::<String>::new());
    }

    #[test]
    fn bad_citations_fail() {
        let text = "\
//! No such page: `docs/nope.md` §1.
//! No such section: `docs/rules.md` §9, nor `docs/ucci.md` §7.4.
/// Another section of a range: `docs/rules.md` §1 to §10.
/// The old forms: `docs/rules.md` section 8 and `docs/ucci.md` 7.3.
/// Without the prefix: `rules.md` section 8, (ucci.md 7.6).
/// Wrapped: `docs/rules.md`
/// §2.
";
        assert_eq!(
            check_text("bad.rs", text, &fake_pages()),
            [
                "bad.rs:1: `docs/nope.md` does not exist",
                "bad.rs:2: `docs/rules.md` has no section §9",
                "bad.rs:2: `docs/ucci.md` has no section §7.4",
                "bad.rs:3: `docs/rules.md` has no section §10",
                "bad.rs:4: write the sections of `docs/rules.md` as §N, not 'section ...'",
                "bad.rs:4: write the sections of `docs/ucci.md` as §N, not '7.3 ...'",
                "bad.rs:5: cite `rules.md` as `docs/rules.md`",
                "bad.rs:5: cite `ucci.md` as `docs/ucci.md`",
                "bad.rs:7: `docs/rules.md` has no section §2",
            ]
        );
    }
}

/// The lines of the first code block after heading `## <section>.` of a docs page.
fn first_block_after(page: &str, section: &str) -> Vec<String> {
    let path = root().join("docs").join(page);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let heading = format!("## {section}.");
    let after = text.split_once(&heading).map(|(_, rest)| rest).unwrap_or_else(|| panic!("{page}: no {heading}"));
    let block = after.split("```").nth(1).unwrap_or_else(|| panic!("{page} §{section}: no code block"));
    block.lines().skip(1).map(str::to_string).collect()
}

/// The option lines of `docs/ucci.md` §6 and `docs/uci.md` §2 are those the engine announces.
#[test]
fn documented_options_are_the_announced_ones() {
    use chuhan::engine::MAX_THREADS;
    use chuhan::ucci::{Dialect, options::announcements};

    let ucci = first_block_after("ucci.md", "6");
    assert_eq!(ucci, announcements(Dialect::Ucci, MAX_THREADS as u32));
    let uci: Vec<String> = first_block_after("uci.md", "2")
        .iter()
        .filter_map(|l| l.strip_prefix("< option ").map(|rest| format!("option {rest}")))
        .collect();
    assert_eq!(uci, announcements(Dialect::Uci, MAX_THREADS as u32));
}

/// The table of chances in `docs/analysis.md` §1.2 is the one `chuhan wdl fit` prints for the
/// model in force, and the model line quoted beside it is `wdl::MODEL`.
#[test]
fn documented_chances_are_the_models() {
    use chuhan::wdl::{MODEL, fit::table};

    let text = fs::read_to_string(root().join("docs/analysis.md")).expect("docs/analysis.md");
    assert!(text.contains(&table(&MODEL)), "docs/analysis.md §1.2 does not hold this table:\n{}", table(&MODEL));
    let line = format!(
        "pub const MODEL: Model = Model {{ a: [{:.1}, {:.1}], b: [{:.1}, {:.1}] }};",
        MODEL.a[0], MODEL.a[1], MODEL.b[0], MODEL.b[1]
    );
    assert!(text.contains(&line), "{line}");
}

/// `docs/README.md` lists every page of `docs/` in its table, so a new page is found.
#[test]
fn index_lists_every_page() {
    let index = fs::read_to_string(root().join("docs/README.md")).expect("docs/README.md");
    let listed: Vec<&str> = index
        .lines()
        .filter_map(|l| l.strip_prefix("| `docs/"))
        .filter_map(|l| l.split_once('`').map(|(page, _)| page))
        .collect();
    let missing: Vec<String> =
        pages().into_keys().filter(|p| p != "README.md" && !listed.contains(&p.as_str())).collect();
    assert!(missing.is_empty(), "docs/README.md does not list {}: add a row for each", missing.join(", "));
    assert!(listed.len() >= 10, "docs/README.md lists only {} pages: is its table read right?", listed.len());
}

/// The text of `## <n>. ...` of a docs page, up to the next `## ` heading.
fn section(page: &str, n: &str) -> String {
    let text = fs::read_to_string(root().join("docs").join(page)).unwrap_or_else(|e| panic!("docs/{page}: {e}"));
    let heading = format!("## {n}. ");
    let start = text.find(&heading).unwrap_or_else(|| panic!("docs/{page}: no {heading}"));
    let body = &text[start + heading.len()..];
    body[..body.find("\n## ").unwrap_or(body.len())].to_string()
}

/// The source files the line limit applies to, relative to the root.
fn source_files() -> Vec<String> {
    let root = root();
    let mut files = Vec::new();
    for dir in ["src", "tests", "engine-tests", "examples"] {
        collect(&root.join(dir), &mut files);
    }
    files.push(root.join("build.rs"));
    let name = |f: &PathBuf| f.strip_prefix(&root).unwrap_or(f).to_string_lossy().replace('\\', "/");
    files.iter().filter(|f| f.extension().is_some_and(|e| e == "rs") && f.exists()).map(name).collect()
}

/// `docs/design.md` §1 describes today's tree: every path it names exists, every module of
/// `src/` has a row in its table, and no source file passes the line limit it states.
#[test]
fn design_describes_the_tree() {
    let root = root();
    let text = section("design.md", "1");
    let mut problems = Vec::new();

    // The table: `| `module` | what it owns, naming its files |`.
    let mut modules = Vec::new();
    for row in text.lines().filter(|l| l.starts_with("| `")) {
        let tokens: Vec<&str> = row.split('`').skip(1).step_by(2).collect();
        let module = tokens[0];
        modules.push(module.to_string());
        let dir = module.strip_suffix('/');
        for token in tokens {
            let from_root = ["src/", "docs/", "book/", "positions/", "tests/", "engine-tests/"];
            let path = if token.contains(['*', ' ']) {
                continue;
            } else if from_root.iter().any(|r| token.starts_with(r)) {
                token.to_string()
            } else if token == module {
                format!("src/{module}")
            } else if token.ends_with(".rs") && !token.contains([' ', '/']) {
                dir.map_or(format!("src/{token}"), |d| format!("src/{d}/{token}"))
            } else {
                continue;
            };
            if !root.join(&path).exists() {
                problems.push(format!("`{token}` (row `{module}`): {path} does not exist"));
            }
        }
    }
    let entries = fs::read_dir(root.join("src")).expect("src/");
    for entry in entries.map(|e| e.expect("src/ entry").path()) {
        let name = entry.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let module = if entry.is_dir() { format!("{name}/") } else { name.clone() };
        if !["lib.rs", "main.rs"].contains(&name.as_str()) && !modules.contains(&module) {
            problems.push(format!("src/{module} has no row in the table: add one saying what it owns"));
        }
    }

    // The limit: "No source file passes N lines".
    let limit: usize = text
        .split("No source file passes ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("docs/design.md §1 states 'No source file passes N lines'");
    for file in source_files() {
        let lines = fs::read_to_string(root.join(&file)).expect("a source file").lines().count();
        if lines > limit {
            problems.push(format!("{file} has {lines} lines, over the {limit} of §1: split it by what it holds"));
        }
    }
    assert!(problems.is_empty(), "docs/design.md §1 is out of date:\n{}", problems.join("\n"));
    assert!(modules.len() > 20, "only {} rows read from the table of docs/design.md §1", modules.len());
}

/// The layers of `docs/design.md` §2: its code block's groups, left to right, each the modules
/// named in it (a parenthesised remark names none).
fn layers(block: &[String]) -> Vec<Vec<String>> {
    let mut text = block.join(" ");
    while let (Some(open), Some(close)) = (text.find('('), text.find(')')) {
        if close < open {
            break;
        }
        text.replace_range(open..=close, "");
    }
    text.split('→')
        .map(|group| group.split(',').map(str::trim).filter(|m| !m.is_empty()).map(str::to_string).collect())
        .collect()
}

/// The top-level modules a source text names through `crate::` or `chuhan::` paths, its unit
/// tests (`#[cfg(test)]` and what follows) and comments left out: `use crate::{a::X, b}` names
/// `a` and `b`.
fn modules_named(text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let code: String =
        code.lines().map(|l| if l.trim_start().starts_with("//") { "" } else { l }).collect::<Vec<_>>().join("\n");
    let ident = |s: &str| s.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect::<String>();
    let mut named = Vec::new();
    for root in ["crate::", "chuhan::"] {
        for (at, _) in code.match_indices(root) {
            let rest = &code[at + root.len()..];
            if let Some(group) = rest.strip_prefix('{') {
                // The names at the group's first level of braces.
                let (mut depth, mut start) = (0, true);
                for (i, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => start = true,
                        c if start && depth == 0 && !c.is_whitespace() => {
                            named.push(ident(&group[i..]));
                            start = false;
                        }
                        _ => {}
                    }
                }
            } else {
                named.push(ident(rest));
            }
        }
    }
    named.retain(|m| !m.is_empty() && m != "self");
    named.sort();
    named.dedup();
    named
}

/// The arrows up the layers of a module's source texts: each module named that is not in a
/// group to the left of `module`'s, as `<file>: `<module>` uses `<other>` ...`.
fn arrows_up(layers: &[Vec<String>], module: &str, files: &[(String, String)]) -> Vec<String> {
    let rank = |m: &str| layers.iter().position(|group| group.iter().any(|g| g == m));
    let Some(own) = rank(module) else {
        return vec![format!("`{module}` is not in the order: place it in docs/design.md §2")];
    };
    let mut problems = Vec::new();
    for (name, text) in files {
        for other in modules_named(text).iter().filter(|m| m.as_str() != module) {
            match rank(other) {
                Some(r) if r < own => {}
                Some(_) => problems
                    .push(format!("{name}: `{module}` uses `{other}`, which is not to its left in docs/design.md §2")),
                None => {}
            }
        }
    }
    problems
}

/// No module uses a module that is not to its left in `docs/design.md` §2's order, and every
/// module of `src/` has its place in it.
#[test]
fn modules_follow_the_dependency_order() {
    let root = root();
    let layers = layers(&first_block_after("design.md", "2"));
    assert!(layers.len() > 15, "only {} groups read from docs/design.md §2: is its block read right?", layers.len());
    let mut problems = Vec::new();
    let entries = fs::read_dir(root.join("src")).expect("src/");
    let mut modules: Vec<PathBuf> = entries.map(|e| e.expect("src/ entry").path()).collect();
    modules.sort();
    for path in modules {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let module = name.trim_end_matches(".rs").to_string();
        if module == "lib" {
            continue;
        }
        let mut files = Vec::new();
        collect(&path, &mut files);
        let texts: Vec<(String, String)> = files
            .iter()
            .filter(|f| f.extension().is_some_and(|e| e == "rs"))
            .filter(|f| {
                f.file_name().is_none_or(|n| n != "tests.rs") && !f.components().any(|c| c.as_os_str() == "tests")
            })
            .map(|f| {
                let text = fs::read_to_string(f).expect("a source file");
                (f.strip_prefix(&root).unwrap_or(f).display().to_string(), text)
            })
            .collect();
        problems.extend(arrows_up(&layers, &module, &texts));
    }
    assert!(problems.is_empty(), "an arrow up the layers of docs/design.md §2:\n{}", problems.join("\n"));
}

#[cfg(test)]
mod order {
    use super::*;

    #[test]
    fn the_order_is_read_and_an_arrow_up_fails() {
        let block = ["a, b → c (the middle) → d".to_string(), "  → e, f".to_string()];
        let layers = layers(&block);
        assert_eq!(layers, [vec!["a", "b"], vec!["c"], vec!["d"], vec!["e", "f"]]);
        let text = "//! Uses crate::e in a comment only.\nuse crate::{a::X, c::{Y, Z}};\nuse crate::e::W;\n\
                    fn f() { crate::f::g(); }\n#[cfg(test)]\nmod tests { use crate::d; }\n";
        assert_eq!(modules_named(text), ["a", "c", "e", "f"]);
        let files = [("src/d.rs".to_string(), text.to_string())];
        assert_eq!(
            arrows_up(&layers, "d", &files),
            [
                "src/d.rs: `d` uses `e`, which is not to its left in docs/design.md §2",
                "src/d.rs: `d` uses `f`, which is not to its left in docs/design.md §2",
            ]
        );
        // Within a group is no better than up: e and f do not use each other.
        assert_eq!(arrows_up(&layers, "e", &[("src/e.rs".to_string(), "use crate::f;".to_string())]).len(), 1);
        assert_eq!(arrows_up(&layers, "x", &[]), ["`x` is not in the order: place it in docs/design.md §2"]);
    }
}

//! `chuhan tune`: a small run end to end, `--only` with known and unknown tables, and exit
//! code 2 naming the line for bad input.

use crate::common::{run, stderr, stdout};

/// Two short games; the positions after their first plies are quiet.
const GAMES: &str = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. b0c2 a9b9 1-0\n\n\
                     [Event \"b\"]\n[Result \"0-1\"]\n\n1. b2e2 b9c7 2. b0c2 a9b9 3. a0b0 h9g7 4. h0g2 i9h9 0-1\n";

/// A fresh directory for one test, and a function naming files in it.
fn temp_dir(name: &str) -> (std::path::PathBuf, impl Fn(&str) -> String) {
    let dir = std::env::temp_dir().join(format!("chuhan-tune-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let base = dir.clone();
    (dir, move |file: &str| base.join(file).to_string_lossy().into_owned())
}

#[test]
fn tune_writes_weights_and_reports_each_epoch() {
    let (dir, path) = temp_dir("run");
    let (pgn, out, saved) = (path("games.pgn"), path("tuned.rs"), path("positions.epd"));
    std::fs::write(&pgn, GAMES).expect("write games");
    let args = ["--epochs", "3", "--skip-plies", "2", "--holdout", "0", "--save-positions", &saved];
    let o = run(&[&["tune", "--out", &out, &pgn][..], &args].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("2 games ("), "{text}");
    for epoch in 1..=3 {
        assert!(text.contains(&format!("\nepoch {epoch}: loss ")), "{text}");
    }
    assert!(text.contains(&format!("weights written to {out}")), "{text}");
    let source = std::fs::read_to_string(&out).expect("tuned.rs written");
    assert!(source.contains("pub const PIECE_VALUE: [S; 7] = [") && source.contains("pub const SOLDIER_EG"));

    // The saved positions read back as a position list.
    let o = run(&["tune", "--epochs", "1", "--out", &out, &saved]);
    assert!(o.status.success(), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tune_only_names_known_tables() {
    let (dir, path) = temp_dir("only");
    let (pgn, out) = (path("games.pgn"), path("tuned.rs"));
    std::fs::write(&pgn, GAMES).expect("write games");
    let o = run(&["tune", "--epochs", "1", "--skip-plies", "2", "--out", &out, "--only", "cannon_eg,safe_check", &pgn]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o =
        run(&["tune", "--epochs", "1", "--skip-plies", "2", "--out", &out, "--only", "PIECE_VALUE,ROOK_PINS", &pgn]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(stderr(&o), "error: --only: no weight table named ROOK_PINS\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tune_bad_input_exits_2_naming_the_line() {
    let (dir, path) = temp_dir("bad");
    let out = path("tuned.rs");
    let cases = [
        // The bad game is skipped and named; the good one is too short to give positions.
        ("bad.pgn", "[Event \"a\"]\n\n1. h2e2 h9g7 1-0\n\n[Event \"b\"]\n\n1. h2e2 h2e2 0-1\n", "no positions"),
        ("bad.epd", "4k4/9/9/9/9/9/9/9/9/3K5 w ; 1-0\n4k4/9/9/9/9/9/9/9/9/3K5 w ; win\n", "line 2: bad result 'win'"),
        ("empty.pgn", "", "no positions"),
        ("missing.pgn", "", "cannot read"),
    ];
    for (name, text, expected) in cases {
        if name != "missing.pgn" {
            std::fs::write(path(name), text).expect("write input");
        }
        let o = run(&["tune", "--out", &out, &path(name)]);
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains(expected), "{name}: {}", stderr(&o));
        if name == "bad.pgn" {
            let skipped = format!("skipped {}: game 2: line 7: move 1... h2e2: 'h2e2' is illegal", path(name));
            assert!(stdout(&o).contains(&skipped), "{}", stdout(&o));
            assert!(stdout(&o).contains("\n2 games (1 skipped, "), "{}", stdout(&o));
        }
    }
    assert!(!std::path::Path::new(&out).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

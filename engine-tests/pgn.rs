//! `chuhan pgn`: a directory of small files in three character sets and notations, one broken
//! game among them, rewritten in WXF; exact output and error lines.

use crate::common::{run, stderr, stdout};

/// A UTF-8 file with a byte-order mark: Chinese moves and an unescaped-quote tag, a broken
/// game, WXF moves.
const UTF8_FILE: &str = "\u{feff}[Event \"首屆\"嘉豐房地產杯\"全國象棋王位賽\"]\n[Red \"胡榮華\"]\n[Black \"楊官璘\"]\n\n\
    1. 炮二平五 馬８進７ {中炮} 2. 馬二進三 車９平８ 1-0\n\n[Event \"broken\"]\n\n1. h2e2 h2e2 *\n\n\
    [Event \"wxf\"]\n\n1. Ｃ２＝５ H8+7 2. H2+3 *\n";

/// `[Red "許銀川"]`, `[Result "0-1"]`, `1. 炮二平五 馬８進７` in Big5 (code page 950).
const BIG5_FILE: &[u8] = b"[Red \"\xb3\x5c\xbb\xc8\xa4\x74\"]\n[Result \"0-1\"]\n1. \xac\xb6\xa4\x47\xa5\xad\xa4\xad \xb0\xa8\xa2\xb7\xb6\x69\xa2\xb6\n";

const EXPECTED: &str = "[Game \"Chinese Chess\"]\n[Event \"首屆\\\"嘉豐房地產杯\\\"全國象棋王位賽\"]\n[Site \"?\"]\n\
    [Date \"????.??.??\"]\n[Round \"?\"]\n[Red \"胡榮華\"]\n[Black \"楊官璘\"]\n[Result \"1-0\"]\n[Format \"WXF\"]\n\n\
    1. C2.5 H8+7 {中炮} 2. H2+3 R9.8 1-0\n\n\
    [Game \"Chinese Chess\"]\n[Event \"wxf\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Red \"?\"]\n\
    [Black \"?\"]\n[Result \"*\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7 2. H2+3 *\n\n\
    [Game \"Chinese Chess\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Red \"許銀川\"]\n\
    [Black \"?\"]\n[Result \"0-1\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7 0-1\n\n";

#[test]
fn pgn_rewrites_a_directory_and_names_the_broken_game() {
    let dir = std::env::temp_dir().join(format!("chuhan-pgn-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).expect("scratch directory");
    std::fs::write(dir.join("a.pgn"), UTF8_FILE).expect("write a.pgn");
    std::fs::write(dir.join("sub/b.PGN"), BIG5_FILE).expect("write b.PGN");
    std::fs::write(dir.join("notes.txt"), "not a game").expect("write notes.txt");
    let path = dir.to_string_lossy().into_owned();

    let o = run(&["pgn", &path, "--notation", "wxf"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), EXPECTED);
    let a = dir.join("a.pgn");
    assert_eq!(
        stderr(&o),
        format!(
            "skipped {}: game 2: line 9: move 1... h2e2: 'h2e2' is illegal (no piece on h2)\n\
             skipped by reason: 1 illegal move\n\
             3 games read, 1 skipped; 0 variations and 1 comments kept; 0 warnings\n",
            a.display()
        )
    );

    // The same games to a file; read back, they are the same again.
    let out = dir.join("out.pgn").to_string_lossy().into_owned();
    let o = run(&["pgn", &path, "--notation", "wxf", "--out", &out]);
    assert!(o.status.success() && stdout(&o).is_empty(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&out).expect("output file"), EXPECTED);
    let o = run(&["pgn", &out, "--notation", "wxf"]);
    assert_eq!(
        (stdout(&o).as_str(), stderr(&o).as_str()),
        (EXPECTED, "3 games read, 0 skipped; 0 variations and 1 comments kept; 0 warnings\n")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pgn_missing_path_exits_2_with_one_line() {
    let o = run(&["pgn", "/nonexistent/chuhan-games"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert_eq!(stderr(&o), "error: /nonexistent/chuhan-games: No such file or directory (os error 2)\n");
    let o = run(&["pgn", "x.pgn", "--notation", "klingon"]);
    assert_eq!(o.status.code(), Some(2));
}

use super::*;
use crate::notation::Script;

fn config(human: Color) -> Config {
    Config {
        start: Position::startpos(),
        human,
        think: Budget::Depth(1),
        level: Level::MAX,
        threads: 1,
        notation: Notation::Chinese(Script::Simplified),
        colour: false,
        echo: true,
        book: false,
        move_limit: MoveLimit::SIXTY,
        egtb: None,
    }
}

fn transcript(config: Config, input: &[u8]) -> String {
    let mut out = Vec::new();
    run(config, input, &mut out).expect("session runs");
    String::from_utf8(out).expect("output is UTF-8")
}

#[test]
fn plays_a_move_and_the_engine_answers() {
    let out = transcript(config(Color::Red), "h2e2\nfen\nmoves\nquit\n".as_bytes());
    assert!(out.contains("Red plays 炮二平五 (h2e2)"), "{out}");
    assert!(out.contains("Chuhan (Black) plays "), "{out}");
    assert!(out.contains("  depth  1  score "), "{out}");
    assert!(out.contains("\n1. 炮二平五 "), "{out}");
    // After the engine's reply it is Red's turn again.
    let fen_line = out.lines().find(|l| l.contains(" w - - ")).expect("a FEN line");
    assert!(fen_line.ends_with(" 2"), "{fen_line}");
}

/// Chuhan answers 炮二平五 from the book at once, with one of the masters' replies, and names
/// the opening.
#[test]
fn the_book_answers_and_names_the_opening() {
    let out = transcript(Config { book: true, ..config(Color::Red) }, "h2e2\nquit\n".as_bytes());
    assert!(out.contains("\nOpening: ECCO "), "{out}");
    assert!(!out.contains("Chuhan is thinking"), "{out}");
    let reply = out.lines().find(|l| l.starts_with("Chuhan (Black) plays ")).expect("a reply");
    assert!(reply.contains(" from the book (") && reply.ends_with(" games)"), "{reply}");
    let mv = reply.split(['(', ')']).nth(3).and_then(Move::parse).expect("the reply's ICCS move");
    let mut pos = Position::startpos();
    pos.play(Move::parse("h2e2").expect("move")).expect("legal");
    let book = crate::book::Book::default_book().expect("default book");
    assert!(book.probe(&pos).iter().any(|bm| bm.mv == mv), "{reply}");
}

#[test]
fn engine_opens_when_the_player_takes_black() {
    let out = transcript(config(Color::Black), b"undo\nquit\n");
    assert!(out.contains("Chuhan (Red) plays "), "{out}");
    assert!(out.contains("Nothing to undo."), "{out}");
    // Black at the bottom: Black's numbers along the bottom edge.
    assert!(out.contains("   9   8   7   6   5   4   3   2   1\n"), "{out}");
}

#[test]
fn bad_input_is_answered_not_fatal() {
    let out = transcript(config(Color::Red), b"nonsense\n\xff\xfe\na0a5\nlevel 21\nlevel 0\nsave\n\nquit\n");
    assert!(out.contains("'nonsense' is not a move"), "{out}");
    assert!(out.contains("is illegal"), "{out}");
    assert!(out.contains("usage: level"), "{out}");
    assert!(out.contains("Level set to 0."), "{out}");
    assert!(out.contains("usage: save FILE"), "{out}");
}

#[test]
fn undo_resign_new_and_end_of_input() {
    let out = transcript(config(Color::Red), b"C2.5\nundo\nfen\nresign\nh2e2\nnew\n");
    assert!(out.contains("Took back 2 plies."), "{out}");
    assert!(out.contains(crate::board::START_FEN), "{out}");
    assert!(out.contains("Game over: 0-1 (red resigns)."), "{out}");
    assert!(out.contains("The game is over"), "{out}");
    assert!(out.contains("New game: you play Red."), "{out}");
}

#[test]
fn save_and_load() {
    let dir = std::env::temp_dir().join(format!("chuhan-play-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("game.pgn");
    let script = format!("h2e2\nsave {0}\nnew\nload {0}\nfen\nquit\n", file.display());
    let out = transcript(config(Color::Red), script.as_bytes());
    let text = std::fs::read_to_string(&file).expect("saved");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(text.starts_with("[Game \"Chinese Chess\"]\n[Event \"Chuhan terminal game\"]\n"), "{text}");
    assert!(text.contains("1. h2e2 "), "{text}");
    assert!(out.contains("Loaded 2 moves from"), "{out}");
}

#[test]
fn mate_ends_the_game() {
    let cfg =
        Config { start: Position::from_fen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w").expect("valid"), ..config(Color::Red) };
    let out = transcript(cfg, "车八进九\nh2e2\nquit\n".as_bytes());
    assert!(out.contains("Game over: 1-0 (checkmate)."), "{out}");
    assert!(out.contains("The game is over"), "{out}");
}

#[test]
fn the_hint_comes_from_the_tables_where_they_cover_the_position() {
    let start = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w").expect("valid");
    let egtb = Some(crate::egtb::for_tests::krk());
    let out = transcript(Config { start: start.clone(), egtb, ..config(Color::Red) }, "hint\nquit\n".as_bytes());
    assert!(out.contains("Hint from the endgame tables: Red wins: mate in 1 (1 ply)\n  1. "), "{out}");
    let out = transcript(Config { start, ..config(Color::Red) }, "hint\nquit\n".as_bytes());
    assert!(out.contains("Hint:\n  1. ") && !out.contains("endgame tables"), "{out}");
}

//! Tests of the reader and writer on small texts written for them.

use super::*;
use crate::board::START_FEN;
use crate::movegen::legal_moves;
use crate::notation::{NotationError, Script};
use crate::types::{Color, Reason};

fn mv(s: &str) -> Move {
    Move::parse(s).unwrap_or_else(|| panic!("bad test move {s}"))
}

fn iccs(game: &Game) -> Vec<String> {
    game.moves.iter().map(Move::to_string).collect()
}

fn game_from(start: Position, moves: &[&str]) -> Game {
    let mut game = Game::new(start);
    game.moves = moves.iter().map(|m| mv(m)).collect();
    game
}

#[test]
fn writes_the_xqbase_layout() {
    let mut game = game_from(Position::startpos(), &["h2e2", "h9g7", "h0g2", "i9h9"]);
    game.set_tag("Event", "Casual \"blitz\"");
    game.set_tag("Date", "2025.01.31");
    game.set_tag("Red", "Chuhan");
    game.set_tag("Black", "Human");
    game.set_tag("TimeControl", "-");
    game.result = Some(GameResult::draw(Reason::Agreement));
    let expected = r#"[Game "Chinese Chess"]
[Event "Casual \"blitz\""]
[Site "?"]
[Date "2025.01.31"]
[Round "?"]
[Red "Chuhan"]
[Black "Human"]
[Result "1/2-1/2"]
[Format "ICCS"]
[TimeControl "-"]
[Termination "draw by agreement"]

1. h2e2 h9g7 2. h0g2 i9h9 1/2-1/2
"#;
    assert_eq!(game.to_pgn(Notation::Iccs), expected);
}

#[test]
fn writes_every_notation_with_comments() {
    let mut game = game_from(Position::startpos(), &["h2e2", "h9g7", "h0g2", "i9h9"]);
    game.comment(0, "opening");
    game.comment(1, "central cannon");
    game.comment(4, "done");
    let body = |n| game.to_pgn(n).split("\n\n").nth(1).map(str::to_string).expect("move text");
    assert_eq!(body(Notation::Iccs), "{opening} 1. h2e2 {central cannon} 1... h9g7 2. h0g2 i9h9 {done} *\n");
    assert_eq!(
        body(Notation::Chinese(Script::Simplified)),
        "{opening} 1. 炮二平五 {central cannon} 1... 马8进7 2. 马二进三 车9平8 {done} *\n"
    );
    assert_eq!(
        body(Notation::Chinese(Script::Traditional)),
        "{opening} 1. 炮二平五 {central cannon} 1... 馬8進7 2. 傌二進三 車9平8 {done} *\n"
    );
    assert_eq!(body(Notation::Wxf), "{opening} 1. C2.5 {central cannon} 1... H8+7 2. H2+3 R9.8 {done} *\n");
    assert!(game.to_pgn(Notation::Wxf).contains("[Format \"WXF\"]\n"));
    for n in
        [Notation::Iccs, Notation::Wxf, Notation::Chinese(Script::Simplified), Notation::Chinese(Script::Traditional)]
    {
        let back = Game::parse(&game.to_pgn(n)).expect("reads back");
        assert_eq!((back.moves, back.comments), (game.moves.clone(), game.comments.clone()), "{n:?}");
    }
}

#[test]
fn set_up_positions_carry_fen_and_black_starts_with_dots() {
    let start = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 17").expect("valid");
    let game = game_from(start, &["d9d8", "e1e2", "d8d9"]);
    let text = game.to_pgn(Notation::Iccs);
    assert!(text.contains("[SetUp \"1\"]\n[FEN \"3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 17\"]\n"), "{text}");
    assert!(text.ends_with("\n17... d9d8 18. e1e2 d8d9 *\n"), "{text}");
    let back = Game::parse(&text).expect("reads back");
    assert_eq!(back.start.fen(), game.start.fen());
    assert_eq!(back.moves, game.moves);
}

#[test]
fn reads_other_programs_records() {
    let text = "[Game \"Chinese Chess\"]\r\n[Event \"全国赛\"]\r\n[Red \"许银川\"]\r\n[Result \"1-0\"]\r\n\
        [棋谱名称 \"示例\"]\r\n\r\n{ 开局 } 1. 炮二平五 马８进７ {中炮} 2.马二进三 (2. 马八进七 车9平8) 车9平8 $1\r\n\
        3. R1.2 C8+4 ; a remark\r\n4. B0-C2? 1-0\r\n\r\n[Event \"next game\"]\r\n1. a0a1 *\r\n";
    let game = Game::parse(text).expect("reads");
    assert_eq!(game.tag("Event"), Some("全国赛"));
    assert_eq!(game.tag("棋谱名称"), Some("示例"));
    assert_eq!(game.result, Some(GameResult::win(Color::Red, Reason::Recorded)));
    assert_eq!(iccs(&game), ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "h7h3", "b0c2"]);
    let comments: Vec<(usize, &str)> = game.comments.iter().map(|c| (c.ply, c.text.as_str())).collect();
    assert_eq!(comments, [(0, "开局"), (2, "中炮"), (6, "a remark")]);
    assert_eq!(read_games(text).len(), 2);
}

#[test]
fn unescaped_quotes_missing_result_and_fen() {
    let text =
        "[Event \"首屆\"嘉豐房地產杯\"全國象棋王位賽\"]\n[Red \"胡榮華\"]\n\n1. 炮二平五 馬８進７\n2. 馬二進三\n";
    let game = Game::parse(text).expect("reads");
    assert_eq!(game.tag("Event"), Some("首屆\"嘉豐房地產杯\"全國象棋王位賽"));
    assert_eq!(game.result, None);
    assert_eq!(game.start.fen(), START_FEN);
    assert_eq!(iccs(&game), ["h2e2", "h9g7", "h0g2"]);
    let written = game.to_pgn(Notation::Iccs);
    assert!(written.contains("[Event \"首屆\\\"嘉豐房地產杯\\\"全國象棋王位賽\"]\n"), "{written}");
    assert_eq!(Game::parse(&written).expect("reads back").tag("Event"), game.tag("Event"));
}

#[test]
fn a_broken_game_in_the_middle_is_skipped_and_named() {
    let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 {checkmate} 1-0\n\n\
        [Event \"b\"]\n\n1. 炮二平五 馬８進７\n2. 馬二進三 馬８進７\n3. 車一平二 *\n\n\
        [Event \"c\"]\n[Bad tag\n\n1. h2e2 *\n\n\
        [Event \"d\"]\n\n1. b2e2 1/2-1/2\n";
    let games = read_games(text);
    assert_eq!(games.len(), 4);
    let first = games[0].as_ref().expect("first game");
    assert_eq!((first.tag("Event"), first.moves.len()), (Some("a"), 2));
    match &games[1] {
        Err(PgnError::BadMove { line, number, token, error }) => {
            assert_eq!((*line, number.as_str(), token.as_str()), (9, "2...", "馬８進７"));
            assert!(matches!(error, NotationError::NoSuchPiece { .. }), "{error:?}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        games[1].as_ref().expect_err("bad").to_string(),
        "line 9: move 2... 馬８進７: '馬８進７': black has no horse there"
    );
    assert!(matches!(games[2], Err(PgnError::BadTag { line: 13, .. })), "{:?}", games[2]);
    let last = games[3].as_ref().expect("last game");
    assert_eq!((last.tag("Event"), last.result.as_ref().map(GameResult::score)), (Some("d"), Some("1/2-1/2")));
}

#[test]
fn round_trip_reaches_the_same_position() {
    let mut seed = 0x1234_5678_u64;
    for fen in [START_FEN, "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 b - - 3 21"] {
        let start = Position::from_fen(fen).expect("valid");
        let mut game = Game::new(start.clone());
        let mut pos = start;
        for _ in 0..150 {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let m = moves[(seed >> 33) as usize % moves.len()];
            pos.make(m);
            game.moves.push(m);
        }
        game.set_tag("Site", "back\\slash");
        game.result = Some(GameResult::win(Color::Black, Reason::Recorded));
        for n in [
            Notation::Iccs,
            Notation::Wxf,
            Notation::Chinese(Script::Simplified),
            Notation::Chinese(Script::Traditional),
        ] {
            let text = game.to_pgn(n);
            assert!(text.lines().all(|l| l.chars().count() <= LINE_WIDTH), "{text}");
            let back = Game::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.moves, game.moves);
            assert_eq!(back.result, game.result);
            assert_eq!(back.start.fen(), game.start.fen());
            assert_eq!(back.final_position().expect("legal moves").fen(), pos.fen());
            assert_eq!(back.to_pgn(n), text);
        }
    }
}

#[test]
fn errors_name_the_culprit() {
    let err = |text: &str| Game::parse(text).expect_err(text);
    assert!(matches!(err("[Event \"x\"\n1. h2e2"), PgnError::BadTag { line: 1, .. }));
    assert!(matches!(err("[Event x]"), PgnError::BadTag { .. }));
    assert!(matches!(err("[FEN \"9/9 w\"]\n1. h2e2"), PgnError::BadFen { line: 1, .. }));
    assert!(matches!(err("[FEN \"9/9 w\"]"), PgnError::BadFen { .. }));
    assert!(matches!(err("1. h2e2 {unclosed"), PgnError::Unterminated { what: Unclosed::Comment, .. }));
    assert!(matches!(err("1. h2e2 (h9g7"), PgnError::Unterminated { what: Unclosed::Variation, .. }));
    assert!(matches!(err("1. h2e2 )"), PgnError::UnexpectedToken { .. }));
    match err("1. h2e2 h9g7\n2. h2e2 *") {
        PgnError::BadMove { line, number, token, error } => {
            assert_eq!((line, number.as_str(), token.as_str()), (2, "2.", "h2e2"));
            assert!(matches!(error, NotationError::Illegal { .. }));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        err("1. h2e2 zz9").to_string(),
        "line 1: move 1... zz9: 'zz9' is not a move (examples: h2e2, 炮二平五, C2.5)"
    );
}

#[test]
fn empty_texts() {
    let game = Game::parse("").expect("empty is fine");
    assert!(game.moves.is_empty() && game.result.is_none());
    assert_eq!(game.start.fen(), START_FEN);
    assert!(read_games(" \n\n{just a remark}\n").is_empty());
}

proptest::proptest! {
    #[test]
    fn reader_never_panics(text in "\\PC{0,80}") {
        let _ = read_games(&text);
    }

    #[test]
    fn reader_never_panics_on_pgn_like_text(
        text in "(\\[[A-Za-z]{0,4} ?\"[^\"\n]{0,6}\"?\\]?\n?|[0-9]{1,2}\\.{0,3}|h2e2|h9g7|炮二平五|C2\\.5|33\\.4|\\{|\\}|\\(|\\)|;|%|\\$[0-9]|1-0|\\*| |\n){0,24}"
    ) {
        let _ = read_games(&text);
    }
}

#[test]
fn read_bytes_tells_the_format() {
    let bytes = "[Red \"许银川\"]\n1. 炮二平五 马８进７ *\n".encode_utf16();
    let utf16: Vec<u8> = [0xfeff_u16].into_iter().chain(bytes).flat_map(u16::to_le_bytes).collect();
    let source = read_bytes(std::path::Path::new("upload.pgn"), &utf16);
    assert_eq!(source.format, Some(Format::Pgn(Charset::Utf16)));
    assert_eq!(source.format.map(Format::name).as_deref(), Some("PGN (UTF-16)"));
    let (games, errors) = source.split();
    assert_eq!((games.len(), errors.len()), (1, 0));
    assert_eq!((games[0].tag("Red"), iccs(&games[0])), (Some("许银川"), vec!["h2e2".to_string(), "h9g7".to_string()]));
}

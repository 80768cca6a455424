//! Game files in every format Chuhan reads: XQF fixtures (`tests/data/xqf/`, real files from
//! walker8088/cchess, `games/`, GPL-3.0), PGN variations, DhtmlXQ blocks, the round trip
//! between the three, and damaged files.

use std::path::Path;

use chuhan::notation::Notation;
use chuhan::pgn::{
    Comment, Format, Game, PgnError, Place, Unclosed, Variation, read_bytes, read_dhtmlxq, read_games, write_dhtmlxq,
    write_game,
};
use chuhan::types::{Color, Move};
use proptest::prelude::*;

/// Each fixture: its name, its XQF version, and its main-line and all records as an
/// independent count of the file's records gives them, then the variations and comments the
/// reader keeps (as `chuhan pgn` shows them).
const FIXTURES: [(&str, u8, usize, usize, usize, usize); 8] = [
    ("v10", 10, 20, 26, 2, 2),
    ("v11", 11, 7, 11, 1, 0),
    ("v12", 12, 24, 38, 1, 0),
    ("v13", 13, 22, 22, 0, 0),
    ("v15", 15, 36, 36, 0, 0),
    ("v16", 16, 7, 9, 1, 1),
    ("v18", 18, 13, 17, 2, 0),
    ("badtext", 18, 38, 38, 0, 1),
];

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/xqf/{name}.xqf", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn xqf(name: &str) -> Game {
    let source = read_bytes(Path::new(name), &fixture(name));
    source.games.into_iter().next().expect("one game").unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn iccs(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

#[test]
fn every_xqf_version_reads_with_its_main_line_variations_and_comments() {
    for (name, version, main, all, variations, comments) in FIXTURES {
        let source = read_bytes(Path::new(name), &fixture(name));
        assert_eq!(source.format, Some(Format::Xqf(version)), "{name}");
        let game = xqf(name);
        let line = game.main_line();
        assert_eq!((game.moves.len(), line.move_count()), (main, all), "{name}");
        assert_eq!((line.variation_count(), line.comment_count()), (variations, comments), "{name}");
        assert!(game.final_position().is_ok(), "{name}");
    }
}

#[test]
fn xqf_header_fields_become_tags() {
    let game = xqf("v13");
    let tag = |name| game.tag(name).unwrap_or("");
    assert_eq!(
        [tag("Event"), tag("Site"), tag("Date"), tag("Red"), tag("Black"), tag("Title")],
        ["第十九届“五羊杯”象棋冠军赛", "广州", "1999.1.9", "河北李来群", "广东许银川", "起马对挺卒"]
    );
    assert_eq!(game.result.as_ref().map(|r| r.score()), Some("1/2-1/2"));
    assert_eq!(iccs(&game.moves[..4]), ["h0g2", "g6g5", "b2d2", "h9g7"]);
    // Version 10 is plain, the others scrambled: the positions and the texts come out alike.
    let old = xqf("v10");
    assert_eq!(old.start.fen(), "2ba1k3/4a4/r3b3R/8R/9/5pB2/9/4B4/3p2p2/5K3 w - - 0 1");
    assert_eq!(old.tag("Author"), Some("张训建"));
    let alternative = &old.variations[0];
    assert_eq!((alternative.ply, iccs(&alternative.moves)), (13, vec!["c9a7".into(), "f9f4".into(), "d1e1".into()]));
    assert_eq!(alternative.comments, [Comment { ply: 3, text: "先吃车可和。".to_string() }]);
    let study = xqf("v16");
    assert_eq!(study.comments, [Comment { ply: 0, text: "红车破中心胜".to_string() }]);
}

#[test]
fn damaged_xqf_files_say_where_and_keep_what_reads() {
    let error = read_bytes(Path::new("broken"), &fixture("broken")).split().1.remove(0);
    assert_eq!(error.to_string(), "broken: game 1: byte 1106: move 5... 'e1f0' is illegal (no piece on e1)");
    let text = xqf("badtext");
    assert_eq!(text.warnings, [PgnError::BadText { at: Place::CommentAt(1032) }]);
    // Cut anywhere after the magic: without a header or its first record the file is
    // refused; a move record cut keeps the moves before it.
    let full = fixture("v18");
    let whole = xqf("v18");
    for len in 2..full.len() {
        match &read_bytes(Path::new("cut"), &full[..len]).games[..] {
            [Ok(game)] => {
                assert!(whole.moves.starts_with(&game.moves), "{len}");
                assert!(game.moves.len() == whole.moves.len() || !game.warnings.is_empty(), "{len}");
                assert!(game.main_line().move_count() < whole.main_line().move_count(), "{len}");
            }
            [Err(PgnError::Corrupt { at, .. })] => {
                assert!(len < 1024 && *at == Place::Header(None) || len < 1028, "{len}")
            }
            other => panic!("{len}: {other:?}"),
        }
    }
}

/// The same game read back: start, result, moves, comments and variations at every depth.
fn same_record(a: &Game, b: &Game) -> Result<(), String> {
    let fields =
        |g: &Game| (g.start.fen(), g.result.clone(), g.moves.clone(), g.comments.clone(), g.variations.clone());
    if fields(a) == fields(b) { Ok(()) } else { Err(format!("{:?}\n{:?}", fields(a), fields(b))) }
}

#[test]
fn xqf_to_pgn_to_dhtmlxq_to_pgn_keeps_everything() {
    for (name, ..) in FIXTURES {
        let original = xqf(name);
        let pgn = write_game(&original, Notation::Iccs);
        let from_pgn = read_games(&pgn).remove(0).unwrap_or_else(|e| panic!("{name}: {e}\n{pgn}"));
        let ubb = write_dhtmlxq(&from_pgn);
        let from_ubb = read_dhtmlxq(&ubb).remove(0).unwrap_or_else(|e| panic!("{name}: {e}\n{ubb}"));
        let back = write_game(&from_ubb, Notation::Iccs);
        let again = read_games(&back).remove(0).expect("reads");
        for (step, game) in [("PGN", &from_pgn), ("DhtmlXQ", &from_ubb), ("PGN again", &again)] {
            same_record(&original, game).unwrap_or_else(|e| panic!("{name} after {step}: {e}\n{ubb}"));
        }
        assert_eq!(back.split_once("\n\n").map(|p| p.1), pgn.split_once("\n\n").map(|p| p.1), "{name}");
    }
}

#[test]
fn pgn_variations_nest_carry_comments_and_a_bad_one_is_cut() {
    let text = "1. h2e2 {c1} (1. b2e2 {alt} h9g7 (1... b9c7 2. b0c2) 2. h0g2) (1. c3c4) \
                1... h9g7 (1... h7e7 2. zz9 h0g2) 2. h0g2 *";
    let game = read_games(text).remove(0).expect("reads");
    let line = |ply, moves: &[&str], comments: Vec<Comment>, variations| Variation {
        ply,
        moves: moves.iter().map(|m| Move::parse(m).expect("move")).collect(),
        comments,
        nags: Vec::new(),
        variations,
    };
    let comment = |ply, text: &str| Comment { ply, text: text.to_string() };
    assert_eq!(iccs(&game.moves), ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(
        game.variations,
        [
            line(
                0,
                &["b2e2", "h9g7", "h0g2"],
                vec![comment(1, "alt")],
                vec![line(1, &["b9c7", "b0c2"], vec![], vec![])]
            ),
            line(0, &["c3c4"], vec![], vec![]),
            line(1, &["h7e7"], vec![], vec![]),
        ]
    );
    assert_eq!(game.warnings.len(), 1);
    assert_eq!(
        game.warnings[0].to_string(),
        "line 1: move 2. zz9: 'zz9' is not a move (examples: h2e2, 炮二平五, C2.5)"
    );
    let written = write_game(&game, Notation::Iccs);
    assert!(
        written.ends_with(
            "\n\n1. h2e2 {c1} (1. b2e2 {alt} 1... h9g7 (1... b9c7 2. b0c2) 2. h0g2) (1. c3c4)\n\
             1... h9g7 (1... h7e7) 2. h0g2 *\n"
        ),
        "{written}"
    );
    // A variation that replaces nothing, or never closes.
    assert!(read_games("(1. h2e2) 1. b2e2 *").remove(0).is_ok_and(|g| g.variations.is_empty() && g.moves.len() == 1));
    assert!(matches!(
        read_games("1. h2e2 (1. b2e2 *").remove(0),
        Err(PgnError::Unterminated { what: Unclosed::Variation, .. })
    ));
}

#[test]
fn dhtmlxq_blocks_read_with_start_variations_and_comments() {
    let text = "论坛帖子\n[DhtmlXQ]\n[DhtmlXQ_title]示例[/DhtmlXQ_title]\n[DhtmlXQ_red]许银川[/DhtmlXQ_red]\n\
        [DhtmlXQ_black]吕钦[/DhtmlXQ_black]\n[DhtmlXQ_result]红胜[/DhtmlXQ_result]\n\
        [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]\n\
        [DhtmlXQ_comment1]中炮||开局[/DhtmlXQ_comment1]\n[DhtmlXQ_comment1_1]或者[/DhtmlXQ_comment1_1]\n\
        [DhtmlXQ_comment1_2]屏风马[/DhtmlXQ_comment1_2]\n[/DhtmlXQ]\n\
        [DhtmlXQ][DhtmlXQ_binit]9999999949999999999999999999999999999999999999999999999999999999[/DhtmlXQ_binit]\
        [DhtmlXQ_movelist]4948[/DhtmlXQ_movelist][/DhtmlXQ]";
    let source = read_bytes(Path::new("post.txt"), text.as_bytes());
    assert!(matches!(source.format, Some(Format::DhtmlXq(_))));
    let (games, errors) = source.split();
    assert_eq!((games.len(), errors.len()), (1, 1), "{errors:?}");
    let game = &games[0];
    assert_eq!((game.tag("Title"), game.tag("Red"), game.tag("Black")), (Some("示例"), Some("许银川"), Some("吕钦")));
    assert_eq!(game.result.as_ref().map(|r| r.winner), Some(Some(Color::Red)));
    assert_eq!(iccs(&game.moves), ["h2e2", "h9g7"]);
    assert_eq!(game.comments, [Comment { ply: 1, text: "中炮\n开局".to_string() }]);
    let expected = Variation {
        ply: 1,
        moves: vec![Move::parse("b9c7").expect("move")],
        comments: vec![Comment { ply: 0, text: "或者".to_string() }, Comment { ply: 1, text: "屏风马".to_string() }],
        ..Variation::default()
    };
    assert_eq!(game.variations, [expected]);
    // The second block sets up a lone king, which is no position.
    assert!(matches!(errors[0].error, PgnError::BadStart { .. }), "{}", errors[0]);
    let written = write_dhtmlxq(game);
    assert!(written.contains("[DhtmlXQ_move_0_2_1]1022[/DhtmlXQ_move_0_2_1]\n"), "{written}");
    assert!(written.contains("[DhtmlXQ_comment1_1]或者[/DhtmlXQ_comment1_1]\n"), "{written}");
    same_record(game, &read_dhtmlxq(&written).remove(0).expect("reads back")).expect("same");
}

/// A line's moves, where its comments stand, and its variations': what PGN keeps of any text
/// (a comment loses its braces there).
#[derive(Debug, PartialEq)]
struct Shape(usize, Vec<Move>, Vec<usize>, Vec<Shape>);

fn shape(game: &Game) -> (String, Shape) {
    fn of(ply: usize, moves: &[Move], comments: &[Comment], variations: &[Variation]) -> Shape {
        let children = variations.iter().map(|v| of(v.ply, &v.moves, &v.comments, &v.variations)).collect();
        Shape(ply, moves.to_vec(), comments.iter().map(|c| c.ply).collect(), children)
    }
    (game.start.fen(), of(0, &game.moves, &game.comments, &game.variations))
}

proptest! {
    /// Fuzzing the binary reader: real files with bytes overwritten and cut short never panic,
    /// and whatever reads is a game every line of which replays.
    #[test]
    fn mutated_xqf_files_never_panic(
        which in 0..FIXTURES.len(),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..12),
        cut in any::<usize>(),
    ) {
        let mut bytes = fixture(FIXTURES[which].0);
        for (at, byte) in edits {
            let at = at % bytes.len();
            bytes[at] = byte;
        }
        bytes.truncate(cut % (bytes.len() + 1) + 1024.min(bytes.len()));
        for game in read_bytes(Path::new("fuzz"), &bytes).games.into_iter().flatten() {
            let pgn = write_game(&game, Notation::Iccs);
            let back = read_games(&pgn).remove(0);
            prop_assert!(back.is_ok_and(|b| shape(&game) == shape(&b)), "{}", pgn);
        }
    }
}

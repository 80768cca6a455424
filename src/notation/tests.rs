//! Tests of the notations: exact forms both ways, tricky stacks, errors, round trips.

use super::*;
use crate::board::START_FEN;
use crate::movegen::legal_moves;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mv(s: &str) -> Move {
    Move::parse(s).unwrap_or_else(|| panic!("bad test move {s}"))
}

/// Checks one move both ways in all notations: `(iccs, simplified, traditional, wxf)`.
fn check(fen: &str, cases: &[(&str, &str, &str, &str)]) {
    let p = pos(fen);
    for &(iccs, simplified, traditional, wxf) in cases {
        let m = mv(iccs);
        assert_eq!(to_chinese(&p, m, Script::Simplified).as_deref(), Some(simplified), "{fen} {iccs}");
        assert_eq!(to_chinese(&p, m, Script::Traditional).as_deref(), Some(traditional), "{fen} {iccs}");
        assert_eq!(to_wxf(&p, m).as_deref(), Some(wxf), "{fen} {iccs}");
        for text in [iccs, simplified, traditional, wxf] {
            assert_eq!(parse_move(&p, text), Ok(m), "{fen}: {text}");
        }
        assert_eq!(parse_chinese(&p, simplified), Ok(m));
        assert_eq!(parse_wxf(&p, wxf), Ok(m));
        assert_eq!(parse_iccs(&p, iccs), Ok(m));
    }
}

#[test]
fn start_position_red() {
    check(
        START_FEN,
        &[
            ("h2e2", "炮二平五", "炮二平五", "C2.5"),
            ("b0c2", "马八进七", "傌八進七", "H8+7"),
            ("h0g2", "马二进三", "傌二進三", "H2+3"),
            ("a0a1", "车九进一", "俥九進一", "R9+1"),
            ("c3c4", "兵七进一", "兵七進一", "P7+1"),
            ("c0e2", "相七进五", "相七進五", "E7+5"),
            ("d0e1", "仕六进五", "仕六進五", "A6+5"),
            ("e0e1", "帅五进一", "帥五進一", "K5+1"),
            ("b2b9", "炮八进七", "炮八進七", "C8+7"),
            ("h2h1", "炮二退一", "炮二退一", "C2-1"),
        ],
    );
}

#[test]
fn start_position_black() {
    check(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        &[
            ("h9g7", "马8进7", "馬8進7", "H8+7"),
            ("b9c7", "马2进3", "馬2進3", "H2+3"),
            ("h7e7", "炮8平5", "砲8平5", "C8.5"),
            ("i9i8", "车9进1", "車9進1", "R9+1"),
            ("g9e7", "象7进5", "象7進5", "E7+5"),
            ("f9e8", "士6进5", "士6進5", "A6+5"),
            ("c6c5", "卒3进1", "卒3進1", "P3+1"),
            ("e9e8", "将5进1", "將5進1", "K5+1"),
            ("b7b8", "炮2退1", "砲2退1", "C2-1"),
        ],
    );
}

#[test]
fn doubled_pieces() {
    // Red rooks on c2 and c4: the front one is c4.
    check(
        "3k5/9/9/9/9/2R6/9/2R6/9/4K4 w - - 0 1",
        &[
            ("c4c9", "前车进五", "前俥進五", "R++5"),
            ("c2d2", "后车平六", "後俥平六", "R-.6"),
            ("c2c1", "后车退一", "後俥退一", "R--1"),
            ("c4c3", "前车退一", "前俥退一", "R+-1"),
        ],
    );
    // Black horses on c5 and c7: Black's front is towards rank 0, so c5.
    check(
        "3k5/9/2n6/9/2n6/9/9/9/9/4K4 b - - 0 1",
        &[("c5d3", "前马进4", "前馬進4", "H++4"), ("c7b9", "后马退2", "後馬退2", "H--2")],
    );
    // Advisors on one file keep the file form when the direction tells them apart.
    check(
        "3k5/9/9/9/9/9/9/3A5/3A5/4K4 w - - 0 1",
        &[("d1e2", "仕六进五", "仕六進五", "A6+5"), ("d2e1", "仕六退五", "仕六退五", "A6-5")],
    );
    // ... and take 前/后 when it does not (d1 to e0 and d2 to e1 are both 仕六退五).
    check(
        "3k5/9/9/9/9/9/9/3A5/3A5/5K3 w - - 0 1",
        &[("d1e0", "后仕退五", "後仕退五", "A--5"), ("d2e1", "前仕退五", "前仕退五", "A+-5")],
    );
    // Elephants on c2 and c4 could both retreat to file 九 (not to 五: the king stands on e0).
    check(
        "3k5/9/9/9/9/2B6/9/2B6/9/4K4 w - - 0 1",
        &[
            ("c2a4", "相七进九", "相七進九", "E7+9"),
            ("c4a2", "前相退九", "前相退九", "E+-9"),
            ("c2a0", "后相退九", "後相退九", "E--9"),
            ("c4e2", "相七退五", "相七退五", "E7-5"),
        ],
    );
    let p = pos("3k5/9/9/9/9/9/9/3A5/3A5/5K3 w - - 0 1");
    assert!(matches!(parse_move(&p, "仕六退五"), Err(NotationError::Ambiguous { .. })));
    assert!(matches!(parse_move(&p, "A6-5"), Err(NotationError::Ambiguous { .. })));
}

#[test]
fn soldiers_on_one_file() {
    // The WXF manual's examples: Red soldiers on the 3rd file (g) traverse to the 4th.
    check(
        "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
        &[
            ("g7f7", "前兵平四", "前兵平四", "P+.4"),
            ("g6f6", "中兵平四", "中兵平四", "P3.4"),
            ("g5f5", "后兵平四", "後兵平四", "P-.4"),
        ],
    );
    check(
        "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
        &[
            ("g9f9", "一兵平四", "一兵平四", "++.4"),
            ("g8f8", "二兵平四", "二兵平四", "P+.4"),
            ("g7f7", "三兵平四", "三兵平四", "P3.4"),
            ("g6f6", "四兵平四", "四兵平四", "P-.4"),
            ("g5f5", "五兵平四", "五兵平四", "--.4"),
        ],
    );
    check(
        "3k5/6P2/6P2/6P2/6P2/2P6/9/9/9/4K4 w - - 0 1",
        &[
            ("g8f8", "一兵平四", "一兵平四", "++.4"),
            ("g7f7", "二兵平四", "二兵平四", "P+.4"),
            ("g6f6", "三兵平四", "三兵平四", "P-.4"),
            ("g5f5", "四兵平四", "四兵平四", "--.4"),
            ("c4c5", "兵七进一", "兵七進一", "P7+1"),
        ],
    );
    // Black soldiers on e2..e6: Black's front is the lowest rank.
    check(
        "3k5/9/9/4p4/4p4/4p4/4p4/4p4/9/5K3 b - - 0 1",
        &[
            ("e2d2", "一卒平4", "一卒平4", "++.4"),
            ("e2e1", "一卒进1", "一卒進1", "+++1"),
            ("e4d4", "三卒平4", "三卒平4", "P5.4"),
            ("e3f3", "二卒平6", "二卒平6", "P+.6"),
        ],
    );
}

#[test]
fn soldiers_on_two_files() {
    // Three soldiers on Red's 3rd file (g), two on the 7th (c), as in the WXF manual.
    check(
        "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",
        &[
            ("g7f7", "前三平四", "前三平四", "3+.4"),
            ("g6f6", "中三平四", "中三平四", "33.4"),
            ("g5f5", "后三平四", "後三平四", "3-.4"),
            ("c6d6", "前七平六", "前七平六", "7+.6"),
            ("c5d5", "后七平六", "後七平六", "7-.6"),
        ],
    );
    let p = pos("3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1");
    assert!(matches!(parse_move(&p, "前兵进一"), Err(NotationError::Ambiguous { .. })));
    assert_eq!(parse_move(&p, "前兵七平六"), Ok(mv("c6d6")));
}

#[test]
fn lenient_reading() {
    let p = Position::startpos();
    for text in
        ["炮2平5", "炮二平５", " 砲 二 平 五 ", "c2.5", "C2=5", "C25", "Ｃ２．５", "h2e2!", "H2-E2", "炮二平五?!"]
    {
        assert_eq!(parse_move(&p, text), Ok(mv("h2e2")), "{text}");
    }
    assert_eq!(parse_move(&p, "N8+7"), Ok(mv("b0c2")));
    assert_eq!(parse_move(&p, "B3+5"), Ok(mv("g0e2")));
    let p = pos("3k5/9/9/9/9/2R6/9/2R6/9/4K4 w - - 0 1");
    for text in ["車前進五", "前车进五", "+R+5", "r++5"] {
        assert_eq!(parse_move(&p, text), Ok(mv("c4c9")), "{text}");
    }
}

/// Forms of real game collections (traditional characters, full-width digits for Black,
/// tandem pieces written either way round) read exactly.
#[test]
fn real_world_forms() {
    let cases: [(&str, &[(&str, &str)]); 4] = [
        // Red horses on c5 and c3.
        (
            "3k5/9/9/9/2N6/9/2N6/9/9/4K4 w",
            &[("前馬退八", "c5b3"), ("後馬進六", "c3d5"), ("马后进六", "c3d5"), ("H-+6", "c3d5")],
        ),
        // Black rooks on d7 and d5: Black's front is the lower rank.
        (
            "5k3/9/3r5/9/3r5/9/9/9/9/4K4 b",
            &[("後車平５", "d7e7"), ("車後平５", "d7e7"), ("前車進１", "d5d4"), ("前车进一", "d5d4")],
        ),
        // Red cannons on b4 and b2, in WXF with full-width characters.
        (
            "3k5/9/9/9/9/1C7/9/1C7/9/4K4 w",
            &[("Ｃ＋．５", "b4e4"), ("C-=5", "b2e2"), ("後炮平五", "b2e2"), ("-C.5", "b2e2")],
        ),
        // Five black soldiers on file 5 (e2 to e6), the first the nearest to Red.
        (
            "3k5/9/9/4p4/4p4/4p4/4p4/4p4/9/5K3 b",
            &[("一卒平４", "e2d2"), ("二卒平６", "e3f3"), ("三卒平４", "e4d4"), ("P5.4", "e4d4")],
        ),
    ];
    for (fen, moves) in cases {
        let p = pos(fen);
        for &(text, iccs) in moves {
            assert_eq!(parse_move(&p, text), Ok(mv(iccs)), "{fen}: {text}");
        }
    }
}

#[test]
fn errors() {
    let p = Position::startpos();
    let err = |t: &str| parse_move(&p, t).expect_err(t);
    assert!(matches!(err("hello"), NotationError::Unrecognized(_)));
    assert!(matches!(err(""), NotationError::Unrecognized(_)));
    assert!(matches!(err("炮二平"), NotationError::Unrecognized(_)));
    assert!(matches!(err("C2.0"), NotationError::Unrecognized(_)));
    assert!(matches!(err("炮五平四"), NotationError::NoSuchPiece { kind: PieceKind::Cannon, .. }));
    assert!(matches!(err("前炮平五"), NotationError::NoSuchPiece { .. }));
    assert!(matches!(err("马八平七"), NotationError::Illegal { .. }));
    assert!(matches!(err("R9+4"), NotationError::Illegal { .. }));
    assert!(matches!(err("h2h5x"), NotationError::Unrecognized(_)));
    assert!(matches!(err("a0a5"), NotationError::Illegal { .. }));
    assert!(matches!(err("e5e6"), NotationError::Illegal { .. }));
    assert_eq!(err("a0a5").to_string(), "'a0a5' is illegal (a rook on a0 cannot move to a5)");
    // Two soldiers could both step forward: the ambiguity is reported, not guessed.
    let p = pos("3k5/9/9/4P4/9/4P4/9/9/9/4K4 w - - 0 1");
    assert!(matches!(parse_move(&p, "兵五进一"), Err(NotationError::Ambiguous { .. })));
    assert_eq!(parse_move(&p, "后兵进一"), Ok(mv("e4e5")));
}

#[test]
fn format_move_falls_back_to_iccs() {
    let p = Position::startpos();
    assert_eq!(format_move(&p, mv("h2e2"), Notation::Iccs), "h2e2");
    assert_eq!(format_move(&p, mv("h2e2"), Notation::Wxf), "C2.5");
    assert_eq!(format_move(&p, mv("h2e2"), Notation::Chinese(Script::Traditional)), "炮二平五");
    // Nothing on e4, and a black piece while Red is to move: no file notation.
    assert_eq!(format_move(&p, mv("e4e5"), Notation::Wxf), "e4e5");
    assert_eq!(format_move(&p, mv("h9g7"), Notation::Chinese(Script::Simplified)), "h9g7");
    assert_eq!(to_wxf(&p, Move::NULL), None);
}

/// Positions with doubled pieces and soldier stacks of every size, for both colours.
const STACKS: [&str; 8] = [
    "3k5/9/9/9/9/2R6/9/2R6/9/4K4 w - - 0 1",
    "3k5/9/9/9/9/9/9/3A5/3A5/5K3 w - - 0 1",
    "3k5/9/9/9/9/2B6/9/2B6/9/4K4 w - - 0 1",
    "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
    "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
    "3k5/6P2/6P2/6P2/6P2/2P6/9/9/9/4K4 w - - 0 1",
    "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",
    "3k5/9/9/2PP5/2PP5/9/1C7/1C7/4A4/3AK4 w - - 0 1",
];

/// The same position with the colours swapped and the board turned upside down.
fn mirror(fen: &str) -> String {
    let mut fields = fen.split(' ');
    let placement: Vec<String> = fields
        .next()
        .unwrap_or_default()
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect()
        })
        .collect();
    let side = if fields.next() == Some("w") { "b" } else { "w" };
    format!("{} {side} - - 0 1", placement.join("/"))
}

/// A small fixed generator (SplitMix64), so the random games are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// Every legal move written in each notation reads back as itself.
fn round_trip_all(p: &Position) -> usize {
    let moves = legal_moves(p);
    for m in &moves {
        for script in [Script::Simplified, Script::Traditional] {
            let text = to_chinese(p, m, script).unwrap_or_else(|| panic!("{}: no Chinese for {m}", p.fen()));
            assert_eq!(parse_move(p, &text), Ok(m), "{}: {m} written as {text}", p.fen());
        }
        let text = to_wxf(p, m).unwrap_or_else(|| panic!("{}: no WXF for {m}", p.fen()));
        assert_eq!(parse_move(p, &text), Ok(m), "{}: {m} written as {text}", p.fen());
        assert_eq!(parse_move(p, &m.to_string()), Ok(m));
    }
    moves.len()
}

#[test]
fn round_trip_every_legal_move() {
    let mut roots: Vec<String> =
        crate::epd::lines(include_str!("../../positions/perft.epd")).map(|l| l.fen.to_string()).collect();
    roots.push(START_FEN.to_string());
    for fen in STACKS {
        roots.push(fen.to_string());
        roots.push(mirror(fen));
    }
    let mut rng = Rng(0x5eed);
    let mut checked = 0;
    for fen in &roots {
        let start = pos(fen);
        checked += round_trip_all(&start);
        // Random games from each root reach positions no list holds.
        for _ in 0..4 {
            let mut p = start.clone();
            for _ in 0..120 {
                let moves = legal_moves(&p);
                if moves.is_empty() {
                    break;
                }
                p.make(moves[rng.below(moves.len())]);
                checked += round_trip_all(&p);
            }
        }
    }
    assert!(checked > 100_000, "only {checked} moves checked");
}

#[test]
fn mirrored_stacks_are_black() {
    let p = pos(&mirror(STACKS[4]));
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(to_wxf(&p, mv("g0f0")).as_deref(), Some("++.6"));
    assert_eq!(to_chinese(&p, mv("g4f4"), Script::Simplified).as_deref(), Some("五卒平6"));
}

proptest::proptest! {
    #[test]
    fn parsers_never_panic(text in "\\PC{0,12}") {
        for fen in [START_FEN, STACKS[6], STACKS[7]] {
            let p = pos(fen);
            let _ = parse_move(&p, &text);
            let _ = parse_iccs(&p, &text);
            let _ = parse_chinese(&p, &text);
            let _ = parse_wxf(&p, &text);
        }
    }

    #[test]
    fn notation_alphabet_never_panics(
        text in "[车車马馬炮砲兵卒相仕帅将前中后後进退平一二三四五六七八九0-9１９KAEHRCPBNkh+=.\\- ]{0,7}"
    ) {
        for fen in [START_FEN, STACKS[4], STACKS[6]] {
            let p = pos(fen);
            let _ = parse_move(&p, &text);
            let _ = parse_move(&pos(&mirror(fen)), &text);
        }
    }
}

#[test]
fn notation_is_told_from_the_text() {
    assert_eq!(Notation::of_text("h2e2"), Notation::Iccs);
    assert_eq!(Notation::of_text("H2-E2"), Notation::Iccs);
    assert_eq!(Notation::of_text("C2.5"), Notation::Wxf);
    assert_eq!(Notation::of_text("炮二平五"), Notation::Chinese(Script::Simplified));
    assert_eq!(Notation::of_text("马８进７"), Notation::Chinese(Script::Simplified));
    assert_eq!(Notation::of_text("馬８進７"), Notation::Chinese(Script::Traditional));
    assert_eq!(Notation::of_text("炮二平五?!"), Notation::Chinese(Script::Simplified));
}

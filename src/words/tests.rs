use super::*;
use crate::board::Position;

#[test]
fn a_refused_fen_says_why_in_both_languages() {
    let e = Position::from_fen("3kk4/9/9/9/9/9/9/9/9/4K4 w").expect_err("two black kings");
    let say = fen_error(&e);
    assert_eq!(say.get(Lang::En), "invalid FEN: black has 2 kings instead of one");
    assert_eq!(say.get(Lang::Zh), "FEN 不合法：黑方有 2 个将帅，应为 1 个");
    assert_eq!(reason(&Reason::TimeForfeit(Color::Red)).get(Lang::Zh), "红方超时判负");
    // An illegal move keeps its reason in Chinese too.
    let e = Position::startpos().play(crate::types::Move::parse("h2h8").expect("ICCS")).expect_err("blocked");
    assert_eq!(illegal_move(&e).get(Lang::En), "'h2h8' is illegal (a cannon on h2 cannot move to h8)");
    assert_eq!(illegal_move(&e).get(Lang::Zh), "着法 'h2h8' 不合法（h2 的炮不能走到 h8）");
    let e = crate::notation::parse_move(&Position::startpos(), "马八进").expect_err("no such move");
    assert_eq!(notation_error(&e).get(Lang::Zh), "'马八进' 不是着法（例如 h2e2、炮二平五、C2.5）");
    let e = crate::notation::parse_move(&Position::startpos(), "车一平二").expect_err("blocked");
    assert_eq!(notation_error(&e).get(Lang::Zh), "'车一平二' 不合法（i0 的车不能走到 h0）");
}

/// The account of a cycle played twice from `fen`, in both languages.
fn account(fen: &str, cycle: &str) -> (String, String) {
    let mut pos = Position::from_fen(fen).expect("FEN");
    pos.play_iccs(&format!("{cycle} {cycle}"));
    let say = super::cycle(&pos.repetition_report(3).expect("a third occurrence"));
    (say.get(Lang::En), say.get(Lang::Zh))
}

/// One cycle of each kind of account: perpetual check, a perpetual chase, one check and one
/// chase, two chases side by side (`tests/repetition.rs`).
#[test]
fn the_repetition_account_in_both_languages() {
    let (en, zh) = account("3k5/R8/9/9/9/9/9/9/9/4K4 w", "a8a9 d9d8 a9a8 d8d9");
    assert_eq!(
        en,
        "cycle: a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9; red checks on every move; black is neither checking nor chasing"
    );
    assert_eq!(zh, "循环：a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9；红方每步都将军；黑方既未将军，也未捉子");
    let (en, zh) = account("3ak1n2/1rC1a4/2n1b3c/p3p3p/6p2/9/P3P1P1P/2C1B1N2/7R1/2BAKA3 b", "c7b5 e2c4 b5c7 c4e2");
    assert!(
        en.ends_with("; black rook b8 chases red cannon c8 on every move; red is neither checking nor chasing"),
        "{en}"
    );
    assert!(zh.ends_with("；黑方车 b8 捉红方炮 c8，每步都捉；红方既未将军，也未捉子"), "{zh}");
    let (_, zh) = account("5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w", "f4d4 f5d5 d4f4 d5f5");
    assert!(zh.ends_with("；和棋，双方都没有每步将军，也没有每步捉同一子：红方在 4 步中将军 2 步、捉子 2 步，允许；黑方既未将军，也未捉子"), "{zh}");
    let (en, zh) = account("4kabr1/1c2aR1c1/r1nRb1n2/p3p3p/9/9/P3P3P/1CN1C1N2/9/2BAKAB2 w", "d7d8 e8d9 d8d7 d9e8");
    assert!(en.contains("; draw, both sides chase on every move: "), "{en}");
    assert!(
        zh.ends_with(
            "；和棋，双方每步都捉子：红方车 d7/d8 和红方车 f8 捉黑方炮 b8，每步都捉；黑方士 e8 和黑方炮 h8 捉红方车 \
             d7/d8，黑方炮 b8 捉红方车 f8，每步都捉，各子由各自的棋子捉，不允许"
        ),
        "{zh}"
    );
}

/// The refusal of the first game of an uploaded file's `bytes`.
fn skip(bytes: &[u8]) -> Say {
    let (source, _) = crate::pgn::read_decoded(std::path::Path::new("upload"), bytes);
    let (_, errors) = source.split();
    skipped(&errors[0])
}

/// The reader's reason for a skipped game, from a PGN move and from a binary file's bytes.
#[test]
fn a_skipped_game_says_why_in_both_languages() {
    let say = skip(b"[Red \"C\"]\n1. h2e2 h2e2 *\n");
    assert_eq!(say.get(Lang::En), "game 1 skipped: line 2: move 1... h2e2: 'h2e2' is illegal (no piece on h2)");
    assert_eq!(say.get(Lang::Zh), "第 1 局跳过：第 2 行：着法 1... h2e2：'h2e2' 不合法（h2 没有棋子）");
    let say = skip(b"XQ\x0a\0\0\0");
    assert_eq!(say.get(Lang::En), "game 1 skipped: header: 6 bytes, shorter than the XQF header (1024 bytes)");
    assert_eq!(say.get(Lang::Zh), "第 1 局跳过：文件头：6 字节，比 XQF 文件头（1024 字节）还短");
    let say = skip(b"[Red \"C\"]\n1. h2e2 {never closed\n");
    assert_eq!(say.get(Lang::Zh), "第 1 局跳过：第 2 行：注释没有结束");
}

/// The places and faults of a game file, a book and a message, in both languages: a
/// DhtmlXQ field by what it holds and its name, an XQF header field by its label, a book
/// record's fault, a refused message.
#[test]
fn file_book_and_message_faults_in_both_languages() {
    let say = skip(b"[DhtmlXQ][DhtmlXQ_movelist]7747xx[/DhtmlXQ_movelist][/DhtmlXQ]");
    assert_eq!(say.get(Lang::En), "game 1 skipped: movelist: moves are not groups of four digits");
    assert_eq!(say.get(Lang::Zh), "第 1 局跳过：主线（DhtmlXQ_movelist）：着法不是每组四位的数字");
    let say = skip(b"[DhtmlXQ][DhtmlXQ_movelist]77477747[/DhtmlXQ_movelist][/DhtmlXQ]");
    assert_eq!(say.get(Lang::En), "game 1 skipped: movelist move 2: move 1... 'h2e2' is illegal (no piece on h2)");
    assert_eq!(
        say.get(Lang::Zh),
        "第 1 局跳过：主线（DhtmlXQ_movelist）第 2 步：着法 1... 'h2e2' 不合法（h2 没有棋子）"
    );
    let game = |error| GameError { file: "upload".into(), game: 1, error };
    let variation = Place::Field("move_0_5_1".to_string(), None);
    let e = PgnError::Corrupt { at: variation, why: Corruption::NoBranchPoint { parent: 0, step: 5 } };
    assert_eq!(
        skipped(&game(e)).get(Lang::Zh),
        "第 1 局跳过：变着（DhtmlXQ_move_0_5_1）：从第 0 条线路的第 5 步分出，那里却没有着法"
    );
    let e = PgnError::IllegalRecord {
        at: Place::Field("move_0_5_1".to_string(), Some(2)),
        number: "3.".to_string(),
        why: BadRecord::OffBoard,
    };
    assert_eq!(
        skipped(&game(e)).get(Lang::Zh),
        "第 1 局跳过：变着（DhtmlXQ_move_0_5_1）第 2 步：着法 3.的起点或终点在棋盘外"
    );
    let e = PgnError::BadText { at: Place::Header(Some("Event")) };
    assert_eq!(
        skipped(&game(e.clone())).get(Lang::En),
        "game 1 skipped: header Event: text that is not valid in its character set"
    );
    assert_eq!(skipped(&game(e)).get(Lang::Zh), "第 1 局跳过：文件头的赛事：文字不符合其字符集");
    let e = PgnError::BadText { at: Place::Header(Some("Red")) };
    assert_eq!(skipped(&game(e)).get(Lang::Zh), "第 1 局跳过：文件头的红方：文字不符合其字符集");
    let e = FormatError::Record { index: 3, what: RecordFault::BadMove };
    assert_eq!(
        (book_error(&e).get(Lang::En), book_error(&e).get(Lang::Zh)),
        ("book record 3: bad move".to_string(), "开局库记录 3：着法无效".to_string())
    );
    let e = FormatError::Record { index: 1, what: RecordFault::KeysOutOfOrder };
    assert_eq!(book_error(&e).get(Lang::Zh), "开局库记录 1：局面键值没有按顺序排列");
    let fault = MessageFault::UnknownKind("fly".to_string());
    let say = bad_message("unknown variant `fly`", &fault);
    assert_eq!(
        (say.get(Lang::En), say.get(Lang::Zh)),
        ("not a message: unknown variant `fly`".to_string(), "无法识别的消息：未知的消息类型 \"fly\"".to_string())
    );
    let fault = MessageFault::Missing { kind: "check".to_string(), field: "fen".to_string() };
    assert_eq!(bad_message("", &fault).get(Lang::Zh), "无法识别的消息：check 消息缺少字段 fen");
}

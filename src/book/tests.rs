use super::build::Builder;
use super::format::{self, FormatError, HEADER_LEN, POSITION_LEN, RecordFault, move_len};
use super::*;
use crate::types::{Color, GameResult, Reason};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace().map(|m| Move::parse(m).expect("ICCS move")).collect()
}

fn after(text: &str) -> Position {
    let mut pos = Position::startpos();
    for mv in moves(text) {
        pos.play(mv).expect("legal move");
    }
    pos
}

fn stats(wins: u32, draws: u32, losses: u32) -> Stats {
    Stats { wins, draws, losses, unknown: 0 }
}

/// A recorded result: a win for `winner`, a draw for `None`.
fn result(winner: Option<Color>) -> GameResult {
    GameResult { winner, reason: Reason::Recorded }
}

/// Four games: two of one line, its mirror image (drawn), and a transposition of the first by
/// the cannon first.
fn fixture() -> Builder {
    let mut b = Builder::new(30);
    let start = Position::startpos();
    let c01 = Ecco::parse("C01");
    let b10 = Ecco::parse("B10");
    for (line, winner, ecco) in [
        ("c3c4 h9g7 h2e2 i9h9", Some(Color::Red), c01),
        ("c3c4 h9g7 h2e2 i9h9 i0i1", Some(Color::Black), c01),
        ("g3g4 b9c7 b2e2 a9b9", None, b10),
        ("h2e2 h9g7 c3c4 i9h9", Some(Color::Red), b10),
    ] {
        b.add(&start, &moves(line), Some(&result(winner)), ecco).expect("legal game");
    }
    b
}

fn book(b: &Builder, min_games: u32) -> Book {
    Book::from_bytes(b.encode(min_games)).expect("a fresh book reads back")
}

fn probe(book: &Book, line: &str) -> Vec<(String, Stats)> {
    book.probe(&after(line)).into_iter().map(|bm| (bm.mv.to_string(), bm.stats)).collect()
}

#[test]
fn counts_are_exact() {
    let b = fixture();
    let book = book(&b, 1);
    // The start position is its own mirror image: c3c4 and g3g4 stay two moves. Ties in games
    // go by the move's code (h2 before g3).
    assert_eq!(
        probe(&book, ""),
        [("c3c4".into(), stats(1, 0, 1)), ("h2e2".into(), stats(1, 0, 0)), ("g3g4".into(), stats(0, 1, 0))]
    );
    // After the pawn, Black's horse from either side of the mirror, as results for Black.
    assert_eq!(probe(&book, "c3c4"), [("h9g7".into(), stats(1, 1, 1))]);
    assert_eq!(probe(&book, "c3c4 h9g7"), [("h2e2".into(), stats(1, 1, 1))]);
    // Reached by two orders (transposition) and by the mirror image: four games.
    assert_eq!(probe(&book, "c3c4 h9g7 h2e2"), [("i9h9".into(), stats(1, 1, 2))]);
    assert_eq!(probe(&book, "h2e2 h9g7 c3c4"), [("i9h9".into(), stats(1, 1, 2))]);
    assert_eq!(probe(&book, "c3c4 h9g7 h2e2 i9h9"), [("i0i1".into(), stats(0, 0, 1))]);
    assert_eq!(probe(&book, "h2e2"), [("h9g7".into(), stats(0, 0, 1))]);
    assert_eq!(probe(&book, "c3c4 h9g7 h2e2 i9h9 i0i1"), []);
    let h = book.header();
    assert_eq!((h.positions, h.moves, h.max_ply, h.min_games), (7, 9, 30, 1));
    // Every game has a result: the file is of version 1, without the count of games without.
    assert_eq!(h.version, 1);
    assert_eq!(book.len_bytes(), HEADER_LEN + 7 * POSITION_LEN + 9 * move_len(1));
}

#[test]
fn mirror_images_share_an_entry() {
    let book = book(&fixture(), 1);
    // The mirror image of the line reads the same counts, with the moves mirrored.
    assert_eq!(probe(&book, "g3g4"), [("b9c7".into(), stats(1, 1, 1))]);
    assert_eq!(probe(&book, "g3g4 b9c7 b2e2"), [("a9b9".into(), stats(1, 1, 2))]);
    assert_eq!(probe(&book, "b2e2"), [("b9c7".into(), stats(0, 0, 1))]);
    let (key, mirrored) = book_key(&after("c3c4"));
    assert_eq!(book_key(&after("g3g4")), (key, !mirrored));
    assert_eq!(book_key(&Position::startpos()), (Position::startpos().key(), false));
}

#[test]
fn min_games_drops_rare_moves_and_empty_positions() {
    let book = book(&fixture(), 2);
    assert_eq!(probe(&book, ""), [("c3c4".into(), stats(1, 0, 1))]);
    assert_eq!(probe(&book, "h2e2"), []);
    assert_eq!(probe(&book, "c3c4 h9g7 h2e2 i9h9"), []);
    assert_eq!(book.header().positions, 4);
}

#[test]
fn opening_is_the_most_common_code_ties_to_the_smaller() {
    let book = book(&fixture(), 1);
    // Two games each of C01 and B10 through the transposed position.
    assert_eq!(book.opening(&after("c3c4 h9g7 h2e2")).map(|e| e.to_string()), Some("B10".into()));
    assert_eq!(book.opening(&after("c3c4 h9g7 h2e2 i9h9")).map(|e| e.to_string()), Some("C01".into()));
    assert_eq!(book.opening(&after("h2e2")).map(|e| e.to_string()), Some("B10".into()));
    assert_eq!(Ecco::parse("E99").map(|e| e.to_string()), Some("E99".into()));
    for bad in ["", "F00", "C1", "C100", "c01", "CC1"] {
        assert_eq!(Ecco::parse(bad), None, "{bad}");
    }
}

#[test]
fn same_games_same_bytes() {
    assert_eq!(fixture().encode(1), fixture().encode(1));
}

#[test]
fn an_illegal_game_counts_nothing() {
    let mut b = fixture();
    let before = b.encode(1);
    // The last move jumps the horse on h9.
    let bad = b.add(&Position::startpos(), &moves("c3c4 h9g7 h2h9 i9i8 b2b9"), Some(&result(Some(Color::Red))), None);
    assert!(bad.is_err());
    assert_eq!(b.encode(1), before);
}

#[test]
fn max_ply_stops_counting() {
    let mut b = Builder::new(2);
    b.add(&Position::startpos(), &moves("h2e2 h9g7 h0g2 i9h9"), Some(&result(None)), None).expect("legal");
    let book = book(&b, 1);
    assert_eq!(probe(&book, "h2e2"), [("h9g7".into(), stats(0, 1, 0))]);
    assert_eq!(probe(&book, "h2e2 h9g7"), []);
}

#[test]
fn damaged_files_are_refused() {
    let good = fixture().encode(1);
    let refuse = |bytes: Vec<u8>| Book::from_bytes(bytes).expect_err("refused");
    // Every truncation, down to nothing, is refused without a panic.
    for len in 0..good.len() {
        let err = refuse(good[..len].to_vec());
        assert!(matches!(err, FormatError::BadMagic | FormatError::Length { .. }), "{len}: {err}");
    }
    assert_eq!(
        refuse(good[..good.len() - 1].to_vec()).to_string(),
        format!("truncated book: {} bytes, the header calls for {}", good.len() - 1, good.len())
    );
    let mut longer = good.clone();
    longer.push(0);
    assert!(matches!(refuse(longer), FormatError::Length { .. }));
    // Any flipped bit past the header fails the checksum.
    for at in HEADER_LEN..good.len() {
        let mut bad = good.clone();
        bad[at] ^= 0x10;
        assert_eq!(refuse(bad), FormatError::Checksum, "byte {at}");
    }
    let mut bad = good.clone();
    bad[0] = b'X';
    assert_eq!(refuse(bad), FormatError::BadMagic);
    let mut bad = good.clone();
    bad[8] = 3;
    assert_eq!(refuse(bad).to_string(), "book format version 3, this Chuhan reads versions 1 to 2");
    let mut bad = good.clone();
    bad[28] ^= 1;
    assert_eq!(refuse(bad), FormatError::Keys);
}

#[test]
fn records_that_break_the_layout_are_refused() {
    let records = fixture().records(1);
    let check = Position::startpos().key();
    let mut unsorted = records.clone();
    unsorted.swap(0, 1);
    let bytes = format::encode(&unsorted, 30, 1, check);
    assert_eq!(
        Book::from_bytes(bytes).expect_err("refused"),
        FormatError::Record { index: 1, what: RecordFault::KeysOutOfOrder }
    );
}

#[test]
fn open_names_the_file() {
    let err = Book::open(Path::new("/nonexistent/chuhan.book")).expect_err("no such file");
    assert!(err.to_string().starts_with("cannot read book /nonexistent/chuhan.book: "), "{err}");
}

fn book_move(mv: &str, s: Stats) -> BookMove {
    BookMove { mv: Move::parse(mv).expect("move"), stats: s }
}

#[test]
fn choice_is_weighted_and_skips_bad_moves() {
    // Weights: 100 games x 0.6 = 60 and 40 x 0.5 = 20 points; the third scores 0.2, more than
    // 0.1 below the average of 100 / 240, and is never chosen however often it was played.
    let moves = [
        book_move("h2e2", stats(40, 40, 20)),
        book_move("b2e2", stats(20, 0, 20)),
        book_move("h0g2", stats(10, 20, 70)),
    ];
    let pick = |fraction: f64| choose(&moves, (fraction * 2f64.powi(64)) as u64).map(|bm| bm.mv.to_string());
    assert_eq!(pick(0.0).as_deref(), Some("h2e2"));
    assert_eq!(pick(59.9 / 80.0).as_deref(), Some("h2e2"));
    assert_eq!(pick(60.1 / 80.0).as_deref(), Some("b2e2"));
    assert_eq!(choose(&moves, u64::MAX).map(|bm| bm.mv.to_string()).as_deref(), Some("b2e2"));
    assert_eq!(choose(&[], 0), None);
    assert_eq!(choose(&[book_move("h2e2", stats(0, 0, 5))], 0), None);
}

#[test]
fn pick_respects_the_allowed_moves() {
    let book = book(&fixture(), 1);
    let start = Position::startpos();
    let c3c4 = Move::parse("c3c4").expect("move");
    for r in [0, u64::MAX / 2, u64::MAX] {
        let bm = book.pick(&start, |mv| mv != c3c4, r).expect("a book move");
        assert_ne!(bm.mv, c3c4);
    }
    assert_eq!(book.pick(&start, |_| false, 0), None);
}

#[test]
fn default_book_opens_like_a_master() {
    let book = Book::default_book().expect("the default book reads");
    let first = book.probe(&Position::startpos());
    assert_eq!(first.first().map(|bm| bm.mv.to_string()).as_deref(), Some("h2e2"));
    assert!(first.len() >= 8, "{first:?}");
    assert!(book.len_bytes() <= 4_000_000);
}

#[test]
fn pick_never_returns_to_a_position_of_the_game() {
    // Both horses out and back: the book holds each move of the cycle.
    let mut b = Builder::new(30);
    b.add(&Position::startpos(), &moves("h0g2 h9g7 g2h0 g7h9 h0g2"), Some(&result(None)), None).expect("legal game");
    let book = book(&b, 1);
    // Red's horse going back reaches a new position; Black's would bring back the start.
    let red_back = after("h0g2 h9g7");
    let black_back = after("h0g2 h9g7 g2h0");
    assert_eq!(book.pick(&red_back, |_| true, 0).map(|bm| bm.mv.to_string()).as_deref(), Some("g2h0"));
    assert_eq!(probe(&book, "h0g2 h9g7 g2h0").len(), 1);
    for r in [0, u64::MAX / 2, u64::MAX] {
        assert_eq!(book.pick(&black_back, |_| true, r), None);
    }
}

/// Games without a result count how often each move was played, not how it scored; a book
/// holding any is written as version 2, whose move records carry that count.
#[test]
fn games_without_a_result_count_their_moves() {
    let mut b = fixture();
    let start = Position::startpos();
    b.add(&start, &moves("c3c4 h9g7"), None, None).expect("legal game");
    b.add(&start, &moves("c3c4 b9c7"), None, None).expect("legal game");
    let mixed = book(&b, 1);
    let c3c4 = Stats { unknown: 2, ..stats(1, 0, 1) };
    assert_eq!(probe(&mixed, "")[0], ("c3c4".into(), c3c4));
    assert_eq!((c3c4.games(), c3c4.scored(), c3c4.score()), (4, 2, Some(0.5)));
    assert_eq!(
        probe(&mixed, "c3c4"),
        [
            ("h9g7".into(), Stats { unknown: 1, ..stats(1, 1, 1) }),
            ("b9c7".into(), Stats { unknown: 1, ..stats(0, 0, 0) })
        ]
    );
    assert_eq!(probe(&mixed, "c3c4")[1].1.score(), None);
    let h = mixed.header();
    assert_eq!((h.version, h.positions, h.moves), (2, 7, 10));
    assert_eq!(mixed.len_bytes(), HEADER_LEN + 7 * POSITION_LEN + 10 * move_len(2));
    // A collection of nothing but such games is a book of frequencies.
    let mut b = Builder::new(30);
    b.add(&start, &moves("h2e2 h9g7"), None, None).expect("legal game");
    let frequencies = book(&b, 1);
    assert_eq!(probe(&frequencies, "h2e2"), [("h9g7".into(), Stats { unknown: 1, ..stats(0, 0, 0) })]);
}

#[test]
fn moves_without_a_score_are_chosen_by_frequency() {
    // No scores at all: weights 30 and 10 games.
    let unknown = |n| Stats { unknown: n, ..stats(0, 0, 0) };
    let moves = [book_move("h2e2", unknown(30)), book_move("b2e2", unknown(10))];
    let pick = |moves: &[BookMove], fraction: f64| {
        choose(moves, (fraction * 2f64.powi(64)) as u64).map(|bm| bm.mv.to_string())
    };
    assert_eq!(pick(&moves, 0.74).as_deref(), Some("h2e2"));
    assert_eq!(pick(&moves, 0.76).as_deref(), Some("b2e2"));
    // Beside a scored move, an unscored one is taken at the average score (0.75): weights
    // 4 games x 0.75 = 3 and 2 x 0.75 = 1.5.
    let mixed = [book_move("h2e2", stats(3, 0, 1)), book_move("b2e2", unknown(2))];
    assert_eq!(pick(&mixed, 2.9 / 4.5).as_deref(), Some("h2e2"));
    assert_eq!(pick(&mixed, 3.1 / 4.5).as_deref(), Some("b2e2"));
}

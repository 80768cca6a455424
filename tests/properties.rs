//! Property tests (issue #7): random legal games keep make/unmake, Zobrist keys and FEN output
//! consistent; parsers survive any input; and the move generator agrees, move for move, with an
//! independent slow mailbox implementation of `docs/rules.md` §2 and §3.
//!
//! Games are driven by proptest strategies (a start position and a vector of move choices), so a
//! failure shrinks to a short game and proptest prints the seed to replay it.

use chuhan::movegen::{MoveList, count_legal, generate_check_candidates, generate_evasions, legal_moves};
use chuhan::ucci::{Command, Dialect, check_legal, options, parse};
use chuhan::{Move, Position, START_FEN, Square};
use proptest::prelude::*;
use proptest::sample::Index;

/// Start positions: every FEN of the perft suite (openings, middlegames, endgames with both
/// sides to move, the horse-leg position), plus the start position.
fn start_fens() -> Vec<String> {
    let mut fens = vec![START_FEN.to_string()];
    fens.extend(chuhan::epd::lines(include_str!("../positions/perft.epd")).map(|l| l.fen.to_string()));
    fens
}

/// One move choice: which move, and whether to prefer a capture (so games reach endgames).
type Choice = (Index, bool);

fn game() -> impl Strategy<Value = (String, Vec<Choice>)> {
    (prop::sample::select(start_fens()), prop::collection::vec((any::<Index>(), any::<bool>()), 0..240))
}

fn is_capture(pos: &Position, mv: Move) -> bool {
    pos.piece_at(mv.to()).is_some()
}

/// The move chosen by `choice` among the legal moves, or `None` when there is none.
fn pick(pos: &Position, (index, capture): &Choice) -> Option<Move> {
    let moves: Vec<Move> = legal_moves(pos).iter().copied().collect();
    let captures: Vec<Move> = moves.iter().copied().filter(|&m| is_capture(pos, m)).collect();
    let from = if *capture && !captures.is_empty() { &captures } else { &moves };
    (!from.is_empty()).then(|| from[index.index(from.len())])
}

fn sorted_strings(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

mod mailbox;

use mailbox::Mailbox;

/// The generator, the single-move legality test and the counter agree with the slow checker.
fn check_against_slow(pos: &Position) -> Result<(), TestCaseError> {
    let fen = pos.fen();
    let slow = Mailbox::from_fen(&fen);
    let expected = slow.legal_moves();
    let generated = sorted_strings(legal_moves(pos).iter().copied());
    prop_assert_eq!(&generated, &expected, "legal moves of {}", fen);
    prop_assert_eq!(count_legal(pos), expected.len(), "count_legal of {}", fen);
    prop_assert_eq!(pos.in_check(), slow.king_attacked(slow.red_to_move), "in_check of {}", fen);
    // `is_legal_move` (used to validate protocol input) on every move of an own piece.
    let own: Vec<Square> =
        Square::all().filter(|&s| pos.piece_at(s).is_some_and(|p| p.color() == pos.side_to_move())).collect();
    for from in own {
        for to in Square::all().filter(|&t| t != from) {
            let mv = Move::new(from, to);
            let text = mv.to_string();
            prop_assert_eq!(
                pos.is_legal_move(mv),
                expected.binary_search(&text).is_ok(),
                "is_legal_move {} in {}",
                text,
                fen
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// make/unmake keep the incremental key equal to a fresh one, and unmaking restores the
    /// position exactly (FEN, key, legal moves) at every step back.
    #[test]
    fn make_unmake_and_keys_stay_consistent((fen, choices) in game()) {
        let mut pos = Position::from_fen(&fen).expect("start FEN");
        prop_assert_eq!(pos.key(), pos.compute_key());
        let mut trail: Vec<(String, u64, Vec<String>)> = Vec::new();
        for choice in &choices {
            let Some(mv) = pick(&pos, choice) else { break };
            trail.push((pos.fen(), pos.key(), sorted_strings(legal_moves(&pos).iter().copied())));
            pos.make(mv);
            prop_assert_eq!(pos.key(), pos.compute_key(), "after {} from {}", mv, &trail.last().expect("pushed").0);
            prop_assert_eq!(pos.last_move(), Some(mv));
        }
        while let Some((fen_before, key_before, moves_before)) = trail.pop() {
            pos.unmake();
            prop_assert_eq!(pos.key(), pos.compute_key());
            prop_assert_eq!(pos.key(), key_before);
            prop_assert_eq!(pos.fen(), fen_before);
            prop_assert_eq!(sorted_strings(legal_moves(&pos).iter().copied()), moves_before);
        }
        prop_assert_eq!(pos.fen(), Position::from_fen(&fen).expect("start FEN").fen());
        prop_assert_eq!(pos.game_ply(), 0);
    }

    /// `gives_check` answers, for every legal move along random games, what making the move
    /// and asking `in_check` answers.
    #[test]
    fn gives_check_agrees_with_making_the_move((fen, choices) in game()) {
        let mut pos = Position::from_fen(&fen).expect("start FEN");
        for choice in &choices {
            for &mv in legal_moves(&pos).iter() {
                let predicted = pos.gives_check(mv);
                pos.make(mv);
                let checks = pos.in_check();
                pos.unmake();
                prop_assert_eq!(predicted, checks, "{} in {}", mv, pos.fen());
            }
            let Some(mv) = pick(&pos, choice) else { break };
            pos.make(mv);
        }
    }

    /// Every legal quiet move that gives check is among the check candidates quiescence
    /// searches, along random games.
    #[test]
    fn check_candidates_cover_every_quiet_check((fen, choices) in game()) {
        let mut pos = Position::from_fen(&fen).expect("start FEN");
        for choice in &choices {
            if !pos.in_check() {
                let mut candidates = MoveList::new();
                generate_check_candidates(&pos, &pos.check_info(), &mut candidates);
                for &mv in legal_moves(&pos).iter() {
                    if !is_capture(&pos, mv) && pos.gives_check(mv) {
                        prop_assert!(candidates.contains(mv), "{} in {}", mv, pos.fen());
                    }
                }
            }
            let Some(mv) = pick(&pos, choice) else { break };
            pos.make(mv);
        }
    }

    /// In check, the evasion generator keeps every legal move, along random games.
    #[test]
    fn evasions_cover_every_legal_move((fen, choices) in game()) {
        let mut pos = Position::from_fen(&fen).expect("start FEN");
        for choice in &choices {
            if pos.in_check() {
                let mut evasions = MoveList::new();
                generate_evasions(&pos, pos.evasion_points(), &mut evasions);
                for &mv in legal_moves(&pos).iter() {
                    prop_assert!(evasions.contains(mv), "{} in {}", mv, pos.fen());
                }
            }
            let Some(mv) = pick(&pos, choice) else { break };
            pos.make(mv);
        }
    }

    /// Printing a reached position and parsing it back gives the same position: same FEN text,
    /// same key, same legal moves, same check status.
    #[test]
    fn fen_round_trips_along_random_games((fen, choices) in game()) {
        let mut pos = Position::from_fen(&fen).expect("start FEN");
        for choice in &choices {
            let text = pos.fen();
            let back = Position::from_fen(&text);
            prop_assert!(back.is_ok(), "{} does not parse: {:?}", text, back.err());
            let back = back.expect("checked");
            prop_assert_eq!(back.fen(), text.clone());
            prop_assert_eq!(back.key(), pos.key(), "{}", text);
            prop_assert_eq!(back.in_check(), pos.in_check(), "{}", text);
            prop_assert_eq!(
                sorted_strings(legal_moves(&back).iter().copied()),
                sorted_strings(legal_moves(&pos).iter().copied()),
                "{}", text
            );
            let Some(mv) = pick(&pos, choice) else { break };
            pos.make(mv);
        }
    }

    /// The generated legal moves are exactly the slow checker's, in every position of random
    /// games from every perft start position.
    #[test]
    fn generator_equals_slow_checker((fen, choices) in game()) {
        let mut pos = Position::from_fen(&fen).expect("start FEN");
        for choice in &choices {
            check_against_slow(&pos)?;
            let Some(mv) = pick(&pos, choice) else { break };
            pos.make(mv);
        }
        check_against_slow(&pos)?;
    }

    /// In check, every legal move other than a king move leaves or reaches an evasion point
    /// (the move picker drops the other moves unseen).
    #[test]
    fn evasions_touch_the_evasion_points((fen, choices) in game()) {
        let mut pos = Position::from_fen(&fen).expect("start FEN");
        for choice in &choices {
            if pos.in_check() {
                let points = pos.evasion_points();
                let ksq = pos.king(pos.side_to_move());
                for mv in legal_moves(&pos).iter() {
                    prop_assert!(
                        mv.from() == ksq || points.has(mv.from()) || points.has(mv.to()),
                        "{} in {}", mv, pos.fen()
                    );
                }
            }
            let Some(mv) = pick(&pos, choice) else { break };
            pos.make(mv);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Parsers never panic.
// ---------------------------------------------------------------------------------------------

/// Tokens that mean something to one of the parsers, plus a few hostile ones.
const TOKENS: &[&str] = &[
    "position",
    "fen",
    "startpos",
    "moves",
    "go",
    "ponder",
    "draw",
    "depth",
    "nodes",
    "time",
    "movestogo",
    "increment",
    "opptime",
    "oppmovestogo",
    "oppincrement",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "mate",
    "infinite",
    "searchmoves",
    "perft",
    "setoption",
    "name",
    "value",
    "hashsize",
    "Hash",
    "threads",
    "Threads",
    "batch",
    "debug",
    "usemillisec",
    "newgame",
    "Clear",
    "MultiPV",
    "banmoves",
    "probe",
    "ponderhit",
    "stop",
    "quit",
    "isready",
    "ucci",
    "uci",
    "ucinewgame",
    "uccinewgame",
    "d",
    "eval",
    "bench",
    "on",
    "off",
    "true",
    "false",
    "w",
    "b",
    "r",
    "-",
    "0",
    "1",
    "-1",
    "3",
    "99999",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775808",
    "1e9",
    "0x10",
    "+5",
    "h2e2",
    "H2-E2",
    "h9g7",
    "i4i9",
    "e0e1",
    "a0a9",
    "z9z9",
    "h2h2",
    "h2e10",
    "i4i10",
    "e0e0",
    "-5",
    "99999999999999999999999",
    "9/9",
    "帥",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
    "3k5/9/9/4N4/9/8R/9/9/4K4/9",
    "9/9/9/9/9/9/9/9/9/9",
    "k8/9/9/9/9/9/9/9/9/K8",
    "9",
    "10",
    "/",
    "//",
    "KkKk",
    "\t",
    "\r",
    "é",
    "将",
    "\u{0}",
    "\u{feff}",
];

fn token_soup() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        4 => prop::sample::select(TOKENS).prop_map(str::to_string),
        1 => "\\PC{0,12}",
        1 => "[0-9]{1,25}",
        1 => "[a-iA-Iz][0-9][-]?[a-i][0-9]{1,2}",
        1 => "[KAEBHNRCPkaebhnrcp1-9/]{1,40}",
    ];
    (prop::collection::vec(token, 0..30), prop::sample::select(&[" ", "  ", "\t", " \r", "\u{a0}", "/", ""][..]))
        .prop_map(|(tokens, sep)| tokens.join(sep))
}

fn bytes_as_text() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<u8>(), 0..200).prop_map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// Feeds one string to every parser, and the parsed commands to the next layer (position
/// building, move checks, option validation), which must not panic either.
fn parse_everything(text: &str) {
    let _ = Position::from_fen(text);
    let _ = Move::parse(text);
    for word in text.split_whitespace() {
        let _ = Move::parse(word);
    }
    let start = Position::startpos();
    for dialect in [Dialect::Ucci, Dialect::Uci] {
        for line in
            [text.to_string(), format!("position fen {text}"), format!("go {text}"), format!("setoption {text}")]
        {
            match parse(&line, dialect) {
                Ok(Command::Position(spec) | Command::Probe(spec)) => {
                    if let Ok(pos) = spec.build() {
                        assert_eq!(pos.key(), pos.compute_key(), "{line}");
                    }
                }
                Ok(Command::BanMoves(moves)) => {
                    let _ = check_legal(&start, &moves);
                }
                Ok(Command::SetOption { name, value }) => {
                    let _ = options::validate(&name, value.as_deref(), dialect, 64);
                }
                Ok(Command::Go(go)) => {
                    let _ = go.own_clock(chuhan::Color::Red, dialect.clock_unit(true));
                    let _ = go.opponent_clock(chuhan::Color::Black, dialect.clock_unit(false));
                }
                Ok(_) => {}
                Err(e) => {
                    // Every refusal renders as one line of `info string` text, never an empty one.
                    let text = e.to_string();
                    assert!(!text.is_empty() && !text.contains('\n'), "{line}: {e}");
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn parsers_survive_random_bytes(text in bytes_as_text()) {
        parse_everything(&text);
    }

    #[test]
    fn parsers_survive_token_soup(text in token_soup()) {
        parse_everything(&text);
    }

    /// Mutated valid FENs: validation either accepts a position that then behaves (key, moves,
    /// round trip) or refuses it; it never panics.
    #[test]
    fn mutated_fens_parse_or_refuse(
        fen in prop::sample::select(start_fens()),
        edits in prop::collection::vec((any::<Index>(), prop::sample::select(&b"KAEBHNRCPkaebhnrcp0123456789/ wbr-"[..])), 1..6),
    ) {
        let mut bytes = fen.into_bytes();
        for (at, b) in edits {
            let i = at.index(bytes.len());
            bytes[i] = b;
        }
        let text = String::from_utf8(bytes).expect("ASCII edits of ASCII text");
        if let Ok(pos) = Position::from_fen(&text) {
            prop_assert_eq!(pos.key(), pos.compute_key());
            let again = Position::from_fen(&pos.fen());
            prop_assert!(again.is_ok(), "{} printed as {} which does not parse", text, pos.fen());
            check_against_slow(&pos)?;
        }
    }
}

/// The slow checker itself knows the rules: the perft suite's depth-1 counts and a few
/// hand-checked move sets. (Without this, a slow checker that shared a bug with the generator
/// would pass the comparison above.)
#[test]
fn slow_checker_matches_the_perft_suite_at_depth_one() {
    let mut checked = 0;
    for line in chuhan::epd::lines(include_str!("../positions/perft.epd")) {
        let Some(d1) = line.op("D1") else { continue };
        let d1: usize = d1.parse().expect("D1 count");
        assert_eq!(Mailbox::from_fen(line.fen).legal_moves().len(), d1, "{}", line.fen);
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} perft positions");
    // The horse-leg bug position of `docs/rules.md` §4.1: exactly d0e0 and d1e2.
    assert_eq!(Mailbox::from_fen("4k4/9/9/9/9/9/9/4n4/3A5/3K5 w - - 0 1").legal_moves(), ["d0e0", "d1e2"]);
    // Flying general: the king may not step onto the open e file.
    assert_eq!(Mailbox::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1").legal_moves(), ["d0d1"]);
}

//! The repetition verdicts of `positions/repetition.txt` (`docs/rules.md` §8), judged at the
//! first recurrence as the file records them.

use chuhan::{Move, Position, Reason, RuleVerdict, game_result};

/// Cases where Chuhan's verdict differs from the file's: (line in the file, the file's verdict,
/// ours, why). Each follows from the text of `docs/rules.md`; the test fails if this set changes in
/// either direction.
const KNOWN_DIFFERENCES: &[(usize, &str, &str, &str)] = &[
    (38, "Win", "Draw", NOT_NEW),
    (58, "Win", "Draw", CHECK_IN_CYCLE),
    (60, "Win", "Draw", PINNED_ROOK),
    (61, "Win", "Draw", PINNED_ROOK),
    (62, "Loss", "Draw", PINNED_ROOK),
    (63, "Win", "Draw", PINNED_ROOK),
    (64, "Loss", "Draw", PINNED_ROOK),
    (76, "Win", "Draw", CHECK_IN_CYCLE),
    (77, "Loss", "Draw", CHECK_IN_CYCLE),
    (91, "Win", "Draw", UNPROTECTING_BLOCK),
    (92, "Loss", "Draw", UNPROTECTING_BLOCK),
    (110, "Draw", "Loss", TWO_VICTIMS),
    (121, "Draw", "Loss", NEAREST_CYCLE),
    (123, "Win", "Undecided", NO_REPETITION),
    (159, "Draw", "Loss", TWO_VICTIMS),
];

/// Condition 6 is about the target: Red's horse goes e2-d4 attacking the c2 rook, then back to
/// e2, where it screens the h2 cannon onto the same rook and attacks the g1 cannon. The rook was
/// already chased before the second move, so no one piece is newly chased by both Red moves.
const NOT_NEW: &str = "rook stays chased throughout: not newly chased (`docs/rules.md` §8, condition 6)";
/// Black checks once in the cycle, Red chases every move: the rule books let the chaser lose,
/// Chuhan (like Pikafish) calls any check in the cycle a draw.
const CHECK_IN_CYCLE: &str = "a check in the cycle makes it a draw (`docs/rules.md` §8 and §12, verdict 2)";
/// Red chases the black rook pinned by the g8 horse; each Black move newly lets that rook chase
/// the horse (taking its pinner is legal). The WXF manual ranks the pinned-rook chase higher;
/// Chuhan treats it as an ordinary chase, so both sides chase.
const PINNED_ROOK: &str = "pinned rook chase is ordinary (`docs/rules.md` §12): both sides chase, draw";
/// Black's horse shuttles h4-g2 across the h2 cannon's line; each move cuts or restores that
/// cannon's protection of the b2 cannon, so Black's c2 rook newly chases b2 with every move while
/// Red chases the c2 rook: a mutual chase.
const UNPROTECTING_BLOCK: &str = "Black's moves newly unprotect the b2 cannon: both sides chase, draw";
/// Black's advisor moves uncover cannon attacks on a red rook every time, but on the d8 rook and
/// the f8 rook in turn (they move between those squares), never on one rook with every move:
/// only Red chases one piece (both cannons) perpetually.
const TWO_VICTIMS: &str = "Black newly chases a rook each move, but not the same one (`docs/rules.md` §8)";
/// The final position is here a third occurrence. At the first recurrence we judge the nearest
/// cycle (4 plies, the a-file rook chasing one cannon); the file's draw fits the 8-ply cycle, in
/// which two rooks chase two cannons, and that is our verdict at the third occurrence (asserted
/// below).
const NEAREST_CYCLE: &str = "nearest cycle: one rook chases one cannon; third occurrence agrees";
/// The final position never occurred before; the one a ply earlier did, and there we find Red's
/// perpetual chase (asserted below).
const NO_REPETITION: &str = "final position is not a repetition; one ply earlier Red loses";

struct Case {
    line: usize,
    fen: String,
    moves: Vec<String>,
    expected: String,
    source: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../positions/repetition.txt");
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(" ; ").collect();
        assert_eq!(fields.len(), 4, "line {}: {line}", i + 1);
        let moves = fields[1].trim().strip_prefix("moves").unwrap_or_else(|| panic!("line {}: no moves field", i + 1));
        out.push(Case {
            line: i + 1,
            fen: fields[0].trim().to_string(),
            moves: moves.split_whitespace().map(str::to_string).collect(),
            expected: fields[2].trim().to_string(),
            source: fields[3].trim().to_string(),
        });
    }
    out
}

fn play(case: &Case) -> Position {
    let mut pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("line {}: {e}", case.line));
    for m in &case.moves {
        let mv = Move::parse(m).unwrap_or_else(|| panic!("line {}: bad move {m}", case.line));
        pos.play(mv).unwrap_or_else(|e| panic!("line {}: {e}", case.line));
    }
    pos
}

fn name(verdict: Option<RuleVerdict>) -> &'static str {
    match verdict {
        None => "Undecided",
        Some(RuleVerdict::Win) => "Win",
        Some(RuleVerdict::Loss) => "Loss",
        Some(RuleVerdict::Draw) => "Draw",
    }
}

#[test]
fn repetition_file_verdicts() {
    let cases = cases();
    assert_eq!(cases.len(), 172);
    let mut differences = Vec::new();
    for case in &cases {
        let pos = play(case);
        let ours = name(pos.repetition_verdict(2));
        if ours != case.expected {
            differences.push((case.line, case.expected.clone(), ours));
            eprintln!("line {}: expected {} ours {} ; {} ; {}", case.line, case.expected, ours, case.fen, case.source);
        }
    }
    let known: Vec<(usize, String, &str)> =
        KNOWN_DIFFERENCES.iter().map(|&(line, expected, ours, _)| (line, expected.to_string(), ours)).collect();
    assert_eq!(differences, known);
    eprintln!("{} of {} cases agree", cases.len() - differences.len(), cases.len());
}

/// Perpetual check is not contested: every such case must agree, and whenever we find one the
/// file must agree with us.
#[test]
fn perpetual_check_cases_all_agree() {
    let mut checked = 0;
    for case in cases() {
        let pos = play(&case);
        let ours = name(pos.repetition_verdict(2));
        let by_check = matches!(game_result(&pos, 2), Some(r) if matches!(r.reason, Reason::PerpetualCheck(_)));
        if by_check || case.source.contains("perpetual check") || case.source.contains("two-to-one check") {
            assert_eq!(ours, case.expected, "line {}", case.line);
            checked += 1;
        }
    }
    assert_eq!(checked, 12);
}

/// The facts behind `NEAREST_CYCLE` and `NO_REPETITION`.
#[test]
fn known_differences_reasons() {
    let cases = cases();
    let case = |line| cases.iter().find(|c| c.line == line).unwrap_or_else(|| panic!("line {line}"));

    let pos = play(case(121));
    assert_eq!(pos.repetition_verdict(2), Some(RuleVerdict::Loss));
    assert_eq!(pos.repetition_verdict(3), Some(RuleVerdict::Draw));

    let mut pos = play(case(123));
    assert_eq!(pos.repetition_verdict(2), None);
    pos.unmake();
    assert_eq!(pos.side_to_move(), chuhan::Color::Red);
    assert_eq!(pos.repetition_verdict(2), Some(RuleVerdict::Loss));
    assert!(matches!(game_result(&pos, 2), Some(r) if r.reason == Reason::PerpetualChase(chuhan::Color::Red)));
}

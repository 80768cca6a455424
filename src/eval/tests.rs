//! Whole-evaluation properties: symmetries, the start position, material sanity, and the trace
//! adding up to the evaluation.

use super::params::{PIECE_VALUE, TEMPO};
use super::*;
use crate::movegen::legal_moves;
use crate::types::{File, Piece, PieceKind, Square};

/// An accumulator that lists the weights a term uses, with their counts, for tests that check
/// which weights fire.
#[derive(Default)]
pub(super) struct Used(pub Vec<(Weight, i32)>);

impl Accumulator for Used {
    fn add(&mut self, w: Weight, n: i32) {
        self.0.push((w, n));
    }
    fn add_fraction(&mut self, w: Weight, n: i32, _: i32) {
        self.0.push((w, n));
    }
}

/// Every position of the project's perft and mate suites.
fn suite_positions() -> Vec<Position> {
    let files = [include_str!("../../positions/perft.epd"), include_str!("../../positions/mate.epd")];
    let positions: Vec<Position> = files
        .iter()
        .flat_map(|text| crate::epd::lines(text))
        .map(|line| Position::from_fen(line.fen).unwrap_or_else(|e| panic!("{}: {e}", line.fen)))
        .collect();
    assert!(positions.len() > 400, "suites shrank to {}", positions.len());
    positions
}

/// The suite positions and, from each, a few short random walks of legal moves (fixed seed).
fn sample_positions() -> Vec<Position> {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = Vec::new();
    for root in suite_positions() {
        out.push(root.clone());
        for _ in 0..3 {
            let mut pos = root.clone();
            for _ in 0..6 {
                let moves = legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos.make(moves[next() as usize % moves.len()]);
                out.push(pos.clone());
            }
        }
    }
    out
}

/// `pos` with every square mapped by `map`, colours swapped if `swap`, and the side to move
/// swapped with them.
fn transformed(pos: &Position, map: impl Fn(Square) -> Square, swap: bool) -> Position {
    let mut setup = pos.to_setup();
    let mut board = [None; Square::NUM];
    for sq in Square::all() {
        board[map(sq).index()] = pos.piece_at(sq).map(|pc| if swap { Piece::new(!pc.color(), pc.kind()) } else { pc });
    }
    setup.board = board;
    if swap {
        setup.side_to_move = !setup.side_to_move;
    }
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("transform of {} invalid: {e}", pos.fen()))
}

/// Ranks flipped and colours swapped: the same game seen from the other side.
fn colour_flipped(pos: &Position) -> Position {
    transformed(pos, Square::flip_rank, true)
}

/// Files a..i mirrored.
fn mirrored(pos: &Position) -> Position {
    let mirror = |sq: Square| {
        let file = File::new(8 - sq.file().index() as u8).expect("file in range");
        Square::from_coords(file, sq.rank())
    };
    transformed(pos, mirror, false)
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn colour_symmetry() {
    let positions = sample_positions();
    assert!(positions.len() > 5000);
    for pos in &positions {
        let flipped = colour_flipped(pos);
        assert_eq!(evaluate(pos), evaluate(&flipped), "{} vs {}", pos.fen(), flipped.fen());
        // Per term too: Red's row of one is Black's row of the other.
        let (a, b) = (trace(pos), trace(&flipped));
        for term in Term::ALL {
            assert_eq!(a.value(term, Color::Red), b.value(term, Color::Black), "{} {}", term.name(), pos.fen());
        }
    }
}

#[test]
fn mirror_symmetry() {
    for pos in &sample_positions() {
        let mirror = mirrored(pos);
        assert_eq!(evaluate(pos), evaluate(&mirror), "{} vs {}", pos.fen(), mirror.fen());
    }
}

#[test]
fn trace_adds_up_to_the_evaluation() {
    let mut scaled = 0;
    for pos in &sample_positions() {
        let t = trace(pos);
        let red = match pos.side_to_move() {
            Color::Red => evaluate(pos),
            Color::Black => -evaluate(pos),
        };
        assert_eq!(t.total(), red, "{}", pos.fen());
        assert!(t.to_string().ends_with(&format!("Final evaluation: {red} (red side)")));
        // The rows, each blended apart, add up to it but for rounding (under one unit per row),
        // and for the scale of a drawish endgame, which the display then gives.
        let rows: Value = Term::ALL.iter().map(|&term| t.net(term)).sum();
        let scale = t.drawish().map_or(endgame::SCALE_NORMAL, |d| d.scale());
        let scaled_rows = rows * scale / endgame::SCALE_NORMAL;
        assert!((scaled_rows - red).abs() <= 2 * Term::NUM as Value, "{rows} vs {red} in {}", pos.fen());
        if let Some(d) = t.drawish() {
            assert!(t.to_string().contains(&format!("Endgame scale: {scale}/64 ({})", d.describe())));
            scaled += 1;
        }
    }
    // The mate suite's endings include drawish balances.
    assert!(scaled > 20, "{scaled} scaled positions");
}

#[test]
fn start_position_is_level_but_for_the_tempo() {
    // The start position is symmetric, so every term cancels except the mover's tempo.
    let start = Position::startpos();
    assert_eq!(evaluate(&start), TEMPO.mg());
    let t = trace(&start);
    for term in Term::ALL {
        if term != Term::Tempo {
            assert_eq!(t.net(term), 0, "{}", term.name());
        }
    }
    assert!(evaluate(&start).abs() <= 20);
    // Black to move in the same placement: the tempo is Black's.
    let black = position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b");
    assert_eq!(evaluate(&black), TEMPO.mg());
}

#[test]
fn trace_display_lists_every_term() {
    let text = trace(&Position::startpos()).to_string();
    let lines: Vec<&str> = text.lines().collect();
    // Header, rule, one row per term, the final line.
    assert_eq!(lines.len(), Term::NUM + 3, "{text}");
    for term in Term::ALL {
        assert!(lines.iter().any(|l| l.trim_start().starts_with(term.name())), "{text}");
    }
    assert_eq!(lines.last().copied(), Some(format!("Final evaluation: {} (red side)", TEMPO.mg()).as_str()));
}

#[test]
fn a_missing_rook_is_a_large_advantage() {
    // The start position without Black's rook on a9.
    let pos = position("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    let v = evaluate(&pos);
    assert!(v >= PIECE_VALUE[PieceKind::Rook.index()].mg() * 3 / 4, "{v}");
    assert!(v <= PIECE_VALUE[PieceKind::Rook.index()].mg() * 3 / 2, "{v}");
    // And with Black to move, Black is as far behind.
    let black = position("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b");
    assert!(evaluate(&black) <= -PIECE_VALUE[PieceKind::Rook.index()].mg() * 3 / 4);
}

#[test]
fn an_extra_horse_is_better() {
    // Endgame: kings, full defences and a soldier each, with and without a Red horse on e4.
    let without = position("2bakab2/9/9/4p4/9/9/4P4/9/9/2BAKAB2 w");
    let with = position("2bakab2/9/9/4p4/9/4N4/4P4/9/9/2BAKAB2 w");
    let gain = evaluate(&with) - evaluate(&without);
    assert!(gain >= PIECE_VALUE[PieceKind::Horse.index()].eg() * 3 / 4, "gain {gain}");
    // Middlegame: the start position with and without Red's horse on b0.
    let start = evaluate(&Position::startpos());
    let down = evaluate(&position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w"));
    assert!(start - down >= PIECE_VALUE[PieceKind::Horse.index()].mg() * 3 / 4, "{start} vs {down}");
}

#[test]
fn crossed_soldiers_outweigh_soldiers_at_home() {
    // Red's centre soldier on e3 (home) or on e5 (across the river), the rest the start
    // position.
    let home = evaluate(&Position::startpos());
    let crossed = evaluate(&position("rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/9/P1P3P1P/1C5C1/9/RNBAKABNR w"));
    assert!(crossed > home, "{crossed} <= {home}");
}

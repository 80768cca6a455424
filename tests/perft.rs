//! Perft counts of `positions/perft.epd`, in-process, for every count small enough for a debug
//! build. The release tier in `engine-tests/` runs the larger counts through the binary.

use chuhan::Position;
use chuhan::epd;
use chuhan::perft::perft;

const BUDGET: u64 = 2_000_000;

fn suite() -> Vec<(String, Vec<(u32, u64)>)> {
    epd::lines(include_str!("../positions/perft.epd"))
        .map(|line| {
            let counts = line.perft_counts().unwrap_or_else(|| panic!("line {}: perft counts", line.number));
            (line.fen.to_string(), counts)
        })
        .collect()
}

#[test]
fn perft_suite_small_depths() {
    let suite = suite();
    assert_eq!(suite.len(), 34, "perft.epd holds the 34 reference positions");
    let mut checked = 0;
    for (fen, counts) in suite {
        let mut pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, expected) in counts.into_iter().filter(|&(_, n)| n <= BUDGET) {
            assert_eq!(perft(&mut pos, depth), expected, "{fen} depth {depth}");
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} counts checked");
}

/// The horse-leg trap of `docs/rules.md` §4.1: 14 at depth 3, not 17.
#[test]
fn horse_leg_position() {
    let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/4n4/3A5/3K5 w - - 0 1").expect("valid");
    assert_eq!([1, 2, 3].map(|d| perft(&mut pos, d)), [2, 5, 14]);
}

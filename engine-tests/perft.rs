//! `chuhan perft` over the whole of `positions/perft.epd`, up to a node budget per count, plus
//! the command's output format and its errors.

use crate::common::{run, stderr, stdout};

/// Counts above this are left to `make perft-deep` (minutes in release).
const BUDGET: u64 = 200_000_000;

fn total(out: &str) -> Option<u64> {
    out.lines().last()?.strip_prefix("Nodes searched: ")?.parse().ok()
}

#[test]
fn perft_file_through_the_binary() {
    let mut checked = 0;
    for line in chuhan::epd::lines(include_str!("../positions/perft.epd")) {
        let fen = line.fen;
        for (d, expected) in line.perft_counts().unwrap_or_else(|| panic!("line {}: perft counts", line.number)) {
            if expected > BUDGET {
                continue;
            }
            let o = run(&["perft", &d.to_string(), "--fen", fen, "--threads", "2"]);
            assert!(o.status.success(), "{fen}: {}", stderr(&o));
            assert_eq!(total(&stdout(&o)), Some(expected), "{fen} depth {d}");
            checked += 1;
        }
    }
    assert_eq!(checked, 186);
}

#[test]
fn perft_divide_format() {
    let o = run(&["perft", "2", "--divide", "--fen", "4k4/9/9/9/9/9/9/4n4/3A5/3K5 w - - 0 1"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..3], ["d0e0: 3", "d1e2: 2", ""]);
    assert!(lines[3].contains("Nodes/second"), "{out}");
    assert_eq!(lines[4], "Nodes searched: 5");
    assert_eq!(lines.len(), 5);
}

#[test]
fn perft_bad_arguments_exit_2() {
    for args in [
        &["perft", "x"][..],
        &["perft"],
        &["perft", "3", "--fen", "not a fen"],
        &["perft", "3", "--fen", "4k4/9/9/9/9/9/9/9/4R4/4K4 w"],
        &["perft", "3", "--threads", "0"],
        &["perft", "-1"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!stderr(&o).is_empty(), "{args:?}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

//! Average cost of one static evaluation, over the perft and mate suite positions and positions
//! up to eight random plies away from them, and over the middlegame ones among them. Prints the
//! start position's trace first.
//!
//! Run in release: `cargo run --release --example eval_speed [rounds] [all|middlegame]`. Speed
//! is measured, never asserted in a test. CPU time is read from Linux's scheduler statistics where
//! available, since wall time on a shared machine also counts other processes. For a figure that
//! does not depend on the machine's load, count instructions:
//! `valgrind --tool=callgrind target/release/examples/eval_speed 10 middlegame`, minus a run
//! with 0 rounds, divided by the evaluations made.

use std::hint::black_box;
use std::time::Instant;

use chuhan::Position;
use chuhan::eval::params::PHASE_MAX;
use chuhan::eval::{evaluate, trace};
use chuhan::movegen::legal_moves;

fn positions() -> Vec<Position> {
    let text = [include_str!("../positions/perft.epd"), include_str!("../positions/mate.epd")];
    let roots = text
        .iter()
        .flat_map(|t| t.lines())
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| Position::from_fen(l.split(';').next()?.trim()).ok());
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut out = Vec::new();
    for root in roots {
        let mut pos = root.clone();
        out.push(root);
        for _ in 0..8 {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos.make(moves[seed as usize % moves.len()]);
            out.push(pos.clone());
        }
    }
    out
}

/// CPU time of this thread in nanoseconds, if the system reports it.
fn cpu_ns() -> Option<u128> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let positions = positions();
    let start = Position::startpos();
    // At least three quarters of the way to the full middlegame phase.
    let middlegame: Vec<Position> =
        positions.iter().filter(|p| trace(p).phase() * 4 >= PHASE_MAX * 3).cloned().collect();
    println!("{}\n", trace(&start));

    let only = std::env::args().nth(2);
    for (name, set) in [("all", &positions), ("middlegame", &middlegame)] {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let mut checksum = 0i64;
        let (wall, cpu) = (Instant::now(), cpu_ns());
        for _ in 0..rounds {
            for pos in set.iter() {
                checksum += i64::from(evaluate(black_box(pos)));
            }
        }
        let evals = (rounds * set.len()) as f64;
        let wall_ns = wall.elapsed().as_nanos() as f64 / evals;
        let cpu = cpu.zip(cpu_ns()).map_or("n/a".to_string(), |(a, b)| format!("{:.1}", (b - a) as f64 / evals));
        println!(
            "{name:>10}: {} positions x {rounds} rounds: {cpu} ns/eval CPU, {wall_ns:.1} ns/eval wall (checksum {checksum})",
            set.len()
        );
    }
}

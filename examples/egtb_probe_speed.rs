//! Probes per second of built tables (`docs/egtb.md` §13): legal positions of an endgame picked
//! by a fixed pseudo-random walk over its index, each probed as the engine would (a `Position`
//! located, oriented, indexed and read), the positions made before the clock starts.
//!
//! Run in release: `cargo run --release --example egtb_probe_speed -- DIR ENDGAME [PROBES]`.
//! Speed is measured, never asserted in a test.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use chuhan::egtb::{Endgame, Indexer, Side, Tables};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().ok_or("usage: egtb_probe_speed DIR ENDGAME [PROBES]")?);
    let endgame: Endgame = args.next().ok_or("no endgame named")?.parse()?;
    let probes: usize = args.next().map_or(Ok(1_000_000), |n| n.parse())?;
    let mut tables = Tables::new(&dir);
    let loading = Instant::now();
    tables.load(endgame)?;
    let loaded = loading.elapsed();
    let ix = Indexer::new(endgame);
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut positions = Vec::new();
    while positions.len() < 10_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let side = if seed & 1 == 0 { Side::Strong } else { Side::Weak };
        let Some(squares) = ix.decode(seed % ix.size()) else { continue };
        if let Ok(pos) = ix.position(&squares[..ix.len()], side.color()) {
            positions.push(pos);
        }
    }
    let started = Instant::now();
    let mut wins = 0;
    for i in 0..probes {
        let v = tables.probe(black_box(&positions[i % positions.len()]))?;
        wins += usize::from(v.is_win());
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{endgame}: loaded in {:.2} s; {probes} probes in {secs:.2} s, {:.0} probes/s ({wins} wins)",
        loaded.as_secs_f64(),
        probes as f64 / secs
    );
    Ok(())
}

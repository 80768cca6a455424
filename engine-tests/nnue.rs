//! The network's options against the real binary (`docs/ucci.md` §6, `docs/uci.md` §2): a
//! net file loaded, refused for each kind of fault with the old net kept, and the evaluation
//! each setting gives.

use std::path::PathBuf;

use chuhan::Position;
use chuhan::nnue::{FEATURES, InputBuckets, Network};

use crate::session::Session;

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("chuhan-nnue-test-{}-{name}", std::process::id()))
}

/// A width-32 net of `inputs` and `buckets` output layers with fixed small weights, its values
/// far from the thesis evaluation's.
fn net(seed: u64, inputs: InputBuckets, buckets: usize) -> Network {
    let mut x = seed;
    let mut next = move |range: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % (2 * range + 1)) as i32 - range as i32
    };
    let h = 32;
    let ft = (0..inputs.count() * FEATURES * h).map(|_| next(40) as i16).collect();
    let bias = (0..h).map(|_| next(100) as i16).collect();
    let out = (0..buckets * 2 * h).map(|_| next(100) as i16).collect();
    let out_bias = (0..buckets).map(|_| next(30_000)).collect();
    Network::new(400, inputs, ft, bias, out, out_bias).expect("a valid net")
}

/// The UCCI static evaluation (`go depth 0`) of the current position.
fn static_score(s: &mut Session) -> i32 {
    s.send("go depth 0");
    let line = s.expect_prefix("info depth 0 score ");
    s.expect("nobestmove");
    line.rsplit(' ').next().and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{line}"))
}

#[test]
fn evalfile_and_usennue_load_switch_and_refuse() {
    let start = Position::startpos();
    let thesis = chuhan::eval::evaluate(&start);
    // The second net has output and input buckets: a version 3 file (docs/nnue.md §1), whose
    // search refreshes a side's accumulator when its king or defenders change its bucket.
    let (first, second) = (net(1, InputBuckets::Single, 1), net(2, InputBuckets::KingDefenders, 4));
    assert_ne!(first.evaluate(&start), thesis);
    assert_ne!(first.evaluate(&start), second.evaluate(&start));
    let (good, other, damaged, unbucketed, miscounted) = (
        temp("first.nnue"),
        temp("second.nnue"),
        temp("damaged.nnue"),
        temp("unbucketed.nnue"),
        temp("miscounted.nnue"),
    );
    std::fs::write(&good, first.write()).expect("temp file");
    std::fs::write(&other, second.write()).expect("temp file");
    let mut bytes = second.write();
    bytes[100] ^= 1;
    std::fs::write(&damaged, bytes).expect("temp file");
    let mut bytes = second.write();
    bytes[32..36].copy_from_slice(&0u32.to_le_bytes());
    std::fs::write(&unbucketed, bytes).expect("temp file");
    let mut bytes = second.write();
    bytes[40..44].copy_from_slice(&23u32.to_le_bytes());
    std::fs::write(&miscounted, bytes).expect("temp file");

    // The built-in net evaluates from the start (`nnue::ON_BY_DEFAULT`), where the build has
    // one; switched off, the thesis evaluation does.
    let built_in = Network::open_or_default("").ok().filter(|_| chuhan::nnue::ON_BY_DEFAULT);
    let mut s = Session::hello("ucci");
    s.send("position startpos");
    assert_eq!(static_score(&mut s), built_in.map_or(thesis, |net| net.evaluate(&start)));
    s.send("setoption usennue false");
    assert_eq!(static_score(&mut s), thesis);
    s.send(&format!("setoption evalfile {}", good.display()));
    s.send("setoption usennue true");
    assert_eq!(static_score(&mut s), first.evaluate(&start));

    s.send("setoption evalfile /nonexistent/chuhan.nnue");
    assert_eq!(
        s.expect_prefix("info string "),
        "info string setoption: cannot read net file /nonexistent/chuhan.nnue: No such file or directory (os \
         error 2); the old net stays"
    );
    s.send(&format!("setoption evalfile {}", damaged.display()));
    assert_eq!(
        s.expect_prefix("info string "),
        format!(
            "info string setoption: net file {} refused: net checksum mismatch (the file is damaged); the old \
             net stays",
            damaged.display()
        )
    );
    s.send(&format!("setoption evalfile {}", unbucketed.display()));
    assert_eq!(
        s.expect_prefix("info string "),
        format!(
            "info string setoption: net file {} refused: net has 0 output buckets, not from 1 to 16; the old net \
             stays",
            unbucketed.display()
        )
    );
    s.send(&format!("setoption evalfile {}", miscounted.display()));
    assert_eq!(
        s.expect_prefix("info string "),
        format!(
            "info string setoption: net file {} refused: net has 23 input buckets, its scheme king-defenders has \
             24; the old net stays",
            miscounted.display()
        )
    );
    assert_eq!(static_score(&mut s), first.evaluate(&start));

    // Another net takes over at once; the thesis evaluation comes back when switched off.
    s.send(&format!("setoption evalfile {}", other.display()));
    assert_eq!(static_score(&mut s), second.evaluate(&start));
    s.send("go depth 6");
    let lines = s.until("bestmove", |l| l.starts_with("bestmove"));
    assert!(lines.iter().all(|l| !l.starts_with("info string")), "{lines:?}");
    s.send("setoption usennue false");
    assert_eq!(static_score(&mut s), thesis);
    for path in [good, other, damaged, unbucketed, miscounted] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn uci_spellings_and_the_built_in_net() {
    let mut s = Session::hello("uci");
    let announced = s.transcript.clone();
    assert!(announced.contains(&"option name Use NNUE type check default true".to_string()), "{announced:?}");
    assert!(announced.contains(&"option name EvalFile type string default <empty>".to_string()));
    // With the built-in net, switching on needs no file; without one it is refused.
    s.send("setoption name Use NNUE value true");
    match Network::open_or_default("") {
        Ok(_) => {
            s.send("isready");
            let before = s.expect("readyok");
            assert!(before.is_empty(), "{before:?}");
        }
        Err(_) => assert_eq!(
            s.expect_prefix("info string "),
            "info string setoption: this build has no built-in net; set EvalFile to a net file; the thesis \
             evaluation stays"
        ),
    }
    s.send("isready");
    s.expect("readyok");
}

//! The net format's round trip and refusals, a net small enough to evaluate by hand, the
//! colour symmetry the features promise, and the fast paths (vector, incremental) held to the
//! values from scratch.

use super::format::{MAGIC, NetError};
use super::simd;
use super::*;
use crate::movegen::legal_moves;
use crate::types::{Move, Piece, PieceKind, Square};

/// A fixed-seed xorshift stream, so every run builds the same nets and walks.
fn stream(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// A net of width `h` and one output bucket with weights drawn from `next`, of the sizes a
/// trained net has.
fn random_net(h: usize, seed: u64) -> Network {
    random_net_with(h, 1, seed)
}

fn random_net_with(h: usize, buckets: usize, seed: u64) -> Network {
    random_net_of(h, InputBuckets::Single, buckets, seed)
}

/// A random net of width `h`, input buckets `inputs` and `buckets` output layers.
fn random_net_of(h: usize, inputs: InputBuckets, buckets: usize, seed: u64) -> Network {
    let mut next = stream(seed);
    let mut small = |range: i64| (next() % (2 * range as u64 + 1)) as i64 - range;
    let ft_weights = (0..inputs.count() * FEATURES * h).map(|_| small(60) as i16).collect();
    let ft_bias = (0..h).map(|_| small(120) as i16).collect();
    let out_weights = (0..buckets * 2 * h).map(|_| small(120) as i16).collect();
    let out_bias = (0..buckets).map(|_| small(20_000) as i32).collect();
    Network::new(400, inputs, ft_weights, ft_bias, out_weights, out_bias).expect("valid shape")
}

/// The net of the king-and-defenders scheme the tests walk: 4 output layers too.
fn king_defenders_net(h: usize, seed: u64) -> Network {
    random_net_of(h, InputBuckets::KingDefenders, 4, seed)
}

/// Positions of the perft suite and short random walks from them.
fn sample_positions() -> Vec<Position> {
    let mut next = stream(0x2545_f491_4f6c_dd1d);
    let mut out = Vec::new();
    for line in crate::epd::lines(include_str!("../../positions/perft.epd")) {
        let mut pos = Position::from_fen(line.fen).unwrap_or_else(|e| panic!("{}: {e}", line.fen));
        out.push(pos.clone());
        for _ in 0..8 {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos.make(moves[next() as usize % moves.len()]);
            out.push(pos.clone());
        }
    }
    assert!(out.len() > 200, "only {} sample positions", out.len());
    out
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn feature_index_follows_the_formula() {
    let e0 = Square::parse("e0").expect("square");
    let i9 = Square::parse("i9").expect("square");
    assert_eq!(FEATURES, 1260);
    assert_eq!(feature(Color::Red, Piece::RedKing, e0), 4);
    // Black sees its own king at e9 where Red sees its own at e0.
    assert_eq!(feature(Color::Black, Piece::BlackKing, e0.flip_rank()), 4);
    assert_eq!(feature(Color::Black, Piece::RedKing, e0), (7 * 90) + 85);
    assert_eq!(feature(Color::Red, Piece::BlackSoldier, i9), (7 + 6) * 90 + 89);
    assert_eq!(feature(Color::Black, Piece::BlackSoldier, i9), 6 * 90 + 8);
}

#[test]
fn every_feature_index_is_in_range_and_distinct() {
    for perspective in Color::ALL {
        let mut seen = vec![false; FEATURES];
        for pc in Piece::ALL {
            for sq in Square::all() {
                let f = feature(perspective, pc, sq);
                assert!(!seen[f], "feature {f} twice");
                seen[f] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}

#[test]
fn write_then_read_gives_the_same_net() {
    let net = random_net(64, 7);
    let bytes = net.write();
    assert_eq!(bytes.len(), 32 + 2 * (1260 * 64 + 64 + 128) + 4 + 8);
    assert_eq!(&bytes[..8], b"CHNN\x01\0\0\0", "one bucket: version 1");
    assert_eq!(Network::read(&bytes), Ok(net));
    let net = random_net_with(64, 8, 7);
    let bytes = net.write();
    assert_eq!(bytes.len(), 36 + 2 * (1260 * 64 + 64 + 8 * 128) + 8 * 4 + 8);
    assert_eq!(&bytes[..8], b"CHNN\x02\0\0\0");
    assert_eq!(bytes[32..36], 8u32.to_le_bytes());
    assert_eq!(Network::read(&bytes), Ok(net));
}

#[test]
fn a_net_with_input_buckets_is_written_as_version_3_and_reads_back() {
    let net = king_defenders_net(32, 7);
    let bytes = net.write();
    assert_eq!(bytes.len(), 44 + 2 * (24 * 1260 * 32 + 32 + 4 * 64) + 4 * 4 + 8);
    assert_eq!(&bytes[..8], b"CHNN\x03\0\0\0");
    assert_eq!(bytes[32..44], [4, 0, 0, 0, 1, 0, 0, 0, 24, 0, 0, 0], "output buckets, scheme, input buckets");
    let back = Network::read(&bytes).expect("reads");
    assert_eq!(back.input_buckets(), InputBuckets::KingDefenders);
    assert_eq!(back, net);
    // Versions 1 and 2 mean one input bucket.
    for old in [random_net(32, 7), random_net_with(32, 2, 7)] {
        assert_eq!(Network::read(&old.write()).expect("reads").input_buckets(), InputBuckets::Single);
    }
}

#[test]
fn buckets_cut_the_piece_counts_into_equal_runs() {
    assert_eq!((2..=32).map(|n| bucket(1, n)).max(), Some(0));
    let of8: Vec<usize> = (1..=32).map(|n| bucket(8, n)).collect();
    for b in 0..8 {
        assert_eq!(of8.iter().filter(|&&x| x == b).count(), 4, "bucket {b}");
    }
    assert_eq!((bucket(8, 2), bucket(8, 11), bucket(8, 12), bucket(8, 13), bucket(8, 32)), (0, 2, 2, 3, 7));
    assert_eq!(Network::open_or_default("").expect("built in").bucket_of(&Position::startpos()), 0);
    assert_eq!(random_net_with(32, 4, 1).bucket_of(&Position::startpos()), 3);
}

/// The net whose only output layer is `net`'s bucket `b`.
fn one_bucket_of(net: &Network, b: usize) -> Network {
    let w = 2 * net.hidden();
    let out = net.out_weights()[b * w..(b + 1) * w].to_vec();
    Network::new(
        net.scale(),
        net.input_buckets(),
        net.ft_weights().to_vec(),
        net.ft_bias().to_vec(),
        out,
        vec![net.out_bias()[b]],
    )
    .expect("shape")
}

#[test]
fn a_bucketed_net_values_each_position_by_its_buckets_output_layer() {
    let net = random_net_with(32, 8, 41);
    let singles: Vec<Network> = (0..8).map(|b| one_bucket_of(&net, b)).collect();
    let mut used = [false; 8];
    for pos in sample_positions() {
        let b = bucket(8, pos.occupied().count() as usize);
        used[b] = true;
        assert_eq!(net.evaluate(&pos), singles[b].evaluate(&pos), "{}", pos.fen());
    }
    assert!(used.iter().filter(|&&u| u).count() >= 4, "buckets used: {used:?}");
}

/// Sets the little-endian u32 at `at` and recomputes the checksum, so that only the field
/// changed is wrong.
fn with_field(bytes: &[u8], at: usize, value: u32) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[at..at + 4].copy_from_slice(&value.to_le_bytes());
    reseal(&mut b);
    b
}

fn reseal(b: &mut [u8]) {
    let end = b.len() - 8;
    let sum = crate::checksum::fnv1a64(&b[..end]);
    b[end..].copy_from_slice(&sum.to_le_bytes());
}

#[test]
fn each_kind_of_bad_file_is_refused_with_its_reason() {
    let good = random_net(32, 11).write();
    assert!(Network::read(&good).is_ok());
    let cases: Vec<(Vec<u8>, NetError)> = vec![
        (good[..20].to_vec(), NetError::Truncated { len: 20 }),
        (
            {
                let mut b = good.clone();
                b[..4].copy_from_slice(b"CHBK");
                b
            },
            NetError::Magic,
        ),
        (with_field(&good, 4, 4), NetError::Version(4)),
        (with_field(&good, 4, 0), NetError::Version(0)),
        (with_field(&good, 8, 1620), NetError::Features(1620)),
        (with_field(&good, 12, 48), NetError::Hidden(48)),
        (with_field(&good, 12, 2048), NetError::Hidden(2048)),
        (with_field(&good, 16, 0), NetError::Activation(0)),
        (with_field(&good, 20, 127), NetError::Quantisation { qa: 127, qb: 64 }),
        (with_field(&good, 24, 255), NetError::Quantisation { qa: 255, qb: 255 }),
        (with_field(&good, 28, 0), NetError::Scale(0)),
        (with_field(&good, 12, 64), NetError::Length { expected: random_net(64, 1).write().len(), actual: good.len() }),
        (good[..good.len() - 1].to_vec(), NetError::Length { expected: good.len(), actual: good.len() - 1 }),
        (
            {
                let mut b = good.clone();
                b[1000] ^= 1;
                b
            },
            NetError::Checksum,
        ),
    ];
    let v2 = random_net_with(32, 2, 11).write();
    assert!(Network::read(&v2).is_ok());
    let cases = cases.into_iter().chain([
        (v2[..34].to_vec(), NetError::Truncated { len: 34 }),
        (with_field(&v2, 32, 0), NetError::Buckets(0)),
        (with_field(&v2, 32, 17), NetError::Buckets(17)),
        (with_field(&v2, 32, 3), NetError::Length { expected: v2.len() + 2 * 64 + 4, actual: v2.len() }),
    ]);
    let v3 = king_defenders_net(32, 11).write();
    assert!(Network::read(&v3).is_ok());
    let cases = cases.chain([
        (v3[..40].to_vec(), NetError::Truncated { len: 40 }),
        (with_field(&v3, 36, 2), NetError::InputScheme(2)),
        (with_field(&v3, 40, 23), NetError::InputBuckets { scheme: InputBuckets::KingDefenders, count: 23 }),
        (with_field(&v3, 40, 0), NetError::InputBuckets { scheme: InputBuckets::KingDefenders, count: 0 }),
        (with_field(&v3, 36, 0), NetError::InputBuckets { scheme: InputBuckets::Single, count: 24 }),
        (
            with_field(&with_field(&v3, 36, 0), 40, 1),
            NetError::Length { expected: 44 + 2 * (1260 * 32 + 32 + 4 * 64) + 4 * 4 + 8, actual: v3.len() },
        ),
    ]);
    for (bytes, reason) in cases {
        assert_eq!(Network::read(&bytes), Err(reason.clone()), "{reason}");
        assert!(!reason.to_string().is_empty());
    }
    assert_eq!(MAGIC, *b"CHNN");
}

#[test]
fn weights_of_the_wrong_shape_are_refused() {
    let h = 32;
    assert_eq!(
        Network::new(400, InputBuckets::Single, vec![0; FEATURES * h], vec![0; 40], vec![0; 80], vec![0]),
        Err(NetError::Hidden(40))
    );
    assert!(matches!(
        Network::new(400, InputBuckets::Single, vec![0; FEATURES * h - 1], vec![0; h], vec![0; 2 * h], vec![0]),
        Err(NetError::Shape(_))
    ));
    assert!(matches!(
        Network::new(400, InputBuckets::Single, vec![0; FEATURES * h], vec![0; h], vec![0; h], vec![0]),
        Err(NetError::Shape(_))
    ));
    assert!(matches!(
        Network::new(400, InputBuckets::Single, vec![0; FEATURES * h], vec![0; h], vec![0; 2 * h], vec![0; 2]),
        Err(NetError::Shape(_))
    ));
    assert_eq!(
        Network::new(400, InputBuckets::Single, vec![0; FEATURES * h], vec![0; h], vec![], vec![]),
        Err(NetError::Buckets(0))
    );
    assert_eq!(
        Network::new(-1, InputBuckets::Single, vec![0; FEATURES * h], vec![0; h], vec![0; 2 * h], vec![0]),
        Err(NetError::Scale(-1))
    );
}

/// Red king e0 and rook i0, Black king d9; a net of width 32 with a handful of weights set,
/// worked out by hand below.
#[test]
fn a_tiny_net_gives_the_value_worked_out_by_hand() {
    let h = 32;
    let mut ft = vec![0i16; FEATURES * h];
    let i0 = Square::parse("i0").expect("square");
    // Red's view of its own rook on i0: (0 * 7 + 4) * 90 + 8 = 368.
    assert_eq!(feature(Color::Red, Piece::RedRook, i0), 368);
    ft[368 * h] = 100;
    // Black's view of the other side's rook, on i9 from behind Black's pieces: (7 + 4) * 90 + 89.
    assert_eq!(feature(Color::Black, Piece::RedRook, i0), 1079);
    ft[1079 * h + 1] = 300;
    let mut bias = vec![0i16; h];
    bias[2] = 10;
    bias[3] = -50;
    let mut out = vec![0i16; 2 * h];
    out[0] = 2;
    out[2] = -3;
    out[3] = 7;
    out[h + 1] = -1;
    out[h + 2] = 5;
    let net = Network::new(400, InputBuckets::Single, ft, bias, out, vec![1000]).expect("valid shape");
    // Accumulators: Red (100, 0, 10, -50, 0...), Black (0, 300, 10, -50, 0...).
    // Red to move: 100² · 2 + 10² · -3 + (unit 3 clipped to 0) + 255² · -1 + 10² · 5 = -44,825;
    // / 255 = -175 (truncated), + 1000 = 825; · 400 / (255 · 64) = 330,000 / 16,320 = 20.
    assert_eq!(net.evaluate(&position("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1")), 20);
    // Black to move: 255² · 0 + 10² · -3 + 100² · 0 + 10² · 5 = 200; / 255 = 0, + 1000 = 1000;
    // · 400 / 16,320 = 24.
    assert_eq!(net.evaluate(&position("3k5/9/9/9/9/9/9/9/9/4K3R b - - 0 1")), 24);
}

/// Ranks flipped and colours swapped: the same game seen from the other side.
fn colour_flipped(pos: &Position) -> Position {
    let mut setup = pos.to_setup();
    let mut board = [None; Square::NUM];
    for sq in Square::all() {
        board[sq.flip_rank().index()] = pos.piece_at(sq).map(|pc| Piece::new(!pc.color(), pc.kind()));
    }
    setup.board = board;
    setup.side_to_move = !setup.side_to_move;
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("flip of {} invalid: {e}", pos.fen()))
}

#[test]
fn a_position_and_its_colour_flipped_twin_have_the_same_value() {
    for net in [random_net(32, 3), king_defenders_net(32, 3)] {
        let mut nonzero = 0;
        for pos in sample_positions() {
            let v = net.evaluate(&pos);
            let twin = colour_flipped(&pos);
            assert_eq!(v, net.evaluate(&twin), "{}", pos.fen());
            for c in Color::ALL {
                assert_eq!(net.view(&pos, c).bucket, net.view(&twin, !c).bucket, "{}", pos.fen());
            }
            nonzero += usize::from(v != 0);
        }
        assert!(nonzero > 100, "the random net is nearly constant");
    }
}

#[test]
fn values_stay_inside_the_ordinary_band() {
    let mut next = stream(5);
    let h = 32;
    let ft = (0..FEATURES * h).map(|_| (next() % 512) as i16).collect();
    let net = Network::new(i32::MAX, InputBuckets::Single, ft, vec![255; h], vec![i16::MAX; 2 * h], vec![i32::MAX])
        .expect("valid shape");
    let v = net.evaluate(&Position::startpos());
    assert_eq!(v, crate::types::value::RULE_BOUND - 1);
    assert_eq!(PieceKind::NUM * 2 * Square::NUM, FEATURES);
}

#[test]
fn the_vector_paths_give_the_portable_integers() {
    let mut next = stream(17);
    for h in [32, 64, 256, 1024] {
        let acc: Vec<i16> = (0..h).map(|_| next() as i16 >> (next() % 12)).collect();
        let narrow: Vec<i16> = (0..h).map(|_| (next() % 255) as i16 - 127).collect();
        assert_eq!(simd::screlu_dot(&acc, &narrow), simd::portable::screlu_dot(&acc, &narrow), "width {h}");
        let cols: Vec<Vec<i16>> = (0..4).map(|_| (0..h).map(|_| next() as i16).collect()).collect();
        for sub2 in [None, Some(&cols[3][..])] {
            let (mut fast, mut slow) = (vec![0; h], vec![0; h]);
            simd::update(&cols[0], &mut fast, &cols[1], &cols[2], sub2);
            simd::portable::update(&cols[0], &mut slow, &cols[1], &cols[2], sub2);
            assert_eq!(fast, slow, "width {h}");
        }
        let (mut fast, mut slow) = (cols[0].clone(), cols[0].clone());
        simd::add(&mut fast, &cols[1]);
        simd::portable::add(&mut slow, &cols[1]);
        assert_eq!(fast, slow, "width {h}");
        assert_ne!(fast, cols[0], "width {h}");
    }
    // The widest sums the narrow path promises: every unit at QA, every weight at ±127.
    let full = vec![QA as i16; 1024];
    for w in [127, -127] {
        let weights = vec![w; 1024];
        assert_eq!(simd::screlu_dot(&full, &weights), 1024 * 255 * 255 * i64::from(w));
    }
}

/// Random legal moves, null moves and take-backs from each sample root, the stack following:
/// whenever asked, its value is the one summed from scratch.
fn follow_random_walks(net: &Network) {
    let mut next = stream(23);
    let mut checked = 0;
    for root in sample_positions().into_iter().step_by(7) {
        let mut pos = root.clone();
        let mut stack = AccumulatorStack::new(net, &pos);
        let mut made: Vec<bool> = Vec::new();
        for _ in 0..40 {
            let roll = next() % 8;
            let moves = legal_moves(&pos);
            if (roll < 2 || moves.is_empty()) && !made.is_empty() {
                match made.pop() {
                    Some(true) => pos.unmake_null(),
                    _ => pos.unmake(),
                }
                stack.pop();
            } else if roll == 2 && !pos.in_check() {
                stack.push_null();
                pos.make_null();
                made.push(true);
            } else if let Some(&mv) = moves.get(next() as usize % moves.len().max(1)) {
                stack.push(&pos, mv);
                pos.make(mv);
                made.push(false);
            }
            // Skipping some evaluations leaves entries behind to be caught up later.
            if !next().is_multiple_of(3) {
                assert_eq!(stack.evaluate(net, &pos), net.evaluate(&pos), "{}", pos.fen());
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "only {checked} evaluations checked");
}

#[test]
fn incremental_values_equal_the_values_from_scratch() {
    follow_random_walks(&random_net(64, 29));
    follow_random_walks(&random_net_with(64, 8, 29));
    follow_random_walks(&king_defenders_net(64, 29));
}

#[test]
fn wide_output_weights_take_the_exact_path() {
    let net = random_net(32, 31);
    let mut out = net.out_weights().to_vec();
    out[0] = 20_000;
    let wide = Network::new(
        net.scale(),
        net.input_buckets(),
        net.ft_weights().to_vec(),
        net.ft_bias().to_vec(),
        out,
        net.out_bias().to_vec(),
    )
    .expect("shape");
    follow_random_walks(&wide);
    let pos = Position::startpos();
    let (us, them) = (wide.refresh(&pos, Color::Red), wide.refresh(&pos, Color::Black));
    let sum = simd::portable::screlu_dot(&us.0, &wide.out_weights()[..32])
        + simd::portable::screlu_dot(&them.0, &wide.out_weights()[32..]);
    assert_eq!(wide.evaluate(&pos), wide.to_value(sum, 0));
}

#[test]
fn the_built_in_net_reads_and_is_colour_symmetric() {
    let net = Network::open_or_default("").expect("the built-in net reads");
    assert_eq!(net.hidden(), 128);
    let pos = position("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    // Red a rook up: the net sees it, from either side's seat.
    assert!(net.evaluate(&pos) > 100, "{}", net.evaluate(&pos));
    assert_eq!(net.evaluate(&pos), net.evaluate(&colour_flipped(&pos)));
}

/// Red's and Black's input buckets in `fen`: (index, mirrored).
fn buckets_in(fen: &str) -> [(usize, bool); 2] {
    let pos = position(fen);
    Color::ALL.map(|c| {
        let b = InputBuckets::KingDefenders.view(&pos, c).bucket;
        (b.index(), b.mirror())
    })
}

#[test]
fn the_king_and_its_defenders_choose_the_input_bucket() {
    // 4 · (2 · rank + centre) + (advisors < 2) + 2 · (elephants < 2), from behind one's own
    // pieces; mirrored on the f file.
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(buckets_in(start), [(4, false), (4, false)], "kings at home, every defender");
    // Red king d0, advisors f0 and e1, elephants c0 and g0; Black's king e9 alone.
    assert_eq!(buckets_in("4k4/9/9/9/9/9/9/9/4A4/2BK1AB2 w - - 0 1"), [(0, false), (7, false)]);
    // Red king f0: folded onto d0 by the mirror.
    assert_eq!(buckets_in("4k4/9/9/9/9/9/9/9/4A4/2BA1KB2 w - - 0 1"), [(0, true), (7, false)]);
    // Red king e1, an advisor gone: 4 · 3 + 1. Black king d9, nothing left: 4 · 0 + 3.
    assert_eq!(buckets_in("3k5/9/9/9/9/9/9/9/4K4/2BA2B2 w - - 0 1"), [(13, false), (3, false)]);
    // Black king f8 (its own f1, mirrored) with both elephants and no advisor: 4 · 2 + 1.
    assert_eq!(buckets_in("2b3b2/5k3/9/9/9/9/9/9/9/4K4 b - - 0 1"), [(7, false), (9, true)]);
    // One bucket in a net of one input bucket, wherever the king.
    let pos = position("3k5/9/9/9/9/9/9/9/4K4/2BA2B2 w - - 0 1");
    assert_eq!(random_net(32, 1).view(&pos, Color::Red).bucket, InputBucket::FIRST);
    assert_eq!(InputBuckets::KingDefenders.count(), 24);
    assert_eq!("king-defenders".parse::<InputBuckets>(), Ok(InputBuckets::KingDefenders));
    assert!("kings".parse::<InputBuckets>().is_err());
}

/// Whether `mv` in `pos` moves a king or takes an advisor or an elephant: the moves that can
/// change a bucket.
fn may_rebucket(pos: &Position, mv: Move) -> bool {
    let kind = |sq| pos.piece_at(sq).map(Piece::kind);
    kind(mv.from()) == Some(PieceKind::King) || matches!(kind(mv.to()), Some(PieceKind::Advisor | PieceKind::Elephant))
}

/// A random legal move of `pos`, two times in three one that may change a bucket if there is
/// one; `None` when the game is over.
fn favoured_move(pos: &Position, next: &mut impl FnMut() -> u64) -> Option<Move> {
    let moves = legal_moves(pos);
    let favoured: Vec<Move> = moves.iter().copied().filter(|&mv| may_rebucket(pos, mv)).collect();
    let pool = if !favoured.is_empty() && !next().is_multiple_of(3) { &favoured[..] } else { &moves[..] };
    (!pool.is_empty()).then(|| pool[next() as usize % pool.len()])
}

/// Long random games, favouring the moves that change buckets; after every move the stack's
/// value is the one from scratch. Now and then a reply is made and evaluated first and then
/// taken back, as the search goes deeper before it evaluates: the stack catches up across both
/// moves, and back at the move it finds that entry still to be computed. Returns how many
/// times a perspective's bucket changed by a king move and by a capture.
fn follow_long_games(net: &Network) -> (usize, usize) {
    let mut next = stream(41);
    let (mut by_king, mut by_capture) = (0, 0);
    let check = |stack: &mut AccumulatorStack, pos: &Position| {
        assert_eq!(stack.evaluate(net, pos), net.evaluate(pos), "{}", pos.fen());
    };
    for _ in 0..4 {
        let mut pos = Position::startpos();
        let mut stack = AccumulatorStack::new(net, &pos);
        for _ in 0..300 {
            let Some(mv) = favoured_move(&pos, &mut next) else { break };
            let before = Color::ALL.map(|c| net.view(&pos, c));
            let king = pos.piece_at(mv.from()).map(Piece::kind) == Some(PieceKind::King);
            stack.push(&pos, mv);
            pos.make(mv);
            let changed = Color::ALL.into_iter().filter(|&c| net.view(&pos, c) != before[c.index()]).count();
            *(if king { &mut by_king } else { &mut by_capture }) += changed;
            if next().is_multiple_of(3)
                && let Some(reply) = favoured_move(&pos, &mut next)
            {
                stack.push(&pos, reply);
                pos.make(reply);
                check(&mut stack, &pos);
                pos.unmake();
                stack.pop();
            }
            check(&mut stack, &pos);
        }
    }
    (by_king, by_capture)
}

#[test]
fn incremental_values_follow_long_games_across_input_buckets() {
    let (by_king, by_capture) = follow_long_games(&king_defenders_net(64, 37));
    assert!(by_king >= 20 && by_capture >= 8, "buckets changed by king moves {by_king}, by captures {by_capture}");
    // A net of one input bucket never changes bucket on the same games.
    assert_eq!(follow_long_games(&random_net(64, 37)), (0, 0));
}

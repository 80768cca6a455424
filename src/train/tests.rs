use super::*;
use crate::board::Position;
use crate::datagen::Rng;
use crate::eval::params::PIECE_VALUE;
use crate::movegen::{ALL, legal};
use crate::types::Color;

/// Positions of random games, scored by material alone for the side to move, with results
/// drawn as a logistic model of that score would (K = 0.01): data a network can learn from
/// piece features alone.
fn material_positions(games: u32) -> Vec<(Position, Record)> {
    let mut out = Vec::new();
    for game in 0..games {
        let mut rng = Rng::for_game(3, game);
        let mut pos = Position::startpos();
        for ply in 0..60 {
            let moves = legal::<ALL>(&pos);
            if moves.is_empty() {
                break;
            }
            let material = |c: Color| -> i32 {
                crate::types::PieceKind::ALL.iter().map(|&k| pos.count(c, k) as i32 * PIECE_VALUE[k.index()].mg()).sum()
            };
            let stm = pos.side_to_move();
            let score = material(stm) - material(!stm);
            let stm_wins = (rng.below(1000) as f32) < 1000.0 * sigmoid(0.01 * score as f32);
            let result = if stm_wins == (stm == Color::Red) { 2 } else { 0 };
            out.push((pos.clone(), Record { result, ..Record::new(&pos, score, game, ply) }));
            pos.make(moves.as_slice()[rng.below(moves.len())]);
        }
    }
    out
}

fn options(hidden: usize) -> TrainOptions {
    TrainOptions {
        data: Vec::new(),
        out: PathBuf::new(),
        hidden,
        epochs: 25,
        batch: 64,
        rate: 0.01,
        final_rate: 0.1,
        wdl: 0.0,
        holdout: 0,
        scale: 400,
        seed: 1,
        curve: None,
        threads: 2,
        mirror: false,
        buckets: 1,
        inputs: InputBuckets::Single,
    }
}

#[test]
fn the_loss_falls_and_the_quantised_net_keeps_the_float_values() {
    for buckets in [1, 16] {
        loss_falls_and_quantisation_keeps_values(buckets, InputBuckets::Single);
    }
}

#[test]
fn a_net_with_input_buckets_learns_and_quantises_too() {
    loss_falls_and_quantisation_keeps_values(1, InputBuckets::KingDefenders);
}

fn loss_falls_and_quantisation_keeps_values(buckets: usize, inputs: InputBuckets) {
    let data = material_positions(12);
    let used: std::collections::BTreeSet<usize> =
        data.iter().map(|(_, r)| crate::nnue::bucket(buckets, r.pieces.len())).collect();
    assert_eq!(used.len() > 1, buckets > 1, "buckets used: {used:?}");
    let blocks: std::collections::BTreeSet<usize> =
        data.iter().flat_map(|(pos, _)| Color::ALL.map(|c| inputs.view(pos, c).bucket.index())).collect();
    assert_eq!(blocks.len() > 4, inputs.count() > 1, "input buckets used: {blocks:?}");
    let mut train = Positions::with_inputs(inputs);
    data.iter().for_each(|(_, r)| train.push(r));
    let mut validation = Positions::with_inputs(inputs);
    let opts = TrainOptions { buckets, inputs, ..options(32) };
    let trained = fit(&opts, &mut train, &mut validation, &mut |_| {});
    let start = loss(&Weights::random(opts.shape(), opts.seed), &train, trained.k, 400.0);
    let end = trained.curve.last().expect("epochs").train;
    assert!(end < 0.5 * start, "loss {start} -> {end}");
    assert!(trained.curve.iter().all(|p| p.validation.is_none()));

    // The integer network (docs/nnue.md §3) gives the float network's values up to the
    // rounding of its weights to steps of 1/255 and 1/64: within 12 units and 6% of the value
    // at worst, 5 units on average (a soldier is about 50).
    let net = trained.weights.quantise(400).expect("a valid net");
    let back = crate::nnue::Network::read(&net.write()).expect("reads back");
    assert_eq!((back.buckets(), back.input_buckets()), (buckets, inputs));
    let mut total = 0.0;
    for (i, (pos, _)) in data.iter().enumerate() {
        let float = 400.0 * trained.weights.output(train.inputs(i));
        let int = back.evaluate(pos) as f32;
        let error = (int - float).abs();
        total += error;
        assert!(error <= 12.0 + 0.06 * float.abs(), "position {i}: float {float}, integer {int}");
    }
    let mean = total / data.len() as f32;
    eprintln!("{buckets} buckets, input buckets {inputs}: mean difference {mean}");
    assert!(mean <= 5.0, "mean difference {mean}");
}

#[test]
fn records_split_by_game_and_bad_options_are_refused() {
    let data = material_positions(4);
    let dir = std::env::temp_dir().join(format!("chuhan-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("data.bin");
    let bytes: Vec<u8> = data.iter().flat_map(|(_, r)| r.encode()).collect();
    std::fs::write(&path, bytes).expect("writes");
    let Data { train, validation, thesis, bad } =
        read(std::slice::from_ref(&path), 2, false, InputBuckets::Single).expect("reads");
    let per_game = |g: u32| data.iter().filter(|(_, r)| r.game == g).count();
    assert_eq!(validation.len(), per_game(1) + per_game(3));
    assert_eq!(train.len(), per_game(0) + per_game(2));
    assert_eq!(bad, 0);
    assert_eq!(thesis.len(), validation.len());
    let mirrored = read(std::slice::from_ref(&path), 2, true, InputBuckets::Single).expect("reads");
    assert_eq!(mirrored.train.len(), 2 * train.len());
    assert_eq!(mirrored.validation.len(), validation.len());
    let mut opts = options(48);
    opts.data = vec![path.clone()];
    assert!(run(&opts, &mut |_| {}).expect_err("48 is no multiple of 32").contains("48"));
    opts.hidden = 32;
    opts.wdl = 1.5;
    assert!(run(&opts, &mut |_| {}).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_mirrored_position_lights_the_features_of_its_mirror_image() {
    for inputs in InputBuckets::ALL {
        mirror_image_lights_the_same_features(inputs);
    }
}

fn mirror_image_lights_the_same_features(inputs: InputBuckets) {
    let (_, r) = material_positions(1).swap_remove(30);
    let image = Record { pieces: r.pieces.iter().map(|&(sq, pc)| (sq.flip_file(), pc)).collect(), ..r.clone() };
    let mut set = Positions::with_inputs(inputs);
    set.push_mirrored(&r);
    set.push(&image);
    set.push(&r);
    let sorted = |x: &[u16]| {
        let mut v = x.to_vec();
        v.sort_unstable();
        v
    };
    let (mirrored, direct, original) = (set.inputs(0), set.inputs(1), set.inputs(2));
    assert_eq!(sorted(mirrored.us), sorted(direct.us));
    assert_eq!(sorted(mirrored.them), sorted(direct.them));
    assert_ne!(sorted(mirrored.us), sorted(original.us), "an asymmetric position");
    assert_eq!(set.scores[0], set.scores[2]);
}

#[test]
fn the_trainer_lights_the_columns_inference_sums() {
    let inputs = InputBuckets::KingDefenders;
    let data = material_positions(6);
    let mut set = Positions::with_inputs(inputs);
    data.iter().for_each(|(_, r)| set.push(r));
    let sorted = |x: &mut dyn Iterator<Item = usize>| {
        let mut v: Vec<usize> = x.collect();
        v.sort_unstable();
        v
    };
    let mut blocks = std::collections::BTreeSet::new();
    for (i, (pos, _)) in data.iter().enumerate() {
        let x = set.inputs(i);
        let stm = pos.side_to_move();
        for (seen, perspective) in [(x.us, stm), (x.them, !stm)] {
            let view = inputs.view(pos, perspective);
            blocks.insert(view.bucket.index());
            let want = sorted(&mut crate::nnue::active(pos, view));
            assert_eq!(sorted(&mut seen.iter().map(|&f| usize::from(f))), want, "{}", pos.fen());
        }
    }
    assert!(blocks.len() > 4, "input buckets used: {blocks:?}");
}

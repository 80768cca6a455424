use super::*;
use crate::outcome::game_result;
use crate::types::Reason;

/// Small games: a few hundred nodes a move, drawn after 40 plies.
fn quick() -> Settings {
    Settings { nodes: 300, seed: 7, book_plies: 6, random_plies: 2, max_plies: 40 }
}

fn out_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chuhan-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// Each kept position is the game's position at its ply, quiet, scored by a search, and
/// labelled with the game's result, which the rules give at the final position unless the game
/// was adjudicated.
#[test]
fn self_play_records_replay_to_the_games_positions() {
    let mut engine = Engine::new().expect("engine");
    let settings = Settings { max_plies: 400, ..quick() };
    let mut kept = 0;
    for game in 0..2 {
        let played = selfplay::play(&mut engine, game, &settings);
        assert!(played.opening.game_ply() >= settings.random_plies, "game {game}: opening plies");
        let mut pos = played.opening.clone();
        let mut by_ply = BTreeMap::new();
        for &mv in &played.moves {
            by_ply.insert(pos.game_ply(), pos.clone());
            pos.play(mv).expect("the game's moves are legal");
        }
        match played.result.reason {
            Reason::Resignation(loser) => assert_eq!(played.result.winner, Some(!loser)),
            Reason::PlyCap(_) => assert_eq!(played.result.winner, None),
            _ => assert_eq!(
                game_result(&pos, 3, crate::board::MoveLimit::SIXTY),
                Some(played.result.clone()),
                "game {game}"
            ),
        }
        let red = (played.result.red_score() * 2.0) as u8;
        for record in &played.records {
            let at = &by_ply[&usize::from(record.ply)];
            assert_eq!(record.game, game);
            assert_eq!(record.result, red);
            let replayed = record.position().expect("a legal position");
            assert_eq!(replayed.key(), Position::from_setup(&at.to_setup()).expect("legal").key());
            assert!(!replayed.in_check());
            assert!(!is_decisive(Value::from(record.score)));
        }
        // Captures, checks and decided scores are left out, but not most positions.
        assert!(
            played.records.len() * 3 >= played.moves.len(),
            "game {game}: {} of {}",
            played.records.len(),
            played.moves.len()
        );
        kept += played.records.len();
    }
    assert!(kept > 0);
}

/// Two runs with the same settings write the same file; a run stopped after some games (and
/// with a record torn by the stop) and resumed ends with the same bytes.
#[test]
fn a_resumed_run_writes_the_file_of_one_run() {
    let opts = |out: PathBuf, games| Options {
        out,
        source: Source::SelfPlay { games },
        settings: quick(),
        threads: 2,
        eval_file: None,
        shard: Shard::WHOLE,
    };
    let whole = out_path("whole.bin");
    let _ = std::fs::remove_file(&whole);
    let done = run(&opts(whole.clone(), 4), &mut |_| {}).expect("runs");
    assert_eq!((done.first_game, done.games, done.written), (0, 4, done.positions));
    let bytes = std::fs::read(&whole).expect("written");
    assert_eq!(bytes.len() as u64, done.positions * RECORD_SIZE as u64);
    let records: Vec<Record> =
        record::read_all(&bytes[..]).expect("reads").into_iter().map(|r| r.expect("valid")).collect();
    assert!(records.windows(2).all(|w| w[0].game <= w[1].game), "games in order");
    assert_eq!(records.last().map(|r| r.game), Some(3));

    let parts = out_path("parts.bin");
    let _ = std::fs::remove_file(&parts);
    let first = run(&opts(parts.clone(), 2), &mut |_| {}).expect("runs");
    assert_eq!(first.games, 2);
    let mut torn = std::fs::read(&parts).expect("written");
    torn.extend_from_slice(&bytes[..RECORD_SIZE / 2]);
    std::fs::write(&parts, &torn).expect("writes");
    let resumed = run(&opts(parts.clone(), 4), &mut |_| {}).expect("resumes");
    assert_eq!((resumed.games, resumed.positions), (4, done.positions));
    assert!(resumed.first_game <= 1, "goes on from the last game begun: {}", resumed.first_game);
    assert_eq!(std::fs::read(&parts).expect("written"), bytes);
    let _ = std::fs::remove_file(&whole);
    let _ = std::fs::remove_file(&parts);

    // Three shards of 5 games, one stopped and resumed: their files end to end are one run's.
    let whole = out_path("whole5.bin");
    let _ = std::fs::remove_file(&whole);
    run(&opts(whole.clone(), 5), &mut |_| {}).expect("runs");
    let mut joined = Vec::new();
    for index in 0..3 {
        let shard = Shard::new(index, 3).expect("a shard");
        let path = shard.file(&out_path("sharded.bin"));
        let _ = std::fs::remove_file(&path);
        let opts = Options { shard, ..opts(path.clone(), 5) };
        let done = run(&opts, &mut |_| {}).expect("runs");
        assert_eq!((done.first_game, done.total), (shard.block(5).start as u32, shard.block(5).end as u32));
        if index == 1 {
            // Lost mid-game: a torn record, then run again.
            let mut torn = std::fs::read(&path).expect("written");
            torn.truncate(torn.len() - RECORD_SIZE / 3);
            std::fs::write(&path, &torn).expect("writes");
            run(&opts, &mut |_| {}).expect("resumes");
        }
        let bytes = std::fs::read(&path).expect("written");
        // A shard's file refuses another shard's run, and is left as it was.
        let other = Options { shard: Shard::new((index + 1) % 3, 3).expect("a shard"), ..opts.clone() };
        assert!(run(&other, &mut |_| {}).is_err());
        assert_eq!(std::fs::read(&path).expect("kept"), bytes);
        joined.extend(bytes);
        let _ = std::fs::remove_file(&path);
    }
    assert_eq!(joined, std::fs::read(&whole).expect("written"));
    let _ = std::fs::remove_file(&whole);
}

/// `--nnue`: the searches evaluate with the network, so the same games score differently from
/// the thesis evaluation's; a file that is no net stops the run before any game with its reason.
#[test]
fn the_network_can_play_the_games() {
    let opts = |out: PathBuf, eval_file| Options {
        out,
        source: Source::SelfPlay { games: 1 },
        settings: quick(),
        threads: 1,
        eval_file,
        shard: Shard::WHOLE,
    };
    let read = |path: &PathBuf| -> Vec<Record> {
        let bytes = std::fs::read(path).expect("written");
        record::read_all(&bytes[..]).expect("reads").into_iter().map(|r| r.expect("valid")).collect()
    };
    let (thesis, net) = (out_path("thesis.bin"), out_path("net.bin"));
    for path in [&thesis, &net] {
        let _ = std::fs::remove_file(path);
    }
    run(&opts(thesis.clone(), None), &mut |_| {}).expect("runs");
    run(&opts(net.clone(), Some(String::new())), &mut |_| {}).expect("runs with the built-in net");
    let scores = |records: &[Record]| records.iter().map(|r| r.score).collect::<Vec<_>>();
    let (thesis_records, net_records) = (read(&thesis), read(&net));
    assert!(!net_records.is_empty());
    assert_ne!(scores(&thesis_records), scores(&net_records));

    let bad = out_path("not-a-net.chnn");
    std::fs::write(&bad, b"not a net").expect("writes");
    let refused = out_path("refused.bin");
    let _ = std::fs::remove_file(&refused);
    let error = run(&opts(refused.clone(), Some(bad.display().to_string())), &mut |_| {}).expect_err("refused");
    assert!(error.contains("not-a-net.chnn"), "{error}");
    assert!(read(&refused).is_empty());
    for path in [&thesis, &net, &bad, &refused] {
        let _ = std::fs::remove_file(path);
    }
}

/// Recorded games: positions from the given ply on, labelled with the game's result; a game
/// without one gives none.
#[test]
fn recorded_games_are_labelled_with_their_results() {
    let text = "[Result \"0-1\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 0-1\n\n\
                [Event \"unfinished\"]\n\n1. h2e2 h9g7 *\n";
    let games: Vec<Game> = crate::pgn::read_games(text).into_iter().map(|g| g.expect("a game")).collect();
    let mut engine = Engine::new().expect("engine");
    let settings = Settings { book_plies: 2, ..quick() };
    let records = label::label(&mut engine, &games[0], 5, &settings);
    assert!(!records.is_empty());
    assert!(records.iter().all(|r| r.result == 0 && r.game == 5 && (2..6).contains(&r.ply)));
    assert!(label::label(&mut engine, &games[1], 6, &settings).is_empty());
    let (distinct, left_out) = label::distinct_games(vec![
        crate::pgn::read_bytes(std::path::Path::new("a.pgn"), text.as_bytes()),
        crate::pgn::read_bytes(std::path::Path::new("b.pgn"), text.as_bytes()),
    ]);
    assert_eq!((distinct.len(), left_out), (2, 2));
}

#[test]
fn the_generator_is_reproducible_and_spread() {
    let draw = |game| {
        let mut rng = Rng::for_game(1, game);
        (0..8).map(|_| rng.below(10)).collect::<Vec<_>>()
    };
    assert_eq!(draw(3), draw(3));
    assert_ne!(draw(3), draw(4));
    let mut rng = Rng::for_game(0, 0);
    let mut counts = [0; 4];
    (0..4000).for_each(|_| counts[rng.below(4)] += 1);
    assert!(counts.iter().all(|&c| (900..1100).contains(&c)), "{counts:?}");
}

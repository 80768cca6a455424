//! `chuhan match`: two copies of chuhan play a short match; the summary and the PGN file are
//! checked. Scripted fake engines check the referee's verdicts on illegal moves, crashes and
//! silence, and bad arguments exit with status 2.

use std::path::PathBuf;

use chuhan::pgn::{self, Game};

use crate::common::{run, stderr, stdout};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chuhan-arena-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

/// The games of a PGN file the referee wrote, read by the library's reader, after a check of
/// the layout: each game begins with the `Game` tag, then the seven-tag roster in order.
fn read_pgn(text: &str) -> Vec<Game> {
    for header in text.split("\n\n").filter(|block| block.starts_with('[')) {
        let names: Vec<&str> = header.lines().take(8).map(|l| l[1..].split(' ').next().unwrap_or("")).collect();
        assert_eq!(names, ["Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result"], "{header}");
    }
    pgn::read_games(text).into_iter().map(|game| game.unwrap_or_else(|e| panic!("{e}\n{text}"))).collect()
}

/// Checks a game: the roster tags, a result, the termination as the last comment, PlyCount.
fn check_game(game: &Game) {
    for tag in ["Event", "Site", "Date", "Round", "Red", "Black", "Termination"] {
        assert!(game.tag(tag).is_some(), "missing tag {tag}");
    }
    assert!(game.result.is_some(), "a decided result");
    let termination = game.tag("Termination").unwrap_or_default();
    let last = game.comments.last().expect("the termination as the last comment");
    assert_eq!(last.ply, game.moves.len());
    // After a repetition the comment goes on with who repeated what (`src/arena/game.rs`).
    let repetition = last.text.strip_prefix(termination).is_some_and(|rest| rest.starts_with(": cycle: "));
    assert!(last.text == termination || repetition, "{} / {termination}", last.text);
    assert_eq!(game.tag("PlyCount"), Some(game.moves.len().to_string().as_str()));
}

/// Two games of self-play at fixed nodes (so that the machine's load cannot decide them): the
/// summary's lines, the PGN's tags and move comments, and the memory report.
#[test]
fn chuhan_against_itself() {
    let dir = scratch("self");
    let pgn = dir.join("games.pgn");
    let exe = env!("CARGO_BIN_EXE_chuhan");
    let pgn_arg = pgn.to_string_lossy().into_owned();
    let o = run(&[
        "match",
        "--engine",
        exe,
        "--engine",
        exe,
        "--proto",
        "uci",
        "--games",
        "2",
        "--nodes",
        "3000",
        "--max-plies",
        "40",
        "--sprt",
        "0",
        "10",
        "--pgn",
        &pgn_arg,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    // On Linux, memory lines for both engines and the referee follow the summary.
    let memory = if cfg!(target_os = "linux") { 3 } else { 0 };
    assert_eq!(lines.len(), 9 + memory, "{out}");
    for (line, who) in lines[9..].iter().zip([
        "Chuhan 0.1.0 #1 RSS after its first game ",
        "Chuhan 0.1.0 #2 RSS ",
        "referee RSS peak ",
    ]) {
        assert!(line.strip_prefix("Memory: ").is_some_and(|l| l.starts_with(who)), "{out}");
        assert!(line.contains(" MB"), "{out}");
    }
    let score = lines[0].strip_prefix("Score of Chuhan 0.1.0 #1 vs Chuhan 0.1.0 #2: ").expect(lines[0]);
    let numbers: Vec<&str> = score.split_whitespace().collect();
    assert_eq!(numbers.len(), 7, "{score}");
    let count = |i: usize| numbers[i].parse::<u32>().unwrap_or_else(|_| panic!("{score}"));
    assert_eq!((numbers[1], numbers[3]), ("-", "-"));
    assert_eq!(count(0) + count(2) + count(4), 2, "{score}");
    assert_eq!(numbers[6], "2");
    assert!(numbers[5].starts_with('[') && numbers[5].ends_with(']'), "{score}");
    assert!(lines[1].starts_with("Elo difference: ") && lines[1].contains(" +/- "), "{}", lines[1]);
    assert!(lines[1].contains(", LOS: ") && lines[1].ends_with(" %"), "{}", lines[1]);
    assert!(lines[2].starts_with("LLR: ") && lines[2].contains(" (-2.94, 2.94) "), "{}", lines[2]);
    assert_eq!(lines[3], "2 of 2 games finished.");
    assert_eq!(lines[4], "Limits: Chuhan 0.1.0 #1 nodes 3000, Chuhan 0.1.0 #2 nodes 3000");
    assert_eq!(lines[5], "Move limit: 60 moves each, a nobestmove claim granted from 50");
    // Both games are counted by how they ended; self-play at fixed nodes never forfeits on
    // time, plays an illegal move or fails.
    let endings = lines[6].strip_prefix("Endings: ").expect(lines[6]);
    let counts: Vec<u32> = endings.split(", ").filter_map(|part| part.split(' ').next()?.parse().ok()).collect();
    assert_eq!(counts.len(), 5, "{endings}");
    assert_eq!(counts.iter().sum::<u32>(), 2, "{endings}");
    assert_eq!((counts[1], counts[2], counts[3]), (0, 0, 0), "{endings}");
    // Progress on stderr (not a terminal here): one line per game and the running score.
    assert_eq!(stderr(&o).lines().filter(|l| l.starts_with("Finished game ")).count(), 2);

    let text = std::fs::read_to_string(&pgn).expect("PGN file");
    let games = read_pgn(&text);
    assert_eq!(games.len(), 2);
    for game in &games {
        check_game(game);
        // Each move carries the mover's score, depth and time, as cutechess writes them.
        let notes: Vec<&str> = game.comments.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(notes.len(), game.moves.len() + 1, "{text}");
        let mut searched = Vec::new();
        for (ply, comment) in game.comments.iter().take(game.moves.len()).enumerate() {
            assert_eq!(comment.ply, ply + 1, "{text}");
            searched.push(move_note(&comment.text).unwrap_or_else(|| panic!("{}", comment.text)));
        }
        // Book moves have no score. The book holds positions up to the 30th ply from the
        // start and this opening starts at the 4th, so only the first 26 moves can come from
        // it (a searched move may lead back into it; a repetition may end the game before 40).
        assert!(searched.iter().skip(26).all(|&s| s), "{text}");
        assert!(searched.contains(&true), "{text}");
    }
    // Every move is timed, and counted for the engine that made it.
    let moves_of = |name: &str| -> usize {
        let of_game = |g: &Game| {
            let opens = (g.tag("Red") == Some(name)) == (g.start.side_to_move() == chuhan::Color::Red);
            if opens { g.moves.len().div_ceil(2) } else { g.moves.len() / 2 }
        };
        games.iter().map(of_game).sum()
    };
    for (line, name) in lines[7..9].iter().zip(["Chuhan 0.1.0 #1", "Chuhan 0.1.0 #2"]) {
        let rest = line.strip_prefix(&format!("Move times of {name}: median ")).expect(line);
        assert!(rest.ends_with(&format!(" ms over {} moves", moves_of(name))), "{out}");
    }
    // One opening, both colours.
    let (a, b) = (&games[0], &games[1]);
    assert_eq!(a.start.fen(), b.start.fen());
    assert_eq!(a.tag("Red"), b.tag("Black"));
    assert_eq!(a.tag("Black"), b.tag("Red"));
    let mut rounds: Vec<&str> = games.iter().filter_map(|g| g.tag("Round")).collect();
    rounds.sort_unstable();
    assert_eq!(rounds, ["1", "2"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A clocked match, books off so that every move is searched: both engines' time controls are
/// reported and every move is timed. The clocks are generous for so few plies, so a loaded
/// machine cannot make either side forfeit.
#[test]
fn clocked_match_reports_its_time_controls() {
    let exe = env!("CARGO_BIN_EXE_chuhan");
    let no_book = "setoption name OwnBook value false";
    let args = [
        "match", "--engine", exe, "--init", no_book, "--tc", "2+0.05", "--engine", exe, "--init", no_book, "--tc",
        "1.5+0.1",
    ];
    let o = run(&[&args[..], &["--max-plies", "8"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[2], "2 of 2 games finished.", "{out}");
    assert_eq!(lines[3], "Limits: Chuhan 0.1.0 #1 2+0.05, Chuhan 0.1.0 #2 1.5+0.1", "{out}");
    assert_eq!(lines[5], "Endings: 0 by the rules, 0 time forfeits, 0 illegal moves, 0 engine failures, 2 ply caps");
    for (line, name) in lines[6..8].iter().zip(["Chuhan 0.1.0 #1", "Chuhan 0.1.0 #2"]) {
        assert!(line.starts_with(&format!("Move times of {name}: median ")), "{out}");
        assert!(line.ends_with(" ms over 8 moves"), "{out}");
    }
}

/// A move's comment: `+0.24/10 0.015s`, `-M2/7 0.002s` (score, depth, seconds): `Some(true)`;
/// the time alone (a book move): `Some(false)`; anything else: `None`.
fn move_note(text: &str) -> Option<bool> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let seconds = |t: &str| {
        t.strip_suffix('s').and_then(|t| t.split_once('.')).is_some_and(|(a, b)| digits(a) && b.len() == 3 && digits(b))
    };
    let Some((thought, time)) = text.split_once(' ') else { return seconds(text).then_some(false) };
    let (score, depth) = thought.split_once('/')?;
    let score_ok = score.strip_prefix(['+', '-']).is_some_and(|v| match v.strip_prefix('M') {
        Some(moves) => digits(moves),
        None => v.split_once('.').is_some_and(|(a, b)| digits(a) && b.len() == 2 && digits(b)),
    });
    (score_ok && digits(depth) && seconds(time)).then_some(true)
}

/// Fixed-node games do not depend on the clock: the same match played twice gives the same
/// moves (one-thread search is deterministic, and the node limits vary by game and ply only).
#[test]
fn fixed_node_matches_repeat_exactly() {
    let dir = scratch("nodes");
    let exe = env!("CARGO_BIN_EXE_chuhan");
    let play = |name: &str| {
        let pgn = dir.join(name).to_string_lossy().into_owned();
        let args = ["match", "--engine", exe, "--engine", exe, "--games", "2", "--nodes", "3000", "--max-plies", "30"];
        let o = run(&[&args[..], &["--pgn", &pgn]].concat());
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains("2 of 2 games finished."), "{}", stdout(&o));
        read_pgn(&std::fs::read_to_string(&pgn).expect("PGN file"))
    };
    let (first, second) = (play("a.pgn"), play("b.pgn"));
    assert_eq!(first.len(), 2);
    for (a, b) in first.iter().zip(&second) {
        check_game(a);
        assert_eq!(a.tag("TimeControl"), Some("nodes 3000"));
        assert_eq!(a.moves, b.moves);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Openings from a PGN file: two games, one in ICCS and one in Chinese notation, reach the
/// same position after two plies; it is used once, and both games of the match start there.
#[test]
fn openings_from_a_game_file() {
    let dir = scratch("pgn-openings");
    let exe = env!("CARGO_BIN_EXE_chuhan");
    let lines = dir.join("lines.pgn");
    std::fs::write(&lines, "1. h2e2 h9g7 2. h0g2 *\n\n1. 炮二平五 马8进7 2. 马八进七 *\n").expect("written");
    let (lines, pgn) = (lines.to_string_lossy().into_owned(), dir.join("games.pgn").to_string_lossy().into_owned());
    let args = ["match", "--engine", exe, "--engine", exe, "--games", "2", "--nodes", "2000", "--max-plies", "6"];
    let o = run(&[&args[..], &["--openings", &lines, "--opening-plies", "2", "--pgn", &pgn]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).starts_with(&format!(
            "openings: 1 positions from 2 games of {lines} (1 repeated or finished, 0 unreadable)\n"
        )),
        "{}",
        stderr(&o)
    );
    let after = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2";
    let games = read_pgn(&std::fs::read_to_string(&pgn).expect("PGN file"));
    let starts: Vec<String> = games.iter().map(|g| g.start.fen()).collect();
    assert_eq!(starts, [after, after]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An executable shell script `name` in `dir` that first notes its start in `dir/starts.log`.
#[cfg(unix)]
fn script(dir: &std::path::Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    let text = format!("#!/bin/sh\necho {name} >> \"$(dirname \"$0\")/starts.log\"\n{body}");
    std::fs::write(&path, text).expect("script");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path.to_string_lossy().into_owned()
}

/// A UCCI engine as a shell script: the handshake, then `on_go` for every `go`, which finds
/// the last `position` line in `$pos`.
#[cfg(unix)]
fn fake_engine(dir: &std::path::Path, name: &str, on_go: &str) -> String {
    let body = format!(
        "while read -r line; do\n  case \"$line\" in\n    ucci) echo 'id name {name}'; echo ucciok ;;\n    \
         isready) echo readyok ;;\n    position*) pos=\"$line\" ;;\n    go*) {on_go} ;;\n    quit) exit 0 ;;\n  \
         esac\ndone\n"
    );
    script(dir, name, &body)
}

/// A one-position openings file in `dir`, and the path of a PGN file beside it, as arguments.
fn opening_and_pgn(dir: &std::path::Path, fen: &str) -> (String, PathBuf) {
    let openings = dir.join("openings.epd");
    std::fs::write(&openings, format!("{fen}\n")).expect("openings");
    (openings.to_string_lossy().into_owned(), dir.join("games.pgn"))
}

/// How many times each program of `dir` was started, by name.
#[cfg(unix)]
fn starts(dir: &std::path::Path, name: &str) -> usize {
    let log = std::fs::read_to_string(dir.join("starts.log")).unwrap_or_default();
    log.lines().filter(|l| *l == name).count()
}

/// Each slot keeps its engines from game to game; only the engine at fault is restarted. Every
/// count includes the start that reads the engine's name before the match.
#[cfg(unix)]
#[test]
fn engines_are_kept_between_games_and_restarted_after_a_fault() {
    let dir = scratch("seats");
    let exe = env!("CARGO_BIN_EXE_chuhan");
    let chuhan = script(&dir, "chuhan", &format!("exec '{exe}'\n"));
    let fake = fake_engine(&dir, "illegal", "echo 'bestmove a0a5'");
    let o = run(&["match", "--engine", &fake, "--tc", "0.3+0", "--engine", &chuhan, "--tc", "20+0", "--games", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("Score of illegal vs Chuhan 0.1.0: 0 - 4 - 0 [0.000] 4\n"), "{}", stdout(&o));
    assert_eq!(starts(&dir, "chuhan"), 1 + 1);
    assert_eq!(starts(&dir, "illegal"), 1 + 4);
    // Two slots: one pair of engines each, plus a restart for any fault (a time forfeit on a
    // loaded machine).
    let _ = std::fs::remove_file(dir.join("starts.log"));
    let args = ["--games", "4", "--tc", "1+0.02", "--max-plies", "40", "--concurrency", "2"];
    let o = run(&[&["match", "--engine", &chuhan, "--engine", &chuhan][..], &args].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let faults = ["loses on time", "illegal move by", "gave no move", "engine failure"];
    let err = stderr(&o);
    let restarts =
        err.lines().filter(|l| l.starts_with("Finished game ") && faults.iter().any(|f| l.contains(f))).count();
    // A fault in a slot's last game needs no restart, so each fault adds at most one start.
    let started = starts(&dir, "chuhan");
    assert!((2 + 4..=2 + 4 + restarts).contains(&started), "{started} starts, {restarts} faults\n{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn the_referee_punishes_faults() {
    let dir = scratch("faults");
    let exe = env!("CARGO_BIN_EXE_chuhan");
    for (name, on_go, termination) in [
        ("illegal", "echo 'bestmove a0a5'", "illegal move by "),
        ("garbage", "echo 'bestmove xyz'", "illegal move by "),
        ("crasher", "exit 3", " engine failure: exited"),
        ("silent", ":", " loses on time"),
        ("resigner", "echo nobestmove", " gave no move while having legal moves"),
    ] {
        let fake = fake_engine(&dir, name, on_go);
        let pgn = dir.join(format!("{name}.pgn"));
        let pgn_arg = pgn.to_string_lossy().into_owned();
        // The fake's short clock makes the silent one forfeit soon; Chuhan's long one keeps a
        // loaded machine from making it forfeit first.
        let o = run(&[
            "match", "--engine", &fake, "--tc", "0.3+0", "--engine", exe, "--tc", "20+0", "--games", "2", "--pgn",
            &pgn_arg,
        ]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        assert!(stdout(&o).starts_with(&format!("Score of {name} vs Chuhan 0.1.0: 0 - 2 - 0 [0.000] 2\n")), "{name}");
        let games = read_pgn(&std::fs::read_to_string(&pgn).expect("PGN file"));
        assert_eq!(games.len(), 2, "{name}");
        for game in &games {
            check_game(game);
            let reason = game.tag("Termination").expect("Termination");
            assert!(reason.contains(termination), "{name}: {reason}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each engine gets its own clock: two fakes that take 0.4 s a move and answer an illegal
/// move, one with 0.1 s (plus the referee's 50 ms grace) and one with 2 s. The first forfeits
/// on time when it moves first, the second loses by its illegal move; each `go` carries the
/// mover's clock and the opponent's, and the PGN tags and the summary name both controls.
#[cfg(unix)]
#[test]
fn each_engine_keeps_its_own_time_control() {
    let dir = scratch("own-tc");
    let on_go =
        |name: &str| format!("echo \"$line\" >> \"$(dirname \"$0\")/{name}.go\"; sleep 0.4; echo 'bestmove a0a5'");
    let fast = fake_engine(&dir, "fast", &on_go("fast"));
    let slow = fake_engine(&dir, "slow", &on_go("slow"));
    let (openings, pgn) = opening_and_pgn(&dir, chuhan::START_FEN);
    let args = ["--engine", &fast, "--tc", "0.1", "--engine", &slow, "--tc", "2+0.5", "--games", "2"];
    let pgn_arg = pgn.to_string_lossy().into_owned();
    let o = run(&[&["match"][..], &args, &["--openings", &openings, "--pgn", &pgn_arg]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Score of fast vs slow: 1 - 1 - 0 [0.500] 2\n"), "{out}");
    assert!(out.contains("\nLimits: fast 0.1+0, slow 2+0.5\n"), "{out}");
    assert!(out.contains("\nEndings: 0 by the rules, 1 time forfeits, 1 illegal moves, 0 engine failures"), "{out}");
    let go = |name: &str| std::fs::read_to_string(dir.join(format!("{name}.go"))).expect("go log");
    assert_eq!(go("fast"), "go time 100 increment 0 opptime 2000 oppincrement 500\n");
    assert_eq!(go("slow"), "go time 2000 increment 500 opptime 100 oppincrement 0\n");
    let games = read_pgn(&std::fs::read_to_string(&pgn).expect("PGN file"));
    let clocks: Vec<_> = games
        .iter()
        .map(|g| (g.tag("Termination"), g.tag("RedTimeControl"), g.tag("BlackTimeControl"), g.tag("TimeControl")))
        .collect();
    assert_eq!(
        clocks,
        [
            (Some("red loses on time"), Some("0.1+0"), Some("2+0.5"), None),
            (Some("illegal move by red: 'a0a5' (a rook on a0 cannot move to a5)"), Some("2+0.5"), Some("0.1+0"), None)
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each engine gets its own limit. Two fakes that log every `go`, take 0.3 s and answer an
/// illegal move, one searching nodes and one a depth: each `go` is its own, the summary and the
/// PGN tags name both limits, and neither loses on time. Then Chuhan on a clock against the
/// node-bound fake: Chuhan is sent its own clock as the opponent's.
#[cfg(unix)]
#[test]
fn each_engine_gets_its_own_node_or_depth_limit() {
    let dir = scratch("own-limit");
    let on_go =
        |name: &str| format!("echo \"$line\" >> \"$(dirname \"$0\")/{name}.go\"; sleep 0.3; echo 'bestmove a0a5'");
    let counter = fake_engine(&dir, "counter", &on_go("counter"));
    let digger = fake_engine(&dir, "digger", &on_go("digger"));
    let (openings, pgn) = opening_and_pgn(&dir, chuhan::START_FEN);
    let pgn_arg = pgn.to_string_lossy().into_owned();
    let args = ["--engine", &counter, "--nodes", "20000", "--engine", &digger, "--depth", "8", "--games", "2"];
    let o = run(&[&["match"][..], &args, &["--openings", &openings, "--pgn", &pgn_arg]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Score of counter vs digger: 1 - 1 - 0 [0.500] 2\n"), "{out}");
    assert!(out.contains("\nLimits: counter nodes 20000, digger depth 8\n"), "{out}");
    assert!(out.contains("\nEndings: 0 by the rules, 0 time forfeits, 2 illegal moves, 0 engine failures"), "{out}");
    let go = |name: &str| std::fs::read_to_string(dir.join(format!("{name}.go"))).expect("go log");
    assert_eq!(go("digger"), "go depth 8\n");
    let nodes: u64 = go("counter").strip_prefix("go nodes ").and_then(|n| n.trim_end().parse().ok()).expect("go nodes");
    assert!((17_500..=22_500).contains(&nodes), "{nodes}");
    let games = read_pgn(&std::fs::read_to_string(&pgn).expect("PGN file"));
    let tags: Vec<_> = games.iter().map(|g| (g.tag("RedTimeControl"), g.tag("BlackTimeControl"))).collect();
    assert_eq!(tags, [(Some("nodes 20000"), Some("depth 8")), (Some("depth 8"), Some("nodes 20000"))]);

    // Chuhan's input, logged on its way in.
    let exe = env!("CARGO_BIN_EXE_chuhan");
    let chuhan = script(&dir, "chuhan", &format!("tee -a \"$(dirname \"$0\")/chuhan.in\" | '{exe}'\n"));
    let args = ["--engine", &chuhan, "--name", "Chuhan", "--tc", "20", "--engine", &counter, "--nodes", "500"];
    let o = run(&[&["match"][..], &args, &["--games", "2", "--openings", &openings]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("Score of Chuhan vs counter: 2 - 0 - 0 [1.000] 2\n"), "{}", stdout(&o));
    let input = std::fs::read_to_string(dir.join("chuhan.in")).expect("Chuhan's input");
    let gos: Vec<&str> = input.lines().filter(|l| l.starts_with("go")).collect();
    assert_eq!(gos, ["go time 20000 increment 0 opptime 20000 oppincrement 0"], "{input}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The referee's move limit. A fake that shuffles (the red rook a0-a1, the black king e9-e8)
/// from a position 96 plies after the last capture: to fifty moves the game is drawn after 4
/// plies by the `50-move rule`; to sixty, the shuffle repeats the position a third time first
/// (8 plies). An opening already at 100 plies is refused under fifty; under sixty a
/// `nobestmove` there is granted as a claim.
#[cfg(unix)]
#[test]
fn the_referee_draws_at_its_move_limit() {
    let dir = scratch("move-limit");
    let shuffle = "n=$(echo \"$pos\" | sed -n 's/.* moves //p' | wc -w); case $((n % 4)) in 0) m=a0a1 ;; \
                   1) m=e9e8 ;; 2) m=a1a0 ;; *) m=e8e9 ;; esac; echo \"bestmove $m\"";
    let shuffler = fake_engine(&dir, "shuffler", shuffle);
    let claimer = fake_engine(&dir, "claimer", "echo nobestmove");
    let (openings, pgn) = opening_and_pgn(&dir, "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 96 1");
    let pgn_arg = pgn.to_string_lossy().into_owned();
    let play = |limit: &[&str]| {
        let _ = std::fs::remove_file(&pgn);
        let args = ["match", "--engine", &shuffler, "--engine", &shuffler, "--nodes", "100", "--games", "1"];
        let o = run(&[&args[..], limit, &["--openings", &openings, "--pgn", &pgn_arg]].concat());
        assert!(o.status.success(), "{}", stderr(&o));
        let games = read_pgn(&std::fs::read_to_string(&pgn).expect("PGN file"));
        let game = &games[0];
        check_game(game);
        let ending =
            (game.tag("Termination").map(str::to_string), game.moves.len(), game.result.as_ref().map(|r| r.winner));
        (stdout(&o), ending)
    };
    let draw = Some(None);
    let (out, ending) = play(&["--move-limit", "50"]);
    assert_eq!(ending, (Some("50-move rule".to_string()), 4, draw));
    assert!(out.contains("\nMove limit: 50 moves each\n"), "{out}");
    let (out, ending) = play(&[]);
    assert_eq!(ending, (Some("threefold repetition".to_string()), 8, draw));
    assert!(out.contains("\nMove limit: 60 moves each, a nobestmove claim granted from 50\n"), "{out}");

    let (openings, pgn) = opening_and_pgn(&dir, "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 100 1");
    let args = ["match", "--engine", &claimer, "--engine", &shuffler, "--nodes", "100", "--games", "1"];
    let o = run(&[&args[..], &["--openings", &openings, "--move-limit", "50"]].concat());
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("line 1: the game is already over (50-move rule)"), "{}", stderr(&o));
    let _ = std::fs::remove_file(&pgn);
    let pgn_arg = pgn.to_string_lossy().into_owned();
    let o = run(&[&args[..], &["--openings", &openings, "--pgn", &pgn_arg]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let games = read_pgn(&std::fs::read_to_string(&pgn).expect("PGN file"));
    assert_eq!(games[0].tag("Termination"), Some("draw claimed by red under the 50-move limit"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_exit_2() {
    let exe = env!("CARGO_BIN_EXE_chuhan");
    for args in [
        vec!["match"],
        vec!["match", "--engine", exe],
        vec!["match", "--engine", exe, "--engine", exe, "--tc", "fast"],
        vec!["match", "--engine", exe, "--engine", exe, "--games", "-3"],
        vec!["match", "--engine", exe, "--engine", exe, "--sprt", "5", "0"],
        vec!["match", "--engine", exe, "--engine", exe, "--proto", "xboard"],
        vec!["match", "--engine", exe, "--engine", exe, "--frobnicate"],
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).starts_with("error: "), "{args:?}: {}", stderr(&o));
    }
    // An engine that cannot be started is reported before any game.
    let o = run(&["match", "--engine", "/nonexistent/engine", "--engine", exe]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot start '/nonexistent/engine'"), "{}", stderr(&o));
    let help = run(&["match", "--help"]);
    assert!(help.status.success());
    assert!(stdout(&help).starts_with("Usage: chuhan match"));
}

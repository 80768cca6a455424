//! The dialects of the GUIs people use on Linux, replayed line for line against the binary
//! (`docs/ucci.md` §12): what each GUI sends, from its own source (cited by repository, commit,
//! file and line), and every `bestmove` and its ponder move checked against the position the GUI
//! meant, as the library plays it. Trailing blanks and `\r` are sent as the GUIs send them.
//!
//! Timeouts only guard against hangs; no test asserts how fast anything is.

use chuhan::{Move, Position};

use crate::session::Session;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The position the GUI meant: `fen` (written in full, as Chuhan writes it) and `moves` after it.
fn meant(fen: &str, moves: &str) -> Position {
    let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for m in moves.split_whitespace() {
        let mv = Move::parse(m).unwrap_or_else(|| panic!("bad move text {m}"));
        pos.play(mv).unwrap_or_else(|e| panic!("{m}: {e:?}"));
    }
    pos
}

/// Reads one search's output up to its `bestmove`, and checks the move, and the ponder move after
/// it, against `pos`; returns every line read, the `bestmove` line last.
fn answer(s: &mut Session, pos: &Position) -> Vec<String> {
    let lines = s.until("bestmove", |l| l.starts_with("bestmove") || l == "nobestmove");
    let last = lines.last().cloned().unwrap_or_default();
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words.first(), Some(&"bestmove"), "no move in {}: {lines:?}", pos.fen());
    let mv = Move::parse(words.get(1).copied().unwrap_or_default()).unwrap_or_else(|| panic!("'{last}'"));
    assert!(pos.is_legal_move(mv), "'{last}' is illegal in {}", pos.fen());
    if let Some(i) = words.iter().position(|w| *w == "ponder") {
        let ponder = Move::parse(words.get(i + 1).copied().unwrap_or_default()).unwrap_or_else(|| panic!("'{last}'"));
        let mut after = pos.clone();
        after.play(mv).unwrap_or_else(|e| panic!("{e:?}"));
        assert!(after.is_legal_move(ponder), "ponder move of '{last}' is illegal after it in {}", pos.fen());
    }
    lines
}

/// What a GUI that reads the analysis lines takes for the engine's move (xiangqi_tui, TChess): the
/// first move of the last `pv` before the answer. It must be the `bestmove`.
fn last_pv_move(lines: &[String]) -> Option<&str> {
    lines.iter().rev().find_map(|l| l.split(" pv ").nth(1)).and_then(|pv| pv.split_whitespace().next())
}

fn bestmove(lines: &[String]) -> &str {
    lines.last().and_then(|l| l.split_whitespace().nth(1)).unwrap_or_default()
}

/// gmchess (lerosua/gmchess 6ad3242): the ElephantEye options of `src/Engine.cc` (`init_engine`,
/// `pruning  large` with two blanks), FENs from its own writer with `--` and counters written
/// once, then twice after a capture (`src/Board.cc` 742-751), `go depth N ` with a trailing blank
/// (`Board.cc` 984-992), `ponderhit draw` and `go draw`. It reads `draw`, `resign`,
/// `nobestmove` and `bestmove` anywhere in a line (`Board.cc` 999-1047), so no other line may
/// hold them.
#[test]
fn gmchess() {
    let mut s = Session::start();
    s.send("ucci");
    s.expect("ucciok");
    for option in [
        "newgame",
        "idle large",
        "style risky",
        "knowledge none",
        "pruning  large",
        "randomness large",
        "usebook false",
    ] {
        s.send(&format!("setoption {option}"));
    }
    let after_capture = "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b";
    let mut output = Vec::new();
    for (line, fen, moves) in [
        (format!("position fen {} -- 0 1  moves h2e2", &START[..START.len() - 8]), START.to_string(), "h2e2"),
        (format!("position fen {after_capture} -- 0 1 "), format!("{after_capture} - - 0 1"), ""),
        (
            format!("position fen {after_capture} -- 0 1  -- 0 1  moves g7e6 b0c2"),
            format!("{after_capture} - - 0 1"),
            "g7e6 b0c2",
        ),
    ] {
        s.send(&line);
        s.send("go depth 5 ");
        output.extend(answer(&mut s, &meant(&fen, moves)));
    }
    // A draw offer on the engine's turn while it is not pondering, then one with no limit.
    s.send("ponderhit draw");
    s.send("go draw");
    s.expect_prefix("info depth 2 ");
    s.send("quit");
    output.extend(s.expect("bye"));
    let results = |l: &String| l.starts_with("bestmove") || l == "nobestmove";
    for word in ["draw", "resign", "nobestmove", "bestmove"] {
        let stray: Vec<&String> = s.transcript.iter().filter(|l| !results(l) && l.contains(word)).collect();
        assert!(stray.is_empty(), "lines other than results hold '{word}': {stray:?}");
    }
    assert!(s.transcript.iter().any(|l| l == "info string position: ignored '-- 0 1' after the FEN's fields"));
}

/// QBoard (fire-lizard/QBoard 24fbfd1, `UcciEngine`): `ucci`, `isready` and `uccinewgame` at once,
/// FENs with `H` and `E` for horse and elephant, `moves` with nothing after it when the engine
/// moves first, and a user's FEN with no counters.
#[test]
fn qboard() {
    let mut s = Session::start();
    s.send_bytes(b"ucci\nisready\nuccinewgame\n");
    s.expect("readyok");
    let start = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1";
    s.send(&format!("position fen {start} moves "));
    s.send("go depth 10");
    answer(&mut s, &meant(START, ""));
    s.send(&format!("position fen {start} moves h2e2 h9g7 b0c2"));
    s.send("go movetime 1000");
    answer(&mut s, &meant(START, "h2e2 h9g7 b0c2"));
    s.send("uccinewgame");
    s.send("position fen 4k4/9/9/9/9/9/9/9/4A4/3AK4 w moves ");
    s.send("go depth 10 movetime 10000");
    answer(&mut s, &meant("4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1", ""));
}

/// The cchess library behind XQMagic (walker8088/cchess 0a17e69, `src/cchess/engine.py`): every
/// line ends in `\r\n`, options in UCI's syntax in a UCCI session with `Hash` up to 5000, a
/// `stop` before every `go` (idle or not), FENs of board and side only, and a `go` with no limit.
#[test]
fn cchess() {
    let mut s = Session::start();
    s.send_bytes(b"ucci\r\n");
    s.expect("ucciok");
    for option in [
        "ScoreType value PawnValueNormalized",
        "Repetition Rule value ChineseRule",
        "Ponder value False",
        "Threads value 1",
        "Hash value 5000",
        "UCI_LimitStrength value False",
        "MultiPV value 1",
    ] {
        s.send_bytes(format!("setoption name {option}\r\n").as_bytes());
    }
    // The stop finds the engine idle: no answer, or cchess would take it for its search's.
    s.send_bytes(
        b"stop\r\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\r\ngo depth 8\r\n",
    );
    let lines = answer(&mut s, &meant(START, ""));
    let unknown: Vec<&String> = lines.iter().filter(|l| l.starts_with("info string")).collect();
    assert_eq!(unknown, ["info string unknown option: ScoreType", "info string unknown option: Repetition Rule"]);
    s.send_bytes(b"stop\r\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w moves h2e2\r\n");
    s.send_bytes(b"go \r\n");
    s.expect_prefix("info depth 1 ");
    s.send_bytes(b"stop\r\n");
    answer(&mut s, &meant(START, "h2e2"));
    s.send_bytes(b"quit\r\n");
    assert_eq!(s.expect("bye"), Vec::<String>::new());
}

/// TChess (sojourners/public-Xiangqi, `Engine.java`): it tries `uci` first, sends every option's
/// default back (`<empty>` for the paths), a `stop` before each search, and `go movetime`; it
/// shows only info lines with `nps`, and takes the move from the last `pv`.
#[test]
fn tchess() {
    let mut s = Session::start();
    s.send("uci");
    s.expect("uciok");
    for option in ["MultiPV value 1", "Skill Level value 20", "BookFile value <empty>", "EvalFile value <empty>"] {
        s.send(&format!("setoption name {option}"));
    }
    s.send("stop");
    for option in ["Threads value 1", "Hash value 16"] {
        s.send(&format!("setoption name {option}"));
    }
    // In the book: the move comes at once, with its line.
    s.send(&format!("position fen {START} moves h2e2"));
    s.send("go movetime 5000");
    let lines = answer(&mut s, &meant(START, "h2e2"));
    let searched: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(!searched.is_empty() && searched.iter().all(|l| l.contains(" nps ")), "{lines:?}");
    assert_eq!(last_pv_move(&lines), Some(bestmove(&lines)), "{lines:?}");
    // Nothing was refused: the only other line names the book.
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("info depth") || l.starts_with("info string book: ") || l.starts_with("bestmove"))
    );
    // Out of the book, a search ended by the clock, maybe inside an iteration: its answer is
    // still the last line's first move.
    s.send("stop");
    let fen = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
    s.send(&format!("position fen {fen}"));
    s.send("go movetime 5000");
    let lines = answer(&mut s, &meant(fen, ""));
    assert_eq!(last_pv_move(&lines), Some(bestmove(&lines)), "{lines:?}");
}

/// xiangqi_tui 0.1.0 (crates.io; `src/engine/uci_ucci_engine/analyze_once.rs`, `protocol/common.rs`):
/// a new engine for every move, UCI-style options in a UCCI session with `Hash 512`, `isready`
/// with a 4 s deadline, a `stop` while idle, a FEN with no move list, and the move taken from the
/// last `info` line's `pv` (`stub_move` when no line had one), overriding `bestmove`
/// (`analyze_once.rs` 182-199). Here the position is in the book: its move must come with its
/// line.
#[test]
fn xiangqi_tui() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1";
    for (dialect, limit) in [("ucci", "go movetime 3000"), ("uci", "go movetime 3000")] {
        let mut s = Session::start();
        s.send(dialect);
        s.expect(&format!("{dialect}ok"));
        for option in [
            "Threads value 4",
            "Hash value 512",
            "Repetition Rule value AsianRule",
            "Draw Rule value None",
            "Skill Level value 20",
        ] {
            s.send(&format!("setoption name {option}"));
        }
        s.send("isready");
        s.expect("readyok");
        s.send("stop");
        s.send("setoption name MultiPV value 1");
        s.send(&format!("position fen {fen}"));
        s.send(limit);
        let lines = answer(&mut s, &meant(fen, ""));
        assert!(lines.iter().any(|l| l.starts_with("info string book: ")), "{dialect}: a book move: {lines:?}");
        // Every `info` line is a candidate; one without a `pv` keeps the move before it.
        assert_eq!(last_pv_move(&lines), Some(bestmove(&lines)), "{dialect}: {lines:?}");
    }
}

/// uci2wb -x, XBoard's UCCI adapter (ianfab/uci2wb 9bfc783, `UCI2WB.c`; Debian's 4.1 sends the
/// same): `setoption ponder 1` for XBoard's `hard`, every combo set to the first `var` announced
/// (`UCI2WB.c` 353-394), so the default must be first, `moves` with nothing after it, and `go`
/// with both clocks.
#[test]
fn uci2wb() {
    let mut s = Session::start();
    s.send("ucci");
    let handshake = s.expect("ucciok");
    for line in handshake.iter().filter(|l| l.contains(" type combo ")) {
        let first = line.split(" var ").nth(1).and_then(|v| v.split_whitespace().next());
        let default = line.rsplit(" default ").next();
        assert_eq!(first, default, "the first var of '{line}' is not its default");
    }
    for option in ["threads 1", "hashsize 68"] {
        s.send(&format!("setoption {option}"));
    }
    s.send("isready");
    s.expect("readyok");
    for option in ["newgame", "ponder 1", "pruning large", "style normal", "bookfiles <empty>"] {
        s.send(&format!("setoption {option}"));
    }
    s.send(&format!("position fen {START} moves"));
    s.send("go time 60000 opptime 60000 oppincrement 1000 increment 1000");
    answer(&mut s, &meant(START, ""));
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
    s.send(&format!("position fen {fen} moves b7c7 h2e2"));
    s.send("go draw time 290000 opptime 290000 movestogo 39");
    answer(&mut s, &meant(fen, "b7c7 h2e2"));
    s.send("stop");
    s.send("isready");
    assert_eq!(s.expect("readyok"), Vec::<String>::new(), "nothing but answers: every option was taken");
}

//! `chuhan judge`: the result line for each kind of game end, and exit code 2 for bad input.

use crate::common::{run, stderr, stdout};

/// Runs `chuhan judge` and returns its single output line, checking success.
fn judge(args: &[&str]) -> String {
    let o = run(&[&["judge"], args].concat());
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: {out}");
    lines[0].to_string()
}

/// Red's rook checks on ranks 9 and 8 in turn (`repetition.txt`, first perpetual check cases).
const PERPETUAL: &str = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1";

#[test]
fn judge_result_lines() {
    assert_eq!(judge(&[]), "result * game goes on");
    assert_eq!(judge(&["--lang", "zh"]), "result * 对局未结束");
    assert_eq!(judge(&["--fen", "3k5/9/9/9/9/9/9/9/8R/4K4 w", "--moves", "i1d1"]), "result 1-0 checkmate");
    // Black to move, not in check, without a legal move: the rooks cover d9 and f9, and the
    // advisor may not leave the file between the kings.
    assert_eq!(judge(&["--fen", "4k4/4a4/9/9/9/9/9/9/3R1R3/4K4 b"]), "result 1-0 stalemate (no legal move)");
    assert_eq!(judge(&["--fen", "4k4/9/9/9/9/9/9/9/4A4/3AK4 w"]), "result 1/2-1/2 insufficient material");
    assert_eq!(
        judge(&["--fen", "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 119 60", "--moves", "a0a1"]),
        "result 1/2-1/2 60-move rule"
    );
    // Under the fifty-move limit the game ends twenty plies earlier; the default plays on.
    let fifty_moves = ["--fen", "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 99 60", "--moves", "a0a1"];
    assert_eq!(judge(&[&fifty_moves[..], &["--move-limit", "50"]].concat()), "result 1/2-1/2 50-move rule");
    assert_eq!(judge(&fifty_moves), "result * game goes on");

    // Perpetual check: two occurrences so far, so only --first-repetition judges it.
    let twice = "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8";
    assert_eq!(judge(&["--fen", PERPETUAL, "--moves", twice]), "result * game goes on");
    assert_eq!(
        judge(&["--fen", PERPETUAL, "--moves", twice, "--first-repetition"]),
        "result 0-1 perpetual check by red"
    );
    let thrice = "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9 f9f8";
    assert_eq!(judge(&["--fen", PERPETUAL, "--moves", thrice]), "result 0-1 perpetual check by red");

    // Perpetual chase (`repetition.txt`: the rook chases the unprotected cannon).
    let fen = "4kab2/4a4/4b4/3rC2R1/9/9/4n4/4B4/4A4/4KAB1c w - - 0 1";
    let moves = "h6i6 i0h0 i6h6 h0i0 h6i6 i0h0 i6h6";
    assert_eq!(judge(&["--fen", fen, "--moves", moves, "--first-repetition"]), "result 0-1 perpetual chase by red");

    // Quiet shuffling: a draw at the third occurrence.
    let shuffle = "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9";
    assert_eq!(judge(&["--moves", shuffle]), "result 1/2-1/2 threefold repetition");
}

/// `chuhan judge --explain` output, all lines.
fn explain(args: &[&str]) -> String {
    let o = run(&[&["judge", "--explain"], args].concat());
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

#[test]
fn judge_explains_repetition_verdicts() {
    // Perpetual chase: the rook follows the cannon, which checks every other move (AXF rule 18,
    // diagram 37; docs/repetition.md).
    let chase = ["--fen", "3k5/9/9/9/9/9/9/9/c8/1RB1K4 w", "--moves", "b0b1 a1a0 b1b0 a0a1 b0b1 a1a0 b1b0 a0a1"];
    assert_eq!(
        explain(&chase),
        "result 0-1 perpetual chase by red\n\
         cycle: b0b1 a1a0 b1b0 a0a1 b0b1 a1a0 b1b0 a0a1\n\
         red rook b0/b1 chases black cannon a0/a1 on every move; black checks on 2 of 4 moves and is not chasing\n"
    );
    // The same in Chinese: the one wording the web board shows (`words::cycle_account`).
    assert_eq!(
        explain(&[&chase[..], &["--lang", "zh"]].concat()),
        "result 0-1 红方长捉\n\
         循环：b0b1 a1a0 b1b0 a0a1 b0b1 a1a0 b1b0 a0a1\n\
         红方车 b0/b1 捉黑方炮 a0/a1，每步都捉；黑方在 4 步中将军 2 步，未捉子\n"
    );
    assert_eq!(explain(&[&chase[..], &["--lang", "en"]].concat()), explain(&chase));
    // Perpetual check, judged at the first recurrence.
    let check = ["--fen", PERPETUAL, "--moves", "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8", "--first-repetition"];
    assert_eq!(
        explain(&check),
        "result 0-1 perpetual check by red\n\
         cycle: h9h8 f8f9 h8h9 f9f8\n\
         red checks on every move; black cannon c8 and black cannon a9 chase red rook h8/h9 on every move\n"
    );
    // A draw: horses out and back.
    let draw = ["--moves", "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9"];
    assert_eq!(
        explain(&draw),
        "result 1/2-1/2 threefold repetition\n\
         cycle: b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9\n\
         draw, neither side checks on every move or chases one piece on every move: red is neither checking nor \
         chasing; black is neither checking nor chasing\n"
    );
    // Other verdicts have nothing to explain.
    assert_eq!(explain(&["--fen", "3k5/9/9/9/9/9/9/9/8R/4K4 w", "--moves", "i1d1"]), "result 1-0 checkmate\n");
}

#[test]
fn judge_bad_input_exits_2_naming_the_token() {
    for (args, token) in [
        (&["--fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w"][..], "'X'"),
        (&["--fen", "4k4/9/9/9/9/9/9/9/4R4/4K4 w"], "in check"),
        (&["--moves", "h2e2 h9g7 e2e9"], "e2e9"),
        (&["--moves", "h2e2 x9"], "x9"),
        (&["--moves", "h2e2 h2e2"], "h2e2"),
        (&["--bogus"], "--bogus"),
        (&["--move-limit", "49"], "49 is out of range (50 to 60)"),
        (&["--lang", "fr"], "'fr'"),
    ] {
        let o = run(&[&["judge"], args].concat());
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stdout(&o).is_empty(), "{args:?}");
        let err = stderr(&o);
        assert!(err.contains(token), "{args:?}: {err}");
    }
}

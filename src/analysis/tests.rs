use super::*;
use crate::notation::{Notation, Script};
use crate::pgn::{Game, Nag};
use crate::types::value::mate_in;
use crate::words::Lang;

fn mv(text: &str) -> Move {
    Move::parse(text).expect("ICCS")
}

fn eval(pos: &Position, value: Value, best: &str, second: Option<Value>) -> Eval {
    Eval { value, depth: 12, best: Some(mv(best)), second, chances: wdl::wdl(pos, value) }
}

/// Four plies from the start; the views are made up so each case of the judgement shows.
fn review() -> Review {
    let moves: Vec<Move> = ["h2e2", "h9g7", "b0c2", "c6c5"].map(mv).to_vec();
    let mut positions = vec![Position::startpos()];
    for &m in &moves {
        let mut next = positions[positions.len() - 1].clone();
        next.play(m).expect("legal");
        positions.push(next);
    }
    let evals = vec![
        // Red plays Chuhan's move, and the second best is far worse: `!`.
        eval(&positions[0], 30, "h2e2", Some(-200)),
        // Black's g7 is not Chuhan's b7 and leaves Red +0.60 (Black -0.60): from -0.30 to -0.60.
        eval(&positions[1], -30, "b9c7", Some(-40)),
        // Red's c2 is not its e2 choice: from +0.60 to -2.00, a blunder.
        eval(&positions[2], 60, "i0i1", Some(50)),
        // Black now stands at +2.00, and its c5 keeps it exactly.
        eval(&positions[3], 200, "c6c5", Some(150)),
        eval(&positions[4], -200, "a0a1", None),
    ];
    Review::judge(positions, evals, moves)
}

#[test]
fn moves_are_judged_by_the_drop_in_expected_score() {
    let r = review();
    let [a, b, c, d] = [&r.judgements[0], &r.judgements[1], &r.judgements[2], &r.judgements[3]];
    assert_eq!((a.drop, a.cp_loss, a.grade, a.only_move, a.best), (0.0, 0, None, true, None));
    let expected = |v: Value| MODEL_AT_START.wdl(v, wdl::MATERIAL_MAX).expected();
    assert!((b.drop - (expected(-30) - expected(-60))).abs() < 1e-9, "{b:?}");
    assert_eq!((b.cp_loss, b.grade, b.only_move, b.best), (30, Grade::of_drop(b.drop), false, Some(mv("b9c7"))));
    assert!((c.drop - (expected(60) - expected(-200))).abs() < 1e-9, "{c:?}");
    assert_eq!((c.cp_loss, c.grade, c.best), (260, Some(Grade::Blunder), Some(mv("i0i1"))));
    // Chuhan's own move, 150 above the second line: good, but not the only good move.
    assert_eq!((d.drop, d.grade, d.only_move, d.best), (0.0, None, false, None));
    let red = r.summary(Color::Red);
    assert_eq!((red.moves, red.blunders, red.mistakes, red.inaccuracies), (2, 1, 0, 0));
    assert!((red.average_drop - c.drop / 2.0).abs() < 1e-9 && red.average_cp_loss == 130.0);
    let black = r.summary(Color::Black);
    assert_eq!((black.moves, black.blunders, black.average_cp_loss), (2, 0, 15.0));
    // Red's chances in each position, Black's views turned round.
    let chances = r.red_chances();
    assert_eq!(chances.len(), 5);
    assert!((chances[1] - (1.0 - expected(-30))).abs() < 1e-9 && (chances[3] - (1.0 - expected(200))).abs() < 1e-9);
    assert_eq!(r.red_value_after(1), (60, 12));
    assert_eq!(r.red_value_after(2), (-200, 12));
}

use crate::wdl::MODEL as MODEL_AT_START;

#[test]
fn a_lost_position_has_no_move_and_a_certain_loss() {
    // Red to move and mated: two black rooks.
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/r8/4K3r w - - 0 1").expect("FEN");
    let mut engine = Engine::new().expect("engine");
    let e = evaluate(&mut engine, &pos, &Limits { depth: Some(2), ..Limits::default() });
    assert_eq!((e.value, e.best, e.chances), (mated_in(0), None, Wdl { win: 0, draw: 0, loss: 1000 }));
    let mate_in_one = Position::from_fen("3k5/9/9/4N4/9/8R/9/9/4K4/9 w - - 0 1").expect("FEN");
    let e = evaluate(&mut engine, &mate_in_one, &Limits { depth: Some(3), multipv: 2, ..Limits::default() });
    assert_eq!((e.value, e.best), (mate_in(1), Some(mv("i4i9"))));
    assert!(e.second.is_some_and(|s| s < mate_in(1)));
}

#[test]
fn the_annotated_record_keeps_the_tags_and_reads_back() {
    let r = review();
    let text = "[Game \"Chinese Chess\"]\n[Event \"測試\"]\n[Red \"甲\"]\n[Black \"乙\"]\n[ECCO \"A00\"]\n\
                [Result \"1-0\"]\n\n1. 炮二平五 {開局} 馬8進7 2. 馬八進七 卒3進1 1-0\n";
    let game = Game::parse(text).expect("game");
    assert_eq!(game.notation, Some(Notation::Chinese(Script::Traditional)));
    let annotated = annotate(&game, &r, "Chuhan test");
    let pgn = annotated.to_pgn(annotate::notation_of(&game));
    let moves = pgn.split("\n\n").nth(1).expect("move text").replace('\n', " ");
    let glyph = r.judgements[1].grade.map_or(String::new(), |g| format!(" ${}", annotate_code(g)));
    assert_eq!(
        moves,
        format!(
            "1. 炮二平五 $1 {{開局}} {{+0.30/12}} 1... 馬8進7{glyph} {{+0.60/12 best 馬2進3}} 2. 傌八進七 $4 \
             {{-2.00/12 best 俥一進一}} 2... 卒3進1 {{-2.00/12}} 1-0 "
        )
    );
    let back = Game::parse(&pgn).expect("re-read");
    assert_eq!(back.moves, game.moves);
    for (name, value) in game.tags.iter() {
        assert_eq!(back.tag(name), Some(value), "{name}");
    }
    assert_eq!(back.tag("Annotator"), Some("Chuhan test"));
    assert_eq!(back.comments, annotated.comments);
    assert_eq!(back.comments.len(), 5);
    let nags: Vec<Nag> = vec![Nag { ply: 1, code: 1 }, Nag { ply: 3, code: 4 }];
    let grade_b = r.judgements[1].grade.map(|g| Nag { ply: 2, code: annotate_code(g) });
    let nags: Vec<Nag> = nags.into_iter().chain(grade_b).collect::<Vec<_>>();
    let mut sorted = nags.clone();
    sorted.sort_by_key(|n| n.ply);
    assert_eq!(back.nags, sorted);
    assert_eq!(annotated.nags, sorted);

    let lines = review_summary(Lang::En, "Game 1", &game, &r);
    assert_eq!(lines[0], "Game 1");
    assert!(lines.contains(&"  1. 炮二平五 ! +0.30/12".to_string()), "{lines:?}");
    assert!(lines.contains(&"  2. 傌八進七 ?? -2.00/12 best 俥一進一".to_string()), "{lines:?}");
    let red = lines.iter().find(|l| l.starts_with("  Red   甲: ")).expect("Red's line");
    assert!(red.ends_with("(130 cp) over 2 moves; 0 inaccuracies, 0 mistakes, 1 blunder"), "{red}");
    // The same summary in Chinese: the same numbers, a xiangqi player's words.
    let zh = review_summary(Lang::Zh, "第 1 局", &game, &r);
    assert_eq!(zh.len(), lines.len());
    assert_eq!(zh[0], "第 1 局");
    assert!(zh.contains(&"  1. 炮二平五 ! +0.30/12".to_string()), "{zh:?}");
    assert!(zh.contains(&"  2. 傌八進七 ?? -2.00/12 应走 俥一進一".to_string()), "{zh:?}");
    let drop = red.split_once("average loss ").and_then(|(_, r)| r.split_once('%')).expect("a percentage").0;
    let red_zh = format!("  红方 甲：平均损失 {drop}%（130 分），共 2 步；疑问手 0，劣着 0，失误 1");
    assert!(zh.contains(&red_zh), "{zh:?}");
}

fn annotate_code(g: Grade) -> u8 {
    match g {
        Grade::Inaccuracy => 6,
        Grade::Mistake => 2,
        Grade::Blunder => 4,
    }
}

/// Rook against bare king: Red hangs the rook (`a8d8`, the king takes it), a table win thrown
/// away, though the made-up search thought it Chuhan's own move.
#[test]
fn a_move_that_throws_away_a_table_win_is_a_blunder_that_says_so() {
    let start = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1").expect("valid test FEN");
    let moves = vec![mv("a8d8"), mv("d9d8")];
    let mut positions = vec![start.clone()];
    for &m in &moves {
        let mut next = positions[positions.len() - 1].clone();
        next.play(m).expect("legal");
        positions.push(next);
    }
    // The search's own best moves: the rook hung, the king taking it.
    let evals = positions.iter().zip(["a8d8", "d9d8", "e0e1"]).map(|(p, best)| eval(p, 0, best, None)).collect();
    let mut r = Review::judge(positions, evals, moves);
    assert_eq!((r.judgements[0].grade, r.judgements[0].drop), (None, 0.0), "the search saw nothing");
    let tables = crate::egtb::for_tests::krk();
    r.mark_lapses(&tables);
    let j = &r.judgements[0];
    let lapse = j.lapse.as_ref().expect("a win thrown away");
    assert_eq!((j.grade, j.drop, j.best), (Some(Grade::Blunder), 0.5, lapse.best.first().copied()));
    // Black's capture keeps its draw: nothing to say.
    assert_eq!((r.judgements[1].lapse.as_ref(), r.judgements[1].grade), (None, None));
    let mut game = Game::new(start);
    game.moves = r.moves.clone();
    game.notation = Some(Notation::Iccs);
    let words = lapse.text(&r.positions[0], Notation::Iccs);
    assert!(words.starts_with("throws away the win (mate in "), "{words}");
    let pgn = annotate(&game, &r, "test").to_pgn(Notation::Iccs);
    assert!(pgn.contains("a8d8 $4") && pgn.contains(&format!("{{+0.00/12 {words}}}")), "{pgn}");
    let summary = review_summary(Lang::En, "Game", &game, &r);
    assert_eq!(summary[1], format!("  1. a8d8 ?? +0.00/12 {words}"));
    assert!(page(&[Entry { heading: "Game".into(), game, review: r }]).contains(&crate::diagram::escape(&words)));
}

/// A mate is written from Red's side, as lichess writes White's: Black mating in 2 is `#-2` on
/// the page (the annotated PGN keeps `-M2`, which match tools read).
#[test]
fn a_mate_reads_from_reds_side() {
    let moves = vec![mv("h2e2")];
    let mut after = Position::startpos();
    after.play(moves[0]).expect("legal");
    let positions = vec![Position::startpos(), after];
    let evals = vec![eval(&positions[0], 30, "h2e2", None), eval(&positions[1], mate_in(3), "h9g7", None)];
    let r = Review::judge(positions, evals, moves);
    let mut game = Game::new(Position::startpos());
    game.moves = r.moves.clone();
    game.notation = Some(Notation::Iccs);
    assert!(annotate(&game, &r, "test").to_pgn(Notation::Iccs).contains("{-M2/12"));
    let html = page(&[Entry { heading: "Game".into(), game, review: r }]);
    assert!(html.contains("<span class=\"v\">#-2/12"), "{html}");
}

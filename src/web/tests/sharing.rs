//! The cores shared fairly (`docs/web.md` §5): a game never waits behind infinite analysis, and
//! a hidden tab's analysis pauses.

use std::time::{Duration, Instant};

use super::*;

/// The text of the next notice, skipping the other messages.
async fn notice(ws: &mut Socket) -> String {
    next(ws, "notice").await["text"].as_str().expect("a text").to_string()
}

/// Two analysis tabs per core (the test server has two) and a game tab: the game's reply out of
/// the book comes within its move time and a second, the analysis that gave its core up says so
/// and resumes, and the analyses still waiting were told why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_before_four_analyses_which_resume() {
    let port = start().await;
    let (mut running, mut waiting) = (Vec::new(), Vec::new());
    for _ in 0..4 {
        let mut ws = connect(port, None).await.expect("socket");
        send(&mut ws, json!({"t": "analyse"})).await;
        next(&mut ws, "state").await;
        let answer = first(&mut ws).await;
        match answer["t"].as_str() {
            Some("lines") => running.push(ws),
            Some("notice") => {
                let text = answer["text"].as_str().unwrap_or("");
                assert!(text.starts_with("Waiting for a free core: every core is busy in other tabs"), "{text}");
                waiting.push(ws);
            }
            _ => panic!("neither lines nor a notice: {answer}"),
        }
    }
    assert_eq!((running.len(), waiting.len()), (2, 2), "two cores: two analyses run, two wait");

    // Red without its right rook is in no book: Chuhan, playing Red, searches its first move.
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1";
    let movetime = Duration::from_millis(1000);
    let mut game = connect(port, None).await.expect("socket");
    let asked = Instant::now();
    send(&mut game, json!({"t": "play", "fen": fen, "color": "black", "movetime": movetime.as_millis() as u64})).await;
    let reply = loop {
        let s = next(&mut game, "state").await;
        if s["moves"].as_array().is_some_and(|m| m.len() == 1) {
            break s;
        }
    };
    let took = asked.elapsed();
    assert!(
        took < movetime + Duration::from_secs(1),
        "Chuhan replied after {took:?}, over its {movetime:?} and a second"
    );
    assert_eq!(reply["turn"], "black");

    // One running analysis gave its core up for the game, said so, and resumes after the reply.
    let mut paused = None;
    for (i, ws) in running.iter_mut().enumerate() {
        let Ok(text) = tokio::time::timeout(Duration::from_millis(200), notice(ws)).await else { continue };
        assert!(text.starts_with("Analysis paused: a game in another tab needs this core for at most"), "{text}");
        paused = Some(i);
    }
    let paused = paused.expect("an analysis gave its core to the game");
    next(&mut running[paused], "lines").await;
    // The other kept its core: it goes on reporting.
    next(&mut running[1 - paused], "lines").await;
}

/// A hidden tab's analysis pauses, and when the tab is shown again it says so and goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hidden_tabs_analysis_pauses_and_resumes_when_shown() {
    let port = start().await;
    let mut ws = connect(port, None).await.expect("socket");
    send(&mut ws, json!({"t": "analyse"})).await;
    next(&mut ws, "lines").await;
    send(&mut ws, json!({"t": "visible", "visible": false})).await;
    // Its core is free: another tab's analysis gets it at once, and a third's too.
    let mut others = Vec::new();
    for _ in 0..2 {
        let mut other = connect(port, None).await.expect("socket");
        send(&mut other, json!({"t": "analyse"})).await;
        next(&mut other, "state").await;
        assert_eq!(first(&mut other).await["t"], "lines");
        others.push(other);
    }
    send(&mut ws, json!({"t": "visible", "visible": true})).await;
    assert_eq!(notice(&mut ws).await, "Analysis resumed: it was paused while the tab was hidden");
    assert!(notice(&mut ws).await.starts_with("Waiting for a free core"), "both cores are busy now");
}

//! `/api/puzzles`: the sample set served, a position's legal moves, a wrong move's refutation,
//! and bad requests refused with their reason.

use super::*;

async fn post_json(port: u16, path: &str, body: &Value) -> (u16, Value) {
    let head = format!("POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json");
    let (status, text) = http(port, &head, body.to_string().as_bytes()).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

/// Red mates in 2 only by 炮三进九 (positions/mate.epd).
const FEN: &str = "2b1ka3/4a4/4b4/9/9/2R6/9/9/1r1p5/4K1C2 w - - 0 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_puzzles_api_serves_the_set_the_moves_and_a_refutation() {
    let port = start().await;
    let (status, body) = get(port, "/api/puzzles").await;
    assert_eq!(status, 200);
    let set: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(set["name"], "sample");
    assert!(set["puzzles"].as_array().is_some_and(|p| p.len() >= 20), "{body}");

    let (status, at) = post_json(port, "/api/puzzles/position", &json!({ "fen": FEN, "moves": ["g0g9"] })).await;
    assert_eq!(status, 200);
    // In check from the cannon, Black has one move: the elephant takes it.
    assert_eq!(
        (at["turn"].clone(), at["check"].clone(), at["dests"].clone()),
        (json!("black"), json!(true), json!({ "e7": ["g9"] }))
    );
    assert_eq!(at["moves"][0], json!({ "iccs": "g0g9", "text": "炮三进九" }));

    let (status, refuted) = post_json(port, "/api/puzzles/refute", &json!({ "fen": FEN, "moves": ["c4c5"] })).await;
    assert_eq!(status, 200);
    // The rook's move up lets Black mate: its soldier steps in front of the king first.
    assert_eq!(refuted["reply"], "d1e1");
    assert!(refuted["score"].as_str().is_some_and(|s| s.starts_with("+M")), "{refuted}");

    let (status, why) =
        post_json(port, "/api/puzzles/position?lang=zh", &json!({ "fen": FEN, "moves": ["g0g8", "x"] })).await;
    assert_eq!((status, why), (400, json!({ "error": "x 在此不是合法着法" })));
    let (status, why) = post_json(port, "/api/puzzles/refute", &json!({ "fen": "9/9", "moves": [] })).await;
    assert_eq!(status, 400);
    assert!(why["error"].as_str().is_some_and(|e| e.starts_with("bad FEN: ")), "{why}");
}

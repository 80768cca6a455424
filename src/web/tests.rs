//! The HTTP and WebSocket API, against a server started on a free port of loopback.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::{self, Message, client::IntoClientRequest};

use super::*;

/// Long enough for any search these tests start (a guard against a hang, not a measurement).
const PATIENCE: Duration = Duration::from_secs(120);

async fn start() -> u16 {
    start_with(None).await
}

/// A server with the endgame tables `egtb`.
async fn start_with(egtb: Option<Arc<Tablebase>>) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let port = listener.local_addr().expect("bound").port();
    tokio::spawn(serve(listener, 2, None, crate::board::MoveLimit::SIXTY, egtb, None));
    port
}

/// One HTTP/1.1 request as raw bytes; the status and the body.
async fn http(port: u16, head: &str, body: &[u8]) -> (u16, String) {
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
    let request = format!("{head}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", body.len());
    stream.write_all(request.as_bytes()).await.expect("write");
    let _ = stream.write_all(body).await;
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let text = String::from_utf8_lossy(&answer).to_string();
    let status = text.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, body)
}

async fn get(port: u16, path: &str) -> (u16, String) {
    http(port, &format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}"), b"").await
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(port: u16, origin: Option<&str>) -> Result<Socket, tungstenite::Error> {
    connect_to(port, "", origin).await
}

/// A socket on `/ws` with `query` (`?lang=zh`, or empty).
async fn connect_to(port: u16, query: &str, origin: Option<&str>) -> Result<Socket, tungstenite::Error> {
    let mut request = format!("ws://127.0.0.1:{port}/ws{query}").into_client_request()?;
    if let Some(origin) = origin {
        request.headers_mut().insert("Origin", origin.parse().expect("header"));
    }
    tokio_tungstenite::connect_async(request).await.map(|(ws, _)| ws)
}

async fn send(ws: &mut Socket, msg: Value) {
    ws.send(Message::Text(msg.to_string().into())).await.expect("send");
}

/// The next message whose `t` is `kind`, skipping the others.
async fn next(ws: &mut Socket, kind: &str) -> Value {
    tokio::time::timeout(PATIENCE, async {
        loop {
            let Some(Ok(Message::Text(text))) = ws.next().await else { panic!("the socket closed") };
            let msg: Value = serde_json::from_str(&text).expect("JSON from the server");
            if msg["t"] == kind {
                return msg;
            }
        }
    })
    .await
    .expect("an answer")
}

/// The next message, whatever it is.
async fn first(ws: &mut Socket) -> Value {
    let message = tokio::time::timeout(PATIENCE, ws.next()).await.expect("an answer");
    let Some(Ok(Message::Text(text))) = message else { panic!("the socket closed") };
    serde_json::from_str(&text).expect("JSON from the server")
}

/// The next state in which Chuhan is not thinking.
async fn settled(ws: &mut Socket) -> Value {
    loop {
        let s = next(ws, "state").await;
        if s["thinking"] == false {
            return s;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_assets_and_pieces() {
    let port = start().await;
    for path in ["/", "/play?color=black&level=5", "/analysis?fen=x", "/review", "/editor?fen=x"] {
        let (status, body) = get(port, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(body.contains("/assets/app.js"), "{path}");
    }
    assert_eq!(get(port, "/assets/app.js").await.0, 200);
    assert_eq!(get(port, "/nowhere").await, (404, "no such page".to_string()));
    // A plain-text answer is in the language the browser prefers most, or the one `?lang=` names.
    let asking = |path: &str, accept: &str| {
        format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept-Language: {accept}")
    };
    let (status, body) = http(port, &asking("/nowhere", "zh-CN,zh;q=0.9,en;q=0.8"), b"").await;
    assert_eq!((status, body.as_str()), (404, "没有这个页面"));
    let (_, body) = http(port, &asking("/nowhere", "fr-FR,en;q=0.5,zh;q=0.7"), b"").await;
    assert_eq!(body, "没有这个页面", "the weights, not the order, rank the languages");
    let (_, body) = http(port, &asking("/nowhere", "en-GB,zh;q=0.3"), b"").await;
    assert_eq!(body, "no such page");
    let (_, body) = http(port, &asking("/nowhere", "fr, zh;q=0, de;q=oops"), b"").await;
    assert_eq!(body, "no such page", "refused and malformed entries count for nothing");
    assert_eq!(get(port, "/assets/nothing.js?lang=zh").await, (404, "没有这个文件".to_string()));
    assert_eq!(get(port, "/assets/nothing.js").await, (404, "no such file".to_string()));
    let (_, traditional) = get(port, "/assets/pieces-traditional.css").await;
    let (_, simplified) = get(port, "/assets/pieces-simplified.css").await;
    // 14 pieces, red as chessgroundx's white, each with the diagram's glyph.
    assert_eq!(traditional.matches("-piece.").count(), 14);
    assert!(traditional.contains("r-piece.white") && traditional.contains("俥") && traditional.contains("將"));
    assert!(simplified.contains("车") && simplified.contains("将") && !simplified.contains("俥"));
    let (_, board) = get(port, "/assets/board.svg").await;
    assert!(board.starts_with("<svg") && board.contains("楚"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_hosts_and_origins_are_refused() {
    let port = start().await;
    let (status, body) = http(port, &format!("GET /play HTTP/1.1\r\nHost: evil.example:{port}"), b"").await;
    assert_eq!(status, 403, "a rebound DNS name");
    assert_eq!(body, "this server answers only to its address (DNS rebinding is refused)");
    let head = format!("GET /play HTTP/1.1\r\nHost: evil.example:{port}\r\nAccept-Language: zh-TW");
    assert_eq!(http(port, &head, b"").await.1, "本服务器只响应以其地址发来的请求（拒绝 DNS 重绑定）");
    let (status, _) = http(port, "GET /play HTTP/1.1\r\nHost: 127.0.0.1:1", b"").await;
    assert_eq!(status, 403, "another port");
    let head = format!("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://evil.example");
    assert_eq!(http(port, &head, b"1. h2e2 *").await, (403, "requests from other web sites are refused".to_string()));
    let head = format!("POST /api/games?lang=zh HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://evil.example");
    assert_eq!(http(port, &head, b"1. h2e2 *").await, (403, "拒绝来自其他网站的请求".to_string()));
    let head = format!("GET /play HTTP/1.1\r\nHost: localhost:{port}\r\nOrigin: http://localhost:{port}");
    assert_eq!(http(port, &head, b"").await.0, 200, "the page's own origin");
    match connect(port, Some("http://evil.example")).await {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 403),
        other => panic!("a cross-site WebSocket was not refused: {:?}", other.map(|_| ())),
    }
    assert!(connect(port, Some(&format!("http://127.0.0.1:{port}"))).await.is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_are_read_or_refused() {
    let port = start().await;
    let post = |body: Vec<u8>| async move {
        http(port, &format!("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}"), &body).await
    };
    let pgn = "[Red \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 1-0\n\n\
               [Red \"C\"]\n1. h2e2 h2e2 *\n";
    let (status, body) = post(pgn.as_bytes().to_vec()).await;
    assert_eq!(status, 200);
    let games: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(games["games"][0]["moves"], json!(["h2e2", "h9g7", "h0g2"]));
    assert_eq!(games["games"][0]["title"], "A - B, 1-0");
    assert_eq!(games["errors"].as_array().map(Vec::len), Some(1), "the second game's illegal move");
    assert_eq!(games["errors"][0], "game 2 skipped: line 7: move 1... h2e2: 'h2e2' is illegal (no piece on h2)");
    let head = format!("POST /api/games?lang=zh HTTP/1.1\r\nHost: 127.0.0.1:{port}");
    let (_, body) = http(port, &head, pgn.as_bytes()).await;
    let games: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(games["errors"][0], "第 2 局跳过：第 7 行：着法 1... h2e2：'h2e2' 不合法（h2 没有棋子）");
    let binary: Vec<u8> = (0..4096u32).map(|i| (i * 7919 % 256) as u8).collect();
    let (_, body) = post(binary.clone()).await;
    assert!(body.contains("not a game file"), "{body}");
    let head = format!("POST /api/games?lang=zh HTTP/1.1\r\nHost: 127.0.0.1:{port}");
    let (_, body) = http(port, &head, &binary).await;
    assert!(body.contains("这不是棋谱文件"), "{body}");
    let (status, _) = post(vec![b' '; 50 << 20]).await;
    assert_eq!(status, 413, "a 50 MB upload");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_a_reply_a_take_back_and_a_mate() {
    let port = start().await;
    let mut ws = connect(port, None).await.expect("socket");
    send(&mut ws, json!({"t": "play", "color": "red", "level": 0, "movetime": 50})).await;
    let s = settled(&mut ws).await;
    assert_eq!(s["dests"].as_object().map(|d| d.values().map(|v| v.as_array().unwrap().len()).sum()), Some(44));
    send(&mut ws, json!({"t": "move", "mv": "炮二平五"})).await;
    let s = settled(&mut ws).await;
    assert_eq!(s["moves"].as_array().map(Vec::len), Some(2), "Chuhan replied: {s}");
    assert_eq!(s["moves"][0]["text"], "炮二平五");
    assert_eq!(s["turn"], "red");
    send(&mut ws, json!({"t": "undo"})).await;
    let s = settled(&mut ws).await;
    assert_eq!(s["moves"], json!([]));
    send(&mut ws, json!({"t": "move", "mv": "a0a5"})).await;
    assert!(next(&mut ws, "error").await["text"].as_str().unwrap().contains("a0a5"));
    // Red mates in one with the rook on the back rank.
    send(&mut ws, json!({"t": "play", "fen": "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "level": 20})).await;
    settled(&mut ws).await;
    send(&mut ws, json!({"t": "move", "mv": "b0b9"})).await;
    let s = settled(&mut ws).await;
    assert_eq!(s["result"]["score"], "1-0");
    assert_eq!(s["result"]["reason"], "checkmate");
    assert_eq!(s["dests"], json!({}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_gives_three_lines_and_a_hint_three_moves() {
    let port = start().await;
    let mut ws = connect(port, None).await.expect("socket");
    send(&mut ws, json!({"t": "analyse", "multipv": 3})).await;
    // The opening explorer: the start position's most played book move is the central cannon.
    let start = next(&mut ws, "state").await;
    assert_eq!(start["book"][0]["mv"]["iccs"], "h2e2", "{}", start["book"]);
    assert!(start["book"].as_array().is_some_and(|b| b.len() >= 5));
    let lines = loop {
        let msg = next(&mut ws, "lines").await;
        if msg["lines"].as_array().map(Vec::len) == Some(3) && msg["depth"].as_i64() >= Some(4) {
            break msg;
        }
    };
    let firsts: Vec<&str> = lines["lines"].as_array().unwrap().iter().map(|l| l["pv"][0].as_str().unwrap()).collect();
    assert_eq!(firsts.len(), 3);
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{firsts:?}");
    send(&mut ws, json!({"t": "stop"})).await;
    send(&mut ws, json!({"t": "play", "level": 0, "movetime": 20})).await;
    settled(&mut ws).await;
    send(&mut ws, json!({"t": "hint"})).await;
    assert_eq!(next(&mut ws, "hint").await["lines"].as_array().map(Vec::len), Some(3));
}

/// The tables' verdict and move values are in the tab's language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tables_verdict_is_in_the_tabs_language() {
    let port = start_with(Some(crate::egtb::for_tests::krk())).await;
    let mut ws = connect_to(port, "?lang=zh", None).await.expect("socket");
    send(&mut ws, json!({"t": "analyse", "fen": "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1", "multipv": 1})).await;
    let tables = next(&mut ws, "state").await["tables"].clone();
    assert_eq!(tables["verdict"], "红方胜：1步杀（1个半回合）", "{tables}");
    assert_eq!(tables["moves"][0]["text"], "1步杀", "{tables}");
}

/// Rook against bare king with `krk` on the server: the state carries the verdict and every
/// move's value, best first, in the tab's notation; a board the tables do not cover carries
/// none, nor does a server without tables.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_covered_position_carries_the_tables_verdict_and_move_values() {
    let port = start_with(Some(crate::egtb::for_tests::krk())).await;
    let mut ws = connect_to(port, "?notation=wxf", None).await.expect("socket");
    let fen = "3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1";
    send(&mut ws, json!({"t": "analyse", "fen": fen, "multipv": 1})).await;
    let s = next(&mut ws, "state").await;
    let tables = &s["tables"];
    assert_eq!(tables["kind"], "win", "{tables}");
    let verdict = tables["verdict"].as_str().expect("a verdict");
    assert!(verdict.starts_with("Red wins: mate in "), "{verdict}");
    let moves = tables["moves"].as_array().expect("moves");
    let pos = crate::Position::from_fen(fen).expect("valid");
    assert_eq!(moves.len(), crate::movegen::legal_moves(&pos).len());
    let best = &moves[0];
    assert_eq!((&best["kind"], verdict.contains(best["text"].as_str().expect("text"))), (&json!("win"), true));
    // The rook hung beside the king is taken: a draw, listed after every win.
    let hang = moves.iter().position(|m| m["mv"]["iccs"] == "a8d8").expect("a8d8 listed");
    assert_eq!(
        (&moves[hang]["kind"], &moves[hang]["text"], &moves[hang]["mv"]["text"]),
        (&json!("draw"), &json!("draw"), &json!("R9.6"))
    );
    assert!(moves[..hang].iter().all(|m| m["kind"] == "win") && moves[hang..].iter().all(|m| m["kind"] != "win"));
    assert!(
        moves.windows(2).all(|w| w[0]["kind"] != "win"
            || w[1]["kind"] != "win"
            || w[0]["plies"].as_u64() <= w[1]["plies"].as_u64())
    );
    // Each value as a score from both sides: Red to move and mating, the same `#N`.
    let n = best["text"].as_str().and_then(|t| t.strip_prefix("mate in ")).expect("a mate");
    assert_eq!(best["score"], json!({"red": format!("#{n}"), "mover": format!("#{n}")}));
    assert_eq!(moves[hang]["score"], Value::Null);
    // Black to move and mated: `#N` for Red, `#-N` for Black.
    send(&mut ws, json!({"t": "analyse", "fen": "4k4/9/9/9/9/9/9/9/R8/3K5 b - - 0 1", "multipv": 1})).await;
    let black = next(&mut ws, "state").await;
    let first = &black["tables"]["moves"][0];
    let n = first["text"].as_str().and_then(|t| t.strip_prefix("mated in ")).unwrap_or_else(|| panic!("{black}"));
    assert_eq!(first["score"], json!({"red": format!("#{n}"), "mover": format!("#-{n}")}), "{first}");
    send(&mut ws, json!({"t": "analyse", "multipv": 1})).await;
    let uncovered = loop {
        let s = next(&mut ws, "state").await;
        if s["fen"] != fen {
            break s;
        }
    };
    assert_eq!(uncovered["tables"], Value::Null);
    let port = start().await;
    let mut ws = connect(port, None).await.expect("socket");
    send(&mut ws, json!({"t": "analyse", "fen": fen, "multipv": 1})).await;
    assert_eq!(next(&mut ws, "state").await["tables"], Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_covers_every_move() {
    let port = start().await;
    let mut ws = connect(port, None).await.expect("socket");
    // Red's rook walks into the cannon's capture.
    let moves = ["h2e2", "h9g7", "i0i1", "b7b0", "i1b1"];
    send(&mut ws, json!({"t": "review", "moves": moves, "movetime": 40})).await;
    let reviewed = next(&mut ws, "reviewed").await;
    assert_eq!(reviewed["moves"].as_array().map(Vec::len), Some(5));
    let red = reviewed["red"].as_array().unwrap();
    assert_eq!(red.len(), 6);
    assert!(red.iter().all(|p| (0.0..=1.0).contains(&p.as_f64().unwrap())));
    assert!(reviewed["pgn"].as_str().unwrap().contains("[Annotator"));
}

/// Malformed messages of every kind, counted: each gets an error and changes nothing.
fn malformed(k: usize) -> String {
    let cases = [
        "".to_string(),
        "{".to_string(),
        "null".to_string(),
        "[]".to_string(),
        "42".to_string(),
        json!({"t": "fly"}).to_string(),
        json!({"t": "move"}).to_string(),
        json!({"t": "move", "mv": k}).to_string(),
        json!({"t": "move", "mv": format!("z{k}")}).to_string(),
        json!({"t": "move", "mv": "e9e8"}).to_string(),
        json!({"t": "play", "fen": format!("rnbakabnr/{k}/9 w")}).to_string(),
        json!({"t": "play", "fen": "9/9/9/9/9/9/9/9/9/9 w - - 0 1"}).to_string(),
        json!({"t": "play", "level": 21 + k % 200}).to_string(),
        json!({"t": "play", "level": -1}).to_string(),
        json!({"t": "play", "color": "green"}).to_string(),
        json!({"t": "play", "movetime": 0}).to_string(),
        json!({"t": "play", "moves": ["h2e2", "h2e2"]}).to_string(),
        json!({"t": "analyse", "multipv": 6 + k}).to_string(),
        json!({"t": "analyse", "moves": vec!["h2e2"; 1001]}).to_string(),
        json!({"t": "review", "moves": "h2e2"}).to_string(),
        json!({"t": "review", "moves": ["h2e2"], "movetime": 1_000_000}).to_string(),
        json!({"t": "notation", "notation": "klingon"}).to_string(),
        json!({"t": "undo", "extra": true}).to_string(),
        json!({"t": "goto", "node": 1 + k}).to_string(),
        json!({"t": "analyse", "tree": [[k + 1, "h2e2"]]}).to_string(),
        json!({"t": "analyse", "tree": [[0, "h2e2"], [0, "h2e2"]]}).to_string(),
        json!({"t": "analyse", "tree": [[0, "h2e2"]], "node": 2 + k}).to_string(),
        json!({"t": "play", "clock": format!("fast{k}")}).to_string(),
        json!({"t": "check", "fen": "3kk4/9/9/9/9/9/9/9/9/4K4 w"}).to_string(),
        json!({"t": "lang", "lang": "fr"}).to_string(),
        format!("{{\"t\": \"move\", \"mv\": \"{}\"}}", "\\u0000".repeat(k % 50)),
        String::from_utf8_lossy(&[0xff, 0xfe, b'{', (k % 256) as u8]).to_string(),
    ];
    cases[k % cases.len()].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_malformed_messages_leave_another_tab_alone() {
    let port = start().await;
    let mut a = connect(port, None).await.expect("socket");
    send(&mut a, json!({"t": "play", "level": 0, "movetime": 20, "color": "black"})).await;
    let before = settled(&mut a).await;
    assert_eq!(before["moves"].as_array().map(Vec::len), Some(1), "Chuhan opened as red");
    let mut b = connect(port, None).await.expect("socket");
    const MESSAGES: usize = 1200;
    for k in 0..MESSAGES {
        b.send(Message::Text(malformed(k).into())).await.expect("send");
        assert!(next(&mut b, "error").await["text"].as_str().is_some_and(|t| !t.is_empty()), "message {k}");
    }
    for k in 0..50u8 {
        b.send(Message::Binary(vec![k; usize::from(k) * 13].into())).await.expect("send");
        next(&mut b, "error").await;
    }
    // An oversized message ends that tab's socket, and only that.
    let _ = b.send(Message::Text("x".repeat(MAX_MESSAGE + 1).into())).await;
    // Malformed HTTP requests too.
    for k in 0..100usize {
        let head = match k % 4 {
            0 => format!("GET /{} HTTP/1.1\r\nHost: 127.0.0.1:{port}", "%".repeat(k)),
            1 => format!("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: x"),
            2 => format!("BREW /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}"),
            _ => "GET / HTTP/9.9".to_string(),
        };
        let (status, _) = http(port, &head, malformed(k).as_bytes()).await;
        assert!(status == 0 || status >= 200, "request {k}");
    }
    send(&mut a, json!({"t": "notation", "notation": "chinese"})).await;
    let after = next(&mut a, "state").await;
    assert_eq!(after["fen"], before["fen"]);
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(get(port, "/play").await.0, 200, "the server still serves");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tabs_language_and_notation_come_with_its_connection() {
    let port = start().await;
    // The first word a tab hears is its own game, in its notation: never the start position
    // before the position it asked for.
    let mut ws = connect_to(port, "?lang=zh&notation=wxf", None).await.expect("socket");
    send(&mut ws, json!({"t": "play", "fen": "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "moves": ["b0b8"]})).await;
    let s = first(&mut ws).await;
    assert_eq!((s["t"].clone(), s["start"].clone()), (json!("state"), json!("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1")));
    assert_eq!(s["moves"], json!([{"iccs": "b0b8", "text": "R8+8"}]));
    send(&mut ws, json!({"t": "move", "mv": "a0a1"})).await;
    let e = next(&mut ws, "error").await;
    assert!(e["text"].as_str().is_some_and(|t| t.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))), "{e}");
    // A value the server does not know is answered with its reason; the tab goes on with the default.
    let mut ws = connect_to(port, "?notation=klingon", None).await.expect("socket");
    let e = first(&mut ws).await;
    assert_eq!(e["t"], "error");
    assert!(e["text"].as_str().is_some_and(|t| t.contains("klingon") && t.contains("wxf")), "{e}");
    send(&mut ws, json!({"t": "play", "moves": ["h2e2"]})).await;
    assert_eq!(next(&mut ws, "state").await["moves"][0], json!({"iccs": "h2e2", "text": "炮二平五"}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_tree_branches_goes_anywhere_survives_a_reload_and_writes_its_pgn() {
    let port = start().await;
    let mut ws = connect(port, None).await.expect("socket");
    send(&mut ws, json!({"t": "notation", "notation": "iccs"})).await;
    send(&mut ws, json!({"t": "analyse", "multipv": 1})).await;
    for mv in ["h2e2", "h9g7"] {
        send(&mut ws, json!({"t": "move", "mv": mv})).await;
    }
    send(&mut ws, json!({"t": "goto", "node": 1})).await;
    // A move off the line after 1. h2e2 starts a branch; the line is kept.
    send(&mut ws, json!({"t": "move", "mv": "b9c7"})).await;
    let s = loop {
        let s = next(&mut ws, "state").await;
        if s["node"] == 3 {
            break s;
        }
    };
    assert_eq!(
        s["tree"],
        json!([
            {"parent": 0, "iccs": "h2e2", "text": "h2e2"},
            {"parent": 1, "iccs": "h9g7", "text": "h9g7"},
            {"parent": 1, "iccs": "b9c7", "text": "b9c7"},
        ])
    );
    assert_eq!(s["moves"], json!([{"iccs": "h2e2", "text": "h2e2"}, {"iccs": "b9c7", "text": "b9c7"}]));
    send(&mut ws, json!({"t": "notation", "notation": "wxf"})).await;
    send(&mut ws, json!({"t": "pgn"})).await;
    let pgn = next(&mut ws, "pgn").await;
    let text = pgn["text"].as_str().expect("text");
    assert!(text.contains("[Format \"WXF\"]") && text.ends_with("1. C2.5 H8+7 (1... H2+3) *\n"), "{text}");
    // A reloaded page sends its tree and node back.
    let tree = json!([[0, "h2e2"], [1, "h9g7"], [1, "b9c7"]]);
    send(&mut ws, json!({"t": "analyse", "tree": tree, "node": 2})).await;
    let s = next(&mut ws, "state").await;
    assert_eq!((s["node"].clone(), s["tree"].as_array().map(Vec::len)), (json!(2), Some(3)));
    assert_eq!(s["last"], "h9g7");
    send(&mut ws, json!({"t": "undo"})).await;
    assert_eq!(next(&mut ws, "state").await["node"], 1, "back is the parent");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_the_clock_the_flag_falls_and_the_pgn_says_so() {
    let port = start().await;
    let mut ws = connect(port, None).await.expect("socket");
    send(&mut ws, json!({"t": "play", "level": 0, "clock": "60+2"})).await;
    let s = settled(&mut ws).await;
    // Each side's first move is untimed, so the clocks stand until both have moved.
    assert_eq!((s["clock"]["control"].clone(), s["clock"]["running"].clone()), (json!("60+2"), json!(false)));
    send(&mut ws, json!({"t": "move", "mv": "h2e2"})).await;
    let s = settled(&mut ws).await;
    assert_eq!(s["moves"].as_array().map(Vec::len), Some(2), "Chuhan replied on its clock");
    // Red's first move cost nothing and earned no increment; its time runs from Chuhan's reply.
    assert!(s["clock"]["red"].as_u64().is_some_and(|ms| (59_000..=60_000).contains(&ms)), "{s}");
    assert_eq!(s["clock"]["running"], true);
    // A reloaded game in which Red had no time left after the first moves: its flag falls at once.
    send(&mut ws, json!({"t": "lang", "lang": "zh"})).await;
    let resumed = json!({"t": "play", "level": 0, "clock": "60+2", "moves": ["h2e2", "h9g7"], "left": [0, 60_000]});
    send(&mut ws, resumed).await;
    let s = loop {
        let s = next(&mut ws, "state").await;
        if !s["result"].is_null() {
            break s;
        }
    };
    assert_eq!((s["result"]["score"].clone(), s["result"]["reason"].clone()), (json!("0-1"), json!("time")));
    assert_eq!(s["result"]["text"], "红方超时判负");
    assert_eq!(s["clock"]["running"], false);
    send(&mut ws, json!({"t": "pgn"})).await;
    let text = next(&mut ws, "pgn").await["text"].as_str().expect("text").to_string();
    assert!(text.contains("[TimeControl \"60+2\"]") && text.contains("[Termination \"red loses on time\"]"), "{text}");
    send(&mut ws, json!({"t": "move", "mv": "h2e2"})).await;
    assert_eq!(next(&mut ws, "error").await["text"], "对局已结束");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_editor_asks_and_chuhan_answers_with_its_reason() {
    let port = start().await;
    let mut ws = connect(port, None).await.expect("socket");
    send(&mut ws, json!({"t": "check", "fen": "4k4/9/9/9/9/9/9/9/9/9 w - - 0 1"})).await;
    assert_eq!(next(&mut ws, "error").await["text"], "invalid FEN: red has 0 kings instead of one");
    send(&mut ws, json!({"t": "lang", "lang": "zh"})).await;
    send(&mut ws, json!({"t": "check", "fen": "4k4/9/9/9/9/9/9/9/9/9 w - - 0 1"})).await;
    assert_eq!(next(&mut ws, "error").await["text"], "FEN 不合法：红方有 0 个将帅，应为 1 个");
    send(&mut ws, json!({"t": "check", "fen": "3k5/9/9/9/9/9/9/9/9/4K4 b"})).await;
    assert_eq!(next(&mut ws, "position").await["fen"], "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tab_explores_a_book_it_sent_and_goes_back_to_the_default() {
    let port = start().await;
    let post = |lang: &'static str, body: Vec<u8>| async move {
        http(port, &format!("POST /api/book?lang={lang} HTTP/1.1\r\nHost: 127.0.0.1:{port}"), &body).await
    };
    // A book of one game, 1. b2e2 (a rare first move: the default book's first is h2e2).
    let mut builder = crate::book::build::Builder::new(20);
    let moves = [crate::types::Move::parse("b2e2").expect("ICCS")];
    builder.add(&crate::board::Position::startpos(), &moves, None, None).expect("legal");
    let bytes = builder.encode(1);
    // A truncated book, random bytes and one over the limit are refused, saying why.
    let (status, body) = post("en", bytes[..bytes.len() - 8].to_vec()).await;
    assert_eq!(status, 400);
    assert!(body.contains("truncated book"), "{body}");
    let (_, body) = post("zh", bytes[..bytes.len() - 8].to_vec()).await;
    assert!(body.contains("开局库不完整"), "{body}");
    let noise: Vec<u8> = (0..4096u32).map(|i| (i * 7919 % 256) as u8).collect();
    let (status, body) = post("en", noise.clone()).await;
    assert_eq!((status, body.contains("not a Chuhan book")), (400, true), "{body}");
    let (_, body) = post("zh", noise).await;
    assert!(body.contains("这不是楚汉的开局库"), "{body}");
    assert_eq!(post("en", vec![0; MAX_BOOK + 1]).await.0, 413);
    let (status, body) = post("en", bytes).await;
    assert_eq!(status, 200, "{body}");
    let token = serde_json::from_str::<Value>(&body).expect("JSON")["token"].clone();
    let mut ws = connect(port, None).await.expect("socket");
    send(&mut ws, json!({"t": "analyse", "multipv": 1})).await;
    assert_eq!(next(&mut ws, "state").await["book"][0]["mv"]["iccs"], "h2e2");
    send(&mut ws, json!({"t": "book", "token": token})).await;
    let s = next(&mut ws, "state").await;
    assert_eq!(s["book"].as_array().map(Vec::len), Some(1), "{}", s["book"]);
    assert_eq!((&s["book"][0]["mv"]["iccs"], &s["book"][0]["games"]), (&json!("b2e2"), &json!(1)));
    // A token serves once; another tab cannot take the book after it.
    let mut other = connect(port, None).await.expect("socket");
    send(&mut other, json!({"t": "book", "token": token})).await;
    assert!(next(&mut other, "error").await["text"].as_str().unwrap_or_default().contains("no book was sent"));
    send(&mut ws, json!({"t": "book"})).await;
    assert_eq!(next(&mut ws, "state").await["book"][0]["mv"]["iccs"], "h2e2");
}

/// A Chinese tab hears in Chinese, line for line, why a game file, a book or a message was
/// refused: a DhtmlXQ field, an XQF header, a book's record, a WebSocket message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chinese_tab_hears_file_book_and_message_faults_in_chinese() {
    let port = start().await;
    let upload = |lang: &'static str, body: Vec<u8>| async move {
        let (_, body) =
            http(port, &format!("POST /api/games?lang={lang} HTTP/1.1\r\nHost: 127.0.0.1:{port}"), &body).await;
        serde_json::from_str::<Value>(&body).expect("JSON")["errors"].clone()
    };
    let dhtmlxq = b"[DhtmlXQ][DhtmlXQ_movelist]77477747[/DhtmlXQ_movelist][/DhtmlXQ]".to_vec();
    assert_eq!(
        upload("zh", dhtmlxq.clone()).await,
        json!(["第 1 局跳过：主线（DhtmlXQ_movelist）第 2 步：着法 1... 'h2e2' 不合法（h2 没有棋子）"])
    );
    assert_eq!(
        upload("en", dhtmlxq).await,
        json!(["game 1 skipped: movelist move 2: move 1... 'h2e2' is illegal (no piece on h2)"])
    );
    let xqf = b"XQ\x0a\0\0\0".to_vec();
    assert_eq!(upload("zh", xqf).await, json!(["第 1 局跳过：文件头：6 字节，比 XQF 文件头（1024 字节）还短"]));
    // A book whose checksum holds and whose first move is no move (a writer's bug).
    let mut builder = crate::book::build::Builder::new(20);
    let moves = [crate::types::Move::parse("b2e2").expect("ICCS")];
    builder.add(&crate::board::Position::startpos(), &moves, None, None).expect("legal");
    let mut book = builder.encode(1);
    let positions = u32::from_le_bytes(book[12..16].try_into().expect("4 bytes")) as usize;
    let first_move = 44 + 16 * positions;
    book[first_move..first_move + 2].copy_from_slice(&[0xff, 0xff]);
    let sum = crate::checksum::fnv1a64(&book[44..]);
    book[36..44].copy_from_slice(&sum.to_le_bytes());
    let post = |lang: &'static str, body: Vec<u8>| async move {
        http(port, &format!("POST /api/book?lang={lang} HTTP/1.1\r\nHost: 127.0.0.1:{port}"), &body).await
    };
    assert_eq!(post("zh", book.clone()).await, (400, json!({"error": "开局库记录 0：着法无效"}).to_string()));
    assert_eq!(post("en", book).await, (400, json!({"error": "book record 0: bad move"}).to_string()));
    let mut ws = connect(port, None).await.expect("socket");
    send(&mut ws, json!({"t": "lang", "lang": "zh"})).await;
    next(&mut ws, "state").await;
    send(&mut ws, json!({"t": "move", "mv": 3})).await;
    assert_eq!(next(&mut ws, "error").await["text"], "无法识别的消息：move 消息的字段 mv 不能是 3");
    send(&mut ws, json!({"t": "fly"})).await;
    assert_eq!(next(&mut ws, "error").await["text"], "无法识别的消息：未知的消息类型 \"fly\"");
    ws.send(Message::Text("{\"t\": \"move\"".into())).await.expect("send");
    assert_eq!(next(&mut ws, "error").await["text"], "无法识别的消息：不是 JSON（第 1 行第 12 列出错）");
}

mod puzzles;
mod sharing;

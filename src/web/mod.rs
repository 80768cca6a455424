//! `chuhan serve`: the board in the browser. An HTTP server inside the binary serves the
//! front-end (built from `web/` and embedded, so nothing comes from the network) and one
//! WebSocket per tab, over which the tab's own [`session::Session`] plays, analyses and
//! reviews with its own engine (`docs/web.md`).
//!
//! A local server that runs an engine must not be driven by other web sites open in the same
//! browser: every request must name this server in `Host` (DNS rebinding), and one that carries
//! an `Origin` must come from this server's own pages (cross-site requests and WebSockets).
//! Uploads are limited to [`MAX_UPLOAD`] (a book to [`MAX_BOOK`]); the server reads no file of
//! its own, and a book a tab sends is kept in memory for that tab only.

mod assets;
mod cores;
mod games;
mod protocol;
mod puzzles;
mod session;
mod setup;
mod tree;
mod view;

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{DefaultBodyLimit, Query, Request, State};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use tokio::net::TcpListener;

use crate::board::MoveLimit;
use crate::book::Book;
use crate::egtb::Tablebase;
use crate::puzzles::Puzzle;
use crate::words::{self, Say};

/// The port `chuhan serve` listens on when none is given.
pub const DEFAULT_PORT: u16 = 8412;
/// The largest game file accepted, in bytes; a larger upload is refused with 413.
pub const MAX_UPLOAD: usize = 4 << 20;
/// The largest opening book a tab may send, in bytes (the default book is 2.3 MB).
pub const MAX_BOOK: usize = 16 << 20;
/// Books sent but not yet taken by their tab; the oldest is dropped beyond this.
const MAX_WAITING_BOOKS: usize = 4;
/// The largest WebSocket message accepted, in bytes.
pub const MAX_MESSAGE: usize = 64 << 10;

/// What every connection shares: the port this server answers on, the bound on searches, the
/// opening book and the move limit of its games.
#[derive(Clone)]
pub struct Shared {
    port: u16,
    /// The cores: a search runs only while it holds one, games first.
    cores: Arc<cores::Cores>,
    /// The book of the explorer and of Chuhan's games: `--book`'s or the default (`None`: the
    /// default cannot be read).
    book: Option<Arc<Book>>,
    /// The move limit at which the board and Chuhan's search draw a game (`docs/rules.md` §9).
    move_limit: MoveLimit,
    /// Books sent over HTTP (too large for a WebSocket message), each waiting under its token
    /// for the tab that sent it to take it (`book` message), and the last token given.
    waiting: Arc<Mutex<WaitingBooks>>,
    /// The endgame tables every tab's board shows and every engine plays from (`--egtb`).
    egtb: Option<Arc<Tablebase>>,
    /// The puzzles of `/puzzles` (`--puzzles`, or the sample built in).
    puzzles: Arc<puzzles::PuzzleSet>,
}

/// Books sent to `/api/book` and not yet taken, each under its token.
#[derive(Default)]
struct WaitingBooks {
    last_token: u64,
    books: Vec<(u64, Arc<Book>)>,
}

impl Shared {
    /// For a server on `port` running at most `cores` searches at once, with `book` (`None`:
    /// the default book), its games drawn at `move_limit`, without endgame tables.
    pub fn new(port: u16, cores: usize, book: Option<Arc<Book>>, move_limit: MoveLimit) -> Shared {
        let book = book.or_else(|| Book::open_or_default("").ok());
        let waiting = Arc::default();
        let puzzles = puzzles::PuzzleSet::sample();
        Shared { port, cores: cores::Cores::new(cores), book, move_limit, waiting, egtb: None, puzzles }
    }

    /// Keeps a book a tab sent until it takes it; its token.
    fn keep_book(&self, book: Book) -> u64 {
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        waiting.last_token += 1;
        let token = waiting.last_token;
        if waiting.books.len() >= MAX_WAITING_BOOKS {
            waiting.books.remove(0);
        }
        waiting.books.push((token, Arc::new(book)));
        token
    }

    /// The book sent under `token`, taken out (a token serves once), or the server's book
    /// (`None`), and what the tab is told.
    fn book_for(&self, token: Option<u64>) -> Result<(Option<Arc<Book>>, Say), Say> {
        let Some(token) = token else {
            return Ok((self.book.clone(), Say::new("The explorer uses the default book", "开局浏览使用默认开局库")));
        };
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        let Some(i) = waiting.books.iter().position(|(t, _)| *t == token) else {
            return Err(Say::new(
                format!("no book was sent under {token} (send it again)"),
                format!("没有以 {token} 发送的开局库（请重新发送）"),
            ));
        };
        Ok((Some(waiting.books.remove(i).1), Say::new("The explorer uses your book", "开局浏览使用你的开局库")))
    }

    /// Whether the request names this server by an address or `localhost` (a DNS name that
    /// resolves here may be an attacker's, rebound) and, if it says where it comes from, comes
    /// from the page it names (same origin: no other site, no other port).
    fn allows(&self, headers: &HeaderMap) -> Result<(), Say> {
        let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
        let host = text(header::HOST).ok_or_else(|| Say::new("no Host header", "请求没有 Host 头"))?;
        let (name, port) =
            host.rsplit_once(':').ok_or_else(|| Say::new("the Host header names no port", "Host 头没有端口"))?;
        let name = name.trim_start_matches('[').trim_end_matches(']');
        let named = name.eq_ignore_ascii_case("localhost") || name.parse::<IpAddr>().is_ok();
        if !named || port.parse::<u16>() != Ok(self.port) {
            return Err(Say::new(
                "this server answers only to its address (DNS rebinding is refused)",
                "本服务器只响应以其地址发来的请求（拒绝 DNS 重绑定）",
            ));
        }
        match text(header::ORIGIN) {
            Some(origin) if origin.strip_prefix("http://").is_none_or(|o| !o.eq_ignore_ascii_case(host)) => {
                Err(Say::new("requests from other web sites are refused", "拒绝来自其他网站的请求"))
            }
            _ => Ok(()),
        }
    }
}

/// The application: pages, assets, the game-file upload and the WebSocket.
pub fn router(shared: Shared) -> Router {
    Router::new()
        .route("/", get(assets::page))
        .route("/play", get(assets::page))
        .route("/analysis", get(assets::page))
        .route("/review", get(assets::page))
        .route("/editor", get(assets::page))
        .route("/puzzles", get(assets::page))
        .route("/api/puzzles", get(puzzles::list))
        .route("/api/puzzles/position", post(puzzles::position))
        .route("/api/puzzles/refute", post(puzzles::refute))
        .route("/assets/{file}", get(assets::asset))
        .route("/api/games", post(read_games))
        .route("/api/book", post(read_book).layer(DefaultBodyLimit::max(MAX_BOOK)))
        .route("/ws", get(socket))
        .fallback(|uri: Uri, headers: HeaderMap| async move {
            let lang = request_lang(&uri, &headers);
            (StatusCode::NOT_FOUND, Say::new("no such page", "没有这个页面").get(lang))
        })
        .layer(DefaultBodyLimit::max(MAX_UPLOAD))
        .layer(middleware::from_fn_with_state(shared.clone(), guard))
        .with_state(shared)
}

async fn guard(State(shared): State<Shared>, request: Request, next: Next) -> Response {
    match shared.allows(request.headers()) {
        Ok(()) => next.run(request).await,
        Err(why) => (StatusCode::FORBIDDEN, why.get(request_lang(request.uri(), request.headers()))).into_response(),
    }
}

/// The language of a plain-text answer: the `?lang=` a page's request carries, else the one
/// the browser prefers most (`Accept-Language`, by its `q` weights), else English.
fn request_lang(uri: &Uri, headers: &HeaderMap) -> words::Lang {
    let named = uri.query().into_iter().flat_map(|q| q.split('&')).find_map(|pair| pair.strip_prefix("lang="));
    if let Some(lang) = named.and_then(words::Lang::from_name) {
        return lang;
    }
    let accept = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let mut best = (0.0, words::Lang::default());
    for entry in accept.split(',') {
        let mut parts = entry.split(';').map(str::trim);
        let primary = parts.next().unwrap_or("").split('-').next().unwrap_or("").to_ascii_lowercase();
        let q = parts.find_map(|p| p.strip_prefix("q=")).map_or(Some(1.0), |q| q.parse::<f32>().ok());
        if let (Some(lang), Some(q)) = (words::Lang::from_name(&primary), q)
            && q > best.0
        {
            best = (q, lang);
        }
    }
    best.1
}

/// `/api/games?lang=zh`: the games of an upload, its refusals in that language.
async fn read_games(Query(query): Query<LangQuery>, body: Bytes) -> Response {
    let lang = query.lang();
    axum::Json(games::read(&body, lang)).into_response()
}

/// `/api/book?lang=zh`: a book built by `chuhan book build`, checked whole and kept in memory
/// for the tab that sent it (`{"token": N}`), or why it is no book (400).
async fn read_book(State(shared): State<Shared>, Query(query): Query<LangQuery>, body: Bytes) -> Response {
    let lang = query.lang();
    match Book::from_bytes(body.to_vec()) {
        Ok(book) => axum::Json(serde_json::json!({ "token": shared.keep_book(book) })).into_response(),
        Err(e) => {
            (StatusCode::BAD_REQUEST, axum::Json(serde_json::json!({ "error": words::book_error(&e).get(lang) })))
                .into_response()
        }
    }
}

#[derive(serde::Deserialize)]
struct LangQuery {
    lang: Option<String>,
}

impl LangQuery {
    /// The language `?lang=` names; English when absent or unknown.
    fn lang(&self) -> words::Lang {
        self.lang.as_deref().and_then(words::Lang::from_name).unwrap_or_default()
    }
}

async fn socket(
    State(shared): State<Shared>,
    Query(query): Query<session::Query>,
    upgrade: WebSocketUpgrade,
) -> Response {
    upgrade
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |ws| session::run(ws, shared, query))
}

/// Binds `host:port` (port 0: any free one); a busy port is an error that says so.
pub fn bind(host: IpAddr, port: u16) -> Result<std::net::TcpListener, String> {
    let addr = SocketAddr::new(host, port);
    std::net::TcpListener::bind(addr).map_err(|e| match e.kind() {
        std::io::ErrorKind::AddrInUse => format!("port {port} on {host} is already in use (try --port N)"),
        _ => format!("cannot listen on {addr}: {e}"),
    })
}

/// Serves on `listener` until the process ends, at most `cores` searches at once, with `book`
/// (`None`: the default book), games drawn at `move_limit`, showing and playing from `egtb`,
/// `/puzzles` from the file `puzzles` names (`None`: the sample built in).
pub async fn serve(
    listener: TcpListener,
    cores: usize,
    book: Option<Arc<Book>>,
    move_limit: MoveLimit,
    egtb: Option<Arc<Tablebase>>,
    puzzles: Option<(Vec<Puzzle>, String)>,
) -> std::io::Result<()> {
    let mut shared = Shared { egtb, ..Shared::new(listener.local_addr()?.port(), cores, book, move_limit) };
    if let Some((set, name)) = puzzles {
        shared.puzzles = puzzles::PuzzleSet::new(set, &name);
    }
    axum::serve(listener, router(shared)).await
}

/// [`serve`] on a runtime of its own, for the command line: as many searches as cores.
pub fn serve_blocking(
    listener: std::net::TcpListener,
    book: Option<Arc<Book>>,
    move_limit: MoveLimit,
    egtb: Option<Arc<Tablebase>>,
    puzzles: Option<(Vec<Puzzle>, String)>,
) -> std::io::Result<()> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(cores.max(2)).enable_all().build()?;
    runtime.block_on(async { serve(TcpListener::from_std(listener)?, cores, book, move_limit, egtb, puzzles).await })
}

/// The address to print and open: loopback's name for a loopback or unspecified address.
pub fn url(addr: SocketAddr) -> String {
    match addr.ip() {
        ip if ip.is_loopback() || ip.is_unspecified() => format!("http://127.0.0.1:{}/", addr.port()),
        IpAddr::V4(ip) => format!("http://{ip}:{}/", addr.port()),
        IpAddr::V6(ip) => format!("http://[{ip}]:{}/", addr.port()),
    }
}

#[cfg(test)]
mod tests;

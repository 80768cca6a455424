//! What the server sends besides messages: the page and its bundle, built from `web/` by
//! `make web` into `src/web/dist/` and embedded here (so `cargo build` needs no Node), and the
//! board and pieces, drawn by [`crate::diagram`] as every diagram of the project is.

use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use once_cell::sync::Lazy;

use crate::diagram::{Diagram, Layout};
use crate::notation::Script;
use crate::types::{Color, Piece, PieceKind};
use crate::words::Say;

const INDEX: &str = include_str!("dist/index.html");
const APP_JS: &str = include_str!("dist/app.js");
const APP_CSS: &str = include_str!("dist/app.css");

static BOARD: Lazy<String> = Lazy::new(|| Diagram::board(false));
static BOARD_FLIPPED: Lazy<String> = Lazy::new(|| Diagram::board(true));
static PIECES_TRADITIONAL: Lazy<String> = Lazy::new(|| pieces_css(Script::Traditional));
static PIECES_SIMPLIFIED: Lazy<String> = Lazy::new(|| pieces_css(Script::Simplified));

/// Every view is the same page; it reads its address to know which it is.
pub async fn page() -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], INDEX).into_response()
}

pub async fn asset(Path(file): Path<String>, uri: Uri, headers: HeaderMap) -> Response {
    let (kind, body): (&str, &str) = match file.as_str() {
        "app.js" => ("text/javascript; charset=utf-8", APP_JS),
        "app.css" => ("text/css; charset=utf-8", APP_CSS),
        "board.svg" => ("image/svg+xml", &BOARD),
        "board-flipped.svg" => ("image/svg+xml", &BOARD_FLIPPED),
        "pieces-traditional.css" => ("text/css; charset=utf-8", &PIECES_TRADITIONAL),
        "pieces-simplified.css" => ("text/css; charset=utf-8", &PIECES_SIMPLIFIED),
        _ => {
            let lang = super::request_lang(&uri, &headers);
            return (StatusCode::NOT_FOUND, Say::new("no such file", "没有这个文件").get(lang)).into_response();
        }
    };
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// The board's geometry for the page: where the 9 × 10 cells of the board's points lie on the
/// board picture, as percentages (each cell centred on its point), and its width over its height
/// for the page's layout (`--board-ratio`).
pub fn board_css() -> String {
    let u = Layout::UNIT;
    let pct = |a: f64, b: f64| format!("{:.4}%", 100.0 * a / b);
    format!(
        ":root{{--board-ratio:calc({w}/{h})}}.board-frame{{aspect-ratio:{w}/{h}}}.board-frame .cg-wrap{{left:{l};top:{t};width:{cw};height:{ch}}}",
        w = Layout::WIDTH,
        h = Layout::HEIGHT,
        l = pct(Layout::MARGIN_X - u / 2.0, Layout::WIDTH),
        t = pct(Layout::MARGIN_Y - u / 2.0, Layout::HEIGHT),
        cw = pct(9.0 * u, Layout::WIDTH),
        ch = pct(10.0 * u, Layout::HEIGHT),
    )
}

/// chessgroundx's piece classes (`white` is Red, the role its FEN letter) drawn as data URIs.
fn pieces_css(script: Script) -> String {
    let mut css = board_css();
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let pc = Piece::new(color, kind);
            let side = if color == Color::Red { "white" } else { "black" };
            let role = pc.fen_char().to_ascii_lowercase();
            css += &format!(
                "\n.cg-wrap piece.{role}-piece.{side}{{background-image:url(\"data:image/svg+xml,{}\")}}",
                data_uri(&Diagram::piece(pc, script))
            );
        }
    }
    css.push('\n');
    css
}

/// SVG text made safe inside a quoted CSS `url()`: the characters a URI or CSS gives meaning to
/// percent-encoded.
fn data_uri(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len() * 2);
    for c in svg.chars() {
        match c {
            '%' | '#' | '<' | '>' | '"' | '{' | '}' | '\\' | '\n' | '\r' => {
                let mut buf = [0; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out += &format!("%{b:02X}");
                }
            }
            _ => out.push(c),
        }
    }
    out
}

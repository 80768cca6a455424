//! Replies to the GUI: one [`Response`] per event, rendered into protocol lines for a dialect.
//!
//! A response renders to zero or more lines, without line ends: the UCCI search report of an
//! iteration is two lines (`docs/ucci.md` §7.5), and some answers exist in one dialect only (`bye`,
//! `nobestmove` to a `go` after a refused position). The writer sends each line with `\n` and flushes.

use super::Dialect;
use super::options;
use crate::board::Position;
use crate::engine::Info;
use crate::types::{Depth, Move, Score};
use crate::wdl::{self, Wdl};

/// The engine's name in `id name`, followed by the crate version.
pub const ENGINE_NAME: &str = "Chuhan";
/// The `id author` text.
pub const ENGINE_AUTHOR: &str = "The Chuhan developers";

/// `Chuhan <version>`, as `id name` gives it.
pub fn engine_id() -> String {
    format!("{ENGINE_NAME} {}", env!("CARGO_PKG_VERSION"))
}

/// Which side of the window a reported score is on, for a failed aspiration search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// The report of one iteration (or, with a bound, of a failed aspiration window).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The line's rank when several are shown (MultiPV above 1); `None` for the only line.
    pub multipv: Option<usize>,
    pub depth: Depth,
    pub seldepth: Depth,
    pub score: Score,
    /// The chances shown after the score (`UCI_ShowWDL`, UCI only).
    pub wdl: Option<Wdl>,
    /// `Some` for a fail-high or fail-low report: printed in UCI only.
    pub bound: Option<Bound>,
    pub nodes: u64,
    pub time_ms: u64,
    /// Per mille of the transposition table in use.
    pub hashfull: u32,
    /// Positions the endgame tables answered (printed when there were some).
    pub tbhits: u64,
    pub pv: Vec<Move>,
}

impl Iteration {
    /// One line of a completed iteration; `several`: MultiPV is above 1; `root`: the searched
    /// position, when the chances are shown (`UCI_ShowWDL`).
    pub fn of(info: &Info, several: bool, root: Option<&Position>) -> Iteration {
        Iteration {
            multipv: several.then_some(info.multipv),
            depth: info.depth,
            seldepth: info.seldepth as Depth,
            score: info.score,
            wdl: root.map(|pos| wdl::of_score(pos, info.score)),
            bound: None,
            nodes: info.nodes,
            time_ms: info.time.as_millis() as u64,
            hashfull: info.hashfull,
            tbhits: info.tbhits,
            pv: info.pv.clone(),
        }
    }
}

/// UCCI's addition to `bestmove` (`docs/ucci.md` §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Accept the opponent's draw offer.
    Draw,
    Resign,
}

/// A bound stored in the transposition table, for `pophash`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashBound {
    pub score: Score,
    pub depth: Depth,
}

/// What `probe` found. All fields `None` print a bare `pophash`; an exact entry has both bounds
/// equal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HashProbe {
    pub best: Option<Move>,
    pub lower: Option<HashBound>,
    pub upper: Option<HashBound>,
}

/// One reply to the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// The answer to `ucci` or `uci`: `id` lines, options, `ucciok`/`uciok`. `max_threads` is
    /// the largest thread count the engine can use (the `max` of the threads option).
    Handshake { max_threads: u32 },
    /// `readyok`.
    ReadyOk,
    /// After each completed iteration.
    Iteration(Iteration),
    /// `info depth 0 score <s>`: no legal move at the root, or the static evaluation of
    /// `go depth 0` (`docs/ucci.md` §7.6); `wdl` shown after it in UCI (`UCI_ShowWDL`).
    RootScore { score: Score, wdl: Option<Wdl> },
    /// UCCI's `info time <ms> nodes <n>` printed just before the answer; nothing in UCI.
    SearchEnd { time_ms: u64, nodes: u64 },
    /// `info currmove <m>` (with `currmovenumber <k>` in UCI), in debug mode.
    CurrMove { mv: Move, number: u32 },
    /// The answer of a search that has a move. `verdict` is dropped in UCI.
    BestMove { mv: Move, ponder: Option<Move>, verdict: Option<Verdict> },
    /// The answer of a search without a move: `nobestmove` or `bestmove (none)`.
    NoBestMove,
    /// The answer to `go` while the last `position` was refused: `nobestmove` in UCCI,
    /// `bestmove 0000` (the null move) in UCI (`docs/ucci.md` §4).
    NoPosition,
    /// The answer to `probe`.
    PopHash(HashProbe),
    /// The result of `go perft <depth>`: `divide` holds each root move's count, sorted by move
    /// text (as [`crate::engine::Engine::perft`] returns it).
    Perft { depth: u32, divide: Vec<(Move, u64)> },
    /// The answer to `quit`: `bye` in UCCI, nothing in UCI.
    Bye,
    /// `info string <text>`: diagnostics and refusals. Line breaks in `text` become blanks.
    InfoString(String),
    /// Free text printed verbatim, one line per line of `text` (`d`, `eval`, `bench`).
    Text(String),
}

impl Response {
    /// A refusal or diagnostic, from anything displayable (a [`super::ParseError`] gives the
    /// exact text of `docs/ucci.md` §10).
    pub fn info_string(text: impl ToString) -> Response {
        Response::InfoString(text.to_string())
    }

    /// The protocol lines of this response in `dialect`, without line ends.
    pub fn render(&self, dialect: Dialect) -> Vec<String> {
        match self {
            Response::Handshake { max_threads } => {
                let mut lines = vec![format!("id name {}", engine_id()), format!("id author {ENGINE_AUTHOR}")];
                lines.extend(options::announcements(dialect, *max_threads));
                lines.push(dialect.hello_ok().to_string());
                lines
            }
            Response::ReadyOk => vec!["readyok".into()],
            Response::Iteration(it) => iteration(it, dialect),
            Response::RootScore { score, wdl } => {
                vec![format!("info depth 0 score {}{}", dialect.score(*score), wdl_field(*wdl, dialect))]
            }
            Response::SearchEnd { time_ms, nodes } => match dialect {
                Dialect::Ucci => vec![format!("info time {time_ms} nodes {nodes}")],
                Dialect::Uci => vec![],
            },
            Response::CurrMove { mv, number } => vec![match dialect {
                Dialect::Ucci => format!("info currmove {mv}"),
                Dialect::Uci => format!("info currmove {mv} currmovenumber {number}"),
            }],
            Response::BestMove { mv, ponder, verdict } => {
                let mut line = format!("bestmove {mv}");
                if let Some(p) = ponder {
                    line += &format!(" ponder {p}");
                }
                match verdict {
                    Some(Verdict::Draw) if dialect.has_draw_offers() => line += " draw",
                    Some(Verdict::Resign) if dialect.has_draw_offers() => line += " resign",
                    _ => {}
                }
                vec![line]
            }
            Response::NoBestMove => vec![dialect.no_move().into()],
            Response::NoPosition => vec![dialect.no_position().into()],
            Response::PopHash(probe) => vec![pophash(probe)],
            Response::Perft { depth, divide } => {
                let (mut lines, total) = crate::engine::perft_report(divide, *depth);
                lines.extend([String::new(), format!("Nodes searched: {total}"), String::new()]);
                lines
            }
            Response::Bye => dialect.bye().map(String::from).into_iter().collect(),
            Response::InfoString(text) => {
                vec![format!("info string {}", dialect.quiet(&text.replace(['\r', '\n'], " ")))]
            }
            Response::Text(text) => text.lines().map(String::from).collect(),
        }
    }
}

/// `docs/ucci.md` §7.5: `info time <ms> nodes <n>` then `info depth <d> score <s> pv ...`, completed
/// iterations only; `docs/uci.md` §5: one line with every field. With several lines (MultiPV)
/// each carries `multipv <k>`, best first, as Pikafish prints them; in UCCI the time and nodes
/// line comes once, before the first.
fn iteration(it: &Iteration, dialect: Dialect) -> Vec<String> {
    let pv: String = it.pv.iter().map(|mv| format!(" {mv}")).collect();
    let pv = if pv.is_empty() { pv } else { format!(" pv{pv}") };
    match dialect {
        Dialect::Ucci if it.bound.is_some() => vec![],
        Dialect::Ucci => {
            let mut lines = Vec::new();
            if it.multipv.is_none_or(|k| k == 1) {
                lines.push(format!("info time {} nodes {}{}", it.time_ms, it.nodes, tbhits(it.tbhits)));
            }
            let rank = it.multipv.map_or(String::new(), |k| format!(" multipv {k}"));
            lines.push(format!("info depth {}{rank} score {}{pv}", it.depth, it.score.ucci()));
            lines
        }
        Dialect::Uci => {
            let bound = match it.bound {
                None => "",
                Some(Bound::Lower) => " lowerbound",
                Some(Bound::Upper) => " upperbound",
            };
            let nps = u128::from(it.nodes) * 1000 / u128::from(it.time_ms.max(1));
            vec![format!(
                "info depth {} seldepth {} multipv {} score {}{}{bound} nodes {} nps {nps} hashfull {}{} time {}{pv}",
                it.depth,
                it.seldepth,
                it.multipv.unwrap_or(1),
                it.score.uci(),
                wdl_field(it.wdl, dialect),
                it.nodes,
                it.hashfull,
                tbhits(it.tbhits),
                it.time_ms
            )]
        }
    }
}

/// ` tbhits N` after the counts when the endgame tables answered (`docs/egtb.md` §14), where
/// Stockfish prints it; nothing otherwise, so that a session without tables reads as before.
fn tbhits(hits: u64) -> String {
    if hits == 0 { String::new() } else { format!(" tbhits {hits}") }
}

/// ` wdl W D L` after a UCI score when the chances are shown, as Stockfish and Pikafish place it
/// (before a bound); UCCI has no such field.
fn wdl_field(wdl: Option<Wdl>, dialect: Dialect) -> String {
    match (wdl, dialect) {
        (Some(wdl), Dialect::Uci) => format!(" wdl {wdl}"),
        _ => String::new(),
    }
}

/// `pophash [bestmove <m>] [lowerbound <v> depth <d>] [upperbound <v> depth <d>]`. Values use
/// UCCI's integer score in both dialects (`probe` is specified by `docs/ucci.md` only).
fn pophash(probe: &HashProbe) -> String {
    let mut line = String::from("pophash");
    if let Some(mv) = probe.best {
        line += &format!(" bestmove {mv}");
    }
    for (keyword, bound) in [("lowerbound", probe.lower), ("upperbound", probe.upper)] {
        if let Some(HashBound { score, depth }) = bound {
            line += &format!(" {keyword} {} depth {depth}", score.ucci());
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        Move::parse(text).unwrap_or_else(|| panic!("bad test move {text}"))
    }

    fn pv(text: &str) -> Vec<Move> {
        text.split_whitespace().map(mv).collect()
    }

    fn transcript(dialect: Dialect, responses: &[Response]) -> String {
        responses.iter().flat_map(|r| r.render(dialect)).collect::<Vec<_>>().join("\n")
    }

    fn version() -> &'static str {
        env!("CARGO_PKG_VERSION")
    }

    /// The handshake frames the announced options (their text is pinned against the protocol
    /// pages by `tests/docs.rs`) between the engine's id and the protocol's ok.
    #[test]
    fn handshakes() {
        for (dialect, ok) in [(Dialect::Ucci, "ucciok"), (Dialect::Uci, "uciok")] {
            let mut expected =
                vec![format!("id name Chuhan {}", version()), "id author The Chuhan developers".to_string()];
            expected.extend(options::announcements(dialect, 1));
            expected.push(ok.to_string());
            assert_eq!(transcript(dialect, &[Response::Handshake { max_threads: 1 }]), expected.join("\n"));
        }
    }

    fn iteration(depth: Depth, score: Score, nodes: u64, time_ms: u64, line: &str) -> Response {
        Response::Iteration(Iteration {
            multipv: None,
            depth,
            seldepth: depth + 1,
            score,
            wdl: None,
            bound: None,
            nodes,
            time_ms,
            hashfull: 0,
            tbhits: 0,
            pv: pv(line),
        })
    }

    /// The search part of `docs/ucci.md` §11.
    #[test]
    fn ucci_search_transcript() {
        let responses = [
            iteration(1, Score::Cp(6), 45, 1, "h2e2"),
            iteration(2, Score::Cp(1), 1210, 4, "h2e2 h9g7"),
            iteration(9, Score::Cp(7), 1_075_442, 830, "h2e2 h9g7 h0g2 i9h9 i0h0"),
            Response::SearchEnd { time_ms: 836, nodes: 1_082_007 },
            Response::BestMove { mv: mv("h2e2"), ponder: Some(mv("h9g7")), verdict: None },
            Response::info_string("position rejected: move 4 'h2e2' is illegal (no black piece on h2)"),
            iteration(1, Score::Decided { win: true, plies: 1 }, 28, 0, "i4i9"),
            Response::SearchEnd { time_ms: 1, nodes: 190 },
            Response::BestMove { mv: mv("i4i9"), ponder: None, verdict: None },
            Response::PopHash(HashProbe {
                best: Some(mv("i4i9")),
                lower: Some(HashBound { score: Score::Decided { win: true, plies: 1 }, depth: 3 }),
                upper: Some(HashBound { score: Score::Decided { win: true, plies: 1 }, depth: 3 }),
            }),
            Response::RootScore { score: Score::Decided { win: false, plies: 0 }, wdl: None },
            Response::SearchEnd { time_ms: 0, nodes: 1 },
            Response::NoBestMove,
            Response::info_string("go: no position (the last 'position' was refused)"),
            Response::NoPosition,
            Response::info_string("unknown command: hello"),
            Response::Bye,
        ];
        let expected = "\
info time 1 nodes 45
info depth 1 score 6 pv h2e2
info time 4 nodes 1210
info depth 2 score 1 pv h2e2 h9g7
info time 830 nodes 1075442
info depth 9 score 7 pv h2e2 h9g7 h0g2 i9h9 i0h0
info time 836 nodes 1082007
bestmove h2e2 ponder h9g7
info string position rejected: move 4 'h2e2' is illegal (no black piece on h2)
info time 0 nodes 28
info depth 1 score 9999 pv i4i9
info time 1 nodes 190
bestmove i4i9
pophash bestmove i4i9 lowerbound 9999 depth 3 upperbound 9999 depth 3
info depth 0 score -10000
info time 0 nodes 1
nobestmove
info string go: no position (the last 'position' was refused)
nobestmove
info string unknown command: hello
bye";
        assert_eq!(transcript(Dialect::Ucci, &responses), expected);
    }

    /// The search part of `docs/uci.md` §7, with the same events rendered for UCI.
    #[test]
    fn uci_search_transcript() {
        let responses = [
            Response::ReadyOk,
            Response::Iteration(Iteration {
                multipv: None,
                depth: 1,
                seldepth: 2,
                score: Score::Cp(4),
                wdl: None,
                bound: None,
                nodes: 57,
                time_ms: 1,
                hashfull: 0,
                tbhits: 0,
                pv: pv("h0g2"),
            }),
            Response::SearchEnd { time_ms: 5, nodes: 900 },
            Response::BestMove { mv: mv("h0g2"), ponder: Some(mv("i9h9")), verdict: Some(Verdict::Draw) },
            Response::Iteration(Iteration {
                multipv: None,
                depth: 1,
                seldepth: 1,
                score: Score::Decided { win: true, plies: 1 },
                wdl: None,
                bound: None,
                nodes: 28,
                time_ms: 1,
                hashfull: 0,
                tbhits: 0,
                pv: pv("i4i9"),
            }),
            Response::BestMove { mv: mv("i4i9"), ponder: None, verdict: Some(Verdict::Resign) },
            Response::RootScore { score: Score::Decided { win: false, plies: 0 }, wdl: None },
            Response::NoBestMove,
            Response::info_string("position rejected: move 1 'i4i10' is not a move (ranks are 0 to 9)"),
            Response::info_string("go: no position (the last 'position' was refused)"),
            Response::NoPosition,
            Response::Bye,
        ];
        let expected = "\
readyok
info depth 1 seldepth 2 multipv 1 score cp 4 nodes 57 nps 57000 hashfull 0 time 1 pv h0g2
bestmove h0g2 ponder i9h9
info depth 1 seldepth 1 multipv 1 score mate 1 nodes 28 nps 28000 hashfull 0 time 1 pv i4i9
bestmove i4i9
info depth 0 score mate 0
bestmove (none)
info string position rejected: move 1 'i4i10' is not a move (ranks are 0 to 9)
info string go: no position (the last 'position' was refused)
bestmove 0000";
        assert_eq!(transcript(Dialect::Uci, &responses), expected);
    }

    #[test]
    fn verdicts_in_ucci() {
        let best = |verdict| Response::BestMove { mv: mv("h2e2"), ponder: Some(mv("h9g7")), verdict };
        assert_eq!(best(Some(Verdict::Draw)).render(Dialect::Ucci), ["bestmove h2e2 ponder h9g7 draw"]);
        assert_eq!(best(Some(Verdict::Resign)).render(Dialect::Ucci), ["bestmove h2e2 ponder h9g7 resign"]);
    }

    #[test]
    fn aspiration_bounds_are_uci_only() {
        let it = Iteration {
            multipv: None,
            depth: 12,
            seldepth: 20,
            score: Score::Cp(-35),
            wdl: None,
            bound: Some(Bound::Upper),
            nodes: 3_000_000,
            time_ms: 1500,
            hashfull: 412,
            tbhits: 0,
            pv: pv("h2e2"),
        };
        assert!(Response::Iteration(it.clone()).render(Dialect::Ucci).is_empty());
        assert_eq!(
            Response::Iteration(it).render(Dialect::Uci),
            [
                "info depth 12 seldepth 20 multipv 1 score cp -35 upperbound nodes 3000000 nps 2000000 hashfull 412 time 1500 pv h2e2"
            ]
        );
    }

    /// `UCI_ShowWDL`: the chances follow the score, before a bound, in UCI only.
    #[test]
    fn wdl_follows_the_score_in_uci() {
        let wdl = Some(Wdl { win: 412, draw: 301, loss: 287 });
        let it = Iteration {
            multipv: Some(2),
            depth: 7,
            seldepth: 9,
            score: Score::Cp(18),
            wdl,
            bound: Some(Bound::Lower),
            nodes: 1000,
            time_ms: 10,
            hashfull: 3,
            tbhits: 0,
            pv: pv("h2e2 h9g7"),
        };
        assert_eq!(
            Response::Iteration(it.clone()).render(Dialect::Uci),
            [
                "info depth 7 seldepth 9 multipv 2 score cp 18 wdl 412 301 287 lowerbound nodes 1000 nps 100000 hashfull 3 time 10 pv h2e2 h9g7"
            ]
        );
        let ucci = Response::Iteration(Iteration { bound: None, ..it }).render(Dialect::Ucci);
        assert_eq!(ucci, ["info depth 7 multipv 2 score 18 pv h2e2 h9g7"]);
        let mated = Response::RootScore {
            score: Score::Decided { win: false, plies: 0 },
            wdl: Some(Wdl { win: 0, draw: 0, loss: 1000 }),
        };
        assert_eq!(mated.render(Dialect::Uci), ["info depth 0 score mate 0 wdl 0 0 1000"]);
        assert_eq!(mated.render(Dialect::Ucci), ["info depth 0 score -10000"]);
    }

    #[test]
    fn scores_are_clamped_and_pv_may_be_empty() {
        let it = Iteration {
            multipv: None,
            depth: 3,
            seldepth: 3,
            score: Score::Cp(12_345),
            wdl: None,
            bound: None,
            nodes: u64::MAX,
            time_ms: 0,
            hashfull: 1000,
            tbhits: 0,
            pv: vec![],
        };
        assert_eq!(
            Response::Iteration(it.clone()).render(Dialect::Ucci),
            [format!("info time 0 nodes {}", u64::MAX), "info depth 3 score 9000".into()]
        );
        let uci = Response::Iteration(it).render(Dialect::Uci);
        assert_eq!(
            uci,
            [format!(
                "info depth 3 seldepth 3 multipv 1 score cp 12345 nodes {0} nps {1} hashfull 1000 time 0",
                u64::MAX,
                u128::from(u64::MAX) * 1000
            )]
        );
    }

    #[test]
    fn other_lines() {
        for dialect in [Dialect::Ucci, Dialect::Uci] {
            assert_eq!(
                Response::info_string("a\nb\r\nc").render(dialect),
                ["info string a b  c"],
                "info string stays on one line"
            );
            assert_eq!(Response::PopHash(HashProbe::default()).render(dialect), ["pophash"]);
            assert_eq!(
                Response::PopHash(HashProbe {
                    best: None,
                    lower: Some(HashBound { score: Score::Cp(-20), depth: 5 }),
                    upper: None
                })
                .render(dialect),
                ["pophash lowerbound -20 depth 5"]
            );
            assert_eq!(Response::Text("a\n\nb\n".into()).render(dialect), ["a", "", "b"]);
            assert_eq!(Response::RootScore { score: Score::Cp(-31), wdl: None }.render(dialect).len(), 1);
        }
        assert_eq!(Response::CurrMove { mv: mv("h2e2"), number: 3 }.render(Dialect::Ucci), ["info currmove h2e2"]);
        assert_eq!(
            Response::CurrMove { mv: mv("h2e2"), number: 3 }.render(Dialect::Uci),
            ["info currmove h2e2 currmovenumber 3"]
        );
        assert_eq!(
            Response::RootScore { score: Score::Cp(-31), wdl: None }.render(Dialect::Ucci),
            ["info depth 0 score -31"]
        );
        assert_eq!(
            Response::RootScore { score: Score::Cp(-31), wdl: None }.render(Dialect::Uci),
            ["info depth 0 score cp -31"]
        );
    }

    /// `docs/uci.md` §6: divide lines, a blank line, the total, a blank line.
    #[test]
    fn perft_report() {
        let divide = vec![(mv("d0e0"), 3), (mv("d1e2"), 2)];
        assert_eq!(
            Response::Perft { depth: 2, divide }.render(Dialect::Uci),
            ["d0e0: 3", "d1e2: 2", "", "Nodes searched: 5", ""]
        );
        assert_eq!(Response::Perft { depth: 0, divide: vec![] }.render(Dialect::Ucci), ["", "Nodes searched: 1", ""]);
    }
}

//! What a session shows, as messages: the board's state, engine lines and a reviewed game, each
//! text written with the project's own notation, score and annotation code.

use std::collections::BTreeMap;

use super::protocol::{
    BoardState, BookEntry, ClockState, LineInfo, MoveText, Outcome, ReviewedMove, ServerMessage, Sided, TableMove,
    TablesInfo,
};
use super::session::{Board, Mode, Prefs};
use crate::analysis::{self, Review};
use crate::board::Position;
use crate::book::Book;
use crate::egtb::Tablebase;
use crate::engine::{Info, SearchResult};
use crate::game::LiveClock;
use crate::game::tables::{self, Kind, TableView};
use crate::movegen::legal_moves;
use crate::notation::{self, Notation, line_text};
use crate::pgn;
use crate::types::{Color, Reason, Score};
use crate::wdl;
use crate::words::{self, Lang};

/// `book`'s moves for `pos`, most played first.
fn book_moves(book: &Book, pos: &Position, notation: Notation) -> Vec<BookEntry> {
    let mut moves = book.probe(pos);
    moves.sort_by_key(|bm| std::cmp::Reverse(bm.stats.games()));
    moves
        .into_iter()
        .map(|bm| BookEntry {
            mv: MoveText { iccs: bm.mv.to_string(), text: notation::format_move(pos, bm.mv, notation) },
            games: bm.stats.games(),
            score: bm.stats.score(),
            draws: bm.stats.draw_rate(),
        })
        .collect()
}

fn colour(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// What `egtb` says of `pos`, when it covers it: the verdict and each move's value in the
/// game layer's words in `lang`, the moves in `notation`.
pub fn tables_info(pos: &Position, egtb: &Tablebase, notation: Notation, lang: Lang) -> Option<TablesInfo> {
    let view = TableView::of(pos, egtb)?;
    let moves = view
        .moves
        .iter()
        .map(|&(mv, value)| TableMove {
            mv: MoveText { iccs: mv.to_string(), text: notation::format_move(pos, mv, notation) },
            kind: Kind::of(value).name(),
            text: tables::move_text(value).get(lang),
            plies: value.plies(),
            score: match (Kind::of(value), value.plies()) {
                (Kind::Win, Some(n)) => Some(sided(pos, Score::Decided { win: true, plies: u32::from(n) })),
                (Kind::Loss, Some(n)) => Some(sided(pos, Score::Decided { win: false, plies: u32::from(n) })),
                _ => None,
            },
        })
        .collect();
    Some(TablesInfo { kind: Kind::of(view.value).name(), verdict: view.verdict().get(lang), moves })
}

/// The tab's state message; `thinking` while Chuhan is to reply; the tables' view of the
/// position from `egtb`, the server's tables.
pub fn state(b: &Board, prefs: &Prefs, thinking: bool, egtb: Option<&Tablebase>) -> ServerMessage {
    let pos = b.game.position();
    let mut dests: BTreeMap<String, Vec<String>> = BTreeMap::new();
    if !b.game.is_over() && b.human_to_move() {
        for mv in legal_moves(pos).iter() {
            dests.entry(mv.from().to_string()).or_default().push(mv.to().to_string());
        }
    }
    let (human, level) = match b.mode {
        Mode::Play { human, player } => (colour(human), player.level.get()),
        Mode::Analysis { .. } => ("none", 0),
    };
    let analysis = matches!(b.mode, Mode::Analysis { .. });
    let book = prefs.book.as_deref();
    ServerMessage::State(Box::new(BoardState {
        mode: if matches!(b.mode, Mode::Play { .. }) { "play" } else { "analysis" },
        fen: pos.fen(),
        turn: colour(pos.side_to_move()),
        dests,
        last: pos.last_move().filter(|mv| !mv.is_null()).map(|mv| mv.to_string()),
        check: pos.in_check(),
        start: b.game.start().fen(),
        moves: move_texts(b.game.start(), b.game.moves(), prefs.notation),
        human,
        level,
        thinking,
        opening: book.and_then(|b| b.opening(pos)).map(|c| c.to_string()),
        book: match book {
            Some(book) if analysis => book_moves(book, pos, prefs.notation),
            _ => Vec::new(),
        },
        result: b.game.result().map(|r| Outcome {
            score: r.score().to_string(),
            winner: r.winner.map_or("none", colour),
            reason: reason_code(&r.reason),
            text: match b.game.repetition_account() {
                Some(report) => {
                    format!("{}: {}", words::reason(&r.reason).get(prefs.lang), words::cycle(&report).get(prefs.lang))
                }
                None => words::reason(&r.reason).get(prefs.lang),
            },
        }),
        clock: b.game.clock().map(|c| clock(c, pos.side_to_move(), b.game.is_over())),
        tree: if analysis { b.tree.moves(b.game.start(), prefs.notation) } else { Vec::new() },
        node: b.node,
        tables: egtb.and_then(|tb| tables_info(pos, tb, prefs.notation, prefs.lang)),
    }))
}

/// What the page shows of the clocks: each side's time left, `to_move`'s running unless the
/// game is over. The server keeps the time; the page only shows it (`docs/web.md` §4).
fn clock(c: &LiveClock, to_move: Color, over: bool) -> ClockState {
    let ms = |side: Color| c.left(side, !over && side == to_move).as_millis() as u64;
    ClockState {
        red: ms(Color::Red),
        black: ms(Color::Black),
        control: c.control().to_string(),
        running: !over && c.started(),
    }
}

fn reason_code(reason: &Reason) -> &'static str {
    match reason {
        Reason::Checkmate => "checkmate",
        Reason::Stalemate => "stalemate",
        Reason::PerpetualCheck(_) => "perpetual-check",
        Reason::PerpetualChase(_) => "perpetual-chase",
        Reason::Repetition { .. } => "repetition",
        Reason::MoveLimit { .. } | Reason::MoveLimitClaim(_) | Reason::PlyCap(_) => "move-limit",
        Reason::InsufficientMaterial => "material",
        Reason::Resignation(_) => "resignation",
        Reason::Agreement => "agreement",
        Reason::TimeForfeit(_) => "time",
        _ => "other",
    }
}

/// Each move in ICCS and in `notation`, played in turn from `start`.
pub fn move_texts(start: &Position, moves: &[crate::types::Move], notation: Notation) -> Vec<MoveText> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        out.push(MoveText { iccs: mv.to_string(), text: notation::format_move(&pos, mv, notation) });
        if pos.play(mv).is_err() {
            break;
        }
    }
    out
}

/// A score for the side to move in `pos`, written from each side.
fn sided(pos: &Position, score: Score) -> Sided {
    let red = if pos.side_to_move() == Color::Red { score } else { score.flipped() };
    Sided { red: red.short(), mover: score.short() }
}

/// One line for the side to move in `pos`, its chances from Red's side.
pub fn line(pos: &Position, score: Score, pv: &[crate::types::Move], notation: Notation) -> LineInfo {
    let mut chances = wdl::of_score(pos, score);
    if pos.side_to_move() == Color::Black {
        chances = chances.flipped();
    }
    LineInfo {
        pv: pv.iter().map(|m| m.to_string()).collect(),
        text: line_text(pos, pv, notation),
        score: sided(pos, score),
        red: chances.expected(),
        wdl: [chances.win, chances.draw, chances.loss],
    }
}

/// The analysis `lines` of the iteration `info` completes.
pub fn lines(info: &Info, lines: Vec<LineInfo>) -> ServerMessage {
    let millis = info.time.as_millis().max(1) as u64;
    ServerMessage::Lines { depth: info.depth, nodes: info.nodes, nps: info.nodes.saturating_mul(1000) / millis, lines }
}

/// A finished search's lines (a hint's three).
pub fn result_lines(b: &Board, prefs: &Prefs, result: &SearchResult) -> Vec<LineInfo> {
    let pos = b.game.position();
    result.lines.iter().map(|l| line(pos, Score::from_value(l.value), &l.pv, prefs.notation)).collect()
}

/// The reviewed game: each move with its mark and Chuhan's choice, Red's chances for the graph,
/// the summary and the annotated PGN, all as `chuhan analyze` writes them; and the annotated
/// record, for its PGN in another notation.
pub fn reviewed(record: &pgn::Game, review: &Review, notation: Notation, lang: Lang) -> (ServerMessage, pgn::Game) {
    let mut moves = Vec::with_capacity(review.moves.len());
    for (ply, (&mv, j)) in review.moves.iter().zip(&review.judgements).enumerate() {
        let pos = &review.positions[ply];
        let mark = match j.grade {
            Some(g) => g.nag(),
            None if j.only_move => "!",
            None => "",
        };
        moves.push(ReviewedMove {
            mv: MoveText { iccs: mv.to_string(), text: notation::format_move(pos, mv, notation) },
            mark,
            best: j.best.map(|b| MoveText { iccs: b.to_string(), text: notation::format_move(pos, b, notation) }),
            fen: review.positions[ply + 1].fen(),
        });
    }
    let mut record = record.clone();
    record.tags.remove("Movetime");
    record.moves.truncate(review.moves.len());
    let heading = words::reviewed(review.moves.len()).get(lang);
    let annotated = analysis::annotate(&record, review, "Chuhan");
    let message = ServerMessage::Reviewed {
        moves,
        red: review.red_chances(),
        summary: analysis::review_summary(lang, &heading, &record, review),
        pgn: annotated.to_pgn(notation),
    };
    (message, annotated)
}
/// The game, the analysis tree or the reviewed game as PGN in the tab's notation.
pub fn pgn(b: &Board, prefs: &Prefs) -> ServerMessage {
    let date = pgn::date(std::time::SystemTime::now());
    let (name, record) = match (&b.annotated, b.mode) {
        (Some(annotated), _) => ("chuhan-review.pgn", annotated.clone()),
        (None, Mode::Play { human, player }) => {
            let chuhan = format!("Chuhan (level {})", player.level.get());
            let (red, black) =
                if human == Color::Red { ("Human", chuhan.as_str()) } else { (chuhan.as_str(), "Human") };
            let mut tags =
                vec![("Event", "Chuhan in the browser"), ("Date", date.as_str()), ("Red", red), ("Black", black)];
            let control = b.game.clock().map(|c| c.control().to_string());
            if let Some(control) = &control {
                tags.push(("TimeControl", control));
            }
            ("chuhan-game.pgn", b.game.record(&tags))
        }
        (None, Mode::Analysis { .. }) => {
            let mut record = b.tree.record(b.game.start());
            record.set_tag("Event", "Chuhan analysis");
            record.set_tag("Date", &date);
            ("chuhan-analysis.pgn", record)
        }
    };
    ServerMessage::Pgn { name: name.to_string(), text: record.to_pgn(prefs.notation) }
}

//! What the endgame tables say of a position, for people (`docs/egtb.md` §15): the value for
//! the side to move and the value each legal move leaves, best first, and the one wording of
//! them that every front shows (the terminal's hint, `chuhan analyze`'s comments, the web
//! board's panel). Values are the tables' own ([`Value`]: for the side to move, in plies to
//! mate); a mate is said in moves as the engine's scores are ([`score_text`]).

use crate::board::Position;
use crate::egtb::{Tablebase, Value, probe};
use crate::notation::{Notation, format_move, score_text};
use crate::types::{Color, Move, Score};
use crate::words::{Lang, Say, side_in};

/// The most best moves a lapse names.
pub const BEST_NAMED: usize = 3;

/// A position the tables cover, as they see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableView {
    /// The side to move, whose value `value` is.
    pub side: Color,
    pub value: Value,
    /// Each legal move with the value it leaves its mover, best first.
    pub moves: Vec<(Move, Value)>,
}

/// What a value is for the side it belongs to, by which it is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Win,
    Draw,
    Loss,
    /// No mate with best play, but a perpetual check or chase may decide it (`docs/egtb.md` §16).
    Undecided,
}

impl Kind {
    pub fn of(value: Value) -> Kind {
        if value.is_win() {
            Kind::Win
        } else if value.is_loss() {
            Kind::Loss
        } else if value.is_undecided() {
            Kind::Undecided
        } else {
            Kind::Draw
        }
    }

    /// `win`, `draw`, `loss`, `undecided`: the web board's class names.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Win => "win",
            Kind::Draw => "draw",
            Kind::Loss => "loss",
            Kind::Undecided => "undecided",
        }
    }
}

/// What a move let go of: a table win, or a table draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lapse {
    /// The value before the move, a win or a draw (or undecided), for the mover.
    pub before: Value,
    /// The value the move left the mover: a draw or a loss after a win, a loss after a draw.
    pub after: Value,
    /// The tables' best moves instead (every move of the best value).
    pub best: Vec<Move>,
}

impl TableView {
    /// The tables' view of `pos`, reading its endgames now; `None` when they do not cover it
    /// (or its endgame or one its captures reach is missing or fails to load).
    pub fn of(pos: &Position, tb: &Tablebase) -> Option<TableView> {
        let probe = probe::probe(pos, tb).ok()?;
        Some(TableView { side: pos.side_to_move(), value: probe.value, moves: probe.moves })
    }

    /// The position's verdict: `Red wins: mate in 10 (19 plies)`.
    pub fn verdict(&self) -> Say {
        verdict(self.side, self.value)
    }

    /// Every move as good as the best.
    pub fn best(&self) -> Vec<Move> {
        let best = self.moves.first().map(|&(_, v)| v);
        self.moves.iter().filter(|&&(_, v)| Some(v) == best).map(|&(mv, _)| mv).collect()
    }

    /// What `mv` throws away, if it throws away a win (a draw or a loss after it) or a draw
    /// (a loss after it). An undecided value counts as a draw here.
    pub fn lapse(&self, mv: Move) -> Option<Lapse> {
        let after = self.moves.iter().find(|&&(m, _)| m == mv)?.1;
        let (was, is) = (Kind::of(self.value.standard()), Kind::of(after.standard()));
        let lost = matches!((was, is), (Kind::Win, Kind::Draw | Kind::Loss) | (Kind::Draw, Kind::Loss));
        lost.then(|| Lapse { before: self.value, after, best: self.best() })
    }
}

impl Lapse {
    /// `throws away the win (mate in 10 before, draw after); the tables' best 车二进三`, the
    /// moves written for `pos`, where they were played: at most [`BEST_NAMED`] of them, and how
    /// many more.
    pub fn text(&self, pos: &Position, notation: Notation) -> String {
        let what = if self.before.standard().is_win() { "win" } else { "draw" };
        let best: Vec<String> = self.best.iter().take(BEST_NAMED).map(|&mv| format_move(pos, mv, notation)).collect();
        let more = match self.best.len().saturating_sub(BEST_NAMED) {
            0 => String::new(),
            n => format!(" (and {n} more)"),
        };
        format!(
            "throws away the {what} ({} before, {} after); the tables' best {}{more}",
            move_text(self.before).get(Lang::En),
            move_text(self.after).get(Lang::En),
            best.join(" or ")
        )
    }
}

/// A position's value for `side`, to move there, in both languages: `Red wins: mate in 10 (19
/// plies)` (`红方胜：10步杀（19个半回合）`), `Black loses: mated in 6 (12 plies)`, `Black has
/// lost: no legal move`, `Draw`, `Undecided: ...`.
pub fn verdict(side: Color, value: Value) -> Say {
    let (en, zh) = (side_in(Lang::En, side), side_in(Lang::Zh, side));
    let text = move_text(value);
    match (Kind::of(value), value.plies()) {
        (Kind::Loss, Some(0)) => Say::new(format!("{en} has lost: no legal move"), format!("{zh}已负：无着可走")),
        (Kind::Win, Some(n)) => Say::new(
            format!("{en} wins: {} ({})", text.get(Lang::En), plies(n)),
            format!("{zh}胜：{}（{n}个半回合）", text.get(Lang::Zh)),
        ),
        (Kind::Loss, Some(n)) => Say::new(
            format!("{en} loses: {} ({})", text.get(Lang::En), plies(n)),
            format!("{zh}负：{}（{n}个半回合）", text.get(Lang::Zh)),
        ),
        (Kind::Undecided, _) => Say::new(
            "Undecided: no mate, but a perpetual check or chase may decide it",
            "未定：无杀，但长将或长捉可能定胜负",
        ),
        _ => Say::new("Draw", "和棋"),
    }
}

/// A value for its side in a few words: `mate in 10` (`10步杀`), `mated in 6` (`6步被杀`),
/// `draw` (`和`), `undecided` (`未定`).
pub fn move_text(value: Value) -> Say {
    match (Kind::of(value), value.plies()) {
        (Kind::Win, Some(n)) => {
            let moves = n.div_ceil(2).max(1);
            Say::new(score_text(Score::Decided { win: true, plies: u32::from(n) }), format!("{moves}步杀"))
        }
        (Kind::Loss, Some(0)) => Say::new(score_text(Score::Decided { win: false, plies: 0 }), "被杀"),
        (Kind::Loss, Some(n)) => {
            let moves = n.div_ceil(2);
            Say::new(score_text(Score::Decided { win: false, plies: u32::from(n) }), format!("{moves}步被杀"))
        }
        (Kind::Undecided, _) => Say::new("undecided", "未定"),
        _ => Say::new("draw", "和"),
    }
}

fn plies(n: u16) -> String {
    format!("{n} pl{}", if n == 1 { "y" } else { "ies" })
}

/// Each move of `view` in `notation`, with its value for the mover: the rows a front lists.
pub fn move_rows(pos: &Position, view: &TableView, notation: Notation) -> Vec<(String, String)> {
    view.moves.iter().map(|&(mv, v)| (format_move(pos, mv, notation), move_text(v).get(Lang::En))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egtb::for_tests::krk;

    fn view(fen: &str) -> (Position, TableView) {
        let pos = Position::from_fen(fen).expect("valid test FEN");
        let view = TableView::of(&pos, &krk()).expect("covered by krk");
        (pos, view)
    }

    #[test]
    fn verdicts_and_move_values_are_worded_once() {
        let en = |side, v| verdict(side, v).get(Lang::En);
        let zh = |side, v| verdict(side, v).get(Lang::Zh);
        assert_eq!(en(Color::Red, Value::win(19)), "Red wins: mate in 10 (19 plies)");
        assert_eq!(zh(Color::Red, Value::win(19)), "红方胜：10步杀（19个半回合）");
        assert_eq!(en(Color::Black, Value::loss(12)), "Black loses: mated in 6 (12 plies)");
        assert_eq!(zh(Color::Black, Value::loss(12)), "黑方负：6步被杀（12个半回合）");
        assert_eq!(en(Color::Black, Value::MATED), "Black has lost: no legal move");
        assert_eq!(zh(Color::Black, Value::MATED), "黑方已负：无着可走");
        assert_eq!((en(Color::Red, Value::DRAW), zh(Color::Red, Value::DRAW)), ("Draw".into(), "和棋".into()));
        assert!(en(Color::Red, Value::UNDECIDED).starts_with("Undecided"));
        assert!(zh(Color::Red, Value::UNDECIDED).starts_with("未定"));
        assert_eq!(move_text(Value::win(1)).get(Lang::En), "mate in 1");
        assert_eq!(move_text(Value::win(1)).get(Lang::Zh), "1步杀");
        assert_eq!(move_text(Value::loss(2)).get(Lang::En), "mated in 1");
        assert_eq!(move_text(Value::loss(2)).get(Lang::Zh), "1步被杀");
        assert_eq!(move_text(Value::DRAW).get(Lang::En), "draw");
        assert_eq!(Kind::of(Value::UNDECIDED).name(), "undecided");
    }

    #[test]
    fn a_covered_position_lists_its_moves_best_first() {
        // The rook mates on d1 or stalemates (a loss too) on a8: the king is held on the d-file
        // by the flying general.
        let (pos, view) = view("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1");
        assert_eq!(view.verdict().get(Lang::En), "Red wins: mate in 1 (1 ply)");
        let mut best: Vec<String> = view.best().iter().map(ToString::to_string).collect();
        best.sort();
        assert_eq!(best, ["a1a8", "a1d1"]);
        let rows = move_rows(&pos, &view, Notation::Chinese(Default::default()));
        assert!(rows[..2].contains(&("车九平六".to_string(), "mate in 1".to_string())), "{rows:?}");
        assert_eq!(rows[2].1, "mate in 2");
        assert_eq!(rows.len(), pos_moves(&pos));
        assert!(view.moves.windows(2).all(|w| w[0].1.rank() >= w[1].1.rank()));
        let uncovered = Position::startpos();
        assert_eq!(TableView::of(&uncovered, &krk()), None);
    }

    fn pos_moves(pos: &Position) -> usize {
        crate::movegen::legal_moves(pos).len()
    }

    #[test]
    fn a_move_that_throws_away_a_win_or_a_draw_says_so() {
        // The rook on a8 wins; on d8 beside the king it is taken and the game drawn.
        let (pos, win) = view("3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1");
        let hang = Move::parse("a8d8").expect("move");
        let lapse = win.lapse(hang).expect("the win thrown away");
        assert_eq!(lapse.after, Value::DRAW);
        assert!(lapse.text(&pos, Notation::Iccs).starts_with("throws away the win (mate in "), "{lapse:?}");
        let best: Vec<String> = win.best().iter().map(ToString::to_string).collect();
        // Eight moves mate or stalemate at once: three are named.
        assert_eq!(best.len(), 8, "{best:?}");
        let named = format!("draw after); the tables' best {} (and 5 more)", best[..3].join(" or "));
        assert!(lapse.text(&pos, Notation::Iccs).ends_with(&named), "{lapse:?}");
        assert_eq!(win.lapse(win.best()[0]), None);
        // Black takes the hanging rook and draws; stepping aside loses.
        let (pos, draw) = view("3k5/3R5/9/9/9/9/9/9/9/5K3 b - - 0 1");
        assert_eq!(draw.verdict().get(Lang::En), "Draw");
        let aside = draw.lapse(Move::parse("d9e9").expect("move")).expect("the draw thrown away");
        assert_eq!(
            aside.text(&pos, Notation::Wxf),
            format!(
                "throws away the draw (draw before, {} after); the tables' best K4+1",
                move_text(aside.after).get(Lang::En)
            )
        );
        assert_eq!(draw.lapse(Move::parse("d9d8").expect("move")), None);
    }
}

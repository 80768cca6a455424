//! The search at a root the endgame tables cover (`docs/egtb.md` §14): each root move gets the
//! value the tables give it, unless the repetition rules or the move limit decide it first,
//! and a decided root is answered from the tables with the whole line to mate.

use super::worker::RootMove;
use super::{Info, Line, SearchContext, SearchResult};
use crate::board::{MoveLimit, Position, RuleVerdict};
use crate::egtb::{self, Tablebase};
use crate::movegen::has_legal_move;
use crate::search::Limits;
use crate::types::value::{RULE_WIN, is_decisive, is_mate, mate_in, mated_in};
use crate::types::{MAX_PLY, Score, Value};

/// What the tables say of a root.
pub(super) enum TableRoot {
    /// A win or a loss: every root move's line from the tables, best first.
    Decided(Vec<Line>),
    /// A draw: every root move's value, best first; each line is its move alone. `certain`:
    /// the rules cannot overturn the draw (§16); otherwise no move wins and the drawing moves
    /// may still lose by a perpetual check or chase.
    Lines { lines: Vec<Line>, certain: bool },
}

/// The tables' view of `pos` and its `root_moves`, or `None` if they do not cover it all.
pub(super) fn at_root(pos: &Position, tb: &Tablebase, root_moves: &[RootMove], limit: MoveLimit) -> Option<TableRoot> {
    if !tb.may_cover(pos.occupied().count()) || !tb.load_for(pos) {
        return None;
    }
    let mut lines = Vec::with_capacity(root_moves.len());
    let mut undecided = false;
    let mut after = pos.clone();
    for rm in root_moves {
        after.make(rm.mv);
        let table = tb.probe_now(&after).map(|v| v.before());
        let ruled = ruling(&after, limit);
        after.unmake();
        undecided |= ruled.is_none() && table.is_some_and(|v| v.is_undecided());
        let value = match (ruled, table?) {
            (Some(v), _) => v,
            (None, v) => match v.plies() {
                Some(n) if v.is_win() => mate_in(usize::from(n)),
                Some(n) => mated_in(usize::from(n)),
                None => 0,
            },
        };
        lines.push(Line { value, pv: vec![rm.mv] });
    }
    lines.sort_by_key(|l| std::cmp::Reverse(l.value));
    Some(match lines[0].value {
        0 => TableRoot::Lines { lines, certain: !undecided },
        _ => TableRoot::Decided(lines),
    })
}

/// What the rules make of a root move, from its mover's side, before the tables' value: its
/// repetition judged as the search judges it one ply from the root, or the move limit reached.
fn ruling(after: &Position, limit: MoveLimit) -> Option<Value> {
    let verdict = after
        .repetition_in_search(1)
        .or_else(|| (after.rule60() >= limit.plies() && has_legal_move(after)).then_some(RuleVerdict::Draw))?;
    Some(match verdict {
        RuleVerdict::Draw => 0,
        RuleVerdict::Win => -(RULE_WIN - 1),
        RuleVerdict::Loss => RULE_WIN - 1,
    })
}

/// The tables' best line from `pos` (left as it was): the winner's fastest mate against the
/// longest defence, up to the mate or the stack's depth.
fn line(pos: &mut Position, tb: &Tablebase) -> Vec<crate::types::Move> {
    let mut pv = Vec::new();
    while pv.len() < MAX_PLY / 2 {
        let Ok(probe) = egtb::probe::probe(pos, tb) else { break };
        let Some(&(mv, _)) = probe.moves.first() else { break };
        if probe.value.plies().is_none() {
            break;
        }
        pv.push(mv);
        pos.make(mv);
    }
    for _ in 0..pv.len() {
        pos.unmake();
    }
    pv
}

/// Answers from the tables' `lines` (best first) of `pos`: each shown line is followed to its
/// mate, reported once as deep as it is long, and the first is the answer.
pub(super) fn answer(
    pos: &Position,
    tb: &Tablebase,
    cx: &SearchContext,
    limits: &Limits,
    mut lines: Vec<Line>,
    report: &mut dyn FnMut(&Info),
) -> SearchResult {
    let shown = limits.multipv.clamp(1, lines.len());
    let mut after = pos.clone();
    for line in &mut lines[..shown] {
        if is_mate(line.value) {
            after.make(line.pv[0]);
            line.pv.extend(self::line(&mut after, tb));
            after.unmake();
        }
    }
    let probes = (lines.len() + lines[..shown].iter().map(|l| l.pv.len() - 1).sum::<usize>()) as u64;
    for (k, line) in lines.iter().take(shown).enumerate() {
        report(&Info {
            multipv: k + 1,
            depth: line.pv.len() as i32,
            seldepth: line.pv.len(),
            score: Score::from_value(line.value),
            nodes: 0,
            time: cx.ctl.since_go(),
            hashfull: cx.tt.hashfull(),
            tbhits: probes,
            pv: line.pv.clone(),
        });
    }
    let best = &lines[0];
    SearchResult {
        best: Some(best.pv[0]),
        ponder: best.pv.get(1).copied(),
        value: best.value,
        depth: best.pv.len() as i32,
        nodes: 0,
        pv: best.pv.clone(),
        lines,
    }
}

/// A search among the moves that keep a table's draw: its evaluations are shown as the draw.
pub(super) fn as_drawn(result: &mut SearchResult) {
    let drawn = |v: &mut Value| {
        if !is_decisive(*v) {
            *v = 0;
        }
    };
    drawn(&mut result.value);
    for line in &mut result.lines {
        drawn(&mut line.value);
    }
}

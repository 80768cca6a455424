//! Staged move ordering: the table move, captures that do not lose material (by static exchange)
//! in MVV-LVA order, killers, quiet moves by history (butterfly and continuation), then the
//! losing captures. Moves come out pseudo-legal; the caller tests legality just before
//! searching each one.

use super::history::{ContRows, History, column};
use crate::board::{Position, SEE_VALUE};
use crate::movegen::{self, MAX_MOVES, MoveList};
use crate::types::{Move, PieceKind, Value};

/// Ordering weight of a piece as victim and as attacker: the rank of its exchange value
/// ([`SEE_VALUE`]) among the kinds, 1 for the cheapest; the king, never captured, weighs 0, so
/// as an attacker it goes first. Only the order counts: every weight is below 16, so MVV-LVA
/// sorts by victim, then by the cheaper attacker.
const VICTIM: [i32; PieceKind::NUM] = ranks(&SEE_VALUE);

/// The ranks 1, 2, ... of the distinct values of every kind but the king, which gets 0.
const fn ranks(values: &[Value; PieceKind::NUM]) -> [i32; PieceKind::NUM] {
    let king = PieceKind::King as usize;
    let mut out = [0; PieceKind::NUM];
    let mut k = 0;
    while k < PieceKind::NUM {
        if k != king {
            // One more than the number of distinct values below this kind's: a smaller value
            // counts at the first kind that has it.
            let mut rank = 1;
            let mut j = 0;
            while j < PieceKind::NUM {
                let mut first = j != king && values[j] < values[k];
                let mut i = 0;
                while i < j {
                    if i != king && values[i] == values[j] {
                        first = false;
                    }
                    i += 1;
                }
                rank += first as i32;
                j += 1;
            }
            out[k] = rank;
        }
        k += 1;
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Stage {
    TableMove,
    GenerateCaptures,
    Captures,
    Killer1,
    Killer2,
    GenerateQuiets,
    Quiets,
    BadCaptures,
    GenerateEvasions,
    Evasions,
    Done,
}

/// Which moves a node wants.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PickerKind {
    /// Main search: everything, in stages.
    Main,
    /// Quiescence: captures only, by MVV-LVA; the caller judges their exchanges.
    Captures,
    /// In check: every move, ordered in one list.
    Evasions,
}

/// A picker is reused from node to node (the worker lends it out, see `NodeMoves`):
/// [`MovePicker::reset`] starts it over without touching its move and score arrays.
pub struct MovePicker {
    stage: Stage,
    kind: PickerKind,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    /// The continuation rows quiet moves are scored with.
    rows: ContRows,
    list: MoveList,
    scores: [i32; MAX_MOVES],
    next: usize,
    /// Losing captures are moved to `list[..bad_end]` as they are met, to be tried last.
    bad_end: usize,
    /// Quiet moves with history above this are sorted; see [`MovePicker::sort_quiets_above`].
    quiet_floor: i32,
}

/// Puts the moves scoring above `floor` first, sorted by descending score (ties in generation
/// order); the others follow unsorted (as Stockfish's partial insertion sort: at a cut node
/// only the first few are ever tried, so sorting the hopeless ones is wasted work).
fn sort_by_score(moves: &mut [Move], scores: &mut [i32], floor: i32) {
    let mut good = 0;
    for i in 0..moves.len() {
        if scores[i] > floor {
            moves.swap(good, i);
            scores.swap(good, i);
            good += 1;
        }
    }
    let (moves, scores) = (&mut moves[..good], &mut scores[..good]);
    for i in 1..moves.len() {
        let (mv, sc) = (moves[i], scores[i]);
        let mut j = i;
        while j > 0 && scores[j - 1] < sc {
            moves[j] = moves[j - 1];
            scores[j] = scores[j - 1];
            j -= 1;
        }
        moves[j] = mv;
        scores[j] = sc;
    }
}

/// MVV-LVA score of a capture; 0 for a quiet move.
#[inline]
pub fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    match (pos.piece_at(mv.to()), pos.piece_at(mv.from())) {
        (Some(victim), Some(attacker)) => VICTIM[victim.kind().index()] * 16 - VICTIM[attacker.kind().index()],
        _ => 0,
    }
}

impl MovePicker {
    /// An idle picker, handing out nothing until it is reset.
    pub fn new() -> MovePicker {
        MovePicker {
            stage: Stage::Done,
            kind: PickerKind::Main,
            tt_move: None,
            killers: [None; 2],
            rows: [None; 2],
            list: MoveList::new(),
            scores: [0; MAX_MOVES],
            next: 0,
            bad_end: 0,
            quiet_floor: 0,
        }
    }

    /// Starts over for a new node.
    pub fn reset(
        &mut self,
        pos: &Position,
        kind: PickerKind,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        rows: ContRows,
    ) {
        self.stage = Stage::TableMove;
        self.kind = kind;
        self.tt_move = tt_move
            .filter(|&m| pos.is_pseudo_legal(m) && (kind != PickerKind::Captures || pos.piece_at(m.to()).is_some()));
        self.killers = killers;
        self.rows = rows;
        self.quiet_floor = 0;
    }

    /// Sorts the quiet moves whose history is above `floor` (by default those above zero).
    /// Deeper nodes afford sorting more of them.
    pub fn sort_quiets_above(&mut self, floor: i32) {
        self.quiet_floor = floor;
    }

    fn start_bad_captures(&mut self) {
        self.stage = Stage::BadCaptures;
        self.next = 0;
    }

    /// The best remaining move of the current list.
    fn pick_best(&mut self) -> Option<Move> {
        let n = self.list.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        let moves = self.list.as_mut_slice();
        moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let mv = moves[self.next];
        self.next += 1;
        Some(mv)
    }

    /// The next move of an already sorted list.
    fn take_next(&mut self) -> Option<Move> {
        let mv = self.list.as_slice().get(self.next).copied();
        self.next += 1;
        mv
    }

    fn after_table_move(&self) -> Stage {
        match self.kind {
            PickerKind::Evasions => Stage::GenerateEvasions,
            _ => Stage::GenerateCaptures,
        }
    }

    // The generation stages run once per node and are kept out of line: inlined, they made
    // `next`, which runs once per move, save and restore every callee-saved register on each
    // call (moving them out saved about 2% of the search's instructions, callgrind).

    #[inline(never)]
    fn generate_captures(&mut self, pos: &Position) {
        self.list.clear();
        self.next = 0;
        self.bad_end = 0;
        movegen::generate::<{ movegen::CAPTURES }>(pos, &mut self.list);
        for (i, &mv) in self.list.as_slice().iter().enumerate() {
            self.scores[i] = mvv_lva(pos, mv);
        }
        self.stage = Stage::Captures;
    }

    #[inline(never)]
    fn generate_quiets(&mut self, pos: &Position, history: &History) {
        // Quiet moves go after the deferred captures.
        let start = self.bad_end;
        self.list.truncate(start);
        self.next = start;
        // Scored as they are generated: the piece and its row of each table are looked up
        // once per piece instead of once per move.
        let scorer = history.scorer(&self.rows);
        let (list, scores) = (&mut self.list, &mut self.scores);
        movegen::for_each_piece::<{ movegen::QUIETS }>(pos, |from, targets| {
            let Some(pc) = pos.piece_at(from) else { return };
            for to in targets {
                scores[list.len()] = scorer.score(column(pc, to));
                list.push(Move::new(from, to));
            }
        });
        let n = self.list.len();
        sort_by_score(&mut self.list.as_mut_slice()[start..], &mut self.scores[start..n], self.quiet_floor);
        self.stage = Stage::Quiets;
    }

    #[inline(never)]
    fn generate_evasions(&mut self, pos: &Position, history: &History) {
        self.list.clear();
        self.next = 0;
        // Most moves cannot answer the check: generating only those that might makes every
        // pick a short scan.
        movegen::generate_evasions(pos, pos.evasion_points(), &mut self.list);
        let scorer = history.scorer(&self.rows);
        for (i, &mv) in self.list.as_slice().iter().enumerate() {
            self.scores[i] = if pos.piece_at(mv.to()).is_some() {
                (1 << 20) + mvv_lva(pos, mv)
            } else {
                pos.piece_at(mv.from()).map_or(0, |pc| scorer.score(column(pc, mv.to())))
            };
        }
        self.stage = Stage::Evasions;
    }

    pub fn next(&mut self, pos: &Position, history: &History) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = self.after_table_move();
                    if self.tt_move.is_some() {
                        return self.tt_move;
                    }
                }
                Stage::GenerateCaptures => self.generate_captures(pos),
                Stage::Captures => match self.pick_best() {
                    Some(mv) if Some(mv) == self.tt_move => continue,
                    // Deferred to the front: the slots before this one hold moves already
                    // handed out or deferred.
                    Some(mv) if self.kind == PickerKind::Main && !pos.see_ge(mv, 0) => {
                        self.list.as_mut_slice()[self.bad_end] = mv;
                        self.bad_end += 1;
                    }
                    Some(mv) => return Some(mv),
                    None => {
                        self.stage = if self.kind == PickerKind::Captures { Stage::Done } else { Stage::Killer1 };
                    }
                },
                Stage::Killer1 | Stage::Killer2 => {
                    let k = self.killers[(self.stage == Stage::Killer2) as usize];
                    self.stage = if self.stage == Stage::Killer1 { Stage::Killer2 } else { Stage::GenerateQuiets };
                    if let Some(k) = k
                        && Some(k) != self.tt_move
                        && pos.piece_at(k.to()).is_none()
                        && pos.is_pseudo_legal(k)
                    {
                        return Some(k);
                    }
                }
                Stage::GenerateQuiets => self.generate_quiets(pos, history),
                Stage::Quiets => match self.take_next() {
                    Some(mv) if Some(mv) == self.tt_move || self.killers.contains(&Some(mv)) => continue,
                    Some(mv) => return Some(mv),
                    None => self.start_bad_captures(),
                },
                Stage::BadCaptures => {
                    if self.next >= self.bad_end {
                        self.stage = Stage::Done;
                        continue;
                    }
                    self.next += 1;
                    return Some(self.list[self.next - 1]);
                }
                Stage::GenerateEvasions => self.generate_evasions(pos, history),
                Stage::Evasions => match self.pick_best() {
                    Some(mv) if Some(mv) == self.tt_move => continue,
                    Some(mv) => return Some(mv),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }
}

/// Whether a move captures (for ordering and pruning decisions).
#[inline]
pub fn is_capture(pos: &Position, mv: Move) -> bool {
    pos.piece_at(mv.to()).is_some()
}

/// The kind of the captured piece, if any.
#[inline]
pub fn victim(pos: &Position, mv: Move) -> Option<PieceKind> {
    pos.piece_at(mv.to()).map(|p| p.kind())
}

impl Default for MovePicker {
    fn default() -> Self {
        MovePicker::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::history::ContRow;

    /// Soldier, advisor and elephant, horse, cannon, rook: the exchange values' order, with the
    /// king first among attackers.
    #[test]
    fn victim_weights_rank_the_exchange_values() {
        assert_eq!(VICTIM, [0, 2, 2, 3, 5, 4, 1]);
    }
    use crate::types::{Color, Piece};

    fn picked(fen: &str, kind: PickerKind) -> Vec<String> {
        let pos = Position::from_fen(fen).expect("valid FEN");
        let hist = History::new();
        let mut picker = MovePicker::new();
        picker.reset(&pos, kind, None, [None; 2], [None; 2]);
        std::iter::from_fn(|| picker.next(&pos, &hist)).map(|m| m.to_string()).collect()
    }

    #[test]
    fn losing_captures_come_after_quiet_moves() {
        // The e6 horse hangs; the b2 soldier is defended by the b9 rook.
        let fen = "1r3k3/9/9/4n4/9/9/9/1p2R4/9/3K5 w";
        let moves = picked(fen, PickerKind::Main);
        let mut all: Vec<String> =
            movegen::legal_moves(&Position::from_fen(fen).expect("valid FEN")).iter().map(|m| m.to_string()).collect();
        assert_eq!(moves.first().map(String::as_str), Some("e2e6"));
        assert_eq!(moves.last().map(String::as_str), Some("e2b2"));
        let mut sorted = moves.clone();
        sorted.sort();
        all.sort();
        assert_eq!(sorted, all, "every move exactly once");
        // Quiescence gets both captures, by MVV-LVA, and judges them itself.
        assert_eq!(picked(fen, PickerKind::Captures), ["e2e6", "e2b2"]);
    }

    #[test]
    fn quiet_moves_follow_history() {
        // Start position, no table move or killers: the quiet moves come out by history, which
        // goes by piece and destination (no other move takes a horse to g2 or c2, or a rook
        // to i1). After the black cannon's h7e7 (the continuation row), h0g2 cut off after
        // b0c2 was tried; elsewhere, i0i1 cut off after h0g2.
        let pos = Position::startpos();
        let mv = |s: &str| Move::parse(s).expect("move");
        let black_cannon = Piece::new(Color::Black, PieceKind::Cannon);
        let rows = [Some(ContRow::new(black_cannon, mv("h7e7"))), None];
        let mut hist = History::new();
        hist.update(&pos, mv("h0g2"), &[mv("b0c2"), mv("h0g2")], 3, 0, &rows);
        hist.update(&pos, mv("i0i1"), &[mv("h0g2"), mv("i0i1")], 4, 0, &[None; 2]);
        let mut picker = MovePicker::new();
        let mut order = |rows| {
            picker.reset(&pos, PickerKind::Main, None, [None; 2], rows);
            // Every quiet move sorted, the punished ones too.
            picker.sort_quiets_above(i32::MIN);
            let moves = std::iter::from_fn(|| picker.next(&pos, &hist));
            // The two cannon captures (b2b9, h2h9) come first; the rest are the quiet moves.
            moves.filter(|&m| !is_capture(&pos, m)).map(|m| m.to_string()).collect::<Vec<_>>()
        };
        // After h7e7, h0g2's continuation value outweighs its butterfly loss.
        let after = order(rows);
        assert_eq!(after.len(), 42);
        assert_eq!(after[..2], ["i0i1", "h0g2"]);
        assert_eq!(after.last().map(String::as_str), Some("b0c2"));
        // Elsewhere only the butterfly values count.
        let elsewhere = order([None; 2]);
        assert_eq!(elsewhere[0], "i0i1");
        assert_eq!(elsewhere[40..], ["h0g2", "b0c2"]);
    }
}

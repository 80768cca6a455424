//! Accumulators kept move by move (`docs/nnue.md` §4): one entry per ply of the search, each
//! holding the change the move made (Stockfish's "dirty piece") and, once asked for, both
//! perspectives' accumulators. Making a move only records its change; the first evaluation
//! below it brings the entries up to date from the nearest one computed, so a subtree cut
//! before any evaluation costs no first-layer work at all.

use super::{Accumulator, Network, feature, simd};
use crate::board::Position;
use crate::types::{Color, Move, Piece, Square, Value};

/// What the move into an entry changed on the board.
#[derive(Clone, Copy, Debug)]
enum Change {
    /// A null move: both accumulators as before.
    Null,
    Move {
        pc: Piece,
        from: Square,
        to: Square,
        captured: Option<Piece>,
    },
}

struct Entry {
    change: Change,
    /// Red's and Black's accumulators, valid when `ready`.
    acc: [Accumulator; 2],
    ready: bool,
}

/// The search's accumulators, from its root to the current ply.
pub struct AccumulatorStack {
    entries: Vec<Entry>,
    /// The current ply's entry.
    top: usize,
}

impl AccumulatorStack {
    /// A stack whose root is `pos`, computed from scratch.
    pub fn new(net: &Network, pos: &Position) -> AccumulatorStack {
        let root = Entry {
            change: Change::Null,
            acc: [net.refresh(pos, Color::Red), net.refresh(pos, Color::Black)],
            ready: true,
        };
        AccumulatorStack { entries: vec![root], top: 0 }
    }

    /// Records `mv`, about to be made in `pos`.
    #[inline]
    pub fn push(&mut self, pos: &Position, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let Some(pc) = pos.piece_at(from) else { unreachable!("push {mv}: no piece on {from}") };
        self.push_change(Change::Move { pc, from, to, captured: pos.piece_at(to) });
    }

    /// Records a null move, about to be made.
    #[inline]
    pub fn push_null(&mut self) {
        self.push_change(Change::Null);
    }

    #[inline]
    fn push_change(&mut self, change: Change) {
        self.top += 1;
        match self.entries.get_mut(self.top) {
            Some(e) => {
                e.change = change;
                e.ready = false;
            }
            None => {
                let acc = self.entries[0].acc.clone();
                self.entries.push(Entry { change, acc, ready: false });
            }
        }
    }

    /// Forgets the latest move (after it is unmade).
    #[inline]
    pub fn pop(&mut self) {
        debug_assert!(self.top > 0);
        self.top -= 1;
    }

    /// The value of `pos`, the position the stack has followed to the current ply, for its
    /// side to move.
    pub fn evaluate(&mut self, net: &Network, pos: &Position) -> Value {
        let mut ready = self.top;
        while !self.entries[ready].ready {
            ready -= 1;
        }
        for i in ready + 1..=self.top {
            let (done, rest) = self.entries.split_at_mut(i);
            let (prev, next) = (&done[i - 1], &mut rest[0]);
            for c in Color::ALL {
                apply(net, next.change, c, &prev.acc[c.index()], &mut next.acc[c.index()]);
            }
            next.ready = true;
        }
        let acc = &self.entries[self.top].acc;
        let stm = pos.side_to_move();
        net.output(&acc[stm.index()], &acc[(!stm).index()], net.bucket_of(pos))
    }
}

/// `next = prev` changed by `change`, for `perspective`.
#[inline]
fn apply(net: &Network, change: Change, perspective: Color, prev: &Accumulator, next: &mut Accumulator) {
    match change {
        Change::Null => next.0.copy_from_slice(&prev.0),
        Change::Move { pc, from, to, captured } => {
            let add = net.column(feature(perspective, pc, to));
            let sub = net.column(feature(perspective, pc, from));
            let sub2 = captured.map(|cap| net.column(feature(perspective, cap, to)));
            simd::update(&prev.0, &mut next.0, add, sub, sub2);
        }
    }
}

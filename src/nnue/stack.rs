//! Accumulators kept move by move (`docs/nnue.md` §4): one entry per ply of the search, each
//! holding the change the move made (Stockfish's "dirty piece") and, once asked for, both
//! perspectives' accumulators. Making a move only records its change; the first evaluation
//! below it brings the entries up to date from the nearest one computed, so a subtree cut
//! before any evaluation costs no first-layer work at all. A move that changes a perspective's
//! input bucket (its king's point, its defenders) cannot be applied to that perspective's
//! accumulator: the evaluation below it sums that accumulator from scratch instead.

use super::{Accumulator, Defence, InputBuckets, Network, View, simd};
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
    /// Red's and Black's accumulators, each valid when its `ready` is set.
    acc: [Accumulator; 2],
    ready: [bool; 2],
    /// Whether the change moved Red's, Black's input bucket: that accumulator is not the one
    /// below it changed.
    rebucket: [bool; 2],
}

/// The search's accumulators, from its root to the current ply.
pub struct AccumulatorStack {
    entries: Vec<Entry>,
    /// The current ply's entry.
    top: usize,
    /// The net's input buckets, which say what a move does to each perspective.
    inputs: InputBuckets,
}

impl AccumulatorStack {
    /// A stack whose root is `pos`, computed from scratch.
    pub fn new(net: &Network, pos: &Position) -> AccumulatorStack {
        let root = Entry {
            change: Change::Null,
            acc: [net.refresh(pos, Color::Red), net.refresh(pos, Color::Black)],
            ready: [true; 2],
            rebucket: [false; 2],
        };
        AccumulatorStack { entries: vec![root], top: 0, inputs: net.input_buckets() }
    }

    /// Records `mv`, about to be made in `pos`.
    // Always inlined: on every move the search makes, and the one-bucket net's path is a store.
    #[inline(always)]
    pub fn push(&mut self, pos: &Position, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let Some(pc) = pos.piece_at(from) else { unreachable!("push {mv}: no piece on {from}") };
        let captured = pos.piece_at(to);
        let rebucket = match self.inputs {
            InputBuckets::Single => [false; 2],
            inputs => rebuckets(inputs, pos, pc, to, captured),
        };
        self.push_change(Change::Move { pc, from, to, captured }, rebucket);
    }

    /// Records a null move, about to be made.
    #[inline]
    pub fn push_null(&mut self) {
        self.push_change(Change::Null, [false; 2]);
    }

    #[inline]
    fn push_change(&mut self, change: Change, rebucket: [bool; 2]) {
        self.top += 1;
        match self.entries.get_mut(self.top) {
            Some(e) => {
                e.change = change;
                e.ready = [false; 2];
                e.rebucket = rebucket;
            }
            None => {
                let acc = self.entries[0].acc.clone();
                self.entries.push(Entry { change, acc, ready: [false; 2], rebucket });
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
        // A net of one input bucket gets the catch-up without buckets, its views constant.
        match self.inputs {
            InputBuckets::Single => self.catch_up::<false>(net, pos),
            _ => self.catch_up::<true>(net, pos),
        }
        let acc = &self.entries[self.top].acc;
        let stm = pos.side_to_move();
        net.output(&acc[stm.index()], &acc[(!stm).index()], net.bucket_of(pos))
    }

    /// Brings each perspective's accumulator at the current ply up to date: from the nearest
    /// entry computed when no move since changed its bucket, else from scratch on `pos`.
    /// `BUCKETED`: whether the net has more than one input bucket.
    #[inline]
    fn catch_up<const BUCKETED: bool>(&mut self, net: &Network, pos: &Position) {
        'perspectives: for perspective in Color::ALL {
            let c = perspective.index();
            let mut ready = self.top;
            while !self.entries[ready].ready[c] {
                if BUCKETED && self.entries[ready].rebucket[c] {
                    let top = &mut self.entries[self.top];
                    top.acc[c] = net.refresh(pos, perspective);
                    top.ready[c] = true;
                    continue 'perspectives;
                }
                ready -= 1;
            }
            // No move since `ready` changed the bucket: every entry up to here shares the top's.
            let view = if BUCKETED { net.view(pos, perspective) } else { View::single(perspective) };
            for i in ready + 1..=self.top {
                let (done, rest) = self.entries.split_at_mut(i);
                let (prev, next) = (&done[i - 1], &mut rest[0]);
                apply(net, next.change, view, &prev.acc[c], &mut next.acc[c]);
                next.ready[c] = true;
            }
        }
    }
}

/// Whether the move of `pc` to `to`, taking `captured`, changes Red's, Black's input bucket.
#[inline(never)]
fn rebuckets(inputs: InputBuckets, pos: &Position, pc: Piece, to: Square, captured: Option<Piece>) -> [bool; 2] {
    Color::ALL.map(|c| {
        let before = Defence::of(pos, c);
        inputs.bucket(c, before) != inputs.bucket(c, before.after(c, pc, to, captured))
    })
}

/// `next = prev` changed by `change`, for `view`'s perspective, whose bucket it did not change.
// Always inlined, so that a one-bucket net's constant view folds away.
#[inline(always)]
fn apply(net: &Network, change: Change, view: View, prev: &Accumulator, next: &mut Accumulator) {
    match change {
        Change::Null => next.0.copy_from_slice(&prev.0),
        Change::Move { pc, from, to, captured } => {
            let add = net.column(view.feature(pc, to));
            let sub = net.column(view.feature(pc, from));
            let sub2 = captured.map(|cap| net.column(view.feature(cap, to)));
            simd::update(&prev.0, &mut next.0, add, sub, sub2);
        }
    }
}

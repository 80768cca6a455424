//! The analysis board's move tree (`docs/web.md` §4): every move played from the start, each
//! position's continuations in the order they were first played, the first being the main line.
//! A move played anywhere that is not already a continuation starts a branch. Written out, the
//! tree is a game record with variations, so its PGN comes from the project's one writer.

use crate::board::Position;
use crate::notation::{self, Notation};
use crate::pgn;
use crate::types::Move;

use super::protocol::TreeMove;

/// The node of the start position.
pub const ROOT: usize = 0;

#[derive(Clone, Debug)]
struct Node {
    mv: Move,
    parent: usize,
    children: Vec<usize>,
}

/// Nodes by number: the root first, every other after its parent.
#[derive(Clone, Debug)]
pub struct Tree {
    nodes: Vec<Node>,
}

impl Default for Tree {
    fn default() -> Tree {
        Tree { nodes: vec![Node { mv: Move::NULL, parent: ROOT, children: Vec::new() }] }
    }
}

impl Tree {
    /// The tree of one line.
    pub fn line(moves: &[Move]) -> Tree {
        let mut tree = Tree::default();
        moves.iter().fold(ROOT, |node, &mv| tree.child(node, mv));
        tree
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn contains(&self, node: usize) -> bool {
        node < self.nodes.len()
    }

    /// The continuation of `node` by `mv`, added after the others if it is new. The caller has
    /// checked that `mv` is legal after `node`.
    pub fn child(&mut self, node: usize, mv: Move) -> usize {
        if let Some(&c) = self.nodes[node].children.iter().find(|&&c| self.nodes[c].mv == mv) {
            return c;
        }
        self.nodes.push(Node { mv, parent: node, children: Vec::new() });
        let c = self.nodes.len() - 1;
        self.nodes[node].children.push(c);
        c
    }

    pub fn parent(&self, node: usize) -> usize {
        self.nodes[node].parent
    }

    /// The moves from the start to `node`.
    pub fn path(&self, mut node: usize) -> Vec<Move> {
        let mut moves = Vec::new();
        while node != ROOT {
            moves.push(self.nodes[node].mv);
            node = self.nodes[node].parent;
        }
        moves.reverse();
        moves
    }

    /// Every node but the root with its parent and its move in ICCS and in `notation`, in
    /// number order (node `i + 1` is the `i`-th), for the page.
    pub fn moves(&self, start: &Position, notation: Notation) -> Vec<TreeMove> {
        let mut out: Vec<Option<TreeMove>> = vec![None; self.nodes.len() - 1];
        let mut pos = start.clone();
        self.describe(ROOT, &mut pos, notation, &mut out);
        out.into_iter().flatten().collect()
    }

    fn describe(&self, node: usize, pos: &mut Position, notation: Notation, out: &mut [Option<TreeMove>]) {
        for &c in &self.nodes[node].children {
            let mv = self.nodes[c].mv;
            let text = notation::format_move(pos, mv, notation);
            out[c - 1] = Some(TreeMove { parent: node, iccs: mv.to_string(), text });
            if pos.play(mv).is_ok() {
                self.describe(c, pos, notation, out);
                pos.unmake();
            }
        }
    }

    /// The tree as a record from `start`: the first continuations are the main line, the
    /// others its variations.
    pub fn record(&self, start: &Position) -> pgn::Game {
        let mut record = pgn::Game::new(start.clone());
        let Some((&first, others)) = self.nodes[ROOT].children.split_first() else { return record };
        let main = self.branch(first, 0);
        record.variations = others.iter().map(|&o| self.branch(o, 0)).chain(main.variations).collect();
        record.moves = main.moves;
        record
    }

    /// The line that begins with `head` and goes on by first continuations, as a variation in
    /// place of its parent line's move `ply`.
    fn branch(&self, head: usize, ply: usize) -> pgn::Variation {
        let mut line = pgn::Variation { ply, ..pgn::Variation::default() };
        let mut node = head;
        loop {
            line.moves.push(self.nodes[node].mv);
            let Some((&next, others)) = self.nodes[node].children.split_first() else { break };
            let at = line.moves.len();
            line.variations.extend(others.iter().map(|&o| self.branch(o, at)));
            node = next;
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> Move {
        Move::parse(text).expect("a test move")
    }

    #[test]
    fn a_move_off_the_line_starts_a_branch_and_the_record_has_it_as_a_variation() {
        let mut tree = Tree::line(&[mv("h2e2"), mv("h9g7"), mv("h0g2")]);
        assert_eq!(tree.len(), 4);
        // Back to after 1. h2e2 and another reply: a new node; the same reply again: the old one.
        let branch = tree.child(1, mv("b9c7"));
        assert_eq!((branch, tree.child(1, mv("h9g7"))), (4, 2));
        let deeper = tree.child(branch, mv("b0c2"));
        assert_eq!(tree.path(deeper), vec![mv("h2e2"), mv("b9c7"), mv("b0c2")]);
        // Another first move: a variation at ply 0.
        tree.child(ROOT, mv("b2e2"));
        let start = Position::startpos();
        let text = tree.record(&start).to_pgn(Notation::Iccs);
        let movetext = text.rsplit("\n\n").next().expect("move text");
        assert_eq!(movetext, "1. h2e2 (1. b2e2) 1... h9g7 (1... b9c7 2. b0c2) 2. h0g2 *\n");
        let moves = tree.moves(&start, Notation::Chinese(notation::Script::Simplified));
        assert_eq!(moves[3], TreeMove { parent: 1, iccs: "b9c7".to_string(), text: "马2进3".to_string() });
        assert_eq!(moves.len(), tree.len() - 1);
    }
}

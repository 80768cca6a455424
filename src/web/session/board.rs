//! What a tab holds apart from its engine's work: its board (the game or the analysis tree,
//! and the reviewed game's marks) and its preferences (language, notation, book). The views
//! (`view.rs`) are functions of these two.

use std::sync::Arc;

use crate::book::Book;
use crate::game::{Game, Played, Player};
use crate::notation::{Notation, Script};
use crate::types::{Color, Move};
use crate::web::setup::{self, MAX_MOVES};
use crate::web::tree::{ROOT, Tree};
use crate::words::{self, Lang, Say};

/// What the tab's board is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A game against Chuhan.
    Play { human: Color, player: Player },
    /// Free moves, the engine analysing each position.
    Analysis { multipv: usize },
}

/// The tab's board: a game against Chuhan, or free moves on the analysis tree.
pub struct Board {
    pub game: Game,
    pub mode: Mode,
    /// The analysis tree (the line played, in a game) and the node `game` has reached.
    pub tree: Tree,
    pub node: usize,
    /// The reviewed game with its marks, once its review ended, for its PGN.
    pub annotated: Option<crate::pgn::Game>,
}

impl Board {
    pub fn new(game: Game) -> Board {
        Board { game, mode: Mode::Analysis { multipv: 1 }, tree: Tree::default(), node: ROOT, annotated: None }
    }

    /// A new board: `game` in `mode`, on the tree of its moves.
    pub fn set(&mut self, game: Game, mode: Mode) {
        self.tree = Tree::line(game.moves());
        self.node = self.tree.len() - 1;
        (self.game, self.mode, self.annotated) = (game, mode, None);
    }

    /// Plays `mv`, legal here, as the side to move. In a game its clock is charged (its flag
    /// may have fallen first); in analysis the tree goes to the move's node, a new one if the
    /// move is new here.
    pub fn play(&mut self, mv: Move) -> Result<(), Say> {
        if matches!(self.mode, Mode::Analysis { .. }) && self.tree.len() >= MAX_MOVES {
            return Err(setup::too_many());
        }
        if self.game.play(mv).map_err(|e| words::illegal_move(&e))? == Played::Moved {
            self.node = self.tree.child(self.node, mv);
        }
        Ok(())
    }

    /// Whether the player is to move (always, in analysis).
    pub fn human_to_move(&self) -> bool {
        match self.mode {
            Mode::Play { human, .. } => self.game.position().side_to_move() == human,
            Mode::Analysis { .. } => true,
        }
    }
}

/// The tab's choices: the language of its texts, the notation of its moves, its book.
pub struct Prefs {
    pub lang: Lang,
    pub notation: Notation,
    /// The book of the explorer and of Chuhan's moves: the server's, or one the tab sent.
    pub book: Option<Arc<Book>>,
}

impl Prefs {
    pub fn new(book: Option<Arc<Book>>) -> Prefs {
        Prefs { lang: Lang::En, notation: Notation::Chinese(Script::Simplified), book }
    }

    pub fn set_lang(&mut self, lang: &str) -> Result<(), Say> {
        self.lang = Lang::from_name(lang).ok_or_else(|| {
            Say::new(format!("unknown language {lang:?}: en or zh"), format!("未知的语言 {lang:?}：应为 en 或 zh"))
        })?;
        Ok(())
    }

    pub fn set_notation(&mut self, notation: &str) -> Result<(), Say> {
        self.notation = Notation::from_name(notation).ok_or_else(|| {
            Say::new(
                format!("unknown notation {notation:?}: iccs, wxf, chinese or traditional"),
                format!("未知的记谱法 {notation:?}：应为 iccs、wxf、chinese 或 traditional"),
            )
        })?;
        Ok(())
    }
}

//! The terminal game (`chuhan play`): a game against the engine on standard input and output.
//!
//! The player types moves in ICCS, Chinese or WXF notation ([`crate::notation`]) or commands
//! ([`command::HELP`]); the engine answers through the same [`Engine`] facade the protocol loop
//! uses, showing each completed iteration as it thinks. The board is drawn by [`render`], games
//! are saved and loaded as PGN ([`crate::pgn`]), and [`game`] keeps the record and judges its end.
//!
//! The loop reads lines until `quit` or the end of input, so it works with piped input too; it
//! never panics on what it reads (invalid UTF-8 included).

pub mod advice;
pub mod command;
pub mod render;

use std::io::{BufRead, Write};

use anyhow::{Context, anyhow};

use crate::board::{MoveLimit, Position};
use crate::book::Ecco;
use crate::engine::{Engine, Info, Level, Limits, SearchResult};
use crate::game::chuhan::{self, HINT_LINES, Player};
use crate::game::{Budget, Game, TableView};
use crate::notation::{self, Notation, cp_text, line_text, move_list, score_text};
use crate::pgn;
use crate::types::{Color, Move, Score};
use crate::wdl;
use crate::words::{self, Lang};
use command::{HELP, Input};
use render::Style;

/// PV moves shown per thinking line.
const PV_SHOWN: usize = 8;
/// How a session starts.
#[derive(Clone, Debug)]
pub struct Config {
    /// The position the first game (and every `new` game without a FEN) starts from.
    pub start: Position,
    /// The side the player takes; the engine plays the other.
    pub human: Color,
    /// How long the engine thinks per move.
    pub think: Budget,
    /// How well it plays.
    pub level: Level,
    pub threads: usize,
    /// How moves are shown.
    pub notation: Notation,
    /// ANSI colours in the diagram (the caller checks for a terminal and `NO_COLOR`).
    pub colour: bool,
    /// Write each input line after its prompt, for transcripts of piped input.
    pub echo: bool,
    /// Open from the default book (`docs/book.md`) and name the opening.
    pub book: bool,
    /// The move limit at which a game is drawn, for the judge and the search alike
    /// (`docs/rules.md` §9).
    pub move_limit: MoveLimit,
    /// Endgame tables: the hint's in a position they cover, and Chuhan's at full strength.
    pub egtb: Option<std::sync::Arc<crate::egtb::Tablebase>>,
}

/// Plays games until `quit` or the end of `input`.
pub fn run(config: Config, mut input: impl BufRead, output: impl Write) -> anyhow::Result<()> {
    let mut session = Session::new(config, output)?;
    session.greet()?;
    session.engine_turn()?;
    let mut buf = Vec::new();
    loop {
        session.prompt()?;
        buf.clear();
        if input.read_until(b'\n', &mut buf).context("reading input")? == 0 {
            writeln!(session.out)?;
            break;
        }
        let line = String::from_utf8_lossy(&buf);
        if session.echo {
            writeln!(session.out, "{}", line.trim_end())?;
        }
        if session.handle(line.trim())? == Flow::Quit {
            break;
        }
    }
    session.out.flush()?;
    Ok(())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

struct Session<W: Write> {
    out: W,
    engine: Engine,
    game: Game,
    initial: Position,
    human: Color,
    think: Budget,
    level: Level,
    notation: Notation,
    style: Style,
    echo: bool,
    /// The latest score from Red's point of view, for the bar beside the board.
    score: Option<Score>,
    /// The opening last named, so that each is named once.
    opening: Option<Ecco>,
}

impl<W: Write> Session<W> {
    fn new(config: Config, out: W) -> anyhow::Result<Session<W>> {
        let mut engine = Engine::new()?;
        engine.set_threads(config.threads).context("starting the search threads")?;
        engine.set_use_book(config.book);
        engine.set_egtb(config.egtb);
        Ok(Session {
            out,
            engine,
            game: Game::new(config.start.clone(), config.move_limit),
            initial: config.start,
            human: config.human,
            think: config.think,
            level: config.level,
            notation: config.notation,
            style: Style { colour: config.colour, flipped: config.human == Color::Black },
            echo: config.echo,
            score: None,
            opening: None,
        })
    }

    fn greet(&mut self) -> anyhow::Result<()> {
        writeln!(
            self.out,
            "Chuhan {}: you play {}, Chuhan plays {} at level {} ({}). Type help for commands.",
            env!("CARGO_PKG_VERSION"),
            side_name(self.human),
            side_name(!self.human),
            self.level,
            self.think
        )?;
        self.show_board()
    }

    fn prompt(&mut self) -> anyhow::Result<()> {
        if self.game.is_over() {
            write!(self.out, "> ")?;
        } else {
            write!(self.out, "{}> ", side_name(self.game.position().side_to_move()))?;
        }
        self.out.flush()?;
        Ok(())
    }

    fn handle(&mut self, line: &str) -> anyhow::Result<Flow> {
        let input = match command::parse(line) {
            Ok(input) => input,
            Err(usage) => {
                writeln!(self.out, "{usage}")?;
                return Ok(Flow::Continue);
            }
        };
        match input {
            Input::Empty => {}
            Input::Help => writeln!(self.out, "{HELP}")?,
            Input::Quit => return Ok(Flow::Quit),
            Input::Board => self.show_board()?,
            Input::Flip => {
                self.style.flipped = !self.style.flipped;
                self.show_board()?;
            }
            Input::Fen => writeln!(self.out, "{}", self.game.position().fen())?,
            Input::Moves => self.show_moves()?,
            Input::ShowLevel => writeln!(self.out, "Level: {} ({}).", self.level, self.think)?,
            Input::Think(think) => {
                self.think = think;
                writeln!(self.out, "Chuhan now thinks to {think}.")?;
            }
            Input::Level(level) => {
                self.level = level;
                writeln!(self.out, "Level set to {level}.")?;
            }
            Input::Notation(None) => writeln!(self.out, "Notation: {}", self.notation.name())?,
            Input::Notation(Some(n)) => {
                self.notation = n;
                writeln!(self.out, "Moves are shown in {} notation.", n.name())?;
            }
            Input::New(fen) => self.new_game(fen.as_deref())?,
            Input::Undo => self.undo()?,
            Input::Hint => self.hint()?,
            Input::Eval => self.eval()?,
            Input::Draw => self.offer_draw()?,
            Input::Resign => {
                if self.game.is_over() {
                    writeln!(self.out, "The game is already over.")?;
                } else {
                    self.game.resign(self.human);
                    self.show_outcome()?;
                }
            }
            Input::Save(path) => self.save(&path)?,
            Input::Load(path) => self.load(&path)?,
            Input::Move(text) => self.human_move(&text)?,
        }
        Ok(Flow::Continue)
    }

    fn human_move(&mut self, text: &str) -> anyhow::Result<()> {
        if self.game.is_over() {
            writeln!(self.out, "The game is over: type new, undo, save FILE or quit.")?;
            return Ok(());
        }
        let pos = self.game.position();
        let mv = match notation::parse_move(pos, text) {
            Ok(mv) => mv,
            Err(e) => {
                writeln!(self.out, "{e}. Type help for commands.")?;
                return Ok(());
            }
        };
        let line = format!("{} plays {}", side_name(pos.side_to_move()), self.describe(pos, mv));
        self.game.play(mv)?;
        writeln!(self.out, "{line}")?;
        self.name_opening()?;
        if self.game.is_over() {
            self.show_board()?;
            return self.show_outcome();
        }
        self.engine_turn()
    }

    /// Lets the engine move if it is its turn and the game goes on.
    fn engine_turn(&mut self) -> anyhow::Result<()> {
        if self.game.is_over() || self.game.position().side_to_move() == self.human {
            return Ok(());
        }
        let player = Player { level: self.level, budget: self.think };
        let (mv, source) = match player.prepared(&mut self.engine, &self.game) {
            Some(choice) => (choice.mv, format!(" from {}", choice.source)),
            None => {
                writeln!(self.out, "Chuhan is thinking (level {}, {})...", self.level, self.think)?;
                let result = self.think(true, player.limits(&self.game))?;
                let Some(mv) = result.best else {
                    return Err(anyhow!("the engine found no move in {}", self.game.position().fen()));
                };
                self.score = Some(advice::red_score(self.game.position(), result.value));
                (mv, String::new())
            }
        };
        let pos = self.game.position();
        let line = format!("Chuhan ({}) plays {}{source}", side_name(pos.side_to_move()), self.describe(pos, mv));
        self.game.play(mv)?;
        writeln!(self.out, "{line}")?;
        self.name_opening()?;
        self.show_board()?;
        if self.game.is_over() {
            self.show_outcome()?;
        }
        Ok(())
    }

    /// Names the opening when the book's games through the position give a new ECCO code.
    fn name_opening(&mut self) -> anyhow::Result<()> {
        let code = self.engine.opening(self.game.position());
        if code.is_some() && code != self.opening {
            self.opening = code;
            writeln!(self.out, "Opening: ECCO {}", code.map(|c| c.to_string()).unwrap_or_default())?;
        }
        Ok(())
    }

    /// Searches the current position within `limits`, showing each iteration if `verbose`.
    fn think(&mut self, verbose: bool, limits: Limits) -> anyhow::Result<SearchResult> {
        let pos = self.game.position().clone();
        self.engine.set_position(pos.clone());
        let (out, notation) = (&mut self.out, self.notation);
        let mut written = Ok(());
        let result = self.engine.search(limits, &mut |info: &Info| {
            if verbose && written.is_ok() {
                written = writeln!(out, "{}", thinking_line(&pos, info, notation));
            }
        });
        written?;
        Ok(result)
    }

    fn hint(&mut self) -> anyhow::Result<()> {
        if self.game.is_over() {
            writeln!(self.out, "The game is over.")?;
            return Ok(());
        }
        let pos = self.game.position();
        if let Some(view) = self.engine.egtb().and_then(|tb| TableView::of(pos, tb)) {
            writeln!(self.out, "{}", advice::table_hint_text(pos, &view, self.notation))?;
            return Ok(());
        }
        let result = self.think(false, chuhan::advice(&self.game, self.think, HINT_LINES))?;
        if result.best.is_none() {
            writeln!(self.out, "No move to suggest.")?;
            return Ok(());
        }
        writeln!(self.out, "{}", advice::hint_text(self.game.position(), &result.lines, self.notation))?;
        Ok(())
    }

    /// One line on who stands better, from a full-strength search.
    fn eval(&mut self) -> anyhow::Result<()> {
        let pos = self.game.position().clone();
        let red = if self.game.is_over() {
            None
        } else {
            let result = self.think(false, chuhan::advice(&self.game, self.think, 1))?;
            Some(advice::red_score(&pos, result.value))
        };
        match red {
            Some(red) => {
                self.score = Some(red);
                let chances = advice::chances_text(advice::red_chances(&pos, red));
                let cp = match red {
                    Score::Cp(v) => format!(" ({} for Red; {chances})", cp_text(v)),
                    Score::Decided { .. } => String::new(),
                };
                writeln!(self.out, "{}{cp}.", advice::verdict(red))?;
            }
            None => writeln!(self.out, "The game is over.")?,
        }
        Ok(())
    }

    fn offer_draw(&mut self) -> anyhow::Result<()> {
        if self.game.is_over() {
            writeln!(self.out, "The game is already over.")?;
            return Ok(());
        }
        let result = self.think(false, chuhan::advice(&self.game, self.think, 1))?;
        let answer = chuhan::answer_draw(self.game.position(), !self.human, result.value);
        if answer.accepts {
            writeln!(self.out, "Chuhan accepts the draw.")?;
            self.game.agree_draw();
            self.show_outcome()
        } else {
            writeln!(
                self.out,
                "Chuhan declines the draw (it scores the position {} for itself).",
                cp_text(answer.own)
            )?;
            Ok(())
        }
    }

    fn undo(&mut self) -> anyhow::Result<()> {
        // Take back the player's last move and everything after it.
        match self.game.take_back(self.human) {
            0 => {
                writeln!(self.out, "Nothing to undo.")?;
                Ok(())
            }
            n => {
                writeln!(self.out, "Took back {n} {}.", if n == 1 { "ply" } else { "plies" })?;
                self.show_board()
            }
        }
    }

    fn new_game(&mut self, fen: Option<&str>) -> anyhow::Result<()> {
        let start = match fen {
            None => self.initial.clone(),
            Some(fen) => match Position::from_fen(fen) {
                Ok(pos) => pos,
                Err(e) => {
                    writeln!(self.out, "Invalid FEN: {e}")?;
                    return Ok(());
                }
            },
        };
        self.game = Game::new(start, self.game.move_limit());
        self.engine.new_game();
        (self.score, self.opening) = (None, None);
        writeln!(self.out, "New game: you play {}.", side_name(self.human))?;
        self.show_board()?;
        if self.game.is_over() {
            return self.show_outcome();
        }
        self.engine_turn()
    }

    fn save(&mut self, path: &str) -> anyhow::Result<()> {
        let human = std::env::var("USER").ok().filter(|u| !u.trim().is_empty()).unwrap_or_else(|| "Human".to_string());
        let (red, black) = match self.human {
            Color::Red => (human.as_str(), "Chuhan"),
            Color::Black => ("Chuhan", human.as_str()),
        };
        let date = pgn::date(std::time::SystemTime::now());
        let record =
            self.game.record(&[("Event", "Chuhan terminal game"), ("Date", &date), ("Red", red), ("Black", black)]);
        match std::fs::write(path, record.to_pgn(Notation::Iccs)) {
            Ok(()) => writeln!(self.out, "Saved the game to {path}.")?,
            Err(e) => writeln!(self.out, "Cannot write {path}: {e}")?,
        }
        Ok(())
    }

    fn load(&mut self, path: &str) -> anyhow::Result<()> {
        let text = match std::fs::read(path) {
            Ok(bytes) => pgn::decode(&bytes).0,
            Err(e) => {
                writeln!(self.out, "Cannot read {path}: {e}")?;
                return Ok(());
            }
        };
        let game = pgn::Game::parse(&text).map_err(|e| e.to_string()).and_then(|record| {
            Game::from_pgn(&record, self.game.move_limit())
                .map_err(|e| format!("the record holds an illegal move: {e}"))
        });
        match game {
            Ok(game) => {
                self.game = game;
                self.engine.new_game();
                (self.score, self.opening) = (None, None);
                writeln!(self.out, "Loaded {} moves from {path}.", self.game.moves().len())?;
                self.show_board()?;
                if self.game.is_over() {
                    return self.show_outcome();
                }
                self.engine_turn()
            }
            Err(e) => {
                writeln!(self.out, "Cannot load {path}: {e}")?;
                Ok(())
            }
        }
    }

    fn show_board(&mut self) -> anyhow::Result<()> {
        let pos = self.game.position();
        let board = render::render(pos, self.style);
        match self.score {
            Some(red) => {
                let bottom = if self.style.flipped { Color::Black } else { Color::Red };
                write!(self.out, "{}", advice::with_score_bar(&board, advice::red_chances(pos, red), bottom))?;
            }
            None => write!(self.out, "{board}")?,
        }
        if !self.game.is_over() {
            writeln!(self.out, "{}", render::status(pos))?;
        }
        Ok(())
    }

    fn show_moves(&mut self) -> anyhow::Result<()> {
        let text = move_list(self.game.start(), self.game.moves(), self.notation);
        writeln!(self.out, "{}", if text.is_empty() { "No moves yet." } else { &text })?;
        Ok(())
    }

    fn show_outcome(&mut self) -> anyhow::Result<()> {
        if let Some(result) = self.game.result() {
            writeln!(self.out, "Game over: {result}.")?;
            writeln!(self.out, "Type new to play again, undo to take back, save FILE to keep the game, or quit.")?;
        }
        Ok(())
    }

    /// `mv` in the session's notation, with the ICCS form alongside when that is another.
    fn describe(&self, pos: &Position, mv: Move) -> String {
        let text = notation::format_move(pos, mv, self.notation);
        if self.notation == Notation::Iccs { text } else { format!("{text} ({mv})") }
    }
}

/// One line of engine output: depth, score and the mover's chance of winning, nodes, time and
/// the first moves of the PV.
fn thinking_line(pos: &Position, info: &Info, notation: Notation) -> String {
    format!(
        "  depth {:2}  score {:>9} {:>8}  nodes {:>10}  time {:>6.2}s  pv {}",
        info.depth,
        score_text(info.score),
        advice::win_text(wdl::of_score(pos, info.score)),
        info.nodes,
        info.time.as_secs_f64(),
        line_text(pos, &info.pv[..info.pv.len().min(PV_SHOWN)], notation)
    )
}

/// "Red" or "Black".
pub fn side_name(c: Color) -> &'static str {
    words::side_in(Lang::En, c)
}

#[cfg(test)]
mod tests;

//! One refereed game: the referee keeps the clocks, checks every move, and ends the game by the
//! rules of `docs/rules.md` §7 to §10, by a fault of an engine, or at the ply cap.

use std::fmt;
use std::time::{Duration, SystemTime};

use super::client::{Answer, ClientError, Engine, EngineSpec, GoLimit, Reply, Thought};
use super::memory::{self, EngineMemory};
use super::openings::Opening;
use crate::board::{MoveLimit, Position};
use crate::game::{Budget, Clock, Game, TimeControl, jittered_nodes};
use crate::outcome::{GAME_OCCURRENCES, flag_fall, no_move_result};
use crate::pgn;
use crate::types::{ByColor, Color, GameResult, Move, Reason};

/// Time an engine may overrun its clock before it forfeits: it covers the pipe round trip and
/// the scheduling of a loaded machine, which the engine cannot see.
pub const TIME_GRACE: Duration = Duration::from_millis(50);

/// With a node count or a depth instead of a clock: how long a move may take before the
/// engine is taken to hang (an engine failure, not a time forfeit: it has no clock).
pub const SEARCH_MOVE_LIMIT: Duration = Duration::from_secs(60);

/// Settings of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameConfig {
    /// How long each side thinks.
    pub limits: ByColor<Budget>,
    /// Plies after which the game is drawn by adjudication (opening plies not counted).
    pub max_plies: Option<u32>,
    /// The move limit the game is drawn at (`docs/rules.md` §9).
    pub move_limit: MoveLimit,
}

/// What the referee saw of one move: the time it took and the mover's last depth and score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNote {
    pub used: Duration,
    pub thought: Option<Thought>,
}

impl fmt::Display for MoveNote {
    /// As cutechess comments a move: `+0.24/10 0.015s` (score from the mover's side, depth,
    /// seconds), `0.015s` when the engine said nothing of its search.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(t) = self.thought {
            write!(f, "{}", t.score.pawns())?;
            if let Some(depth) = t.depth {
                write!(f, "/{depth}")?;
            }
            write!(f, " ")?;
        }
        write!(f, "{:.3}s", self.used.as_secs_f64())
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub opening: Opening,
    /// Display names, by colour.
    pub names: ByColor<String>,
    /// The moves played after the opening position.
    pub moves: Vec<Move>,
    /// One per move of `moves`.
    pub notes: Vec<MoveNote>,
    pub result: GameResult,
    pub started: SystemTime,
}

impl GameRecord {
    /// The position after the moves, `None` if one of them cannot be played.
    fn final_position(&self) -> Option<Position> {
        let mut pos = self.opening.position();
        self.moves.iter().try_for_each(|&mv| pos.play(mv)).ok()?;
        Some(pos)
    }

    /// The record as a PGN game: the seven-tag roster with `Red` and `Black`, `Opening`,
    /// `TimeControl` with each side's limit (`5+0.05`, `nodes 20000`, `depth 8`; sides with
    /// different limits get `RedTimeControl` and `BlackTimeControl` instead, as cutechess writes
    /// `WhiteTimeControl`), `PlyCount`, `Termination` with the reason, which also ends the move
    /// text as a comment (with who repeated what after a repetition).
    pub fn to_pgn(&self, round: usize, limits: ByColor<Budget>) -> pgn::Game {
        let mut game = pgn::Game::new(self.opening.position());
        game.set_tag("Event", "chuhan match");
        game.set_tag("Date", &pgn::date(self.started));
        game.set_tag("Round", &round.to_string());
        game.set_tag("Red", &self.names[Color::Red]);
        game.set_tag("Black", &self.names[Color::Black]);
        if let Some(name) = &self.opening.name {
            game.set_tag("Opening", name);
        }
        match limits {
            ByColor([red, black]) if red == black => game.set_tag("TimeControl", &red.to_string()),
            ByColor([red, black]) => {
                game.set_tag("RedTimeControl", &red.to_string());
                game.set_tag("BlackTimeControl", &black.to_string());
            }
        }
        game.set_tag("PlyCount", &self.moves.len().to_string());
        game.set_tag("Termination", &self.result.reason.to_string());
        game.moves = self.moves.clone();
        for (ply, note) in self.notes.iter().enumerate() {
            game.comment(ply + 1, &note.to_string());
        }
        let mut comment = self.result.reason.to_string();
        if let Some(note) = self.final_position().and_then(|pos| pos.repetition_note(&self.result, GAME_OCCURRENCES)) {
            comment = format!("{comment}: {note}");
        }
        game.comment(self.moves.len(), &comment);
        game.result = Some(self.result.clone());
        game
    }
}

/// An engine process kept for successive games, as cutechess does: started when first needed,
/// told of each new game (`newgame` or `ucinewgame`, then `isready`), and restarted only after
/// a fault of its own (crash, hang, time forfeit, illegal or missing move), after which its
/// state is unknown: a late `bestmove` would answer the next game's first `go`.
pub struct Seat<'a> {
    spec: &'a EngineSpec,
    engine: Option<Engine>,
    /// Games finished by the current process.
    games: usize,
    /// The current process's resident size after its first game.
    first_game_kb: Option<u64>,
    /// The figures of the processes ended so far.
    memory: EngineMemory,
}

impl<'a> Seat<'a> {
    pub fn new(spec: &'a EngineSpec) -> Seat<'a> {
        Seat { spec, engine: None, games: 0, first_game_kb: None, memory: EngineMemory::default() }
    }

    /// The engine, started if there is none, ready for a new game. On failure the process is
    /// ended, so the next game starts a fresh one.
    fn prepare(&mut self) -> Result<&mut Engine, ClientError> {
        let mut engine = match self.engine.take() {
            Some(engine) => engine,
            None => {
                let engine = Engine::start(self.spec)?;
                self.memory.processes += 1;
                (self.games, self.first_game_kb) = (0, None);
                engine
            }
        };
        if let Err(e) = engine.new_game() {
            self.end(engine);
            return Err(e);
        }
        Ok(self.engine.insert(engine))
    }

    /// After a game: the resident size after the process's first one is kept.
    fn game_over(&mut self) {
        if let Some(engine) = &self.engine {
            if self.games == 0 {
                self.first_game_kb = memory::of_pid(engine.pid()).map(|r| r.rss_kb);
            }
            self.games += 1;
        }
    }

    /// Ends the engine process, if there is one.
    pub fn retire(&mut self) {
        if let Some(engine) = self.engine.take() {
            self.end(engine);
        }
    }

    /// Reads the process's memory figures (it may have exited: then there are none), then
    /// ends it.
    fn end(&mut self, engine: Engine) {
        let last = memory::of_pid(engine.pid());
        self.memory.merge(&EngineMemory {
            processes: 0,
            after_first_game_kb: self.first_game_kb.take(),
            at_end_kb: last.map(|r| r.rss_kb),
            peak_kb: last.map(|r| r.peak_kb),
        });
        engine.quit();
    }

    /// The memory figures of the processes ended so far.
    pub fn memory(&self) -> EngineMemory {
        self.memory
    }
}

/// Plays one game from `opening` between the engines of `seats` (by colour), reusing the
/// engines the seats hold, and names them `names` in the record. The engine at fault, if any,
/// is ended afterwards.
pub fn play(
    seats: ByColor<&mut Seat>,
    names: ByColor<String>,
    opening: &Opening,
    cfg: &GameConfig,
    game: usize,
) -> GameRecord {
    let started = SystemTime::now();
    let (mut moves, mut notes) = (Vec::new(), Vec::new());
    let ByColor([red, black]) = seats;
    let result = match prepare_both(red, black) {
        Ok(mut engines) => run(&mut engines, opening, cfg, game, &mut moves, &mut notes),
        Err(result) => result,
    };
    let at_fault = result.reason.at_fault();
    for (side, seat) in [(Color::Red, red), (Color::Black, black)] {
        seat.game_over();
        if at_fault == Some(side) {
            seat.retire();
        }
    }
    GameRecord { opening: opening.clone(), names, moves, notes, result, started }
}

/// Both engines, ready; a failure is Red's if both fail, as it is checked first.
fn prepare_both<'s>(red: &'s mut Seat, black: &'s mut Seat) -> Result<ByColor<&'s mut Engine>, GameResult> {
    let failure = |side, e: ClientError| GameResult::loss(side, Reason::EngineFailure { side, detail: e.to_string() });
    match (red.prepare(), black.prepare()) {
        (Ok(red), Ok(black)) => Ok(ByColor::new(red, black)),
        (Err(e), _) => Err(failure(Color::Red, e)),
        (_, Err(e)) => Err(failure(Color::Black, e)),
    }
}

/// The game loop. The engines are sent the position after the last capture and the moves
/// since, as the UCCI referee does, which carries all the history the repetition rules need.
fn run(
    engines: &mut ByColor<&mut Engine>,
    opening: &Opening,
    cfg: &GameConfig,
    game: usize,
    moves: &mut Vec<Move>,
    notes: &mut Vec<MoveNote>,
) -> GameResult {
    let mut played = Game::new(opening.position(), cfg.move_limit);
    // A side without a clock has an idle one, never charged nor sent (its opponent is sent its
    // own clock in its place).
    let idle = TimeControl { base: Duration::ZERO, increment: Duration::ZERO };
    let mut clock = Clock::new(ByColor(cfg.limits.0.map(|l| l.clock().unwrap_or(idle))), TIME_GRACE);
    let mut base_fen = played.position().fen();
    let mut since_base: Vec<Move> = Vec::new();
    let result = loop {
        if let Some(result) = played.result() {
            break result.clone();
        }
        if let Some(cap) = cfg.max_plies
            && played.moves().len() >= cap as usize
        {
            break GameResult::draw(Reason::PlyCap(cap));
        }
        let side = played.position().side_to_move();
        let clocked = cfg.limits[side].clock().is_some();
        let (go, wait) = match cfg.limits[side] {
            Budget::Clock(_) => {
                (GoLimit::Clocks(clock.seen_by(side, cfg.limits[!side].clock().is_some())), clock.limit(side))
            }
            Budget::Nodes(n) => (GoLimit::Nodes(jittered_nodes(n, game, played.moves().len())), SEARCH_MOVE_LIMIT),
            Budget::Depth(d) => (GoLimit::Depth(d as u32), SEARCH_MOVE_LIMIT),
            Budget::MoveTime(t) => (GoLimit::MoveTime(t), t + SEARCH_MOVE_LIMIT),
        };
        let reply = engines[side].go(&base_fen, &since_base, side, &go, wait);
        let Reply { answer, used, thought } = match reply {
            Ok(a) => a,
            Err(ClientError::Timeout { .. }) if clocked => break flag_fall(side),
            Err(e) => break GameResult::loss(side, Reason::EngineFailure { side, detail: e.to_string() }),
        };
        if clocked && !clock.charge(side, used) {
            break flag_fall(side);
        }
        let text = match answer {
            Answer::Move(text) => text,
            // The game goes on by the rules (tested above): a claim of the move limit, or a fault.
            Answer::NoMove => break no_move_result(played.position()),
        };
        let illegal = |reason: String| GameResult::loss(side, Reason::IllegalMove { side, text: text.clone(), reason });
        let Some(mv) = Move::parse(&text) else {
            break illegal("not ICCS".to_string());
        };
        if let Err(e) = played.play(mv) {
            break illegal(e.reason.to_string());
        }
        notes.push(MoveNote { used, thought });
        if played.position().state().captured.is_some() {
            base_fen = played.position().fen();
            since_base.clear();
        } else {
            since_base.push(mv);
        }
    };
    moves.extend_from_slice(played.moves());
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::openings::Opening;
    use crate::types::Score;

    fn record(fen: &str, moves: &str, result: GameResult) -> GameRecord {
        GameRecord {
            opening: Opening { fen: fen.to_string(), name: Some("test \"line\"".to_string()) },
            names: ByColor::new("A".to_string(), "B".to_string()),
            moves: moves.split_whitespace().filter_map(Move::parse).collect(),
            notes: Vec::new(),
            result,
            started: std::time::UNIX_EPOCH + Duration::from_secs(1_700_000_000),
        }
    }

    #[test]
    fn a_record_from_the_start_position() {
        let tc = TimeControl { base: Duration::from_secs(5), increment: Duration::from_millis(50) };
        let result = GameResult::win(Color::Red, Reason::Checkmate);
        let game = record(crate::board::START_FEN, "h2e2 h9g7 h0g2", result)
            .to_pgn(7, ByColor::new(Budget::Clock(tc), Budget::Clock(tc)));
        assert_eq!(
            pgn::write_game(&game, crate::notation::Notation::Iccs),
            "[Game \"Chinese Chess\"]\n[Event \"chuhan match\"]\n[Site \"?\"]\n[Date \"2023.11.14\"]\n\
             [Round \"7\"]\n[Red \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Format \"ICCS\"]\n\
             [Opening \"test \\\"line\\\"\"]\n[TimeControl \"5+0.05\"]\n[PlyCount \"3\"]\n\
             [Termination \"checkmate\"]\n\n1. h2e2 h9g7 2. h0g2 {checkmate} 1-0\n"
        );
    }

    #[test]
    fn each_move_carries_its_score_depth_and_time() {
        let mut r = record(crate::board::START_FEN, "h2e2 h9g7", GameResult::draw(Reason::PlyCap(2)));
        let thought = |depth, score| Some(Thought { depth, score });
        r.notes = vec![
            MoveNote { used: Duration::from_micros(15_400), thought: thought(Some(10), Score::Cp(24)) },
            MoveNote {
                used: Duration::from_millis(1_250),
                thought: thought(None, Score::Decided { win: false, plies: 4 }),
            },
        ];
        let nodes = Budget::Nodes(2000);
        let text = pgn::write_game(&r.to_pgn(1, ByColor::new(nodes, nodes)), crate::notation::Notation::Iccs);
        assert!(text.contains("\n[TimeControl \"nodes 2000\"]\n"), "{text}");
        assert!(
            text.ends_with("\n1. h2e2 {+0.24/10 0.015s} 1... h9g7 {-M2 1.250s} {draw by ply limit (2)}\n1/2-1/2\n"),
            "{text}"
        );
        r.notes[0].thought = None;
        assert_eq!(r.notes[0].to_string(), "0.015s");
    }

    #[test]
    fn a_record_from_a_black_to_move_fen_wraps_its_lines() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
        let shuffle = "h9g7 h0g2 g7h9 g2h0 ".repeat(8);
        let tc = TimeControl { base: Duration::from_secs(1), increment: Duration::ZERO };
        let tenth = TimeControl { base: Duration::from_millis(100), increment: Duration::ZERO };
        let game = record(fen, &shuffle, GameResult::draw(Reason::PlyCap(32)))
            .to_pgn(1, ByColor::new(Budget::Clock(tenth), Budget::Clock(tc)));
        let text = pgn::write_game(&game, crate::notation::Notation::Iccs);
        assert!(text.contains("[RedTimeControl \"0.1+0\"]\n[BlackTimeControl \"1+0\"]\n[PlyCount"), "{text}");
        assert!(!text.contains("[TimeControl"), "{text}");
        assert!(text.contains(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n")), "{text}");
        let body = text.split("\n\n").nth(1).expect("move text");
        assert!(body.starts_with("1... h9g7 2. h0g2 g7h9 3. g2h0"), "{body}");
        assert!(body.lines().all(|l| l.len() <= pgn::LINE_WIDTH), "{body}");
        assert!(body.ends_with("{draw by ply limit (32)} 1/2-1/2\n"), "{body}");
        let back = pgn::Game::parse(&text).expect("reads back");
        assert_eq!((&back.moves, back.tag("Termination")), (&game.moves, Some("draw by ply limit (32)")));
    }

    #[test]
    fn a_perpetual_chase_record_says_who_chased_what() {
        let result = GameResult::win(Color::Black, Reason::PerpetualChase(Color::Red));
        let moves = "b0b1 a1a0 b1b0 a0a1 b0b1 a1a0 b1b0 a0a1";
        let limits = ByColor::new(Budget::Nodes(20000), Budget::Depth(8));
        let game = record("3k5/9/9/9/9/9/9/9/c8/1RB1K4 w - - 0 1", moves, result).to_pgn(1, limits);
        let text = pgn::write_game(&game, crate::notation::Notation::Iccs);
        assert!(text.contains("\n[RedTimeControl \"nodes 20000\"]\n[BlackTimeControl \"depth 8\"]\n"), "{text}");
        assert!(
            text.ends_with(
                "4. b1b0 a0a1\n{perpetual chase by red: cycle: b0b1 a1a0 b1b0 a0a1 b0b1 a1a0 b1b0 a0a1; \
                 red rook b0/b1 chases black cannon a0/a1 on every move; black checks on 2 of 4 moves and \
                 is not chasing}\n0-1\n"
            ),
            "{text}"
        );
        let back = pgn::Game::parse(&text).expect("reads back");
        assert_eq!(back.moves, game.moves);
    }
}

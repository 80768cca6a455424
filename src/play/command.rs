//! What the player types: a command word with its arguments, or a move.

use std::time::Duration;

use crate::engine::Level;
use crate::game::Budget;
use crate::notation::Notation;
use crate::types::Depth;

/// The deepest search `level depth N` accepts.
pub const MAX_THINK_DEPTH: Depth = crate::engine::MAX_DEPTH;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Empty,
    Help,
    Undo,
    Hint,
    Flip,
    Board,
    Fen,
    Moves,
    /// A new game, from the given FEN or the session's start position.
    New(Option<String>),
    Resign,
    Draw,
    /// Show Chuhan's level and how long it thinks.
    ShowLevel,
    /// Set Chuhan's level.
    Level(Level),
    /// Set how long Chuhan thinks.
    Think(Budget),
    /// Who stands better, in one line.
    Eval,
    /// Show (`None`) or set the notation moves are shown in.
    Notation(Option<Notation>),
    Save(String),
    Load(String),
    Quit,
    /// Anything else: a move in some notation, to be read against the position.
    Move(String),
}

/// The help text, one command a line.
pub const HELP: &str = "\
Moves: ICCS (h2e2), Chinese (炮二平五, 马8进7) or WXF (C2.5, H8+7).
Commands:
  help             this list
  board            show the board          flip       turn the board round
  moves            the moves so far        fen        the position as FEN
  undo             take back your last move (and the reply)
  hint             Chuhan's three best moves here, with their scores
  eval             who stands better, in a line
  draw             offer a draw            resign     give up the game
  new [FEN]        start a new game (from the start position or FEN)
  level [N | depth N | movetime MS]       show or set Chuhan's level (0 to 20), or
                                          how long it thinks per move
  notation [chinese | traditional | wxf | iccs]        how moves are shown
  save FILE        write the game as PGN   load FILE  read a game from PGN
  quit             leave
Scores are for the side to move: +1.00 is about a horse.";

/// Reads one line. Words are matched without regard to case; anything that is not a command
/// is passed on as a move. `Err` holds a usage message.
pub fn parse(line: &str) -> Result<Input, String> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let bare = |input: Input| if rest.is_empty() { Ok(input) } else { Err(format!("'{word}' takes no argument")) };
    match word.to_ascii_lowercase().as_str() {
        "" => Ok(Input::Empty),
        "help" | "?" => bare(Input::Help),
        "undo" | "takeback" => bare(Input::Undo),
        "hint" => bare(Input::Hint),
        "eval" => bare(Input::Eval),
        "flip" => bare(Input::Flip),
        "board" | "show" => bare(Input::Board),
        "fen" => bare(Input::Fen),
        "moves" | "history" => bare(Input::Moves),
        "new" => Ok(Input::New((!rest.is_empty()).then(|| rest.to_string()))),
        "resign" => bare(Input::Resign),
        "draw" => bare(Input::Draw),
        "level" => parse_level(rest),
        "notation" if rest.is_empty() => Ok(Input::Notation(None)),
        "notation" => Notation::from_name(rest)
            .map(|n| Input::Notation(Some(n)))
            .ok_or_else(|| "usage: notation chinese | traditional | wxf | iccs".to_string()),
        "save" if rest.is_empty() => Err("usage: save FILE".to_string()),
        "save" => Ok(Input::Save(rest.to_string())),
        "load" if rest.is_empty() => Err("usage: load FILE".to_string()),
        "load" => Ok(Input::Load(rest.to_string())),
        "quit" | "exit" | "bye" => bare(Input::Quit),
        _ => Ok(Input::Move(line.to_string())),
    }
}

fn parse_level(rest: &str) -> Result<Input, String> {
    let usage =
        || format!("usage: level N (0 to {}) | level depth N (1 to {MAX_THINK_DEPTH}) | level movetime MS", Level::MAX);
    let words: Vec<&str> = rest.split_whitespace().collect();
    let depth = |s: &str| s.parse::<Depth>().ok().filter(|d| (1..=MAX_THINK_DEPTH).contains(d)).map(Budget::Depth);
    let think = match words.as_slice() {
        [] => return Ok(Input::ShowLevel),
        [n] => return n.parse().map(Input::Level).map_err(|_| usage()),
        [kind, n] if kind.eq_ignore_ascii_case("depth") => depth(n),
        [kind, ms] if kind.eq_ignore_ascii_case("movetime") => {
            ms.parse::<u64>().ok().filter(|&ms| ms > 0).map(|ms| Budget::MoveTime(Duration::from_millis(ms)))
        }
        _ => None,
    };
    think.map(Input::Think).ok_or_else(usage)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Script;

    #[test]
    fn commands_and_moves() {
        assert_eq!(parse(""), Ok(Input::Empty));
        assert_eq!(parse("  HELP "), Ok(Input::Help));
        assert_eq!(parse("new"), Ok(Input::New(None)));
        assert_eq!(parse("new 4k4/9/9/9/9/9/9/9/9/3K5 w"), Ok(Input::New(Some("4k4/9/9/9/9/9/9/9/9/3K5 w".into()))));
        assert_eq!(parse("save my game.pgn"), Ok(Input::Save("my game.pgn".into())));
        assert!(parse("save").is_err());
        assert!(parse("undo 3").is_err());
        assert_eq!(parse("level"), Ok(Input::ShowLevel));
        assert_eq!(parse("level 6"), Ok(Input::Level(Level::new(6).expect("a level"))));
        assert_eq!(parse("level 0"), Ok(Input::Level(Level::MIN)));
        assert_eq!(parse("level 20"), Ok(Input::Level(Level::MAX)));
        assert_eq!(parse("eval"), Ok(Input::Eval));
        assert!(parse("eval now").is_err());
        assert_eq!(parse("level Depth 3"), Ok(Input::Think(Budget::Depth(3))));
        assert_eq!(parse("level movetime 1500"), Ok(Input::Think(Budget::MoveTime(Duration::from_millis(1500)))));
        for bad in
            ["level 21", "level -1", "level 99", "level movetime 0", "level fast", "level depth", "level depth 0"]
        {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert_eq!(parse("notation wxf"), Ok(Input::Notation(Some(Notation::Wxf))));
        assert_eq!(parse("notation traditional"), Ok(Input::Notation(Some(Notation::Chinese(Script::Traditional)))));
        assert!(parse("notation klingon").is_err());
        assert_eq!(parse("炮二平五"), Ok(Input::Move("炮二平五".into())));
        assert_eq!(parse(" h2e2"), Ok(Input::Move("h2e2".into())));
        assert_eq!(parse("C2.5"), Ok(Input::Move("C2.5".into())));
    }
}

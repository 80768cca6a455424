//! A match's finished games as a shard writes them and `chuhan match merge` pools them
//! (`docs/cluster.md` §2): a header naming the match and the shard, then one line per game
//! with what the report counts (the first engine's result, the kind of ending, each engine's
//! move times) and the moves, which make two runs of the same games comparable byte for byte.
//!
//! ```text
//! chuhan match ledger 1
//! shard 3/64
//! key 9f0c1d2e3a4b5c6d
//! games 30000
//! names<TAB>Chuhan dev<TAB>Chuhan base
//! limits<TAB>nodes 20000<TAB>nodes 20000
//! move-limit 60
//! sprt 0 5 0.05 0.05
//! game 6 W rules h2e2,h9g7,... 1520,870,... 1490,911,...
//! ```
//!
//! The file is replaced whole as games end ([`crate::cluster::write_atomic`]), so a reader
//! never sees half a line; a line that does not read is damage, reported, never skipped.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use super::game::GameRecord;
use super::stats::{MoveTimes, Sprt, Tally};
use crate::checksum::fnv1a64;
use crate::cluster::Shard;
use crate::types::{Color, Move, Reason};

const MAGIC: &str = "chuhan match ledger 1";

/// The first engine's result in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// How a game ended, by the kinds a match report counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Rules,
    TimeForfeit,
    IllegalMove,
    EngineFailure,
    PlyCap,
}

const ENDINGS: [(Ending, &str); 5] = [
    (Ending::Rules, "rules"),
    (Ending::TimeForfeit, "time"),
    (Ending::IllegalMove, "illegal"),
    (Ending::EngineFailure, "failure"),
    (Ending::PlyCap, "cap"),
];

impl Ending {
    pub fn of(reason: &Reason) -> Ending {
        match reason {
            Reason::TimeForfeit(_) => Ending::TimeForfeit,
            Reason::IllegalMove { .. } | Reason::NoMove(_) => Ending::IllegalMove,
            Reason::EngineFailure { .. } => Ending::EngineFailure,
            Reason::PlyCap(_) => Ending::PlyCap,
            // The referee ends no game by resignation, agreement or record.
            _ => Ending::Rules,
        }
    }

    fn name(self) -> &'static str {
        ENDINGS.iter().find(|(e, _)| *e == self).map_or("rules", |(_, n)| n)
    }
}

/// How the games ended, by kind: the faults a soak run must show none of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Endings([usize; 5]);

impl Endings {
    pub fn count(&mut self, ending: Ending) {
        self.0[ENDINGS.iter().position(|(e, _)| *e == ending).unwrap_or(0)] += 1;
    }
}

impl fmt::Display for Endings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [rules, time, illegal, failure, cap] = self.0;
        write!(
            f,
            "Endings: {rules} by the rules, {time} time forfeits, {illegal} illegal moves, \
             {failure} engine failures, {cap} ply caps"
        )
    }
}

/// One finished game, from the first engine's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLine {
    /// The game's index in the match (from 0), which fixes its opening and colours.
    pub index: usize,
    pub outcome: Outcome,
    pub ending: Ending,
    pub moves: Vec<Move>,
    /// Each engine's time per move, the first engine's first.
    pub times: [Vec<Duration>; 2],
}

impl GameLine {
    /// Game `index`'s record as a line; the first engine has Red when the index is even.
    pub fn of(index: usize, record: &GameRecord) -> GameLine {
        let first_color = if index.is_multiple_of(2) { Color::Red } else { Color::Black };
        let opener = record.opening.position().side_to_move();
        let mut times = [Vec::new(), Vec::new()];
        for (ply, note) in record.notes.iter().enumerate() {
            let mover = if ply % 2 == 0 { opener } else { !opener };
            times[usize::from(mover != first_color)].push(note.used);
        }
        let outcome = match record.result.winner {
            None => Outcome::Draw,
            Some(c) if c == first_color => Outcome::Win,
            Some(_) => Outcome::Loss,
        };
        GameLine { index, outcome, ending: Ending::of(&record.result.reason), moves: record.moves.clone(), times }
    }

    /// `index outcome ending moves`: what a rerun of the game must give again.
    fn deterministic(&self) -> String {
        let outcome = match self.outcome {
            Outcome::Win => "W",
            Outcome::Draw => "D",
            Outcome::Loss => "L",
        };
        let moves: Vec<String> = self.moves.iter().map(Move::to_string).collect();
        let moves = if moves.is_empty() { "-".to_string() } else { moves.join(",") };
        format!("{} {outcome} {} {moves}", self.index, self.ending.name())
    }

    fn to_line(&self) -> String {
        let times = |t: &[Duration]| {
            let us: Vec<String> = t.iter().map(|d| d.as_micros().to_string()).collect();
            if us.is_empty() { "-".to_string() } else { us.join(",") }
        };
        format!("game {} {} {}", self.deterministic(), times(&self.times[0]), times(&self.times[1]))
    }

    fn parse(line: &str) -> Result<GameLine, String> {
        let fields: Vec<&str> = line.split(' ').collect();
        let ["game", index, outcome, ending, moves, t0, t1] = fields[..] else {
            return Err("a game line has 7 fields".to_string());
        };
        let index = index.parse().map_err(|_| format!("game index '{index}'"))?;
        let outcome = match outcome {
            "W" => Outcome::Win,
            "D" => Outcome::Draw,
            "L" => Outcome::Loss,
            _ => return Err(format!("result '{outcome}'")),
        };
        let ending = ENDINGS.iter().find(|(_, n)| *n == ending).ok_or(format!("ending '{ending}'"))?.0;
        let moves =
            list(moves).into_iter().map(|m| Move::parse(m).ok_or(format!("move '{m}'"))).collect::<Result<_, _>>()?;
        let times = |text: &str| -> Result<Vec<Duration>, String> {
            list(text)
                .into_iter()
                .map(|t| t.parse().map(Duration::from_micros).map_err(|_| format!("time '{t}'")))
                .collect()
        };
        Ok(GameLine { index, outcome, ending, moves, times: [times(t0)?, times(t1)?] })
    }
}

/// The items of a comma-separated field, `-` for none.
fn list(text: &str) -> Vec<&str> {
    if text == "-" { Vec::new() } else { text.split(',').collect() }
}

/// What identifies a match and what its report says of it beside the games.
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    pub shard: Shard,
    /// A hash of everything that decides the games (engines, limits, openings, the number of
    /// games, the rules): shards of one match share it.
    pub key: u64,
    pub games: usize,
    pub names: [String; 2],
    /// Each engine's limit as the report writes it.
    pub limits: [String; 2],
    pub move_limit: String,
    pub sprt: Option<Sprt>,
}

impl Header {
    /// Whether game `index` is this shard's: a shard plays whole opening pairs, dealt round-robin.
    pub fn owns(&self, index: usize) -> bool {
        index < self.games && self.shard.owns((index / 2) as u64)
    }

    /// The games this shard plays.
    pub fn share(&self) -> usize {
        (0..self.games).filter(|&i| self.owns(i)).count()
    }
}

/// A shard's games: its header and its finished games by index.
#[derive(Clone, Debug, PartialEq)]
pub struct Ledger {
    pub header: Header,
    pub games: BTreeMap<usize, GameLine>,
}

impl Ledger {
    pub fn new(header: Header) -> Ledger {
        Ledger { header, games: BTreeMap::new() }
    }

    pub fn to_text(&self) -> String {
        let h = &self.header;
        let sprt = match &h.sprt {
            Some(s) => format!("sprt {} {} {} {}", s.elo0, s.elo1, s.alpha, s.beta),
            None => "sprt none".to_string(),
        };
        let mut text = format!(
            "{MAGIC}\nshard {}\nkey {:016x}\ngames {}\nnames\t{}\t{}\nlimits\t{}\t{}\nmove-limit {}\n{sprt}\n",
            h.shard, h.key, h.games, h.names[0], h.names[1], h.limits[0], h.limits[1], h.move_limit
        );
        for game in self.games.values() {
            text.push_str(&game.to_line());
            text.push('\n');
        }
        text
    }

    /// Reads a ledger; the error names the line that does not read.
    pub fn parse(text: &str) -> Result<Ledger, String> {
        let mut lines = text.split_inclusive('\n').enumerate();
        let mut next = |what: &str| -> Result<(usize, &str), String> {
            match lines.next() {
                Some((i, line)) => match line.strip_suffix('\n') {
                    Some(line) => Ok((i + 1, line)),
                    None => Err(format!("line {}: cut short", i + 1)),
                },
                None => Err(format!("no {what} line")),
            }
        };
        let (_, magic) = next("first")?;
        if magic != MAGIC {
            return Err(format!("not a match ledger (it starts '{}')", magic.chars().take(40).collect::<String>()));
        }
        let field = |(n, line): (usize, &str), name: &str| -> Result<String, String> {
            line.strip_prefix(name)
                .and_then(|rest| rest.strip_prefix([' ', '\t']))
                .map(str::to_string)
                .ok_or(format!("line {n}: '{name}' expected"))
        };
        let bad = |n: usize, what: &str| format!("line {n}: bad {what}");
        let line = next("shard")?;
        let shard = field(line, "shard")?.parse().map_err(|_| bad(line.0, "shard"))?;
        let line = next("key")?;
        let key = u64::from_str_radix(&field(line, "key")?, 16).map_err(|_| bad(line.0, "key"))?;
        let line = next("games")?;
        let games = field(line, "games")?.parse().map_err(|_| bad(line.0, "games"))?;
        let pair = |line: (usize, &str), name: &str| -> Result<[String; 2], String> {
            let n = line.0;
            match field(line, name)?.split('\t').collect::<Vec<_>>()[..] {
                [a, b] => Ok([a.to_string(), b.to_string()]),
                _ => Err(bad(n, name)),
            }
        };
        let names = pair(next("names")?, "names")?;
        let limits = pair(next("limits")?, "limits")?;
        let move_limit = field(next("move-limit")?, "move-limit")?;
        let line = next("sprt")?;
        let sprt = match field(line, "sprt")?.as_str() {
            "none" => None,
            values => match values.split(' ').map(str::parse).collect::<Result<Vec<f64>, _>>().as_deref() {
                Ok(&[elo0, elo1, alpha, beta]) => Some(Sprt { elo0, elo1, alpha, beta }),
                _ => return Err(bad(line.0, "sprt")),
            },
        };
        let mut ledger = Ledger::new(Header { shard, key, games, names, limits, move_limit, sprt });
        while let Ok((n, line)) = next("game") {
            let game = GameLine::parse(line).map_err(|e| format!("line {n}: {e}"))?;
            if !ledger.header.owns(game.index) {
                return Err(format!("line {n}: game {} is not shard {}'s", game.index, ledger.header.shard));
            }
            if ledger.games.insert(game.index, game).is_some() {
                return Err(format!("line {n}: a game given twice"));
            }
        }
        // A last line without its newline was cut short.
        if !text.is_empty() && !text.ends_with('\n') {
            return Err("the last line is cut short".to_string());
        }
        Ok(ledger)
    }
}

/// The score, endings and move times of some games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pool {
    pub tally: Tally,
    pub endings: Endings,
    pub times: [MoveTimes; 2],
}

impl Pool {
    pub fn add(&mut self, game: &GameLine) {
        match game.outcome {
            Outcome::Win => self.tally.wins += 1,
            Outcome::Draw => self.tally.draws += 1,
            Outcome::Loss => self.tally.losses += 1,
        }
        self.endings.count(game.ending);
        for (pool, times) in self.times.iter_mut().zip(&game.times) {
            times.iter().for_each(|&t| pool.add(t));
        }
    }

    pub fn finished(&self) -> usize {
        self.tally.games() as usize
    }
}

/// A hash of the games' moves, results and endings in index order: equal for two runs that
/// played the same games, whatever the shards and the order they finished in.
pub fn digest<'a>(games: impl Iterator<Item = &'a GameLine>) -> u64 {
    let text: String = games.map(|g| g.deterministic() + "\n").collect();
    fnv1a64(text.as_bytes())
}

/// Shards pooled: the match's header (that of the first ledger read), the games once each, and what
/// stood in the way, each said once.
#[derive(Debug)]
pub struct Merged {
    pub header: Header,
    pub games: BTreeMap<usize, GameLine>,
    /// The shards read, each with the files that gave it.
    pub shards: BTreeMap<u32, Vec<String>>,
    /// Files that were not used: unreadable, damaged, of another match, or in conflict.
    pub problems: Vec<String>,
}

impl Merged {
    /// The shards of the match none of the files gave.
    pub fn missing(&self) -> Vec<u32> {
        (0..self.header.shard.count()).filter(|i| !self.shards.contains_key(i)).collect()
    }

    pub fn pool(&self) -> Pool {
        let mut pool = Pool::default();
        self.games.values().for_each(|g| pool.add(g));
        pool
    }

    /// `Shards: 3 of 4 (missing 2/4); shard 1/4 given twice (a, b), counted once`.
    pub fn shards_line(&self) -> String {
        let count = self.header.shard.count();
        let mut line = format!("Shards: {} of {count}", self.shards.len());
        let missing = self.missing();
        if !missing.is_empty() {
            let named: Vec<String> = missing.iter().take(20).map(|i| format!("{i}/{count}")).collect();
            let more = if missing.len() > 20 { format!(" and {} more", missing.len() - 20) } else { String::new() };
            line += &format!(" (missing {}{more})", named.join(", "));
        }
        for (index, files) in self.shards.iter().filter(|(_, f)| f.len() > 1) {
            line +=
                &format!("; shard {index}/{count} given {} times ({}), counted once", files.len(), files.join(", "));
        }
        line
    }
}

/// Pools the ledgers of `files` (each a name and its text, or why it could not be read). The
/// first readable ledger names the match; a file of another match, a damaged one, or one whose
/// game differs from the same game in another file is a problem and adds nothing. `None` when
/// no file gives a ledger.
pub fn merge(files: &[(String, Result<String, String>)]) -> Option<Merged> {
    let mut merged: Option<Merged> = None;
    let mut problems = Vec::new();
    for (name, text) in files {
        let ledger = match text.as_ref().map_err(String::clone).and_then(|t| Ledger::parse(t)) {
            Ok(ledger) => ledger,
            Err(e) => {
                problems.push(format!("{name}: {e}"));
                continue;
            }
        };
        let m = merged.get_or_insert_with(|| Merged {
            header: ledger.header.clone(),
            games: BTreeMap::new(),
            shards: BTreeMap::new(),
            problems: Vec::new(),
        });
        let h = &ledger.header;
        if h.key != m.header.key || h.shard.count() != m.header.shard.count() {
            problems.push(format!("{name}: shard {} of another match than {}", h.shard, m.shards_files()));
            continue;
        }
        if let Some(clash) = ledger
            .games
            .values()
            .find(|g| m.games.get(&g.index).is_some_and(|o| o.deterministic() != g.deterministic()))
        {
            problems.push(format!("{name}: game {} differs from the same game in {}", clash.index, m.shards_files()));
            continue;
        }
        for (index, game) in ledger.games {
            m.games.entry(index).or_insert(game);
        }
        m.shards.entry(h.shard.index()).or_default().push(name.clone());
    }
    let mut merged = merged?;
    merged.problems = problems;
    Some(merged)
}

impl Merged {
    fn shards_files(&self) -> String {
        self.shards.values().flatten().next().cloned().unwrap_or_else(|| "the first file".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(shard: Shard) -> Header {
        Header {
            shard,
            key: 0xabc,
            games: 8,
            names: ["A b".into(), "B".into()],
            limits: ["nodes 2000".into(), "depth 3".into()],
            move_limit: "60".into(),
            sprt: Some(Sprt::new(-5.0, 5.0)),
        }
    }

    fn game(index: usize, outcome: Outcome) -> GameLine {
        let moves = ["h2e2", "h9g7"].map(|m| Move::parse(m).expect("ICCS")).to_vec();
        let times = [vec![Duration::from_micros(1500)], vec![Duration::from_micros(900)]];
        GameLine { index, outcome, ending: Ending::Rules, moves, times }
    }

    fn ledger(shard: &str, games: &[(usize, Outcome)]) -> Ledger {
        let mut l = Ledger::new(header(shard.parse().expect("a shard")));
        for &(i, o) in games {
            l.games.insert(i, game(i, o));
        }
        l
    }

    #[test]
    fn a_ledger_reads_back_what_was_written() {
        let l = ledger("1/2", &[(2, Outcome::Win), (3, Outcome::Loss), (6, Outcome::Draw)]);
        let text = l.to_text();
        assert_eq!(Ledger::parse(&text), Ok(l.clone()));
        let empty = GameLine { moves: Vec::new(), times: [Vec::new(), Vec::new()], ..game(7, Outcome::Draw) };
        assert_eq!(GameLine::parse(&empty.to_line()), Ok(empty));
        // Damage anywhere is named, never read past.
        assert!(Ledger::parse(&text[..text.len() - 1]).is_err_and(|e| e.contains("cut short")));
        assert!(Ledger::parse(&text.replace("h9g7", "h9z7")).is_err_and(|e| e.contains("line 9")));
        assert!(Ledger::parse(&text.replace("key ", "kee ")).is_err());
        assert!(Ledger::parse("").is_err());
        assert!(Ledger::parse("PK\u{3}\u{4}junk\n").is_err_and(|e| e.contains("not a match ledger")));
        // A game of another shard: 0 and 1 are the first opening pair, shard 0/2's.
        let stray = text.replace("game 2 ", "game 0 ");
        assert!(Ledger::parse(&stray).is_err_and(|e| e.contains("not shard 1/2's")));
    }

    #[test]
    fn shards_merge_once_each_and_problems_are_named() {
        let a = ledger("0/2", &[(0, Outcome::Win), (1, Outcome::Draw), (4, Outcome::Loss)]);
        let b = ledger("1/2", &[(2, Outcome::Win), (3, Outcome::Win)]);
        let file = |name: &str, l: &Ledger| (name.to_string(), Ok(l.to_text()));
        let m = merge(&[file("a", &a), file("b", &b)]).expect("merged");
        assert_eq!(m.pool().tally, Tally::new(3, 1, 1));
        assert!(m.missing().is_empty() && m.problems.is_empty());
        assert_eq!(m.shards_line(), "Shards: 2 of 2");
        // The same shard twice (a copy, or a newer file of a shard still running): once.
        let older = ledger("0/2", &[(0, Outcome::Win)]);
        let twice = merge(&[file("a", &a), file("b", &b), file("a2", &older)]).expect("merged");
        assert_eq!(twice.pool().tally, Tally::new(3, 1, 1));
        assert_eq!(twice.shards_line(), "Shards: 2 of 2; shard 0/2 given 2 times (a, a2), counted once");
        // A missing shard, a damaged file, another match and a conflicting game are each said.
        let only = merge(&[file("a", &a)]).expect("merged");
        assert_eq!(only.shards_line(), "Shards: 1 of 2 (missing 1/2)");
        let mut other = b.clone();
        other.header.key = 1;
        let conflict = ledger("0/2", &[(0, Outcome::Loss)]);
        let damaged = ("d".to_string(), Ok(b.to_text().replace("game 3 W", "game 3 X")));
        let unread = ("u".to_string(), Err("No such file".to_string()));
        let m = merge(&[file("a", &a), damaged, unread, file("o", &other), file("c", &conflict)]).expect("merged");
        assert_eq!(m.problems.len(), 4, "{:?}", m.problems);
        assert!(m.problems[0].starts_with("d: line 10: result 'X'"), "{:?}", m.problems);
        assert!(m.problems[2].contains("another match") && m.problems[3].contains("game 0 differs"));
        assert_eq!(m.pool().tally, Tally::new(1, 1, 1));
        assert!(merge(&[("u".into(), Err("gone".into()))]).is_none());
    }

    #[test]
    fn the_digest_depends_on_the_games_not_on_their_order_or_times() {
        let a = ledger("0/1", &[(0, Outcome::Win), (1, Outcome::Draw)]);
        let mut b = a.clone();
        b.games.get_mut(&1).expect("game 1").times[0][0] = Duration::from_micros(7);
        assert_eq!(digest(a.games.values()), digest(b.games.values()));
        b.games.get_mut(&1).expect("game 1").outcome = Outcome::Loss;
        assert_ne!(digest(a.games.values()), digest(b.games.values()));
    }

    #[test]
    fn endings_are_counted_by_kind() {
        let mut e = Endings::default();
        for reason in
            [Reason::TimeForfeit(Color::Red), Reason::NoMove(Color::Black), Reason::PlyCap(300), Reason::PlyCap(3)]
        {
            e.count(Ending::of(&reason));
        }
        assert_eq!(
            e.to_string(),
            "Endings: 0 by the rules, 1 time forfeits, 1 illegal moves, 0 engine failures, 2 ply caps"
        );
    }
}

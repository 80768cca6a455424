//! What `chuhan egtb info` says of an endgame: entries, legal positions, wins, draws and
//! losses for each side to move, and the longest mate with a position that takes it.

use super::index::Index;
use super::name::Endgame;
use super::table::{Side, Tables};
use super::value::Value;
use crate::Position;

/// The counts of one table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideStats {
    pub legal: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Draws unless the repetition rules decide otherwise (both sides armed, §16).
    pub undecided: u64,
    /// The longest win or loss in plies, and a position that has it.
    pub longest: Option<(Value, String)>,
}

/// The counts of both tables of an endgame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    pub endgame: Endgame,
    pub entries: u64,
    pub sides: [SideStats; 2],
}

/// Counts the tables of `endgame`, which `tables` must hold.
pub fn stats(endgame: Endgame, tables: &Tables) -> Option<Stats> {
    let (ix, sides) = tables.get(endgame)?;
    let len = ix.len();
    let count = |side: Side| {
        let table = &sides[side as usize];
        let mut s = SideStats::default();
        let mut longest: Option<(Value, u64)> = None;
        for i in 0..table.len() {
            let v = table.get(i);
            match v {
                _ if v.is_broken() => continue,
                _ if v.is_win() => s.wins += 1,
                _ if v.is_loss() => s.losses += 1,
                _ if v.is_undecided() => s.undecided += 1,
                _ => s.draws += 1,
            }
            s.legal += 1;
            if v.plies().is_some() && longest.is_none_or(|(l, _)| v.plies() > l.plies()) {
                longest = Some((v, i));
            }
        }
        s.longest = longest.and_then(|(v, i)| {
            let squares = ix.decode(i)?;
            let pos = ix.position(&squares[..len], side.color()).ok()?;
            Some((v, pos.fen()))
        });
        s
    };
    Some(Stats { endgame, entries: ix.size(), sides: [count(Side::Strong), count(Side::Weak)] })
}

/// Up to `count` legal positions of `endgame` with `side` to move whose values `keep` accepts,
/// each such position as likely as any other (reservoir sampling driven by SplitMix64 from
/// `seed`), in index order: the same tables and arguments give the same positions on every
/// machine. `tables` must hold the endgame.
pub fn sample(
    endgame: Endgame,
    tables: &Tables,
    side: Side,
    keep: impl Fn(Value) -> bool,
    count: usize,
    seed: u64,
) -> Vec<(Position, Value)> {
    use crate::board::zobrist::splitmix64;
    let Some((ix, sides)) = tables.get(endgame) else { return Vec::new() };
    let table = &sides[side as usize];
    let (mut picked, mut seen, mut state): (Vec<Index>, u64, u64) = (Vec::with_capacity(count), 0, seed);
    for i in 0..table.len() {
        let v = table.get(i);
        if v.is_broken() || !keep(v) {
            continue;
        }
        seen += 1;
        if picked.len() < count {
            picked.push(i);
            continue;
        }
        let (next, r) = splitmix64(state);
        state = next;
        let slot = r % seen;
        if (slot as usize) < count {
            picked[slot as usize] = i;
        }
    }
    picked.sort_unstable();
    let len = ix.len();
    picked
        .into_iter()
        .filter_map(|i| {
            let squares = ix.decode(i)?;
            let pos = ix.position(&squares[..len], side.color()).ok()?;
            Some((pos, table.get(i)))
        })
        .collect()
}

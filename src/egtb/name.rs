//! Endgame names (`docs/egtb.md` §2) and the first set of endgames (`docs/egtb.md` §1).

use std::fmt;
use std::str::FromStr;

use crate::types::PieceKind;

/// The kinds a side may hold beside its king, in the order of a name: rook, horse, cannon,
/// soldier, advisor, elephant.
pub const KINDS: [PieceKind; 6] =
    [PieceKind::Rook, PieceKind::Horse, PieceKind::Cannon, PieceKind::Soldier, PieceKind::Advisor, PieceKind::Elephant];

/// The kinds that can attack the enemy king.
const ATTACKERS: usize = 4;

/// How many pieces of each kind of [`KINDS`] one side has beside its king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Army(pub [u8; 6]);

impl Army {
    pub fn count(self, kind: PieceKind) -> u8 {
        KINDS.iter().position(|&k| k == kind).map_or(0, |i| self.0[i])
    }

    pub fn attackers(self) -> u8 {
        self.0[..ATTACKERS].iter().sum()
    }

    pub fn pieces(self) -> u8 {
        self.0.iter().sum()
    }

    /// The order that names the strong side of an endgame where both sides are armed: the
    /// better attacker (rook, horse, cannon, soldier, in the order of [`KINDS`]), then more
    /// advisors, then more elephants.
    fn strength(self) -> impl Ord {
        let attacker = self.0[..ATTACKERS].iter().position(|&n| n > 0).unwrap_or(ATTACKERS);
        (std::cmp::Reverse(attacker), self.0[4], self.0[5])
    }

    /// The army without one piece of `kind`, if it has one.
    pub fn without(self, kind: PieceKind) -> Option<Army> {
        let i = KINDS.iter().position(|&k| k == kind)?;
        let mut counts = self.0;
        counts[i] = counts[i].checked_sub(1)?;
        Some(Army(counts))
    }

    fn write(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("k")?;
        for (kind, &n) in KINDS.iter().zip(&self.0) {
            for _ in 0..n {
                write!(f, "{}", kind.fen_char().to_ascii_lowercase())?;
            }
        }
        Ok(())
    }
}

/// An endgame: the strong side's army against the weak side's. The weak side has no
/// attacking piece (`docs/egtb.md` §1), or, when both sides are armed, one as the strong side
/// has, which is no better than the strong side's (§16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Endgame {
    pub strong: Army,
    pub weak: Army,
}

/// Why a name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameError(String);

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NameError {}

impl Endgame {
    /// The endgame from two armies, if the tables cover it in this order: the strong side with
    /// one or two attacking pieces and the weak side without, or one attacking piece each and
    /// the strong army at least as strong ([`Army::strength`]).
    pub fn new(strong: Army, weak: Army) -> Option<Endgame> {
        let one_armed = matches!(strong.attackers(), 1 | 2) && weak.attackers() == 0;
        let both_armed = strong.attackers() == 1 && weak.attackers() == 1 && strong.strength() >= weak.strength();
        (one_armed || both_armed).then_some(Endgame { strong, weak })
    }

    /// Both sides have an attacking piece (`docs/egtb.md` §16).
    pub fn is_both_armed(self) -> bool {
        self.weak.attackers() > 0
    }

    /// The endgames of the first set (`docs/egtb.md` §1), smallest first, so that each comes
    /// after every endgame a capture leads to.
    pub fn first_set() -> Vec<Endgame> {
        let defences: Vec<[u8; 2]> = (0..=2).flat_map(|a| (0..=2).map(move |b| [a, b])).collect();
        let mut set = Vec::new();
        for weak in &defences {
            let weak = Army([0, 0, 0, 0, weak[0], weak[1]]);
            for x in 0..ATTACKERS {
                for own in &defences {
                    let mut strong = [0, 0, 0, 0, own[0], own[1]];
                    strong[x] = 1;
                    set.push(Endgame { strong: Army(strong), weak });
                }
                for y in x..ATTACKERS {
                    for own in defences.iter().filter(|d| d[0] <= 1 && d[1] <= 1) {
                        let mut strong = [0, 0, 0, 0, own[0], own[1]];
                        strong[x] += 1;
                        strong[y] += 1;
                        set.push(Endgame { strong: Army(strong), weak });
                    }
                }
            }
        }
        set.sort_by_key(|e| (e.strong.pieces() + e.weak.pieces(), super::index::Indexer::new(*e).size(), *e));
        set
    }
}

impl fmt::Display for Endgame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.strong.write(f)?;
        self.weak.write(f)
    }
}

impl FromStr for Endgame {
    type Err = NameError;

    /// Reads a name of §2 in either case, `h` for the horse and `e` for the elephant accepted.
    fn from_str(name: &str) -> Result<Endgame, NameError> {
        let fail = |why: &str| Err(NameError(format!("endgame '{name}': {why}")));
        let lower = name.to_ascii_lowercase();
        let Some(rest) = lower.strip_prefix('k') else { return fail("a name starts with the strong king 'k'") };
        let Some((strong, weak)) = rest.split_once('k') else { return fail("no 'k' for the weak side's king") };
        let mut armies = [Army::default(); 2];
        for (army, letters) in armies.iter_mut().zip([strong, weak]) {
            for ch in letters.chars() {
                let Some(i) = PieceKind::from_fen_char(ch).and_then(|k| KINDS.iter().position(|&x| x == k)) else {
                    return fail(&format!("'{ch}' is not a piece letter (r n c p a b, or h e)"));
                };
                army.0[i] += 1;
                if u32::from(army.0[i]) > KINDS[i].max_count() {
                    return fail(&format!("too many {}s", KINDS[i].name()));
                }
            }
        }
        let [strong, weak] = armies;
        if strong.attackers() == 0 && weak.attackers() == 0 {
            return fail("no rook, horse, cannon or soldier on either side: a draw by the rules");
        }
        if strong.attackers() > 2 || (weak.attackers() > 0 && strong.attackers() + weak.attackers() > 2) {
            return fail("beyond these tables: two attacking pieces on one side, or one on each");
        }
        match (Endgame::new(strong, weak), Endgame::new(weak, strong)) {
            (Some(e), _) => Ok(e),
            (None, Some(e)) => fail(&format!("the stronger side comes first: '{e}'")),
            (None, None) => fail("beyond these tables"),
        }
    }
}

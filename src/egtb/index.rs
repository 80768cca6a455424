//! The index of a table (`docs/egtb.md` §3): king pairs with the mirror folded, then each
//! group of like pieces as a combination of the points it can stand on.

use crate::board::{FenError, Position};
use crate::types::{Color, Piece, PieceKind, Square};

use super::name::{Endgame, KINDS};

/// The most pieces a position of the tables has: two kings, two attackers and four
/// defenders on each side.
pub const MAX_PIECES: usize = 12;

/// Entries of one table, and indices into it.
pub type Index = u64;

/// The points a piece of the strong side (Red) can stand on, by index (`docs/egtb.md` §3).
fn red_points(kind: PieceKind) -> Vec<Square> {
    let palace = |sq: &Square| sq.in_palace(Color::Red);
    let mut points: Vec<Square> = match kind {
        PieceKind::King => Square::all().filter(palace).collect(),
        PieceKind::Advisor => ["d0", "f0", "e1", "d2", "f2"].iter().filter_map(|s| Square::parse(s)).collect(),
        PieceKind::Elephant => {
            ["c0", "g0", "a2", "e2", "i2", "c4", "g4"].iter().filter_map(|s| Square::parse(s)).collect()
        }
        // Before the river a soldier only steps forward from its starting file.
        PieceKind::Soldier => Square::all()
            .filter(|sq| sq.rank().index() >= 5 || (sq.rank().index() >= 3 && sq.file().index() % 2 == 0))
            .collect(),
        PieceKind::Rook | PieceKind::Horse | PieceKind::Cannon => Square::all().collect(),
    };
    points.sort();
    points
}

/// Where one kind of piece of one colour may stand: the points in order, and each point's
/// number among them.
#[derive(Clone, Debug)]
pub struct Domain {
    points: Vec<Square>,
    slot: [u8; Square::NUM],
    /// Each point's number as its mirror image (file `a` for `i`): encoding a mirrored
    /// placement reads it instead of flipping every square.
    mirrored: [u8; Square::NUM],
}

const NO_SLOT: u8 = u8::MAX;

impl Domain {
    pub fn new(pc: Piece) -> Domain {
        let mut points = red_points(pc.kind());
        if pc.color() == Color::Black {
            points = points.into_iter().map(Square::flip_rank).collect();
            points.sort();
        }
        let mut slot = [NO_SLOT; Square::NUM];
        let mut mirrored = [NO_SLOT; Square::NUM];
        for (i, sq) in points.iter().enumerate() {
            slot[sq.index()] = i as u8;
            mirrored[sq.flip_file().index()] = i as u8;
        }
        Domain { points, slot, mirrored }
    }

    pub fn len(&self) -> usize {
        self.points.len()
    }

    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
}

/// The most like pieces of one group: two, since a side has at most two attackers and two of
/// each defender.
const MAX_LIKE: usize = 2;

/// `C(n, k)` for `n` up to 90 and `k` up to [`MAX_LIKE`], read from a table: encoding sums
/// them for every move the build looks at.
static BINOMIAL: [[u64; MAX_LIKE + 1]; Square::NUM + 1] = {
    let mut t = [[0; MAX_LIKE + 1]; Square::NUM + 1];
    let mut n = 0;
    while n <= Square::NUM {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_LIKE {
            t[n][k] = if n == 0 { 0 } else { t[n - 1][k - 1] + t[n - 1][k] };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `C(n, k)` for the small numbers of the index.
pub fn binomial(n: u64, k: u64) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// The rank of a combination of distinct slots in the combinatorial number system: sorted
/// `p1 < p2`, `C(p1, 1) + C(p2, 2)` (`docs/egtb.md` §3).
fn rank(slots: &[u8]) -> u64 {
    match *slots {
        [a] => u64::from(a),
        [a, b] => {
            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
            u64::from(lo) + binomial(u64::from(hi), 2)
        }
        _ => 0,
    }
}

/// Every combination of `count` distinct slots out of `n`, each sorted.
fn combinations(n: u8, count: usize) -> Vec<[u8; MAX_LIKE]> {
    match count {
        1 => (0..n).map(|a| [a, 0]).collect(),
        _ => (0..n).flat_map(|b| (0..b).map(move |a| [a, b])).collect(),
    }
}

/// Like pieces of one colour and kind: how many, and where they may stand.
#[derive(Clone, Debug)]
struct Group {
    piece: Piece,
    count: usize,
    domain: Domain,
    /// `C(domain, count)`: the combinations.
    size: u64,
    /// The slots of each combination, by rank: decoding reads them instead of searching.
    combos: Vec<[u8; MAX_LIKE]>,
}

/// The index of one endgame, strong side as Red: encoding placements to numbers and back.
#[derive(Clone, Debug)]
pub struct Indexer {
    endgame: Endgame,
    /// The kept king pairs (red king, black king), in index order.
    pairs: Vec<(Square, Square)>,
    /// The kept king pair of the two kings' palace slots, and whether the placement is
    /// mirrored to reach it.
    oriented: [[(u8, bool); 9]; 9],
    kings: [Domain; 2],
    groups: Vec<Group>,
    /// The piece at each place of a [`Squares`].
    pieces: Vec<Piece>,
    /// Entries per king pair: the product of the groups' sizes.
    per_pair: u64,
}

/// The pieces of a placement: the two kings (red, black), then each group's pieces in the
/// order of [`Indexer::pieces`].
pub type Squares = [Square; MAX_PIECES];

impl Indexer {
    pub fn new(endgame: Endgame) -> Indexer {
        let kings = [Domain::new(Piece::RedKing), Domain::new(Piece::BlackKing)];
        let mut pairs = Vec::new();
        let mut pair_of = [[None; 9]; 9];
        for (i, &rk) in kings[0].points.iter().enumerate() {
            for (j, &bk) in kings[1].points.iter().enumerate() {
                let files = (rk.file().index(), bk.file().index());
                if files <= (8 - files.0, 8 - files.1) {
                    pair_of[i][j] = Some(pairs.len() as u8);
                    pairs.push((rk, bk));
                }
            }
        }
        let mut groups = Vec::new();
        for (color, army) in [(Color::Red, endgame.strong), (Color::Black, endgame.weak)] {
            for (kind, &count) in KINDS.iter().zip(&army.0) {
                if count > 0 {
                    let domain = Domain::new(Piece::new(color, *kind));
                    let count = usize::from(count);
                    let size = binomial(domain.len() as u64, count as u64);
                    let mut combos = vec![[0; MAX_LIKE]; size as usize];
                    for combo in combinations(domain.len() as u8, count) {
                        combos[rank(&combo[..count]) as usize] = combo;
                    }
                    groups.push(Group { piece: Piece::new(color, *kind), count, domain, size, combos });
                }
            }
        }
        // Every pair of palace points is kept or has its mirror image kept.
        let oriented = std::array::from_fn(|i| {
            std::array::from_fn(|j| match pair_of[i][j] {
                Some(pair) => (pair, false),
                None => {
                    let mirror = |k: usize, sq: Square| kings[k].slot[sq.flip_file().index()] as usize;
                    let (rk, bk) = (kings[0].points[i], kings[1].points[j]);
                    (pair_of[mirror(0, rk)][mirror(1, bk)].expect("a palace's mirror image is a palace"), true)
                }
            })
        });
        let mut pieces = vec![Piece::RedKing, Piece::BlackKing];
        for g in &groups {
            pieces.extend(std::iter::repeat_n(g.piece, g.count));
        }
        let per_pair = groups.iter().map(|g| g.size).product();
        Indexer { endgame, pairs, oriented, kings, groups, pieces, per_pair }
    }

    pub fn endgame(&self) -> Endgame {
        self.endgame
    }

    /// Entries in the table.
    pub fn size(&self) -> u64 {
        self.pairs.len() as u64 * self.per_pair
    }

    /// The piece at each place of a [`Squares`].
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The index of a placement (in the order of [`Indexer::pieces`]), mirrored first when its
    /// king pair is not kept; `None` when a piece stands outside its domain. The build calls
    /// it for every move and un-move it looks at, so it reads tables and copies nothing.
    #[inline]
    pub fn encode(&self, squares: &[Square]) -> Option<Index> {
        let slot = |d: &Domain, sq: Square| (d.slot[sq.index()] != NO_SLOT).then(|| usize::from(d.slot[sq.index()]));
        let (pair, flip) = self.oriented[slot(&self.kings[0], squares[0])?][slot(&self.kings[1], squares[1])?];
        let mut index = u64::from(pair);
        let mut at = 2;
        for g in &self.groups {
            let table = if flip { &g.domain.mirrored } else { &g.domain.slot };
            let a = table[squares[at].index()];
            if a == NO_SLOT {
                return None;
            }
            let r = if g.count == 1 {
                u64::from(a)
            } else {
                let b = table[squares[at + 1].index()];
                if b == NO_SLOT {
                    return None;
                }
                rank(&[a, b])
            };
            index = index * g.size + r;
            at += g.count;
        }
        Some(index)
    }

    /// Whether a placement and its mirror image have one index: all but those with both kings
    /// on file `e`, whose pair is its own mirror, so that both images are stored (§3).
    pub fn folds(squares: &[Square]) -> bool {
        let e = |s: Square| s.file().index() == 4;
        !(e(squares[0]) && e(squares[1]))
    }

    /// The placement of an index, or `None` when two pieces share a point.
    pub fn decode(&self, index: Index) -> Option<Squares> {
        let mut sq: Squares = [Square::from_index(0); MAX_PIECES];
        let mut rest = index;
        let mut at = 2 + self.groups.iter().map(|g| g.count).sum::<usize>();
        for g in self.groups.iter().rev() {
            let combo = g.combos[(rest % g.size) as usize];
            rest /= g.size;
            at -= g.count;
            for (k, &slot) in combo[..g.count].iter().enumerate() {
                sq[at + k] = g.domain.points[usize::from(slot)];
            }
        }
        let (rk, bk) = self.pairs[rest as usize];
        sq[0] = rk;
        sq[1] = bk;
        let used = &sq[..self.len()];
        let mut seen = 0u128;
        for s in used {
            if seen & (1 << s.index()) != 0 {
                return None;
            }
            seen |= 1 << s.index();
        }
        Some(sq)
    }

    /// Places in a [`Squares`].
    pub fn len(&self) -> usize {
        2 + self.groups.iter().map(|g| g.count).sum::<usize>()
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    /// The position of a placement with `stm` to move; `Err` when it cannot be (kings facing,
    /// the side not to move in check), a broken entry.
    pub fn position(&self, squares: &[Square], stm: Color) -> Result<Position, FenError> {
        Position::from_pieces(self.pieces.iter().copied().zip(squares.iter().copied()), stm, 0, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eg(name: &str) -> Indexer {
        Indexer::new(name.parse().expect("a valid name"))
    }

    #[test]
    fn domains_have_the_documented_sizes() {
        let sizes: Vec<usize> =
            [Piece::RedKing, Piece::RedAdvisor, Piece::RedElephant, Piece::RedSoldier, Piece::RedRook]
                .into_iter()
                .map(|pc| Domain::new(pc).len())
                .collect();
        assert_eq!(sizes, [9, 5, 7, 55, 90]);
        assert_eq!(Domain::new(Piece::BlackSoldier).len(), 55);
    }

    #[test]
    fn sizes_are_the_documented_ones() {
        assert_eq!(eg("krkaabb").size(), 850_500);
        assert_eq!(eg("KCPABKAABB").size(), 1_637_212_500);
        assert_eq!(eg("krrkaabb").size(), 37_847_250);
    }

    #[test]
    fn every_index_decodes_and_encodes_back() {
        for name in ["kpkab", "krrk", "knkaa"] {
            let ix = eg(name);
            for i in 0..ix.size() {
                if let Some(sq) = ix.decode(i) {
                    assert_eq!(ix.encode(&sq[..ix.len()]), Some(i), "{name} {i}");
                }
            }
        }
    }

    #[test]
    fn a_placement_and_its_mirror_share_an_index() {
        let ix = eg("kcpkaabb");
        let sq: Vec<Square> =
            ["d0", "e9", "b2", "c6", "d9", "f9", "c9", "a7"].iter().filter_map(|s| Square::parse(s)).collect();
        let mirror: Vec<Square> = sq.iter().map(|s| s.flip_file()).collect();
        assert!(ix.encode(&sq).is_some());
        assert_eq!(ix.encode(&sq), ix.encode(&mirror));
    }
}

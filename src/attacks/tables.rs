//! Attack tables, built at compile time by `const fn`, each with a slow reference generator in
//! the tests below.
//!
//! Sliding pieces use line tables: a rank's nine occupancy bits (or a file's ten, read from the
//! file-major copy of the occupancy) index a table of the reachable points on that line.

use crate::types::Color;

/// Sentinel square index for an off-board leg or eye: bit 90 of an occupancy is always clear.
pub(crate) const OFF: u8 = 90;

const fn sq(f: i32, r: i32) -> Option<usize> {
    if f >= 0 && f < 9 && r >= 0 && r < 10 { Some((r * 9 + f) as usize) } else { None }
}

const fn bit(f: i32, r: i32) -> u128 {
    match sq(f, r) {
        Some(s) => 1u128 << s,
        None => 0,
    }
}

const fn in_palace(f: i32, r: i32, red: bool) -> bool {
    f >= 3 && f <= 5 && if red { r >= 0 && r <= 2 } else { r >= 7 && r <= 9 }
}

/// Rook-style slide on a line of `len` points from `pos`, `occ` the line's occupancy: every empty
/// point up to and including the first occupied one in each direction.
const fn line_slide(pos: i32, occ: u32, len: i32) -> u16 {
    let mut out = 0u16;
    let mut dir = -1;
    while dir <= 1 {
        let mut p = pos + dir;
        while p >= 0 && p < len {
            out |= 1 << p;
            if occ & (1 << p) != 0 {
                break;
            }
            p += dir;
        }
        dir += 2;
    }
    out
}

/// Cannon capture targets on a line: the first occupied point beyond the first occupied point.
const fn line_cannon(pos: i32, occ: u32, len: i32) -> u16 {
    let mut out = 0u16;
    let mut dir = -1;
    while dir <= 1 {
        let mut p = pos + dir;
        let mut screened = false;
        while p >= 0 && p < len {
            if occ & (1 << p) != 0 {
                if screened {
                    out |= 1 << p;
                    break;
                }
                screened = true;
            }
            p += dir;
        }
        dir += 2;
    }
    out
}

/// A line table: for every position on a line of `LEN` points and every occupancy of the line,
/// the rook slide or (with `cannon`) the cannon captures.
const fn line_table<const LEN: usize, const OCC: usize>(cannon: bool) -> [[u16; OCC]; LEN] {
    let mut t = [[0u16; OCC]; LEN];
    let mut pos = 0;
    while pos < LEN {
        let mut o = 0;
        while o < OCC {
            t[pos][o] = if cannon {
                line_cannon(pos as i32, o as u32, LEN as i32)
            } else {
                line_slide(pos as i32, o as u32, LEN as i32)
            };
            o += 1;
        }
        pos += 1;
    }
    t
}

pub(crate) static RANK_SLIDE: [[u16; 512]; 9] = line_table::<9, 512>(false);
pub(crate) static RANK_CANNON: [[u16; 512]; 9] = line_table::<9, 512>(true);
pub(crate) static FILE_SLIDE: [[u16; 1024]; 10] = line_table::<10, 1024>(false);
pub(crate) static FILE_CANNON: [[u16; 1024]; 10] = line_table::<10, 1024>(true);

/// A 10-bit set of ranks spread onto file a.
pub(crate) static FILE_SPREAD: [u128; 1024] = {
    let mut t = [0u128; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut r = 0;
        while r < 10 {
            if m & (1 << r) != 0 {
                t[m] |= 1u128 << (r * 9);
            }
            r += 1;
        }
        m += 1;
    }
    t
};

// Neighbour orders, which are the bit orders of the leg and eye table indices: `attacks::gather`
// depends on them.
const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

pub(crate) static KING: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let red = r <= 4;
        if in_palace(f, r, red) {
            let mut i = 0;
            while i < 4 {
                let (nf, nr) = (f + ORTHO[i].0, r + ORTHO[i].1);
                if in_palace(nf, nr, red) {
                    t[s] |= bit(nf, nr);
                }
                i += 1;
            }
        }
        s += 1;
    }
    t
};

pub(crate) static ADVISOR: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let red = r <= 4;
        if in_palace(f, r, red) {
            let mut i = 0;
            while i < 4 {
                let (nf, nr) = (f + DIAG[i].0, r + DIAG[i].1);
                if in_palace(nf, nr, red) {
                    t[s] |= bit(nf, nr);
                }
                i += 1;
            }
        }
        s += 1;
    }
    t
};

/// Diagonal neighbours of each point (elephant eyes, and the legs of horses attacking it), in
/// the order of `DIAG`; `OFF` where off the board.
pub(crate) static DIAG_NEIGHBOURS: [[u8; 4]; 90] = {
    let mut t = [[OFF; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < 4 {
            if let Some(n) = sq(f + DIAG[i].0, r + DIAG[i].1) {
                t[s][i] = n as u8;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// Horse legs of each point, in the order of `ORTHO`; `OFF` where off the board.
pub(crate) static HORSE_LEGS: [[u8; 4]; 90] = {
    let mut t = [[OFF; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < 4 {
            if let Some(n) = sq(f + ORTHO[i].0, r + ORTHO[i].1) {
                t[s][i] = n as u8;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// Horse targets by blocked-leg mask (bit i set: leg `ORTHO[i]` occupied).
pub(crate) static HORSE: [[u128; 16]; 90] = {
    let mut t = [[0u128; 16]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut m = 0;
        while m < 16 {
            let mut i = 0;
            while i < 4 {
                if m & (1 << i) == 0 {
                    let (dx, dy) = ORTHO[i];
                    // Long step along the leg's direction, short step to either side.
                    if dx == 0 {
                        t[s][m] |= bit(f + 1, r + 2 * dy) | bit(f - 1, r + 2 * dy);
                    } else {
                        t[s][m] |= bit(f + 2 * dx, r + 1) | bit(f + 2 * dx, r - 1);
                    }
                }
                i += 1;
            }
            m += 1;
        }
        s += 1;
    }
    t
};

/// Squares from which a horse attacks a point, by blocked-leg mask over the point's diagonal
/// neighbours (bit i set: `DIAG_NEIGHBOURS[s][i]` occupied). The leg of a horse attacking `s` is
/// the point next to the horse, which is diagonally adjacent to `s` (`docs/rules.md` §4.1).
pub(crate) static HORSE_ATTACKERS: [[u128; 16]; 90] = {
    let mut t = [[0u128; 16]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut m = 0;
        while m < 16 {
            let mut i = 0;
            while i < 4 {
                let (dx, dy) = DIAG[i];
                let (lf, lr) = (f + dx, r + dy);
                if m & (1 << i) == 0 && sq(lf, lr).is_some() {
                    t[s][m] |= bit(lf + dx, lr) | bit(lf, lr + dy);
                }
                i += 1;
            }
            m += 1;
        }
        s += 1;
    }
    t
};

/// Elephant targets by blocked-eye mask, never across the river from where it stands.
pub(crate) static ELEPHANT: [[u128; 16]; 90] = {
    let mut t = [[0u128; 16]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let red_half = r <= 4;
        let mut m = 0;
        while m < 16 {
            let mut i = 0;
            while i < 4 {
                let (nf, nr) = (f + 2 * DIAG[i].0, r + 2 * DIAG[i].1);
                if m & (1 << i) == 0 && sq(nf, nr).is_some() && (nr <= 4) == red_half {
                    t[s][m] |= bit(nf, nr);
                }
                i += 1;
            }
            m += 1;
        }
        s += 1;
    }
    t
};

const fn soldier_targets(red: bool, s: usize) -> u128 {
    let (f, r) = ((s % 9) as i32, (s / 9) as i32);
    let dy = if red { 1 } else { -1 };
    let crossed = if red { r >= 5 } else { r <= 4 };
    let mut out = bit(f, r + dy);
    if crossed {
        out |= bit(f - 1, r) | bit(f + 1, r);
    }
    out
}

/// Soldier targets by colour: forward, and sideways once across the river.
pub(crate) static SOLDIER: [[u128; 90]; 2] = {
    let mut t = [[0u128; 90]; 2];
    let mut s = 0;
    while s < 90 {
        t[Color::Red as usize][s] = soldier_targets(true, s);
        t[Color::Black as usize][s] = soldier_targets(false, s);
        s += 1;
    }
    t
};

/// Squares from which a soldier of the colour attacks a point.
pub(crate) static SOLDIER_ATTACKERS: [[u128; 90]; 2] = {
    let mut t = [[0u128; 90]; 2];
    let mut from = 0;
    while from < 90 {
        let mut c = 0;
        while c < 2 {
            let mut targets = SOLDIER[c][from];
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                t[c][to] |= 1u128 << from;
                targets &= targets - 1;
            }
            c += 1;
        }
        from += 1;
    }
    t
};

/// The on-board diagonal neighbours of each point, as a bitboard.
pub(crate) static DIAG_NEIGHBOURS_BB: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let mut i = 0;
        while i < 4 {
            if DIAG_NEIGHBOURS[s][i] != OFF {
                t[s] |= 1u128 << DIAG_NEIGHBOURS[s][i];
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// Per square, the bits of the 21-point window around it (bit `p - sq + 10` for point `p`, see
/// `attacks::window`) that are its on-board orthogonal neighbours.
pub(crate) static ORTHO_WINDOW: [u32; 90] = window_masks(&HORSE_LEGS);

/// As [`ORTHO_WINDOW`], for the diagonal neighbours.
pub(crate) static DIAG_WINDOW: [u32; 90] = window_masks(&DIAG_NEIGHBOURS);

const fn window_masks(points: &[[u8; 4]; 90]) -> [u32; 90] {
    let mut t = [0u32; 90];
    let mut s = 0;
    while s < 90 {
        let mut i = 0;
        while i < 4 {
            if points[s][i] != OFF {
                t[s] |= 1 << (points[s][i] as usize + 10 - s);
            }
            i += 1;
        }
        s += 1;
    }
    t
}

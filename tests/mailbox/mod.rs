//! An independent slow rules implementation for the property tests: a 10x9 mailbox read from
//! the FEN text, written from `docs/rules.md` alone. It shares no code with the engine except
//! `Position::fen()` as its input.

/// `grid[rank][file]`: `None` or a FEN letter (upper case Red).
#[derive(Clone)]
pub struct Mailbox {
    pub grid: [[Option<char>; 9]; 10],
    pub red_to_move: bool,
}

fn is_red(c: char) -> bool {
    c.is_ascii_uppercase()
}

fn in_palace(red: bool, f: i32, r: i32) -> bool {
    (3..=5).contains(&f) && if red { (0..=2).contains(&r) } else { (7..=9).contains(&r) }
}

fn on_board(f: i32, r: i32) -> bool {
    (0..9).contains(&f) && (0..10).contains(&r)
}

fn own_half(red: bool, r: i32) -> bool {
    if red { r <= 4 } else { r >= 5 }
}

fn square_name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r)
}

impl Mailbox {
    pub fn from_fen(fen: &str) -> Mailbox {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().expect("placement");
        let side = fields.next().expect("side");
        let mut grid = [[None; 9]; 10];
        for (i, row) in placement.split('/').enumerate() {
            let r = 9 - i;
            let mut f = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    f += d as usize;
                } else {
                    // Normalise the input aliases.
                    let c = match c {
                        'E' => 'B',
                        'e' => 'b',
                        'H' => 'N',
                        'h' => 'n',
                        c => c,
                    };
                    grid[r][f] = Some(c);
                    f += 1;
                }
            }
            assert_eq!(f, 9, "rank {r} of {fen}");
        }
        Mailbox { grid, red_to_move: matches!(side, "w" | "W" | "r" | "R") }
    }

    pub fn at(&self, f: i32, r: i32) -> Option<char> {
        if on_board(f, r) { self.grid[r as usize][f as usize] } else { None }
    }

    /// Targets of the piece on (f, r) under its movement rule, ignoring the own king's safety.
    /// Targets holding a piece of the mover's colour are excluded.
    pub fn piece_targets(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let Some(c) = self.at(f, r) else { return Vec::new() };
        let red = is_red(c);
        let mut out = Vec::new();
        let add = |out: &mut Vec<(i32, i32)>, tf: i32, tr: i32| {
            if on_board(tf, tr) && self.at(tf, tr).is_none_or(|t| is_red(t) != red) {
                out.push((tf, tr));
            }
        };
        const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match c.to_ascii_uppercase() {
            'K' => {
                for (df, dr) in ORTHO {
                    if in_palace(red, f + df, r + dr) {
                        add(&mut out, f + df, r + dr);
                    }
                }
            }
            'A' => {
                for (df, dr) in DIAG {
                    if in_palace(red, f + df, r + dr) {
                        add(&mut out, f + df, r + dr);
                    }
                }
            }
            'B' => {
                for (df, dr) in DIAG {
                    let (tf, tr) = (f + 2 * df, r + 2 * dr);
                    if on_board(tf, tr) && own_half(red, tr) && self.at(f + df, r + dr).is_none() {
                        add(&mut out, tf, tr);
                    }
                }
            }
            'N' => {
                for (df, dr) in ORTHO {
                    // The leg is the orthogonal neighbour; the target is one diagonal step beyond.
                    if !on_board(f + df, r + dr) || self.at(f + df, r + dr).is_some() {
                        continue;
                    }
                    for side in [-1, 1] {
                        let (tf, tr) = if df == 0 { (f + side, r + 2 * dr) } else { (f + 2 * df, r + side) };
                        add(&mut out, tf, tr);
                    }
                }
            }
            'R' => {
                for (df, dr) in ORTHO {
                    let (mut tf, mut tr) = (f + df, r + dr);
                    while on_board(tf, tr) {
                        add(&mut out, tf, tr);
                        if self.at(tf, tr).is_some() {
                            break;
                        }
                        tf += df;
                        tr += dr;
                    }
                }
            }
            'C' => {
                for (df, dr) in ORTHO {
                    let (mut tf, mut tr) = (f + df, r + dr);
                    let mut screened = false;
                    while on_board(tf, tr) {
                        match (self.at(tf, tr), screened) {
                            (None, false) => out.push((tf, tr)),
                            (Some(_), false) => screened = true,
                            (None, true) => {}
                            (Some(t), true) => {
                                if is_red(t) != red {
                                    out.push((tf, tr));
                                }
                                break;
                            }
                        }
                        tf += df;
                        tr += dr;
                    }
                }
            }
            'P' => {
                let fwd = if red { 1 } else { -1 };
                add(&mut out, f, r + fwd);
                let crossed = if red { r >= 5 } else { r <= 4 };
                if crossed {
                    add(&mut out, f - 1, r);
                    add(&mut out, f + 1, r);
                }
            }
            other => panic!("unknown piece {other}"),
        }
        out
    }

    pub fn king(&self, red: bool) -> (i32, i32) {
        let k = if red { 'K' } else { 'k' };
        for r in 0..10 {
            for f in 0..9 {
                if self.at(f, r) == Some(k) {
                    return (f, r);
                }
            }
        }
        panic!("no king")
    }

    /// Whether the king of `red` is attacked: some enemy piece could capture on its point, or
    /// the two kings face each other on an open file.
    pub fn king_attacked(&self, red: bool) -> bool {
        let (kf, kr) = self.king(red);
        let (ef, er) = self.king(!red);
        if kf == ef {
            let (lo, hi) = (kr.min(er), kr.max(er));
            if (lo + 1..hi).all(|r| self.at(kf, r).is_none()) {
                return true;
            }
        }
        for r in 0..10 {
            for f in 0..9 {
                if self.at(f, r).is_some_and(|c| is_red(c) != red) && self.piece_targets(f, r).contains(&(kf, kr)) {
                    return true;
                }
            }
        }
        false
    }

    pub fn after(&self, from: (i32, i32), to: (i32, i32)) -> Mailbox {
        let mut next = self.clone();
        next.grid[to.1 as usize][to.0 as usize] = next.grid[from.1 as usize][from.0 as usize].take();
        next.red_to_move = !self.red_to_move;
        next
    }

    /// Every legal move of the side to move, as ICCS text, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        let red = self.red_to_move;
        let mut out = Vec::new();
        for r in 0..10 {
            for f in 0..9 {
                if self.at(f, r).is_none_or(|c| is_red(c) != red) {
                    continue;
                }
                for to in self.piece_targets(f, r) {
                    if !self.after((f, r), to).king_attacked(red) {
                        out.push(format!("{}{}", square_name(f, r), square_name(to.0, to.1)));
                    }
                }
            }
        }
        out.sort();
        out
    }
}

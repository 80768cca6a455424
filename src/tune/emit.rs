//! The weights as Rust source: the text of `src/tapered/tuned.rs`.

use std::fmt::Write as _;

use crate::eval::weights::{Shape, Table};

/// `S` values per line in the longer tables.
const PAIRS_PER_LINE: usize = 6;

/// The source of `tuned.rs` for the flat weight vector `w` (laid out by [`Table`]). Every
/// piece-square drawing is written out in full, its files f to i mirroring d to a.
pub fn rust_source(w: &[i32]) -> String {
    let mut out = String::from(
        "//! The values of the tunable evaluation weights, written by `chuhan tune` (`make tune`).\n\
         //!\n\
         //! What each weight means, and the weights that are not tuned, are in `eval/params.rs`, which\n\
         //! takes these values. Edit them by hand only to try something: the next tuning run writes\n\
         //! this file anew.\n\
         \n\
         use super::S;\n",
    );
    let values = |t: Table| &w[t.offset()..t.offset() + t.size()];
    let pair = |v: &[i32]| format!("S({}, {})", v[0], v[1]);
    for table in Table::ALL {
        let v = values(table);
        match table.shape() {
            Shape::Pair => {
                let _ = write!(out, "\n#[rustfmt::skip]\npub const {}: S = {};\n", table.name(), pair(v));
            }
            Shape::Pairs(n) => {
                let _ = write!(out, "\n#[rustfmt::skip]\npub const {}: [S; {n}] = [\n", table.name());
                for line in v.chunks(2 * PAIRS_PER_LINE) {
                    let items: Vec<String> = line.chunks(2).map(pair).collect();
                    let _ = writeln!(out, "    {},", items.join(", "));
                }
                out.push_str("];\n");
            }
            Shape::Board => {}
        }
    }
    out.push_str("\n/// Piece-square drawings, rank 9 first, as in `params::pst`.\npub mod pst {");
    for table in Table::ALL.into_iter().filter(|t| t.shape() == Shape::Board) {
        let _ = write!(out, "\n    #[rustfmt::skip]\n    pub const {}: [i32; 90] = [\n", table.name());
        for row in values(table).chunks(5) {
            let _ = write!(out, "      {:>3},", row[0]);
            for f in 1..9 {
                let _ = write!(out, "{:>4},", row[f.min(8 - f)]);
            }
            out.push('\n');
        }
        out.push_str("    ];\n");
    }
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::weights;

    /// `tuned.rs` is what the writer makes of the weights it holds: the registry covers every
    /// table, and a tuning run that changes nothing rewrites the file unchanged.
    #[test]
    fn tuned_rs_round_trips() {
        let source = include_str!("../tapered/tuned.rs");
        assert_eq!(rust_source(&weights::current()), source);
    }

    #[test]
    fn drawings_are_mirrored() {
        let mut w = weights::current();
        w[Table::HorseEg.offset()] = 7; // a9 in the drawing, so also i9
        let text = rust_source(&w);
        let horse = text.split("pub const HORSE_EG:").nth(1).expect("horse table");
        let first_row = horse.lines().nth(1).expect("row");
        assert!(first_row.trim().starts_with("7,") && first_row.trim().ends_with(" 7,"), "{first_row}");
    }
}

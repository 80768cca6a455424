//! The tables against an independent forward solver, position by position, and damaged files
//! refused or caught (`docs/egtb.md` §12).

#[path = "egtb/solve.rs"]
mod solve;

use std::path::PathBuf;

use chuhan::Position;
use chuhan::egtb::{self, Checkpoint, Endgame, Indexer, Side, Stage, Table, Tables, Value, file, verify::verify};
use chuhan::types::{Color, Piece, PieceKind};

/// Builds `names` and everything they need into memory.
fn build(names: &[&str]) -> Tables {
    let wanted: Vec<Endgame> = names.iter().map(|n| n.parse().expect("a valid name")).collect();
    let mut tables = Tables::new(&PathBuf::new());
    for endgame in egtb::build_order(&wanted) {
        let ix = Indexer::new(endgame);
        let built =
            egtb::build(&ix, &tables, &egtb::silent, &Checkpoint::none()).expect("sub-endgames are built first");
        tables.insert(ix, built);
    }
    tables
}

/// The pieces of an endgame for the solver, the strong side in `strong`'s colour.
fn pieces(endgame: Endgame, strong: Color) -> Vec<Piece> {
    let mut pieces = vec![Piece::new(strong, PieceKind::King), Piece::new(!strong, PieceKind::King)];
    for (c, army) in [(strong, endgame.strong), (!strong, endgame.weak)] {
        for (kind, &n) in egtb::name::KINDS.iter().zip(&army.0) {
            pieces.extend(std::iter::repeat_n(Piece::new(c, *kind), usize::from(n)));
        }
    }
    pieces
}

fn as_solved(v: Value) -> solve::Solved {
    v.plies().map(|n| (v.is_win(), n))
}

/// Every legal position of `name` with the strong side in `strong`'s colour: the tables'
/// value equals the solver's. Returns the number compared.
fn agree(tables: &Tables, name: &str, strong: Color) -> usize {
    let endgame: Endgame = name.parse().expect("a valid name");
    let solution = solve::solve(&pieces(endgame, strong));
    let mut wrong = Vec::new();
    for pos in &solution.positions {
        let table = tables.probe(pos).map(as_solved);
        let solved = solution.values[&pos.key()];
        if table != Ok(solved) {
            wrong.push(format!("{}: tables {table:?}, solver {solved:?}", pos.fen()));
        }
    }
    assert!(wrong.is_empty(), "{name}: {} of {} differ, first {}", wrong.len(), solution.positions.len(), wrong[0]);
    solution.positions.len()
}

/// Each attacker against each of the weak side's `defences`: built, then every legal position
/// compared with the solver. Returns the positions compared per endgame (both sides to move,
/// each mirror image on its own), rook, horse, cannon, soldier in turn.
fn agree_against(defences: [&str; 3]) -> Vec<usize> {
    let names: Vec<String> = ["r", "n", "c", "p"].iter().flat_map(|x| defences.map(|w| format!("k{x}{w}"))).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let tables = build(&names);
    names.iter().map(|n| agree(&tables, n, Color::Red)).collect()
}

#[test]
fn one_attacker_against_a_bare_king_or_one_defender_agrees_with_the_solver() {
    let compared = agree_against(["k", "ka", "kb"]);
    assert_eq!(compared, [8748, 41313, 60774, 9504, 44232, 65766, 9828, 45120, 67698, 5841, 26991, 40083]);
}

#[test]
fn one_attacker_against_two_defenders_agrees_with_the_solver() {
    let compared = agree_against(["kaa", "kbb", "kab"]);
    assert_eq!(
        compared,
        [153672, 361860, 285774, 162060, 390036, 305052, 162996, 399600, 310098, 98244, 235674, 184548]
    );
}

#[test]
fn one_attacker_each_agrees_with_the_solver_and_marks_its_draws_undecided() {
    let names = ["kpkp", "knkp", "kckp", "krkn"];
    let tables = build(&names);
    for (name, strong) in names.iter().zip([Color::Red, Color::Red, Color::Black, Color::Red]) {
        agree(&tables, name, strong);
        // Undecided entries are draws of the solver's, which knows no repetition rule.
        let solution = solve::solve(&pieces(name.parse().expect("a name"), strong));
        for pos in &solution.positions {
            let v = tables.probe(pos).expect("covered");
            assert!(!v.is_undecided() || solution.values[&pos.key()].is_none(), "{name}: {}", pos.fen());
        }
    }
    let value = |fen: &str| tables.probe(&Position::from_fen(fen).expect("a FEN")).expect("covered");
    // An old soldier against a bare king: neither side need ever check or chase (§16).
    assert_eq!(value("P3k4/9/9/9/9/9/9/9/9/3K5 w"), Value::DRAW);
    // Red's only legal move is the soldier's check d5d6 (its king is boxed in by Black's
    // soldier, and the soldier shields it from the flying general): whether Red may go on
    // checking is the rules' to say, so the draw is not certain.
    assert_eq!(value("9/9/3k5/9/3P5/9/9/9/4p4/3K5 w"), Value::UNDECIDED);
}

#[test]
fn names_of_endgames_where_both_sides_are_armed() {
    assert_eq!("KNKP".parse::<Endgame>().map(|e| e.to_string()), Ok("knkp".to_string()));
    assert_eq!("krakrb".parse::<Endgame>().map(|e| e.is_both_armed()), Ok(true));
    let refused = |name: &str| name.parse::<Endgame>().map_err(|e| e.to_string()).expect_err(name);
    assert_eq!(refused("kpkn"), "endgame 'kpkn': the stronger side comes first: 'knkp'");
    assert_eq!(refused("krbkra"), "endgame 'krbkra': the stronger side comes first: 'krakrb'");
    assert!(refused("krnkp").contains("beyond these tables"));
    assert!(refused("kaakbb").contains("a draw by the rules"));
}

#[test]
fn a_black_strong_side_is_probed_the_right_way_up() {
    let tables = build(&["kpka", "kcka"]);
    agree(&tables, "kpka", Color::Black);
    agree(&tables, "kcka", Color::Black);
}

#[test]
fn known_values() {
    let tables = build(&["krk", "kpk"]);
    let value = |fen: &str| tables.probe(&Position::from_fen(fen).expect("valid FEN")).expect("covered");
    // The rook mates on file d (the red king holds file e), or stalemates from a8: both win.
    assert_eq!(value("3k5/9/9/9/9/9/9/9/R8/4K4 w"), Value::win(1));
    // The same with colours swapped and Red to move: a loss in 2, read the right way up.
    assert_eq!(value("3k5/9/9/9/9/9/9/9/r8/4K4 w"), Value::loss(2));
    assert_eq!(value("9/9/4k4/9/9/9/P8/9/9/3K5 w"), Value::win(19));
    let counts = |name: &str, side: Side| {
        let (_, sides) = tables.get(name.parse().expect("valid")).expect("built");
        let raw = sides[side as usize].values();
        let (mut w, mut d, mut l) = (0, 0, 0);
        for v in raw.filter(|v| !v.is_broken()) {
            if v.is_win() {
                w += 1;
            } else if v.is_loss() {
                l += 1;
            } else {
                d += 1;
            }
        }
        (w, d, l)
    };
    // Rook against a bare king: every legal position with the rook's side to move wins.
    assert_eq!(counts("krk", Side::Strong), (1917, 0, 0));
    assert_eq!(counts("krk", Side::Weak), (0, 54, 2430));
    assert_eq!(counts("kpk", Side::Strong), (1215, 216, 0));
    assert_eq!(counts("kpk", Side::Weak), (0, 273, 1257));
}

/// A temporary folder of its own for a test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chuhan-egtb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
fn damaged_files_are_refused_and_wrong_values_caught() {
    let dir = folder("damage");
    let tables = build(&["krk"]);
    let endgame: Endgame = "krk".parse().expect("valid");
    let (ix, sides) = tables.get(endgame).expect("built");
    for table in sides {
        file::save(&dir, table).expect("written");
    }
    let path = file::path(&dir, endgame, Side::Strong);
    let good = std::fs::read(&path).expect("read");
    let load = || Tables::new(&dir).load(endgame).map_err(|e| e.to_string());
    assert_eq!(load(), Ok(()));

    let mut flipped = good.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 0x40;
    std::fs::write(&path, &flipped).expect("write");
    assert_eq!(load(), Err(format!("{}: corrupted: checksum mismatch", path.display())));

    std::fs::write(&path, &good[..good.len() - 10]).expect("write");
    let err = load().expect_err("refused");
    assert!(
        err.ends_with(&format!("truncated: {} bytes, the header calls for {}", good.len() - 10, good.len())),
        "{err}"
    );

    std::fs::remove_file(&path).expect("remove");
    assert_eq!(load(), Err(format!("{}: not found", path.display())));

    // A wrong value in a well-formed file: only verification can tell.
    let mut values: Vec<Value> = sides[0].values().collect();
    let i = values.iter().position(|v| v.is_win()).expect("a win");
    values[i] = Value::win(values[i].plies().map_or(0, |n| n + 2));
    file::save(&dir, &Table::from_values(endgame, Side::Strong, ix.size(), values)).expect("written");
    let mut damaged = Tables::new(&dir);
    damaged.load(endgame).expect("well formed");
    let verdict = verify(endgame, &damaged, &egtb::silent).expect("loaded");
    assert_eq!(verdict.checked, 2 * ix.size());
    assert!(verdict.wrong >= 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_build_stopped_at_a_checkpoint_resumes_to_the_same_tables() {
    let dir = folder("checkpoint");
    let full = build(&["kpka"]);
    let endgame: Endgame = "kpka".parse().expect("valid");
    let mut subgames = Tables::new(&dir);
    let (kpk_ix, kpk) = full.get("kpk".parse().expect("valid")).expect("built");
    subgames.insert(kpk_ix.clone(), kpk.clone());
    let ix = Indexer::new(endgame);
    let want = &full.get(endgame).expect("built").1;
    // The undecided marks come from the restricted runs' bits, which the checkpoint carries.
    assert!(want.iter().any(|t| t.values().any(|v| v.is_undecided())));
    let mut checkpoint = Checkpoint::in_dir(&dir, endgame, std::time::Duration::ZERO);
    let path = checkpoint.path.clone().expect("a path");
    // Stopped in a restricted run, and resumed there.
    checkpoint.stop_after = Some((Stage::WeakRestricted, 2));
    let stopped = egtb::build(&ix, &subgames, &egtb::silent, &checkpoint);
    assert_eq!(stopped.err(), Some(egtb::BuildError::Stopped));
    assert!(path.exists());
    // Then stopped in the last run, and resumed without the sub-endgames a first pass needs.
    checkpoint.stop_after = Some((Stage::Values, 4));
    let stopped = egtb::build(&ix, &subgames, &egtb::silent, &checkpoint);
    assert_eq!(stopped.err(), Some(egtb::BuildError::Stopped));
    checkpoint.stop_after = None;
    let resumed = egtb::build(&ix, &Tables::new(&dir), &egtb::silent, &checkpoint).expect("resumed");
    assert_eq!(&resumed, want);
    assert!(!path.exists(), "the checkpoint is removed when the build is done");
    let _ = std::fs::remove_dir_all(&dir);
}

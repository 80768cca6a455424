//! Unit tests of the tables: names, build order, and a small build against known facts.

use super::*;

#[test]
fn names_read_in_any_case_and_write_canonically() {
    let e: Endgame = "KCPABKAABB".parse().expect("valid");
    assert_eq!(e.to_string(), "kcpabkaabb");
    assert_eq!("khekaa".parse::<Endgame>().map(|e| e.to_string()), Ok("knbkaa".to_string()));
    assert!("kkr".parse::<Endgame>().is_err());
    assert!("krkr".parse::<Endgame>().is_ok_and(Endgame::is_both_armed));
    assert!("krrkr".parse::<Endgame>().is_err());
    assert!("krx".parse::<Endgame>().is_err());
}

#[test]
fn the_first_set_has_its_documented_size() {
    let set = Endgame::first_set();
    assert_eq!(set.len(), 684);
    let total: u64 = set.iter().map(|&e| Indexer::new(e).size()).sum();
    assert_eq!(total, 3_148_704_000 + 52_767_936_000);
}

#[test]
fn sub_endgames_come_first() {
    let order = build_order(&["krkab".parse().expect("valid")]);
    let names: Vec<String> = order.iter().map(|e| e.to_string()).collect();
    assert_eq!(names, ["krk", "krkb", "krka", "krkab"]);
}

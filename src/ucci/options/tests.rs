//! The option table's tests.

use super::*;
use crate::ucci::Settings;

fn ok(name: &str, value: Option<&str>, dialect: Dialect) -> OptionChange {
    match validate(name, value, dialect, 1) {
        Ok(change) => change,
        Err(e) => panic!("setoption {name} {value:?} refused: {e}"),
    }
}

fn err(name: &str, value: Option<&str>, dialect: Dialect) -> String {
    match validate(name, value, dialect, 1) {
        Ok(change) => panic!("setoption {name} {value:?} accepted as {change:?}"),
        Err(e) => e.to_string(),
    }
}

// The announced lines themselves are pinned by `tests/docs.rs`, against the protocol pages.

#[test]
fn thread_maximum_is_a_parameter() {
    assert!(announcements(Dialect::Ucci, 8).contains(&"option threads type spin min 0 max 8 default 1".into()));
    assert!(announcements(Dialect::Uci, 8).contains(&"option name Threads type spin default 1 min 1 max 8".into()));
    assert_eq!(validate("threads", Some("8"), Dialect::Ucci, 8), Ok(OptionChange::Threads(ThreadCount::Fixed(8))));
    assert_eq!(
        validate("threads", Some("9"), Dialect::Ucci, 8).map_err(|e| e.to_string()),
        Err("setoption: threads: 9 is out of range (0 to 8)".into())
    );
}

#[test]
fn combo_lines_follow_each_field_order() {
    let def = OptionId::UciVariant.def();
    assert_eq!(def.announcement(Dialect::Ucci, 1), None);
    assert_eq!(
        def.announcement(Dialect::Uci, 1).as_deref(),
        Some("option name UCI_Variant type combo default xiangqi var xiangqi")
    );
    let ucci_combo = OptionDef { ucci: Some("style"), ..*def };
    assert_eq!(
        ucci_combo.announcement(Dialect::Ucci, 1).as_deref(),
        Some("option style type combo var xiangqi default xiangqi")
    );
}

#[test]
fn every_option_is_in_the_table_once() {
    for (i, a) in OPTIONS.iter().enumerate() {
        assert!(a.ucci.is_some() || a.uci.is_some(), "{:?} has no name", a.id);
        assert!(OPTIONS[i + 1..].iter().all(|b| b.id != a.id), "{:?} twice", a.id);
    }
    for id in UCCI_ANNOUNCED {
        assert!(id.def().ucci.is_some());
    }
    for id in UCI_ANNOUNCED {
        assert!(id.def().uci.is_some());
    }
}

#[test]
fn both_spellings_work_in_both_dialects() {
    for dialect in [Dialect::Ucci, Dialect::Uci] {
        assert_eq!(ok("hashsize", Some("64"), dialect), OptionChange::HashMb(64));
        assert_eq!(ok("HASH", Some("64"), dialect), OptionChange::HashMb(64));
        assert_eq!(ok("Hash", Some(" 64 "), dialect), OptionChange::HashMb(64));
        assert_eq!(ok("usemillisec", Some("false"), dialect), OptionChange::UseMillisec(false));
        assert_eq!(ok("Batch", Some("ON"), dialect), OptionChange::Batch(true));
        assert_eq!(ok("debug", Some("off"), dialect), OptionChange::Debug(false));
        assert_eq!(ok("ponder", Some("True"), dialect), OptionChange::Ponder(true));
        assert_eq!(ok("newgame", None, dialect), OptionChange::NewGame);
        assert_eq!(ok("clear  hash", None, dialect), OptionChange::ClearHash);
        assert_eq!(ok("Move Overhead", Some("30"), dialect), OptionChange::MoveOverheadMs(30));
        assert_eq!(ok("UCI_Variant", Some("Xiangqi"), dialect), OptionChange::NoChange);
        assert_eq!(ok("usebook", Some("false"), dialect), OptionChange::UseBook(false));
        assert_eq!(ok("OwnBook", Some("on"), dialect), OptionChange::UseBook(true));
    }
}

/// A path is taken as written, blanks inside included; no value or `<empty>` is the default book.
#[test]
fn book_file_values() {
    for dialect in [Dialect::Ucci, Dialect::Uci] {
        let file = |path: &str| OptionChange::BookFile(path.to_string());
        assert_eq!(ok("bookfiles", Some(" /a b/c.book "), dialect), file("/a b/c.book"));
        assert_eq!(ok("BookFile", Some("<empty>"), dialect), file(""));
        assert_eq!(ok("BOOKFILE", None, dialect), file(""));
    }
}

/// The network's two options in both spellings; `<empty>` or nothing is the built-in net.
#[test]
fn network_option_values() {
    for dialect in [Dialect::Ucci, Dialect::Uci] {
        assert_eq!(ok("Use NNUE", Some("true"), dialect), OptionChange::UseNnue(true));
        assert_eq!(ok("usennue", Some("off"), dialect), OptionChange::UseNnue(false));
        assert_eq!(ok("use  nnue", Some("on"), dialect), OptionChange::UseNnue(true));
        let file = |path: &str| OptionChange::EvalFile(path.to_string());
        assert_eq!(ok("evalfile", Some(" /nets/a b.nnue "), dialect), file("/nets/a b.nnue"));
        assert_eq!(ok("EvalFile", Some("<empty>"), dialect), file(""));
        assert_eq!(ok("EVALFILE", None, dialect), file(""));
    }
    assert_eq!(
        err("Use NNUE", Some("maybe"), Dialect::Uci),
        "setoption: Use NNUE: 'maybe' is not true, false, on or off"
    );
}

#[test]
fn zero_means_default_in_the_ucci_spelling_only() {
    assert_eq!(ok("hashsize", Some("0"), Dialect::Uci), OptionChange::HashMb(16));
    assert_eq!(ok("threads", Some("0"), Dialect::Ucci), OptionChange::Threads(ThreadCount::PerCore));
    assert_eq!(err("Hash", Some("0"), Dialect::Ucci), "setoption: Hash: 0 is out of range (1 to 32768)");
    // `threads` and `Threads` differ only in case: the session's spelling decides.
    assert_eq!(err("Threads", Some("0"), Dialect::Uci), "setoption: Threads: 0 is out of range (1 to 1)");
    assert_eq!(ok("Threads", Some("0"), Dialect::Ucci), OptionChange::Threads(ThreadCount::PerCore));
}

#[test]
fn refusals_give_the_info_string_text() {
    let d = Dialect::Ucci;
    assert_eq!(err("usedtb", Some("true"), d), "unknown option: usedtb");
    assert_eq!(err("useegtb", Some("maybe"), d), "setoption: useegtb: 'maybe' is not true, false, on or off");
    assert_eq!(err("usebook", Some("maybe"), d), "setoption: usebook: 'maybe' is not true, false, on or off");
    assert_eq!(err("Contempt", Some("3"), Dialect::Uci), "unknown option: Contempt");
    assert_eq!(err("hashsize", Some("40000"), d), "setoption: hashsize: 40000 is out of range (0 to 32768)");
    assert_eq!(err("hashsize", Some("-1"), d), "setoption: hashsize: -1 is out of range (0 to 32768)");
    assert_eq!(
        err("hashsize", Some("99999999999999999999"), d),
        "setoption: hashsize: 99999999999999999999 is out of range (0 to 32768)"
    );
    assert_eq!(err("hashsize", Some("64MB"), d), "setoption: hashsize: '64MB' is not a number");
    assert_eq!(err("hashsize", Some("0x10"), d), "setoption: hashsize: '0x10' is not a number");
    assert_eq!(err("hashsize", None, d), "setoption: hashsize: missing value (a number)");
    assert_eq!(err("hashsize", Some("  "), d), "setoption: hashsize: missing value (a number)");
    assert_eq!(err("batch", Some("yes"), d), "setoption: batch: 'yes' is not true, false, on or off");
    assert_eq!(err("batch", None, d), "setoption: batch: missing value (true or false)");
    assert_eq!(err("threads", Some("2"), d), "setoption: threads: 2 is out of range (0 to 1)");
    assert_eq!(
        err("UCI_Variant", Some("chess"), Dialect::Uci),
        "setoption: UCI_Variant: 'chess' is not supported (only xiangqi)"
    );
}

/// ElephantEye 3.31's options (its `ucci` answer, `eleeye/ucci.cpp`), as gmchess sends them:
/// every one accepted, in any case and spacing; those Chuhan cannot follow say so.
#[test]
fn elephanteyes_options_are_all_accepted() {
    for (name, value) in [
        ("usemillisec", "true"),
        ("promotion", "false"),
        ("batch", "false"),
        ("debug", "false"),
        ("ponder", "false"),
        ("usehash", "true"),
        ("usebook", "true"),
        ("bookfiles", "<empty>"),
        ("hashsize", "16"),
        ("idle", "none"),
        ("pruning", "large"),
        ("knowledge", "large"),
        ("randomness", "none"),
        ("style", "risky"),
        ("PRUNING", "  Large "),
        ("Knowledge", "NONE"),
    ] {
        assert!(validate(name, Some(value), Dialect::Ucci, 64).is_ok(), "{name} {value}");
    }
    assert_eq!(ok("newgame", None, Dialect::Ucci), OptionChange::NewGame);
    for (name, value, ignored) in [
        ("idle", "large", Ignored::Idle),
        ("IDLE", "small", Ignored::Idle),
        ("promotion", "true", Ignored::Promotion),
        ("usehash", "false", Ignored::NoHash),
    ] {
        assert_eq!(ok(name, Some(value), Dialect::Ucci), OptionChange::Ignored(ignored), "{name} {value}");
    }
    assert_eq!(
        Ignored::Idle.to_string(),
        "setoption: idle ignored: a search runs at full speed (lower Threads to share the machine)"
    );
}

#[test]
fn settings_default_to_the_table() {
    let s = Settings::default();
    for def in OPTIONS {
        let matches = match (def.id, def.kind) {
            (OptionId::UseMillisec, OptionKind::Check { default }) => s.usemillisec == default,
            (OptionId::Batch, OptionKind::Check { default }) => s.batch == default,
            (OptionId::Debug, OptionKind::Check { default }) => s.debug == default,
            (OptionId::Ponder, OptionKind::Check { default }) => s.ponder == default,
            // Kept by the engine (its table and its threads); engine-tests/robustness.rs checks them.
            (OptionId::Hash, OptionKind::Spin { default, .. }) => default == crate::engine::DEFAULT_HASH_MB as u32,
            (OptionId::Threads, OptionKind::Spin { default: 1, .. }) => true,
            (OptionId::MoveOverhead, OptionKind::Spin { default, .. }) => s.move_overhead_ms == default,
            (OptionId::ShowWdl, OptionKind::Check { default }) => s.show_wdl == default,
            (OptionId::NewGame | OptionId::ClearHash, OptionKind::Button) => true,
            (OptionId::UciVariant, OptionKind::Combo { .. }) => true,
            (OptionId::MultiPv, OptionKind::Spin { default, .. }) => s.strength.multipv == default,
            (OptionId::SkillLevel, OptionKind::Spin { default, .. }) => u32::from(s.strength.level.get()) == default,
            (OptionId::LimitStrength, OptionKind::Check { default }) => s.strength.limit_strength == default,
            (OptionId::UciElo, OptionKind::Spin { default, .. }) => s.strength.elo == default,
            (OptionId::Pruning, OptionKind::Combo { default, .. }) => s.strength.pruning == (default != "none"),
            (OptionId::Knowledge, OptionKind::Combo { default, .. }) => s.strength.knowledge == (default != "none"),
            (OptionId::Randomness, OptionKind::Combo { default, vars }) => vars[s.strength.randomness] == default,
            (OptionId::Style, OptionKind::Combo { default, vars }) => vars[s.strength.style] == default,
            // Kept by the engine (the default book, on); engine-tests/book.rs checks them.
            (OptionId::UseBook, OptionKind::Check { default: true }) => true,
            (OptionId::BookFile, OptionKind::Text { default: "" }) => true,
            // Kept by the engine too (no tables, on when set); engine-tests/egtb.rs checks them.
            (OptionId::UseEgtb, OptionKind::Check { default: true }) => true,
            (OptionId::EgtbPaths, OptionKind::Text { default: "" }) => true,
            (OptionId::MoveLimit, OptionKind::Spin { default, .. }) => s.move_limit == MoveLimit::moves(default),
            // Kept by the engine too (the built-in net, on); engine-tests/nnue.rs checks them.
            (OptionId::UseNnue, OptionKind::Check { default }) => default == crate::nnue::ON_BY_DEFAULT,
            (OptionId::EvalFile, OptionKind::Text { default: "" }) => true,
            // ElephantEye's, whose defaults are what Chuhan does: they change nothing.
            (OptionId::Promotion | OptionId::UseHash, OptionKind::Check { default }) => {
                ok(def.ucci.unwrap_or_default(), Some(&default.to_string()), Dialect::Ucci) == OptionChange::NoChange
            }
            (OptionId::Idle, OptionKind::Combo { default, .. }) => {
                ok("idle", Some(default), Dialect::Ucci) == OptionChange::NoChange
            }
            _ => false,
        };
        assert!(matches, "{:?}", def.id);
    }
}

#[test]
fn move_limit_takes_fifty_to_sixty_moves_in_both_spellings() {
    let fifty = OptionChange::MoveLimit(MoveLimit::FIFTY);
    assert_eq!(ok("MoveLimit", Some("50"), Dialect::Uci), fifty);
    assert_eq!(ok("movelimit", Some("50"), Dialect::Ucci), fifty);
    assert_eq!(ok("movelimit", Some("55"), Dialect::Ucci), OptionChange::MoveLimit(MoveLimit::moves(55)));
    assert_eq!(MoveLimit::moves(55).plies(), 110);
    assert_eq!(err("MoveLimit", Some("49"), Dialect::Uci), "setoption: MoveLimit: 49 is out of range (50 to 60)");
    assert_eq!(err("movelimit", Some("61"), Dialect::Ucci), "setoption: movelimit: 61 is out of range (50 to 60)");
    let mut s = Settings::default();
    assert_eq!(s.move_limit, MoveLimit::SIXTY);
    s.apply(fifty);
    assert_eq!(s.move_limit.plies(), 100);
}

#[test]
fn settings_follow_changes() {
    let mut s = Settings::default();
    assert!(s.usemillisec && !s.batch && s.move_overhead_ms == 10);
    s.apply(OptionChange::HashMb(64));
    assert_eq!(s, Settings::default(), "the engine keeps the table's size");
    s.apply(OptionChange::Batch(true));
    s.apply(OptionChange::NewGame);
    s.apply(OptionChange::ShowWdl(true));
    assert!(s.show_wdl);
    assert!(s.batch);
}

#[test]
fn strength_options_in_both_spellings() {
    for dialect in [Dialect::Ucci, Dialect::Uci] {
        assert_eq!(ok("MultiPV", Some("3"), dialect), OptionChange::MultiPv(3));
        assert_eq!(ok("multipv", Some("64"), dialect), OptionChange::MultiPv(64));
        assert_eq!(ok("Skill Level", Some("0"), dialect), OptionChange::SkillLevel(Level::MIN));
        assert_eq!(ok("skill  level", Some("20"), dialect), OptionChange::SkillLevel(Level::MAX));
        assert_eq!(ok("UCI_LimitStrength", Some("true"), dialect), OptionChange::LimitStrength(true));
        assert_eq!(ok("UCI_Elo", Some("1500"), dialect), OptionChange::Elo(1500));
        assert_eq!(ok("UCI_ShowWDL", Some("true"), dialect), OptionChange::ShowWdl(true));
        assert_eq!(ok("uci_showwdl", Some("off"), dialect), OptionChange::ShowWdl(false));
        assert_eq!(ok("pruning", Some("none"), dialect), OptionChange::Pruning(false));
        assert_eq!(ok("pruning", Some("Small"), dialect), OptionChange::Pruning(true));
        assert_eq!(ok("knowledge", Some("none"), dialect), OptionChange::Knowledge(false));
        assert_eq!(ok("knowledge", Some("large"), dialect), OptionChange::Knowledge(true));
        assert_eq!(ok("randomness", Some("huge"), dialect), OptionChange::Randomness(5));
        assert_eq!(ok("randomness", Some("none"), dialect), OptionChange::Randomness(0));
        assert_eq!(ok("style", Some("risky"), dialect), OptionChange::Style(2));
    }
}

#[test]
fn strength_options_refuse_bad_values() {
    let (d, u) = (Dialect::Ucci, Dialect::Uci);
    assert_eq!(err("MultiPV", Some("0"), u), "setoption: MultiPV: 0 is out of range (1 to 64)");
    assert_eq!(err("multipv", Some("65"), d), "setoption: multipv: 65 is out of range (1 to 64)");
    assert_eq!(err("MultiPV", Some("three"), u), "setoption: MultiPV: 'three' is not a number");
    assert_eq!(err("MultiPV", None, u), "setoption: MultiPV: missing value (a number)");
    assert_eq!(err("Skill Level", Some("21"), u), "setoption: Skill Level: 21 is out of range (0 to 20)");
    assert_eq!(err("Skill Level", Some("-1"), u), "setoption: Skill Level: -1 is out of range (0 to 20)");
    assert_eq!(
        err("UCI_LimitStrength", Some("maybe"), u),
        "setoption: UCI_LimitStrength: 'maybe' is not true, false, on or off"
    );
    assert_eq!(err("UCI_Elo", Some("-1"), u), "setoption: UCI_Elo: -1 is out of range (0 to 4420)");
    assert_eq!(err("UCI_Elo", Some("5000"), u), "setoption: UCI_Elo: 5000 is out of range (0 to 4420)");
    assert_eq!(
        err("pruning", Some("tiny"), d),
        "setoption: pruning: 'tiny' is not supported (only none, small, medium, large)"
    );
    assert_eq!(
        err("knowledge", Some("all"), d),
        "setoption: knowledge: 'all' is not supported (only none, small, medium, large)"
    );
    assert_eq!(
        err("randomness", Some("extreme"), d),
        "setoption: randomness: 'extreme' is not supported (only none, tiny, small, medium, large, huge)"
    );
    assert_eq!(err("style", Some("wild"), d), "setoption: style: 'wild' is not supported (only solid, normal, risky)");
    assert_eq!(err("style", None, d), "setoption: style: missing value");
}

#[test]
fn settings_follow_strength_changes() {
    let mut s = Settings::default();
    s.apply(OptionChange::MultiPv(4));
    s.apply(OptionChange::SkillLevel(Level::clamped(3)));
    s.apply(OptionChange::Randomness(2));
    s.apply(OptionChange::Pruning(false));
    assert_eq!((s.strength.multipv, s.strength.level.get(), s.strength.randomness), (4, 3, 2));
    let st = s.strength.strength();
    assert_eq!((st.level.get(), st.randomness, st.pruning, st.knowledge), (3, 4, false, true));
}

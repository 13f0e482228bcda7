//! Rules versions: every version keeps playing exactly the games it played when it was released. These
//! digests of self-play games (every final state, as saved) were taken when each version was made; a
//! change that alters any of them changes an old version's behaviour, which would break the games saved
//! under it. A new rule is a new version (`rules::version`), with its own digests here, taken from
//! `gambit selfplay --games 10 --seed 42 --rules N [--players 4]`.

use crate::common::*;
use gambit::cli::queens_gambit::selfplay;
use gambit::games::queens_gambit::rules::{Mode, RulesVersion};

fn digest(rules: RulesVersion, mode: Mode) -> u64 {
    selfplay::run(data(), 10, 42, (mode, rules), 500, false).map(|s| s.digest).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn version_1_nudged_sight_plays_the_very_same_games() {
    assert_eq!(digest(RulesVersion::V1, Mode::TwoPlayer), 0x7614_5cb0_6528_de80);
    assert_eq!(digest(RulesVersion::V1, Mode::FourPlayer), 0x31cd_0ebf_9324_ec70);
}

/// Version 2's digests are the ones pinned while the engine's data layout changed (issue 17).
#[test]
fn version_2_exact_sight_plays_the_very_same_games() {
    assert_eq!(digest(RulesVersion::V2, Mode::TwoPlayer), 0x64d9_ad26_a5d3_24b2);
    assert_eq!(digest(RulesVersion::V2, Mode::FourPlayer), 0x825f_c607_b7cc_34b4);
}

#[test]
fn version_3_wall_ends_plays_the_very_same_games() {
    assert_eq!(digest(RulesVersion::V3, Mode::TwoPlayer), 0xf6b2_f183_9bc9_5784);
    assert_eq!(digest(RulesVersion::V3, Mode::FourPlayer), 0x60d4_9016_36be_05f6);
}

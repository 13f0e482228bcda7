//! *The Queen's Gambit*'s own commands: its self-play (in memory, or through the service into a database)
//! and its arena of computer players.

use super::args::Command;
use super::failure::{Failure, Kind};
use super::setup::{Setup, misrouted, runtime};
use super::{arena, selfplay};
use crate::games::queens_gambit::rules::{Mode, RulesVersion};
use std::io::Write;

fn mode_of(players: u8) -> Result<Mode, Failure> {
    Mode::from_players(players)
        .ok_or_else(|| Failure::new(Kind::Usage, format!("--players must be 2 or 4, not {players}")))
}

/// The rules version asked for with `--rules` (the newest without it); games saved with `--db` are new.
fn rules_of(asked: Option<u32>, saved: bool) -> Result<RulesVersion, Failure> {
    let Some(n) = asked else { return Ok(RulesVersion::NEWEST) };
    let newest = RulesVersion::NEWEST;
    let rules = RulesVersion::from_number(i64::from(n))
        .ok_or_else(|| Failure::new(Kind::Usage, format!("there is no rules version {n} (versions 1 to {newest})")))?;
    if saved && rules != newest {
        return Err(Failure::new(Kind::Usage, format!("games saved with --db are new games: they use rules {newest}")));
    }
    Ok(rules)
}

/// `gambit selfplay`: random games, in memory or (with `--db`) through the service into that database.
pub fn selfplay(setup: &Setup, command: &Command) -> Result<(), Failure> {
    let Command::Selfplay { games, seed, players, rules, max_rounds, check, .. } = *command else {
        return Err(misrouted());
    };
    let mode = mode_of(players)?;
    let rules = rules_of(rules, setup.db.is_some())?;
    let found = |e: String| Failure::new(Kind::Problem, format!("self-play found a bug: {e}"));
    let data = setup.data.clone();
    let sum = match setup.db {
        Some(db) => runtime()?.block_on(async {
            let svc = crate::service::Service::open_writable(db, data).await?;
            let sum = selfplay::run_saved(&svc, games, seed, mode, max_rounds).await;
            svc.close().await;
            sum.map_err(found)
        })?,
        None => selfplay::run(data, games, seed, (mode, rules), max_rounds, check).map_err(found)?,
    };
    writeln!(std::io::stdout().lock(), "{}", sum.line()).map_err(Failure::from)
}

/// `gambit arena`: two computer players rated against each other.
pub fn arena(setup: &Setup, command: &Command) -> Result<(), Failure> {
    let Command::Arena { a, b, games, players, seed, threads, max_rounds, budget_scale, sprt, agent_ms, .. } = command
    else {
        return Err(misrouted());
    };
    let mode = mode_of(*players)?;
    let spec = |s: &str| s.parse::<crate::games::queens_gambit::ai::Spec>().map_err(|e| Failure::new(Kind::Usage, e));
    let mut settings = setup.config.ai.settings().uncapped().scaled(*budget_scale);
    settings.command_limit = std::time::Duration::from_millis(*agent_ms);
    let sprt = sprt.as_ref().map(|v| crate::games::queens_gambit::ai::sprt::Sprt::new(v[0], v[1]));
    let (a, b) = (spec(a)?, spec(b)?);
    let (games, seed, threads, max_rounds) = (*games, *seed, *threads, *max_rounds);
    let o = arena::Options { a, b, games, mode, seed, threads, max_rounds, settings, sprt };
    let report = arena::run(setup.data.clone(), &o).map_err(|e| Failure::new(Kind::Problem, e))?;
    write!(std::io::stdout().lock(), "{}", report.text()).map_err(Failure::from)
}

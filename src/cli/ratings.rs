//! `gambit ratings`: every server's ladders as kept, checked against what the saved games give; with
//! `--rebuild`, the ratings computed again from the games, in the order they ended, and kept instead.

use super::failure::{Failure, Kind};
use crate::ratings::{Ladder, Rating};
use crate::service::{Catalog, Service};
use std::io::Write;
use std::path::Path;

pub async fn command(db: &Path, catalog: Catalog, rebuild: bool) -> Result<(), Failure> {
    let out = |text: String| writeln!(std::io::stdout().lock(), "{text}").map_err(Failure::from);
    if rebuild {
        let svc = Service::open_writable(db, catalog).await?;
        let rated = svc.rebuild_ratings().await;
        let kept = svc.kept_ratings().await;
        svc.close().await;
        let (rated, kept) = (rated?, kept?);
        return out(format!("{rated} game(s) rated; {} rating(s) kept.", kept.len()));
    }
    // Read-only: nothing is written, whatever the check finds.
    let svc = Service::open_read_only(db, catalog).await?;
    let kept = svc.kept_ratings().await;
    let games = svc.ratings_from_games().await;
    svc.close().await;
    let (kept, games) = (kept?, games?);
    let mut ladder: Option<&Ladder> = None;
    let mut differ = 0;
    for (l, user, r) in &kept {
        if ladder != Some(l) {
            out(format!("server {} · {} · {} a side", l.server, l.game, l.per_side))?;
            ladder = Some(l);
        }
        let provisional = if r.provisional() { " (provisional)" } else { "" };
        out(format!("  {user}: {:.0} ± {:.0}, {} game(s){provisional}", r.rating, 2.0 * r.deviation, r.games))?;
        let from_games = user.parse::<u64>().map(|u| games.get(l, u)).unwrap_or_default();
        differ += usize::from(!same(r, &from_games));
    }
    let missing = games.all().filter(|(l, u, _)| !kept.iter().any(|(k, p, _)| k == *l && *p == u.to_string())).count();
    match differ + missing {
        0 => out(format!("{} rating(s), as the saved games give them.", kept.len())),
        n => Err(Failure::new(
            Kind::Problem,
            format!("{n} rating(s) differ from what the saved games give: `gambit ratings --rebuild` puts them right"),
        )),
    }
}

/// Equal but for the rounding of a number kept in the database.
fn same(a: &Rating, b: &Rating) -> bool {
    (a.rating - b.rating).abs() < 1e-6 && (a.deviation - b.deviation).abs() < 1e-6 && a.games == b.games
}

//! `gambit bench`'s game endings, every game's: the step that ends a game (a concession, as the service
//! takes it and saves it), when the game counts for its players' ratings (a server's game between
//! members: the ratings move in the same transaction) and when it does not (the same game where nobody is
//! rated). The difference is what keeping ratings costs a game's end.

use crate::cli::report::{Report, p50_p99, stats};
use crate::service::{Caller, NewGameRequest, Person, Power, Service};
use std::time::Instant;

/// `games` endings of each game, rated and not, on a new SQLite file.
pub async fn endings(games: usize) -> Result<Report, String> {
    let dir = std::env::temp_dir().join(format!("gambit-bench-endings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let limits = crate::service::Limits { commands_per_minute: 0, ..Default::default() };
    let svc = Service::open(&dir.join("endings.db")).await.map_err(|e| e.to_string())?.with_limits(limits);
    let mut out = Report::default();
    let mut all = (Vec::new(), Vec::new());
    let keys: Vec<&'static str> = svc.catalog().all().iter().map(|k| k.key()).collect();
    for (n, key) in keys.iter().enumerate() {
        for i in 0..games {
            // A few players, so that ratings are read and written for players who already have one.
            let (a, b) = (200 + (i % 5) as u64, 300 + (i % 7) as u64);
            all.0.push(ending(&svc, key, "100", (a, b), (n * games + i) as u64).await?);
            all.1.push(ending(&svc, key, "unrated", (a, b), (n * games + i) as u64).await?);
        }
    }
    svc.close().await;
    let _ = std::fs::remove_dir_all(&dir);
    out.line(stats("game end, rated (ratings moved in its transaction)", &all.0));
    out.line(stats("game end, not rated", &all.1));
    let (p50, p99) = p50_p99(&all.0);
    out.figure("game_end_rated_p50_ms", p50);
    out.figure("game_end_rated_p99_ms", p99);
    let (p50, p99) = p50_p99(&all.1);
    out.figure("game_end_unrated_p50_ms", p50);
    out.figure("game_end_unrated_p99_ms", p99);
    Ok(out)
}

/// A game of `key` on server `guild` between members `a` and `b`, begun, then conceded by `b`: the
/// concession's time in milliseconds. A server Discord would never name (not a number) rates nobody.
async fn ending(svc: &Service, key: &str, guild: &str, (a, b): (u64, u64), seed: u64) -> Result<f64, String> {
    let member = |u: u64| Caller::member(Person::new(u, false), guild, "700", Power::default());
    let err = |e: crate::service::ServiceError| e.to_string();
    let req = NewGameRequest { game: key.into(), seed: Some(seed), ..Default::default() };
    let id = svc.create(&member(a), req).await.map_err(err)?;
    svc.join(&member(b), id, None).await.map_err(err)?;
    svc.start(&member(a), id).await.map_err(err)?;
    // Past its secret preparations (a setup: each player's first offer, step by step), where a concession
    // is taken.
    for _ in 0..200 {
        if svc.table_seen(&member(a), id).await.map_err(err)?.in_play {
            break;
        }
        for who in [a, b] {
            if !svc.table_seen(&member(who), id).await.map_err(err)?.deciding {
                continue;
            }
            // The menu's first entry, level by level, down to a choice.
            let mut path: Vec<String> = Vec::new();
            let leaf = loop {
                let steps: Vec<&str> = path.iter().map(String::as_str).collect();
                let menu = svc.table_menu(&member(who), id, &steps).await.map_err(err)?;
                let Some(first) = menu.items.into_iter().next() else { break None };
                if first.leaf {
                    break Some(first.id);
                }
                path.push(first.id);
            };
            if let Some(choice) = leaf {
                let chosen = svc.choose(&member(who), id, None, crate::service::Chosen::Typed, &choice).await;
                chosen.map_err(|r| format!("{choice}: {r}"))?;
            }
        }
    }
    let t = Instant::now();
    svc.concede(&member(b), id).await.map_err(err)?;
    Ok(t.elapsed().as_secs_f64() * 1e3)
}

//! `gambit bench`: the rules engine's speed (complete random games per second on one core) and the
//! saved-game latency (act + save through the service on a real SQLite file).

use super::agent::RandomAgent;
use super::selfplay::{self, play_one};
use crate::rules::{Data, Mode};
use crate::service::{NewGameRequest, Service};
use std::sync::Arc;
use std::time::Instant;

/// Random games per second and microseconds per decision, for each player count.
pub fn rules(data: Arc<Data>, games: u32) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for mode in [Mode::TwoPlayer, Mode::FourPlayer] {
        let sum = selfplay::run(data.clone(), games, 1, mode, 500, false)?;
        out.push(format!(
            "rules {}p: {:.0} games/s, {:.2} us per decision ({} games, {} decisions, one core)",
            mode.seats(),
            f64::from(sum.games) / sum.seconds.max(1e-9),
            sum.seconds * 1e6 / sum.decisions.max(1) as f64,
            sum.games,
            sum.decisions
        ));
    }
    Ok(out)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn stats(label: &str, ms: &[f64]) -> String {
    let mut s = ms.to_vec();
    s.sort_by(f64::total_cmp);
    format!(
        "{label}: n={} median={:.2} ms p99={:.2} ms max={:.2} ms",
        s.len(),
        percentile(&s, 0.5),
        percentile(&s, 0.99),
        s.last().copied().unwrap_or(0.0)
    )
}

/// Act + save latency over one long game (at least `actions` actions), and how it grows with the game.
pub async fn store(data: Arc<Data>, actions: u64) -> Result<Vec<String>, String> {
    // A seed whose random game is long enough.
    let mode = Mode::FourPlayer;
    let seed = (0..500u64)
        .map(|i| selfplay::game_seed(99, i as u32))
        .find(|s| play_one(data.clone(), mode, *s, 500, false).is_ok_and(|p| p.decisions >= actions))
        .ok_or("no random game is that long")?;
    let dir = std::env::temp_dir().join(format!("gambit-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let svc = Service::open(&dir.join("bench.db")).await.map_err(|e| e.to_string())?;
    let err = |e: crate::service::ServiceError| e.to_string();
    let host = |user: String| crate::service::Caller::host(user);
    let id = svc
        .create(&host("bench".into()), NewGameRequest { players: 4, seed: Some(seed), ..Default::default() })
        .await
        .map_err(err)?;
    for s in crate::rules::Seat::all(mode) {
        svc.join(&host(format!("random:{}", s.key(mode))), id, Some(s)).await.map_err(err)?;
    }
    svc.start(&host("random:tf-field".into()), id).await.map_err(err)?;
    let mut agent = RandomAgent::new(&data, seed);
    let mut ms = Vec::new();
    while (ms.len() as u64) < actions {
        let engine = svc.engine(id).await.map_err(err)?;
        let Some(dec) = engine.pending().first().cloned() else { break };
        let choice = agent.pick(&engine, &dec);
        let user = host(format!("random:{}", dec.seat.key(mode)));
        let revision = svc.revision(id).await.map_err(err)?;
        let t = Instant::now();
        svc.act(&user, id, Some(dec.seat), revision, &choice).await.map_err(err)?;
        ms.push(t.elapsed().as_secs_f64() * 1e3);
    }
    svc.close().await;
    let _ = std::fs::remove_dir_all(&dir);
    let n = ms.len();
    let q = (n / 4).max(1);
    Ok(vec![
        stats("store act+save, whole game", &ms),
        stats("  first quarter", &ms[..q.min(n)]),
        stats("  last quarter", &ms[n.saturating_sub(q)..]),
    ])
}

/// Clicks through the bot as players make them (the answer, the public post and its picture), on a
/// game held in memory: `clicks` public answers of a seeded 2-player game (plans are made directly).
pub async fn clicks(data: Arc<Data>, clicks: usize) -> Result<Vec<String>, String> {
    use crate::discord::bot::{Bot, Origin};
    use crate::service::{Caller, Person, Power};
    let dir = std::env::temp_dir().join(format!("gambit-bench-clicks-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let limits = crate::service::Limits { commands_per_minute: 0, ..Default::default() };
    let svc = Arc::new(Service::open(&dir.join("clicks.db")).await.map_err(|e| e.to_string())?.with_limits(limits));
    let renderer = Arc::new(crate::render::Renderer::new(data.clone()).map_err(|e| e.to_string())?);
    let bot = Bot::new(svc.clone(), renderer, std::time::Duration::from_secs(3), Some(11));
    let users = ["100000000000000001", "100000000000000002"];
    let at = |user: &str| Origin {
        caller: Caller::member(Person::new(user, false), "1", "2", Power::default()),
        channel: "2".into(),
        permissions: crate::discord::perms::INVITE,
        from_private: false,
        message: None,
    };
    let err = |e: crate::service::ServiceError| e.to_string();
    let mut ms = Vec::new();
    let mut agent = RandomAgent::new(&data, 11);
    while ms.len() < clicks {
        let guest = Some(Person::new(users[1], false));
        let out = bot.new_game(&at(users[0]), 2, Some(crate::rules::Side::Tf), "", guest).await;
        let game = out.thread.ok_or("no game was made")?.game;
        let start = crate::discord::ids::Action::Start { game }.id().ok_or("no start button")?;
        bot.component(&at(users[0]), &start, &[]).await;
        loop {
            let engine = svc.engine(game).await.map_err(err)?;
            let Some(dec) = engine.pending().first().cloned() else { break };
            let choice = agent.pick(&engine, &dec);
            let revision = svc.revision(game).await.map_err(err)?;
            let user = users[dec.seat.index() % 2];
            if dec.prompt.is_secret() {
                svc.act(&Caller::host(user), game, Some(dec.seat), revision, &choice).await.map_err(err)?;
                continue;
            }
            let action = crate::discord::ids::Action::Choose {
                game,
                seat: dec.seat,
                version: revision,
                choice: choice.text(&data),
            };
            let id = action.id().ok_or("no button for a choice")?;
            let t = Instant::now();
            bot.component(&at(user), &id, &[]).await;
            ms.push(t.elapsed().as_secs_f64() * 1e3);
            if ms.len() >= clicks {
                break;
            }
        }
    }
    svc.close().await;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(vec![stats("bot click (answer, post, picture)", &ms)])
}

//! The first game's part of `gambit bench`: its rules engine's speed (complete random games per second on
//! one core, the cost of copying a game state), its computer levels, the saved-game latency (act + save
//! through the service on a real SQLite file, and on PostgreSQL with `--db postgres://...`), a player's
//! click through the bot, and the pictures.

use super::selfplay::{self, play_one};
use crate::cli::report::{Report, p50_p99, stats};
use crate::cli::setup::host;
use crate::games::queens_gambit::KEY;
use crate::games::queens_gambit::rules::RandomAgent;
use crate::games::queens_gambit::rules::{Data, Game, Mode, RulesVersion};
use crate::service::{NewGameRequest, Service, host};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// Random games per second and microseconds per decision, for each player count; then the cost of
/// copying a mid-game state.
pub fn rules(data: Arc<Data>, games: u32) -> Result<Report, String> {
    let mut out = Report::default();
    for (mode, key) in [(Mode::TwoPlayer, "rules_2p_games_per_s"), (Mode::FourPlayer, "rules_4p_games_per_s")] {
        let sum = selfplay::run(data.clone(), games, 1, (mode, RulesVersion::NEWEST), 500, false)?;
        let per_s = f64::from(sum.games) / sum.seconds.max(1e-9);
        out.line(format!(
            "rules {}p: {per_s:.0} games/s, {:.2} us per decision ({} games, {} decisions, one core)",
            mode.seats(),
            sum.seconds * 1e6 / sum.decisions.max(1) as f64,
            sum.games,
            sum.decisions
        ));
        out.figure(key, per_s.round());
    }
    out.add(state_copy(data)?);
    Ok(out)
}

/// How long a copy of a mid-game state takes (what a search does before every playout) and how many
/// bytes it holds.
fn state_copy(data: Arc<Data>) -> Result<Report, String> {
    let (mut game, _) = Game::new(data, Mode::TwoPlayer, 7);
    let mut agent = RandomAgent::new(game.data(), 7);
    while game.state().round < 4 && game.outcome().is_none() {
        let Some(dec) = game.pending().first().cloned() else { break };
        let choice = agent.pick(&game, &dec);
        game.act(dec.seat, &choice).map_err(|e| e.to_string())?;
    }
    const COPIES: u32 = 20_000;
    let t = Instant::now();
    let mut kept = 0usize;
    for _ in 0..COPIES {
        kept += std::hint::black_box(game.state().clone()).pieces.len();
    }
    let us = t.elapsed().as_secs_f64() * 1e6 / f64::from(COPIES);
    let bytes = game.state().footprint();
    let mut out = Report::default();
    out.line(format!("state copy (round {}): {us:.2} us, {bytes} bytes", game.state().round));
    out.figure("state_clone_us", (us * 100.0).round() / 100.0);
    out.figure("state_bytes", bytes as f64);
    std::hint::black_box(kept);
    Ok(out)
}

/// Each computer level's decision time (median, p99) and its search's worlds per second, at decision
/// points of games the easy level plays against itself (only questions with a choice to make).
pub fn levels(
    data: Arc<Data>,
    decisions: usize,
    settings: &crate::games::queens_gambit::ai::Settings,
) -> Result<Report, String> {
    use crate::games::queens_gambit::ai::{Level, Seen, Spec, agent};
    use crate::games::queens_gambit::rules::Viewer;
    // The decision points: every 7th real question of seeded games, until there are enough.
    let mut points: Vec<Game> = Vec::new();
    let mut seed = 1;
    while points.len() < decisions && seed < 200 {
        let (mut game, _) = Game::new(data.clone(), Mode::TwoPlayer, seed);
        let mut players = agent(&Spec::Level(Level::Easy), &data, seed, settings);
        let mut n = 0;
        while game.outcome().is_none() && points.len() < decisions && n < 5000 {
            let Some(dec) = game.pending().first().cloned() else { break };
            if dec.options.len() > 1 && n % 7 == 0 {
                points.push(game.clone());
            }
            n += 1;
            let q = game.question_for(dec.seat).ok_or("no question")?;
            let seen = Seen::new(dec.seat, game.view(Viewer::Seat(dec.seat)), &q);
            let choice = players.choose(&seen).map_err(|f| f.0)?;
            game.act(dec.seat, &choice).map_err(|e| e.to_string())?;
        }
        seed += 1;
    }
    let mut out = Report::default();
    for level in Level::ALL {
        // Hard thinks ten times as long: a quarter of the points keeps the bench short.
        let take = if level == Level::Hard { points.len().div_ceil(4) } else { points.len() };
        let mut solver = agent(&Spec::Level(level), &data, 7, settings);
        let mut ms = Vec::new();
        let started = Instant::now();
        for game in points.iter().take(take) {
            let Some(dec) = game.pending().first() else { continue };
            let q = game.question_for(dec.seat).ok_or("no question")?;
            let seen = Seen::new(dec.seat, game.view(Viewer::Seat(dec.seat)), &q).with_worlds(game.worlds(dec.seat));
            let t = Instant::now();
            solver.choose(&seen).map_err(|f| f.0)?;
            ms.push(t.elapsed().as_secs_f64() * 1e3);
        }
        let seconds = started.elapsed().as_secs_f64().max(1e-9);
        let (p50, p99) = p50_p99(&ms);
        let worlds = solver.worlds_played() as f64 / seconds;
        let cap = settings.budget(level).cap.as_millis();
        out.line(format!("{}; {worlds:.0} worlds/s; cap {cap} ms", stats(&format!("computer {level} decision"), &ms)));
        let (k50, k99, kw) = match level {
            Level::Easy => ("ai_easy_decision_ms_p50", "ai_easy_decision_ms_p99", "ai_easy_worlds_per_s"),
            Level::Normal => ("ai_normal_decision_ms_p50", "ai_normal_decision_ms_p99", "ai_normal_worlds_per_s"),
            Level::Hard => ("ai_hard_decision_ms_p50", "ai_hard_decision_ms_p99", "ai_hard_worlds_per_s"),
        };
        out.figure(k50, p50);
        out.figure(k99, p99);
        out.figure(kw, worlds.round());
    }
    Ok(out)
}

/// Act + save latency over one long game (at least `actions` actions), and how it grows with the game:
/// on a new SQLite file, and also on PostgreSQL when `postgres` names one (in a schema of its own, made
/// for the run and dropped after it: nothing of the host's is touched).
pub async fn store(data: Arc<Data>, actions: u64, postgres: Option<&str>) -> Result<Report, String> {
    let dir = std::env::temp_dir().join(format!("gambit-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("bench.db");
    let mut out =
        act_save(data.clone(), actions, &file, "store act+save", ("act_save_p50_ms", "act_save_p99_ms")).await;
    let _ = std::fs::remove_dir_all(&dir);
    if let (Ok(_), Some(url)) = (&out, postgres) {
        let schema = format!("gambit_bench_{}", std::process::id());
        let run = async {
            host::scratch_schema(url, &schema, true).await.map_err(|e| format!("PostgreSQL: {e}"))?;
            let within = host::within_schema(url, &schema);
            act_save(
                data,
                actions,
                Path::new(&within),
                "PostgreSQL act+save",
                ("act_save_postgres_p50_ms", "act_save_postgres_p99_ms"),
            )
            .await
        };
        let pg = run.await;
        let dropped = host::scratch_schema(url, &schema, false).await.map_err(|e| format!("PostgreSQL: {e}"));
        if let (Ok(all), Ok(pg)) = (&mut out, pg.and_then(|r| dropped.map(|_| r))) {
            all.add(pg);
        } else if let Ok(all) = &mut out {
            all.line("PostgreSQL act+save: failed (see the error above)".into());
        }
    }
    out
}

async fn act_save(
    data: Arc<Data>,
    actions: u64,
    db: &Path,
    label: &str,
    (p50_name, p99_name): (&'static str, &'static str),
) -> Result<Report, String> {
    // A seed whose random game is long enough.
    let mode = Mode::FourPlayer;
    let seed = (0..500u64)
        .map(|i| selfplay::game_seed(99, i as u32))
        .find(|s| play_one(data.clone(), mode, *s, 500, false).is_ok_and(|p| p.decisions >= actions))
        .ok_or("no random game is that long")?;
    let svc = Service::open(db).await.map_err(|e| e.to_string())?;
    let err = |e: crate::service::ServiceError| e.to_string();
    let id = svc
        .create(
            &host("bench"),
            NewGameRequest { sit_out: true, seed: Some(seed), ..NewGameRequest::of(KEY, "players 4") },
        )
        .await
        .map_err(err)?;
    // Played in a channel, as on Discord: each step also owes its thread its posts (the outbox).
    svc.set_thread(id, &"2".into()).await.map_err(err)?;
    for s in crate::games::queens_gambit::rules::Seat::all(mode) {
        svc.join(&host(format!("random:{}", s.key(mode))), id, Some(s.index())).await.map_err(err)?;
    }
    svc.start(&host("random:tf-field"), id).await.map_err(err)?;
    let mut agent = RandomAgent::new(&data, seed);
    let mut ms = Vec::new();
    while (ms.len() as u64) < actions {
        let engine = svc.engine(&crate::service::host::terminal(), id).await.map_err(err)?;
        let Some(dec) = engine.pending().first().cloned() else { break };
        let choice = agent.pick(&engine, &dec);
        // Each action carries an interaction id, as from Discord (kept in its unique column).
        let request = 1_300_000_000_000_000_000u64 + ms.len() as u64;
        let user = host(format!("random:{}", dec.seat.key(mode))).for_request(request);
        let revision = svc.revision(id).await.map_err(err)?;
        let t = Instant::now();
        let chosen = crate::service::Chosen::Revision(revision);
        svc.choose(&user, id, Some(dec.seat.index()), chosen, &choice.text(&data)).await.map_err(|r| r.to_string())?;
        ms.push(t.elapsed().as_secs_f64() * 1e3);
    }
    svc.close().await;
    let n = ms.len();
    let q = (n / 4).max(1);
    let mut out = Report::default();
    out.line(stats(&format!("{label}, whole game"), &ms));
    out.line(stats("  first quarter", &ms[..q.min(n)]));
    out.line(stats("  last quarter", &ms[n.saturating_sub(q)..]));
    let (p50, p99) = p50_p99(&ms);
    out.figure(p50_name, p50);
    out.figure(p99_name, p99);
    Ok(out)
}

/// A member of the bench's server, in its channel.
fn at(user: &str) -> crate::discord::bot::Origin {
    use crate::service::{Caller, Person, Power};
    crate::discord::bot::Origin {
        caller: Caller::member(Person::new(user, false), "1", "2", Power::default()),
        channel: "2".into(),
        permissions: crate::discord::perms::INVITE,
        from_private: false,
        message: None,
    }
}

/// A bot on a fresh database in `dir`, with no limit on commands, seeding its games.
async fn bench_bot(
    dir: &std::path::Path,
    data: &Arc<Data>,
) -> Result<(Arc<Service>, crate::discord::bot::Bot), String> {
    let _ = std::fs::remove_dir_all(dir);
    let limits = crate::service::Limits { commands_per_minute: 0, ..Default::default() };
    let svc = Arc::new(Service::open(&dir.join("clicks.db")).await.map_err(|e| e.to_string())?.with_limits(limits));
    let renderer = Arc::new(crate::render::queens_gambit::Renderer::new(data.clone()).map_err(|e| e.to_string())?);
    let bot = crate::discord::bot::Bot::new(
        svc.clone(),
        crate::render::Painters::new(renderer),
        std::time::Duration::from_secs(3),
        Some(11),
    );
    Ok((svc, bot))
}

/// Clicks through the bot as players make them (the answer, the public post and its picture), on a
/// game held in memory: `clicks` public answers of a seeded 2-player game (plans are made directly).
pub async fn clicks(data: Arc<Data>, clicks: usize) -> Result<Report, String> {
    use crate::service::Person;
    let dir = std::env::temp_dir().join(format!("gambit-bench-clicks-{}", std::process::id()));
    let (svc, bot) = bench_bot(&dir, &data).await?;
    let users = ["100000000000000001", "100000000000000002"];
    let err = |e: crate::service::ServiceError| e.to_string();
    let mut ms = Vec::new();
    let mut agent = RandomAgent::new(&data, 11);
    while ms.len() < clicks {
        let guest = Some(Person::new(users[1], false));
        let out = bot
            .new_game(&at(users[0]), 2, Some(crate::games::queens_gambit::rules::Side::Tf), "", guest, (None, None))
            .await;
        let game = out.thread.ok_or("no game was made")?.game;
        let start = crate::discord::ids::Action::Start { game }.id().ok_or("no start button")?;
        // The invited player starts it, which accepts the invitation.
        bot.component(&at(users[1]), &start, &[]).await;
        loop {
            let engine = svc.engine(&crate::service::host::terminal(), game).await.map_err(err)?;
            let Some(dec) = engine.pending().first().cloned() else { break };
            let choice = agent.pick(&engine, &dec);
            let revision = svc.revision(game).await.map_err(err)?;
            let user = users[dec.seat.index() % 2];
            if dec.prompt.is_secret() {
                let (chosen, text) = (crate::service::Chosen::Revision(revision), choice.text(svc.data()));
                let seat = Some(dec.seat.index());
                svc.choose(&host(user), game, seat, chosen, &text).await.map_err(|r| r.to_string())?;
                continue;
            }
            let action = crate::discord::ids::Action::Choose {
                game,
                seat: dec.seat.index(),
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
    let mut out = Report::default();
    out.line(stats("bot click (answer, post, picture)", &ms));
    let (p50, p99) = p50_p99(&ms);
    out.figure("click_p50_ms", p50);
    out.figure("click_p99_ms", p99);
    Ok(out)
}

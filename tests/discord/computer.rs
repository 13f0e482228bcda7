//! The computer at the table, through the real bot and the fake Discord: a member opens a 2 v 2 game and
//! seats the computer at the three other seats from the lobby's menu (a teammate and both opponents), then
//! plays their own seat with typed moves while the computer plays the rest, to the end. The lobby shows
//! the computer as a player, the thread says when it is thinking, `/qg games` names it, its moves and
//! plans are saved like a player's, and the recap says which seats it played.

use crate::support::{CHANNEL_ID, FakeDiscord, user_id};
use gambit::discord::ids::Action;
use gambit::games::queens_gambit::rules::{Mode, RandomAgent, Role, Seat, Side};
use gambit::service::{Service, host};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const ME: u64 = 7;

fn components(msg: &Value) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for row in msg["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            let Some(id) = c["custom_id"].as_str() else { continue };
            let values =
                c["options"].as_array().into_iter().flatten().filter_map(|o| o["value"].as_str().map(String::from));
            out.push((id.to_string(), values.collect()));
        }
    }
    out
}

/// A command's answer, as its text.
async fn command(fake: &FakeDiscord, channel: u64, path: &str, options: &[(&str, Value)]) -> String {
    crate::discord::e2e::command(fake, ME, channel, path, options).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_v_two_game_with_three_computer_seats_plays_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("computer.db");
    let config = dir.path().join("computer.toml");
    // Small budgets keep the test quick; a member types as fast as the bot answers.
    std::fs::write(
        &config,
        "[ai]\nthreads = 1\nnormal_worlds = 24\nhard_worlds = 48\n[limits]\ncommands_per_minute = 0\n",
    )
    .unwrap();
    let fake = FakeDiscord::start().await;
    fake.forget_uploads();
    let mut client = crate::support::real_bot(&fake, &db, &config, "20261126").await;
    let shards = client.shard_manager.clone();
    let run = tokio::spawn(async move { client.start().await });
    fake.ready().await;

    // The lobby, in its thread.
    let mark = fake.mark();
    command(&fake, CHANNEL_ID, "qg new", &[("players", json!(1)), ("side", json!(0)), ("title", json!("bots"))]).await;
    let made =
        fake.wait_for_since(mark, |r| r.method == "POST" && r.path.contains("/threads"), Duration::from_secs(20)).await;
    let name = made.body["name"].as_str().unwrap_or("").to_string();
    let thread = fake
        .threads_of(CHANNEL_ID)
        .iter()
        .find(|t| t["name"].as_str() == Some(name.as_str()))
        .map(FakeDiscord::id_of)
        .expect("the game's thread");
    fake.wait_for_since(mark, |r| r.path == format!("/channels/{thread}/messages"), Duration::from_secs(20)).await;
    let lobby = fake.messages_in(thread).into_iter().next().expect("the lobby");
    let lobby_id = FakeDiscord::id_of(&lobby);
    // The computer takes the three other seats from the lobby's menu: the teammate at normal, the
    // opponents at easy.
    let mode = Mode::FourPlayer;
    let mine = Seat::of(mode, Side::Tf, Role::Field);
    let picks =
        [(Seat::of(mode, Side::Tf, Role::Palace), "normal"), (Seat::of(mode, Side::Naboo, Role::Field), "easy")];
    let picks = picks.into_iter().chain([(Seat::of(mode, Side::Naboo, Role::Palace), "easy")]);
    let mut game = 0;
    for (seat, level) in picks {
        let msg = fake.message(lobby_id).unwrap();
        let (menu, values) =
            components(&msg).into_iter().find(|(id, _)| id.starts_with("qg:a:")).expect("the computer menu");
        game = Action::parse(&menu).unwrap().game();
        let value = format!("{}:{level}", seat.0 + 1);
        assert!(values.contains(&value), "{value} offered in {values:?}");
        let h = fake.select(user_id(ME), lobby_id, &menu, &[value.as_str()]).await;
        crate::discord::e2e::answered(&fake, &h).await;
    }
    let msg = fake.message(lobby_id).unwrap();
    let text = msg["content"].as_str().unwrap_or("");
    assert_eq!(text.matches("🤖 Computer").count(), 3, "the lobby shows the computer at three seats: {text}");
    // The menu now only takes the computer off a seat.
    let (_, values) = components(&msg).into_iter().find(|(id, _)| id.starts_with("qg:a:")).expect("the menu");
    assert!(values.len() == 3 && values.iter().all(|v| v.ends_with(":open")), "{values:?}");
    let start = components(&msg).into_iter().find(|(id, _)| id.starts_with("qg:t:")).expect("a start button").0;
    let h = fake.click(user_id(ME), lobby_id, &start).await;
    crate::discord::e2e::answered(&fake, &h).await;
    let games = command(&fake, thread, "qg games", &[]).await;
    assert!(games.contains("with 🤖 Computer (easy), 🤖 Computer (normal)"), "{games}");

    // The member plays their seat; the computer the rest.
    // Read-only: the checker never writes, and reads while the bot writes may race (then it reads again).
    let svc = Service::open_read_only(&db, gambit::games::Catalog::embedded()).await.unwrap();
    let data = svc.data().clone();
    let mut me = RandomAgent::new(&data, 5);
    let began = Instant::now();
    let mut typed = 0;
    loop {
        assert!(began.elapsed() < Duration::from_secs(900), "the game took too long ({typed} moves typed)");
        svc.forget_all();
        let Ok(engine) = svc.engine(&host::terminal(), game).await else { continue };
        if engine.outcome().is_some() {
            break;
        }
        let Some(dec) = engine.decision_for(mine).cloned() else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let choice = me.pick(&engine, &dec).text(&data);
        command(&fake, thread, "qg choose", &[("choice", json!(choice)), ("game", json!(game))]).await;
        typed += 1;
    }
    assert!(matches!(svc.verify(game).await, gambit::service::Verdict::Consistent { .. }), "the log replays");
    // Every seat but the member's was played by the computer, under its own name.
    let log = gambit::store::Store::open(&db).await.unwrap().actions(game).await.unwrap();
    for seat in Seat::all(mode).filter(|s| *s != mine) {
        let key = seat.key(mode);
        let by: Vec<&str> =
            log.iter().filter(|a| a.line.starts_with(&format!("{key} "))).map(|a| a.user_id.as_str()).collect();
        assert!(!by.is_empty() && by.iter().all(|u| u.starts_with("computer:")), "{key}: {by:?}");
    }
    // The thread said when the computer was thinking, and the recap names its seats.
    let posts: Vec<String> =
        fake.messages_in(thread).iter().map(|m| m["content"].as_str().unwrap_or("").to_string()).collect();
    assert!(posts.iter().any(|p| p.contains("🤖 Computer") && p.contains("thinking…")), "no thinking line");
    let recap =
        fake.wait_for_since(0, |r| r.content().is_some_and(|c| c.contains("is over:")), Duration::from_secs(60)).await;
    let recap = recap.content().unwrap_or_default().to_string();
    assert!(recap.contains("🤖 Computer (normal) played Trade Federation"), "{recap}");
    assert_eq!(recap.matches(") played ").count(), 3, "{recap}");
    shards.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(30), run).await;
}

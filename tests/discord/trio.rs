//! A third game, written for the tests alone (`tests/toy`: Trio, three seats, rules version 7, one
//! secret bid each at once, then open turns), played end to end through the real bot and the fake
//! Discord with nothing of its own outside its folder but the line that adds it to the bot's games: a
//! lobby with an invitation, the start, secret and open choices in private menus, a stale menu refused,
//! an undo, a draw, a game against its computer conceded, and each end told with its seed's check.

use crate::discord::stratego::{button, press};
use crate::support::{CHANNEL_ID, FakeDiscord, RecordedRequest, user_id};
use crate::toy;
use gambit::discord::ids::Action;
use gambit::games::{Catalog, Kind};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

const NORTH: u64 = 21;
const EAST: u64 = 22;
const WEST: u64 = 23;
const WAIT: Duration = Duration::from_secs(20);

struct Bot {
    shards: Arc<poise::serenity_prelude::ShardManager>,
    run: tokio::task::JoinHandle<Result<(), poise::serenity_prelude::Error>>,
}

/// The bot with Trio among its games: the one line a third game takes.
async fn start(fake: &FakeDiscord, dir: &std::path::Path) -> Bot {
    let config = dir.join("trio.toml");
    std::fs::write(&config, "[limits]\ncommands_per_minute = 0\n").unwrap();
    let db = dir.join("trio.db");
    let env = |k: &str| -> Option<String> {
        match k {
            "DISCORD_TOKEN" => Some(crate::support::TOKEN.to_string()),
            "DISCORD_PROXY_URL" => Some(fake.base_url()),
            "GAMBIT_DEV_GUILD" => Some(crate::support::GUILD_ID.to_string()),
            "GAMBIT_DB" => Some(db.display().to_string()),
            "GAMBIT_SEED" => Some("20261128".to_string()),
            _ => None,
        }
    };
    let config = gambit::config::Config::load(Some(&config), &env).unwrap();
    let catalog = Catalog::embedded().with(Arc::new(toy::Trio::new()));
    let mut client =
        gambit::discord::client_with(&config, catalog, Default::default()).await.expect("the bot's client");
    fake.assert_local(&client).await;
    let shards = client.shard_manager.clone();
    let run = tokio::spawn(async move { client.start().await });
    fake.ready().await;
    Bot { shards, run }
}

/// `/trio new` with these options: the game, its thread and its lobby post.
async fn open(fake: &FakeDiscord, options: &[(&str, Value)]) -> (i64, u64, u64) {
    let mark = fake.mark();
    let said = crate::discord::e2e::command(fake, NORTH, CHANNEL_ID, "trio new", options).await;
    assert!(said.contains("created"), "{said}");
    let made = fake.wait_for_since(mark, |r| r.method == "POST" && r.path.ends_with("/threads"), WAIT).await;
    let thread: u64 = made.response["id"].as_str().unwrap().parse().unwrap();
    fake.wait_for_since(mark, |r| r.path == format!("/channels/{thread}/messages"), WAIT).await;
    let lobby = fake.messages_in(thread).into_iter().next().expect("the lobby");
    let game = Action::parse(&button(&lobby, "j").expect("a join button")).unwrap().game();
    (game, thread, FakeDiscord::id_of(&lobby))
}

/// What the thread was posted or edited since `mark`: each text.
fn posted(fake: &FakeDiscord, mark: usize, thread: u64) -> Vec<String> {
    fake.requests_since(mark)
        .into_iter()
        .filter(|r| (r.method == "POST" || r.method == "PATCH") && r.path.starts_with(&format!("/channels/{thread}/")))
        .map(|r| r.message()["content"].as_str().unwrap_or("").to_string())
        .collect()
}

/// `user`'s private menu, opened from the thread's newest post with the menu button.
async fn menu(fake: &FakeDiscord, user: u64, thread: u64) -> Value {
    let post = fake.newest_in(thread, |m| m["flags"].as_u64().unwrap_or(0) & 64 == 0 && button(m, "M").is_some());
    let Some(post) = post else {
        let all: Vec<String> =
            fake.messages_in(thread).iter().map(|m| format!("{} {:?}", text(m), button(m, "M"))).collect();
        panic!("a public post with the menu button: {all:#?}");
    };
    press(fake, user, FakeDiscord::id_of(&post), &button(&post, "M").unwrap(), None).await
}

/// Pick `value` in a private menu.
async fn pick(fake: &FakeDiscord, user: u64, menu: &Value, value: &str) -> Value {
    let (id, values) =
        crate::discord::e2e::components(menu).into_iter().find(|(id, _)| id.starts_with("qg:N:")).expect("a pick");
    assert!(values.iter().any(|v| v == value), "{value} offered among {values:?}");
    press(fake, user, FakeDiscord::id_of(menu), &id, Some(value)).await
}

fn asked_to_bid(r: &RecordedRequest) -> bool {
    r.content().is_some_and(|c| c.contains("place your secret bid"))
}

fn text(m: &Value) -> String {
    m["content"].as_str().unwrap_or("").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_third_game_plays_end_to_end_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = start(&fake, dir.path()).await;
    // The lobby: East invited, West joins the free seat, East accepts.
    let (game, thread, lobby) = open(&fake, &[("invite", json!(user_id(EAST).to_string()))]).await;
    let shown = text(&fake.message(lobby).unwrap());
    assert!(shown.starts_with(&format!("**Trio** · Trio · game {game}")), "{shown}");
    assert!(shown.contains(&format!("East: kept for <@{}> (invited)", user_id(EAST))), "{shown}");
    for user in [WEST, EAST] {
        press(&fake, user, lobby, &button(&fake.message(lobby).unwrap(), "j").unwrap(), None).await;
    }
    let shown = text(&fake.message(lobby).unwrap());
    for (seat, user) in [("North", NORTH), ("East", EAST), ("West", WEST)] {
        assert!(shown.contains(&format!("{seat}: <@{}>", user_id(user))), "{shown}");
    }
    let mark = fake.mark();
    press(&fake, NORTH, lobby, &button(&fake.message(lobby).unwrap(), "t").unwrap(), None).await;
    let start = fake.wait_for_since(mark, asked_to_bid, WAIT).await;
    for user in [NORTH, EAST, WEST] {
        assert!(start.content().unwrap().contains(&format!("<@{}>", user_id(user))), "all three are asked");
    }
    // The record keeps the game's own rules version, 7.
    let store = gambit::store::Store::open_read_only(&dir.path().join("trio.db")).await.unwrap();
    assert_eq!(store.game(game).await.unwrap().rules, Some(7), "a game of rules version 7 starts");
    store.close().await;
    // Secret bids: the thread is told who is ready, never a bid, until the third reveals them all.
    let mark = fake.mark();
    let m = menu(&fake, NORTH, thread).await;
    let done = pick(&fake, NORTH, &m, "bid 1").await;
    assert!(text(&done).starts_with("Your bid is in."), "{}", text(&done));
    let m = menu(&fake, EAST, thread).await;
    pick(&fake, EAST, &m, "bid 2").await;
    let east = |r: &RecordedRequest| r.content().is_some_and(|c| c.contains("East is ready."));
    fake.wait_for_since(mark, east, WAIT).await;
    assert_eq!(posted(&fake, mark, thread), ["North is ready.", "East is ready."], "who is ready, never a bid");
    let m = menu(&fake, WEST, thread).await;
    pick(&fake, WEST, &m, "bid 3").await;
    let out = |r: &RecordedRequest| r.content().is_some_and(|c| c.contains("The bids are out"));
    let revealed = fake.wait_for_since(mark, out, WAIT).await;
    assert!(revealed.content().unwrap().contains("North 1, East 2, West 3. West begins."));
    // West takes from its menu. North opens its menu, types a take instead and takes it back: the menu,
    // made before the pile moved, is refused, with the game as it is now.
    let m = menu(&fake, WEST, thread).await;
    let mark = fake.mark();
    let took = pick(&fake, WEST, &m, "take 1").await;
    assert!(text(&took).contains("West takes 1"), "{}", text(&took));
    let asked = |r: &RecordedRequest| r.content().is_some_and(|c| c.contains("(North): to take counters."));
    fake.wait_for_since(mark, asked, WAIT).await;
    let old = menu(&fake, NORTH, thread).await;
    let took = crate::discord::e2e::command(&fake, NORTH, thread, "trio choose", &[("choice", json!("take 2"))]).await;
    assert!(took.contains("North takes 2"), "{took}");
    let mark = fake.mark();
    let undone = crate::discord::e2e::command(&fake, NORTH, thread, "trio undo", &[]).await;
    assert!(undone.starts_with("Taken back"), "{undone}");
    let back =
        |r: &RecordedRequest| r.content().is_some_and(|c| c.contains("↩ North took back their last move (North t"));
    fake.wait_for_since(mark, back, WAIT).await;
    let stale = pick(&fake, NORTH, &old, "take 1").await;
    assert!(text(&stale).contains("as it is now"), "a stale menu is refused: {}", text(&stale));
    crate::discord::e2e::command(&fake, NORTH, thread, "trio choose", &[("choice", json!("take 1"))]).await;
    // A draw: East offers it to North and West; West accepts, and the end is told with its seed's check.
    let offered = crate::discord::e2e::command(&fake, EAST, thread, "trio draw", &[]).await;
    assert!(offered.starts_with("Draw offered"), "{offered}");
    let mark = fake.mark();
    let accepted = crate::discord::e2e::command(&fake, WEST, thread, "trio draw", &[]).await;
    assert_eq!(accepted, "You accepted the draw: the game is over.");
    let ended = |r: &RecordedRequest| r.content().is_some_and(|c| c.contains(&format!("Seed check for game {game}")));
    fake.wait_for_since(mark, ended, WAIT).await;
    let told = posted(&fake, mark, thread);
    assert!(told.iter().any(|t| t.starts_with(&format!("🏁 **Game {game}**: Drawn by agreement."))), "{told:?}");
    let script = fake
        .requests_since(mark)
        .into_iter()
        .flat_map(|r| r.files)
        .find(|f| f.filename.ends_with(".txt"))
        .map(|f| String::from_utf8_lossy(&f.bytes).to_string())
        .expect("the whole game, attached");
    let replayed = toy::Trio::new().replay(&script, None).expect("the attached script replays");
    assert!(script.contains("\nrules 7\n") && replayed.steps() == 5, "{script}");
    // Against its computer: it bids and takes at random; North concedes, and the end is told for all.
    let (game, thread, lobby) = open(&fake, &[("opponent", json!(1))]).await;
    let shown = text(&fake.message(lobby).unwrap());
    assert!(shown.contains("East: 🤖 Computer (random)") && shown.contains("West: 🤖 Computer (random)"), "{shown}");
    let mark = fake.mark();
    press(&fake, NORTH, lobby, &button(&fake.message(lobby).unwrap(), "t").unwrap(), None).await;
    fake.wait_for_since(mark, asked_to_bid, WAIT).await;
    let m = menu(&fake, NORTH, thread).await;
    // The computers may have bid first, so the reveal can come with North's own bid: mark before it.
    let mark = fake.mark();
    pick(&fake, NORTH, &m, "bid 2").await;
    let out = |r: &RecordedRequest| r.content().is_some_and(|c| c.contains("The bids are out"));
    fake.wait_for_since(mark, out, WAIT).await;
    let conceded = crate::discord::e2e::command(&fake, NORTH, thread, "trio concede", &[]).await;
    assert!(conceded.contains("conceded"), "{conceded}");
    let ended = |r: &RecordedRequest| r.content().is_some_and(|c| c.contains(&format!("Seed check for game {game}")));
    fake.wait_for_since(mark, ended, WAIT).await;
    let told = posted(&fake, mark, thread);
    let end = told.iter().find(|t| t.starts_with(&format!("🏁 **Game {game}**"))).expect("the end");
    assert!(end.contains("North conceded: East and West win.") && end.contains("The bids were"), "{end}");
    fake.assert_clean();
    bot.shards.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(30), bot.run).await;
}

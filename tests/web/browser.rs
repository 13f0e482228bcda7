//! The web pages in a real browser (headless Chromium), beside the real bot and the fake Discord: a game's
//! page shows the board and updates live while the players play through Discord; a player's page shows
//! their own side and never the other's, and a choice made there is told in the thread; a stale page, a
//! forged link and one that ran out are refused; the archive replays the finished game step by step, from
//! the keyboard. Every page passes the automated accessibility check, and screenshots at 400 and 1280
//! pixels wide are kept in `target/screenshots` to be looked at.

use crate::discord::e2e::command;
use crate::support::browser::Browser;
use crate::support::{CHANNEL_ID, FakeDiscord, GUILD_ID, user_id};
use gambit::games::Catalog;
use gambit::service::{Caller, Person, Power, Service};
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

const EVIL: u64 = 11;
const GOOD: u64 = 12;

fn member(user: u64) -> Caller {
    Caller::member(Person::new(user_id(user), false), GUILD_ID, CHANNEL_ID, Power::default())
}

/// The game's record as the bot has saved it now (a read-only service keeps what it read first).
async fn saved(db: &std::path::Path) -> Service {
    Service::open_read_only(db, Catalog::embedded()).await.unwrap()
}

/// The lines of `reader`'s board as text that a spectator's lacks, as a page writes them.
async fn own_lines(db: &std::path::Path, game: i64, reader: u64) -> Vec<String> {
    let svc = saved(db).await;
    let watcher = svc.table_seen(&member(99), game).await.unwrap().text;
    let own = svc.table_seen(&member(reader), game).await.unwrap().text;
    own.lines().filter(|l| !watcher.contains(*l) && l.trim().len() > 8).map(|l| l.trim().to_string()).collect()
}

/// The link after `marker` in a reply.
fn link_after(said: &str, marker: &str) -> String {
    said.split_whitespace().find(|w| w.contains(marker)).unwrap_or_else(|| panic!("{marker} in {said}")).to_string()
}

async fn check_accessible(b: &Browser, what: &str) {
    let found = b.accessibility_violations().await;
    assert!(found.is_empty(), "{what} fails the accessibility check: {found:#?}");
}

/// Screenshots of the page as it is, on a phone and on a desktop.
async fn shots(b: &Browser, name: &str) {
    b.width(400).await;
    b.screenshot(&format!("{name}-400")).await;
    b.width(1280).await;
    b.screenshot(&format!("{name}-1280")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stratego_game_is_watched_played_and_replayed_in_a_real_browser() {
    use gambit::games::stratego::{Side, Variant};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("browser.db");
    let config = dir.path().join("browser.toml");
    std::fs::write(&config, "[limits]\ncommands_per_minute = 0\n").unwrap();
    let now = Arc::new(AtomicI64::new(gambit::service::now()));
    let clock = now.clone();
    let fake = FakeDiscord::start().await;
    let mut client = crate::support::real_bot_with_pages_at(
        &fake,
        &db,
        &config,
        "8",
        Arc::new(move || clock.load(Ordering::SeqCst)),
    )
    .await;
    let shards = client.shard_manager.clone();
    let run = tokio::spawn(async move { client.start().await });
    fake.ready().await;
    // The fake's users EVIL and GOOD are the stratego tests' own: Evil opens, Good joins and starts.
    let (game, thread, lobby) =
        crate::discord::stratego::open(&fake, &[("game", json!(2)), ("title", json!("in a browser"))]).await;
    for tag in ["j", "t"] {
        let id = crate::discord::stratego::button(&fake.message(lobby).unwrap(), tag).unwrap();
        crate::discord::stratego::press(&fake, GOOD, lobby, &id, None).await;
    }
    for (user, side) in [(EVIL, Side::Evil), (GOOD, Side::Good)] {
        let army = crate::director::typed_army(Variant::Rise, side, 5, false);
        command(&fake, user, thread, "stratego setup", &[("army", json!(army))]).await;
    }
    let evil_said = command(&fake, EVIL, thread, "stratego web", &[]).await;
    let (public, evil_page) = (link_after(&evil_said, "/g/"), link_after(&evil_said, "/p/"));
    let good_page = link_after(&command(&fake, GOOD, thread, "stratego web", &[]).await, "/p/");

    // The game's page: the board drawn, whose move it is, accessible, on a phone and a desktop.
    let b = Browser::start(1280).await;
    b.goto(&public).await;
    b.wait_for_text("Waiting for Evil since").await;
    b.wait_for_pictures("the board is drawn").await;
    check_accessible(&b, "the game's page").await;
    shots(&b, "stratego-game").await;
    // Live: a move typed on Discord reaches the open page by itself.
    b.run("window.changed = null; new MutationObserver(() => { window.changed = window.changed || Date.now(); }).observe(document.getElementById('live'), { childList: true, subtree: true }); return true;").await;
    let first = saved(&db).await.table_leaves(&member(EVIL), game).await.unwrap().remove(0).id;
    let sent = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    command(&fake, EVIL, thread, "stratego move", &[("choice", json!(first))]).await;
    b.wait_for_text("Waiting for Good since").await;
    let changed = b.run("return window.changed;").await.as_i64().expect("the live part changed");
    eprintln!("a move typed on Discord reached the open page in {} ms", changed - sent);
    b.wait_for_pictures("the new board is drawn").await;
    // Nothing either player keeps secret is anywhere in the page.
    let html = b.client.source().await.unwrap();
    for user in [EVIL, GOOD] {
        let secret = own_lines(&db, game, user).await;
        assert!(!secret.is_empty() && secret.iter().all(|l| !html.contains(l.as_str())), "{user}'s own rows");
    }

    // Good's own page: Good's army, none of Evil's; a stale copy of its menu is refused.
    b.goto(&good_page).await;
    b.wait_for_text("your seat: Good").await;
    let html = b.client.source().await.unwrap();
    let (good, evil) = (own_lines(&db, game, GOOD).await, own_lines(&db, game, EVIL).await);
    assert!(good.iter().all(|l| html.contains(l.as_str())), "Good's own rows on Good's page");
    assert!(evil.iter().all(|l| !html.contains(l.as_str())), "none of Evil's");
    check_accessible(&b, "a player's page").await;
    shots(&b, "stratego-player").await;
    // A piece chosen: its squares as buttons; a copy of them kept while Good moves on Discord instead.
    b.click("a.step").await;
    b.wait_for_text("Back to the first choice").await;
    b.run("window.stale = document.querySelector('#live form').cloneNode(true); document.body.appendChild(window.stale); return true;").await;
    let good_move = saved(&db).await.table_leaves(&member(GOOD), game).await.unwrap().remove(0).id;
    command(&fake, GOOD, thread, "stratego move", &[("choice", json!(good_move))]).await;
    b.wait_for_text("Waiting for Evil since").await;
    let revision = saved(&db).await.revision(game).await.unwrap();
    b.run("window.stale.querySelector('button').click(); return true;").await;
    b.wait_for_text("out of date").await;
    assert_eq!(saved(&db).await.revision(game).await.unwrap(), revision, "nothing changed");

    // Evil moves on Evil's page, as a person would: a piece, then a square; the thread is told.
    b.goto(&evil_page).await;
    b.wait_for_text("your seat: Evil").await;
    let mark = fake.mark();
    b.click("a.step").await;
    b.wait_for_text("Back to the first choice").await;
    b.click("button[name=choice]").await;
    crate::discord::stratego::thread_post(&fake, mark, thread, "Evil moved").await;
    b.wait_for_text("Waiting for Good since").await;

    // A forged link shows nothing; a player's link past its day says it ran out.
    b.goto(&format!("{}0", evil_page.trim_end_matches(|c: char| c.is_ascii_hexdigit()))).await;
    b.wait_for_text("No such game").await;
    now.fetch_add(25 * 3600, Ordering::SeqCst);
    b.goto(&evil_page).await;
    b.wait_for_text("run out").await;

    // The end, the archive, and the replay stepped through from the keyboard.
    command(&fake, GOOD, thread, "stratego concede", &[("confirm", json!("CONCEDE"))]).await;
    let games = command(&fake, EVIL, thread, "stratego games", &[]).await;
    let archive = link_after(&games, "/a/");
    b.goto(&archive).await;
    let html = b.wait_for_text("in a browser").await;
    // The leaderboard names the players as the server shows them (kept as they took their seats).
    assert!(html.contains("Stratego leaderboard") && html.contains("player11") && html.contains("player12"), "{html}");
    check_accessible(&b, "the archive").await;
    b.client.find(fantoccini::Locator::LinkText("player12")).await.unwrap().click().await.unwrap();
    let theirs = b.wait_for_text("player12 · Stratego statistics").await;
    assert!(
        theirs.contains("Games: 1 finished (0 won, 1 lost)") && theirs.contains("Played most: player11"),
        "{theirs}"
    );
    check_accessible(&b, "a player's statistics").await;
    b.goto(&archive).await;
    b.wait_for_text("in a browser").await;
    b.click("td a").await;
    b.wait_for_text("Before the first move").await;
    let forward = b.client.find(fantoccini::Locator::Css("a[rel=next]")).await.unwrap();
    forward.send_keys("\u{E007}").await.unwrap();
    b.wait_for_text("move 1 of").await;
    b.wait_for_pictures("the replay").await;
    check_accessible(&b, "a replay step").await;
    shots(&b, "stratego-replay").await;
    b.client.find(fantoccini::Locator::LinkText("Last")).await.unwrap().click().await.unwrap();
    let end = b.wait_for_text("Check the dice").await;
    assert!(end.contains("The setups") && end.contains("conceded"), "{end}");
    b.wait_for_pictures("the replay").await;
    check_accessible(&b, "a replay's end").await;

    let _ = b.client.clone().close().await;
    fake.assert_clean();
    shards.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(30), run).await;
}

/// The first game in a real browser: its page shows the boards and nobody's hand; a player's own page
/// shows their hand and none of the other side's; both pass the accessibility check.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_game_is_watched_and_a_hand_is_seen_in_a_real_browser() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("browser.db");
    let config = dir.path().join("browser.toml");
    std::fs::write(&config, "[limits]\ncommands_per_minute = 0\n").unwrap();
    let fake = FakeDiscord::start().await;
    let mut client = crate::support::real_bot_with_pages(&fake, &db, &config, "9").await;
    let shards = client.shard_manager.clone();
    let run = tokio::spawn(async move { client.start().await });
    fake.ready().await;
    let (game, thread) = crate::discord::e2e::open_game(&fake, "in a browser").await;
    let (tf, naboo) = (crate::discord::e2e::TF, crate::discord::e2e::NABOO);
    let said = command(&fake, tf, thread, "qg web", &[]).await;
    let (public, own) = (link_after(&said, "/g/"), link_after(&said, "/p/"));
    let b = Browser::start(1280).await;
    b.goto(&public).await;
    b.wait_for_text(&format!("Game {game}")).await;
    b.wait_for_pictures("the boards are drawn").await;
    let html = b.client.source().await.unwrap();
    for user in [tf, naboo] {
        let secret = own_lines(&db, game, user).await;
        assert!(!secret.is_empty() && secret.iter().all(|l| !html.contains(l.as_str())), "{user}'s hand");
    }
    check_accessible(&b, "the first game's page").await;
    shots(&b, "queens-gambit-game").await;
    b.goto(&own).await;
    b.wait_for_text("your seat").await;
    let html = b.client.source().await.unwrap();
    let (mine, theirs) = (own_lines(&db, game, tf).await, own_lines(&db, game, naboo).await);
    assert!(mine.iter().all(|l| html.contains(l.as_str())), "the player's own hand: {mine:?}");
    let theirs: Vec<&String> = theirs.iter().filter(|l| !mine.contains(l)).collect();
    assert!(!theirs.is_empty() && theirs.iter().all(|l| !html.contains(l.as_str())), "none of the other's");
    check_accessible(&b, "a first game player's page").await;
    shots(&b, "queens-gambit-player").await;
    let _ = b.client.clone().close().await;
    fake.assert_clean();
    shards.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(30), run).await;
}

/// The accessibility check itself finds what it is there to find: a picture with no text, a button with
/// no name, grey on grey.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_accessibility_check_finds_a_picture_with_no_description() {
    let b = Browser::start(1280).await;
    let page = "<!DOCTYPE html><html lang=en><title>t</title><main><img src='x.png'><button></button>\
                <p style='color:#777;background:#888'>faint</p></main></html>";
    b.goto(&format!("data:text/html,{}", page.replace('#', "%23"))).await;
    let found = b.accessibility_violations().await.join("\n");
    for rule in ["image-alt", "button-name", "color-contrast"] {
        assert!(found.contains(rule), "{rule} not found: {found}");
    }
    let _ = b.client.clone().close().await;
}

//! Holidays through the fake Discord, with the bot's clock moved on: `/stratego away days:3` stops the
//! clocks of the member's games for them alone (no reminder, no ping, no deadline passing: the deadline
//! waits till they are back), while the other player's deadline in another game passes as ever; the
//! status tells everyone until when; the absence ends when they move, or at its last day; days past the
//! host's limit are refused and change nothing.

use crate::play::Play;
use crate::support::{CHANNEL_ID, FakeDiscord, GUILD_ID, WAIT, user_id};
use gambit::config::Config;
use gambit::service::{Caller, Chosen, NewGameRequest, Person, Power, Service, UserId};
use gambit::store::GameId;
use serde_json::json;
use std::sync::atomic::Ordering;
use std::time::Duration;

const AWAY: u64 = 51;
const HOME: u64 = 52;

fn member(n: u64) -> Caller {
    Caller::member(Person::new(user_id(n), false), GUILD_ID, CHANNEL_ID, Power::default())
}

/// A Stratego game of `evil` (its creator) and `good`, both set up: Evil moves first.
async fn begun(svc: &Service, evil: u64, good: u64) -> GameId {
    let req = NewGameRequest { game: "stratego".into(), seed: Some(8), ..Default::default() };
    let id = svc.create(&member(evil), req).await.unwrap();
    svc.join(&member(good), id, None).await.unwrap();
    svc.start(&member(evil), id).await.unwrap();
    for who in [evil, good] {
        svc.choose_news(&member(who), id, Chosen::Typed, "setup guarded").await.unwrap();
    }
    id
}

/// Whether a request pings `user`.
fn pings(r: &crate::support::RecordedRequest, user: u64) -> bool {
    let listed = r.message()["allowed_mentions"]["users"].as_array().cloned().unwrap_or_default();
    listed.iter().any(|u| u.as_str() == Some(&user_id(user).to_string()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_away_stops_their_games_clocks_for_them_alone_until_they_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("away.db");
    let file = dir.path().join("away.toml");
    std::fs::write(&file, "[limits]\ncommands_per_minute = 0\n[games]\ndeadline_minutes = 60\nremind_minutes = 30\n")
        .unwrap();
    let fake = FakeDiscord::start().await;
    let env = |k: &str| -> Option<String> {
        match k {
            "DISCORD_TOKEN" => Some(crate::support::TOKEN.to_string()),
            "DISCORD_PROXY_URL" => Some(fake.base_url()),
            "GAMBIT_DEV_GUILD" => Some(GUILD_ID.to_string()),
            "GAMBIT_DB" => Some(db.display().to_string()),
            _ => None,
        }
    };
    let config = Config::load(Some(&file), &env).unwrap();
    // Two games with the host's clock: in the first the member going away moves next, in the second the
    // other player does.
    let defaults =
        gambit::service::GameSettings { deadline_minutes: Some(60), remind_minutes: Some(30), ..Default::default() };
    let prep = Service::open(&db).await.unwrap().with_defaults(defaults);
    let theirs = begun(&prep, AWAY, HOME).await;
    let others = begun(&prep, HOME, AWAY).await;
    let a_move = prep.table_leaves(&member(AWAY), theirs).await.unwrap().remove(0).id;
    // How long a move may wait in this game (the game scales the host's deadline to one decision).
    let row = prep.game_row(theirs).await.unwrap();
    let wait = row.deadline_at.unwrap() - row.waiting_since.unwrap();
    let (mut client, offset) = crate::support::clocked_bot(&fake, &config).await;
    let shards = client.shard_manager.clone();
    let run = tokio::spawn(async move { client.start().await });
    fake.ready().await;
    let say = async |who: u64, path: &str, options: &[(&str, serde_json::Value)]| {
        crate::discord::e2e::command(&fake, who, CHANNEL_ID, path, options).await
    };
    let status = async |game: GameId| say(HOME, "stratego status", &[("game", json!(game))]).await;
    let away_line = format!("🏖️ <@{}> is away until <t:", user_id(AWAY));

    // Too long a holiday is refused and changes nothing.
    let refused = say(AWAY, "stratego away", &[("days", json!(15))]).await;
    assert_eq!(refused, "You may be away for 1 to 14 days (0 says you are back).");
    assert!(!status(theirs).await.contains(&away_line));
    // Away for three days: everyone sees it in the game's status.
    let said = say(AWAY, "stratego away", &[("days", json!(3))]).await;
    assert!(said.starts_with("You are away until <t:") && said.contains("You are back as soon as you move"), "{said}");
    let until = prep.away_of(&UserId::new(user_id(AWAY).to_string())).await.unwrap().expect("away");
    assert!(status(theirs).await.contains(&format!("{away_line}{until}:f>: the game waits for them.")));

    // Two hours on: the other player's deadline passes as ever (the computer moves for them), and it is
    // the absent player's move there now; their own game's deadline waits till three days on, then runs its whole length again. Nobody reminds or pings them.
    let mark = fake.mark();
    offset.fetch_add(2 * 3600, Ordering::SeqCst);
    let told = format!("⌛ The deadline has passed: game {others} is waiting for <@{}>", user_id(HOME));
    fake.wait_for_since(mark, |r| r.content().is_some_and(|c| c.starts_with(&told)), WAIT).await;
    let late = fake
        .wait_for_since(mark, |r| r.content().is_some_and(|c| c.contains("ran out of time: the computer chose")), WAIT)
        .await;
    let turn = format!("<@{}> (Good): to move.", user_id(AWAY));
    assert!(late.content().unwrap().ends_with(&turn), "{:?}", late.content());
    // Read afresh each time: the bot changes the record behind this service's back.
    let waits = async || {
        prep.forget_all();
        prep.game_row(theirs).await.unwrap().deadline_at
    };
    let mut deadline = waits().await;
    for _ in 0..100 {
        if deadline.is_some_and(|d| d >= until) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        deadline = waits().await;
    }
    assert_eq!(deadline, Some(until + wait), "the deadline waits for them, and runs its whole length after");
    let handled = fake.requests_since(mark);
    assert!(!handled.iter().any(|r| pings(r, AWAY)), "nobody pinged the absent player");
    assert!(
        !handled.iter().any(|r| r.content().is_some_and(|c| c.contains(&format!("game {theirs} is waiting")))),
        "nothing told of their game: no reminder, no deadline"
    );

    // They move: the absence is over, in every game.
    let moved = say(AWAY, "stratego move", &[("choice", json!(a_move)), ("game", json!(theirs))]).await;
    assert!(!moved.is_empty());
    assert!(!status(others).await.contains(&away_line), "back as soon as they moved");
    // A day away ends by itself after its day.
    let said = say(AWAY, "stratego away", &[("days", json!(1))]).await;
    assert!(said.starts_with("You are away until <t:"), "{said}");
    assert!(status(others).await.contains(&away_line));
    offset.fetch_add(25 * 3600, Ordering::SeqCst);
    assert!(!status(others).await.contains(&away_line), "over after its day");
    assert_eq!(
        say(AWAY, "stratego away", &[("days", json!(0))]).await,
        "Welcome back: your games' clocks run for you again."
    );
    shards.shutdown_all().await;
    run.abort();
}

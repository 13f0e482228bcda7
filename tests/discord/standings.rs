//! A server's leaderboards through the fake Discord: `/stratego leaderboard` and `/qg leaderboard` answer in
//! the channel with the server's ladders of that game (the games a member finished against another, in
//! order of rating, provisional ones marked, the computer's levels on the same scale), naming players
//! without pinging them, each answer short; another game is asked for by its key, an unknown one is named.

use crate::support::{CHANNEL_ID, FakeDiscord, GUILD_ID, user_id};
use gambit::service::{Caller, Chosen, NewGameRequest, Person, Power, Service};
use serde_json::json;

const EVIL: u64 = 31;
const GOOD: u64 = 32;
const NABOO: u64 = 33;
const TF: u64 = 34;

fn member(n: u64) -> Caller {
    Caller::member(Person::new(user_id(n), false), GUILD_ID, CHANNEL_ID, Power::default())
}

/// A game of `key` between members `a` (its creator) and `b`, begun, then conceded by `b`.
async fn conceded(svc: &Service, key: &str, a: u64, b: u64) {
    use crate::play::Play;
    let req = NewGameRequest { game: key.into(), seed: Some(5), ..Default::default() };
    let id = svc.create(&member(a), req).await.unwrap();
    svc.join(&member(b), id, None).await.unwrap();
    svc.start(&member(a), id).await.unwrap();
    if key == "stratego" {
        for who in [a, b] {
            svc.choose_news(&member(who), id, Chosen::Typed, "setup guarded").await.unwrap();
        }
    }
    svc.concede(&member(b), id).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_games_leaderboard_is_answered_in_the_channel_in_few_words() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("standings.db");
    let svc = Service::open(&db).await.unwrap();
    conceded(&svc, "stratego", EVIL, GOOD).await;
    conceded(&svc, "queens-gambit", NABOO, TF).await;
    svc.close().await;
    let config = dir.path().join("standings.toml");
    std::fs::write(&config, "[limits]\ncommands_per_minute = 0\n").unwrap();
    let fake = FakeDiscord::start().await;
    let mut client = crate::support::real_bot(&fake, &db, &config, "20261129").await;
    let shards = client.shard_manager.clone();
    let run = tokio::spawn(async move { client.start().await });
    fake.ready().await;
    let (evil, good, naboo, tf) = (user_id(EVIL), user_id(GOOD), user_id(NABOO), user_id(TF));
    let stratego = crate::discord::e2e::command(&fake, EVIL, CHANNEL_ID, "stratego leaderboard", &[]).await;
    assert_eq!(
        stratego,
        format!(
            "**Stratego leaderboard** · one against one · this server\n\
             1. <@{evil}> 1,662 ± 581 · 1 game · provisional\n\
             2. <@{good}> 1,338 ± 581 · 1 game · provisional\n\
             The computer on the same scale: easy 1,162, normal 1,500, hard 1,562."
        )
    );
    let first = crate::discord::e2e::command(&fake, TF, CHANNEL_ID, "qg leaderboard", &[]).await;
    assert_eq!(
        first,
        format!(
            "**The Queen's Gambit leaderboard** · one against one · this server\n\
             1. <@{naboo}> 1,662 ± 581 · 1 game · provisional\n\
             2. <@{tf}> 1,338 ± 581 · 1 game · provisional"
        )
    );
    let asked =
        crate::discord::e2e::command(&fake, TF, CHANNEL_ID, "qg leaderboard", &[("game", json!("stratego"))]).await;
    assert_eq!(asked, stratego, "another game's, by its key");
    for said in [&stratego, &first] {
        assert!(said.chars().count() < 1_500, "{said}");
    }
    // Named, never pinged.
    let posted = fake
        .requests()
        .into_iter()
        .filter(|r| r.content().is_some_and(|c| c.contains("leaderboard")))
        .collect::<Vec<_>>();
    assert!(!posted.is_empty());
    for r in posted {
        let pinged = r.message()["allowed_mentions"]["users"].as_array().map_or(0, Vec::len);
        assert_eq!(pinged, 0, "{:?}", r.message());
    }
    let unknown =
        crate::discord::e2e::command(&fake, TF, CHANNEL_ID, "qg leaderboard", &[("game", json!("chess"))]).await;
    assert_eq!(unknown, "There is no game called 'chess' on this bot.");
    shards.shutdown_all().await;
    run.abort();
}

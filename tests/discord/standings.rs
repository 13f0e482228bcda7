//! A server's leaderboards through the fake Discord: `/stratego leaderboard` and `/qg leaderboard` answer in
//! the channel with the server's ladders of that game (the games a member finished against another, in
//! order of rating, provisional ones marked, the computer's levels on the same scale), naming players
//! without pinging them, each answer short; another game is asked for by its key, an unknown one is named.
//! `/stratego stats` and `/qg stats` answer the same way with a member's record, rating and trend, usual
//! time to answer, streak, opponents and the game's own figures; a member with no game there is refused.

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

/// The bot on the database at `db`, with no per-minute allowance, before the fake Discord.
async fn started(
    dir: &std::path::Path,
    db: &std::path::Path,
) -> (
    FakeDiscord,
    std::sync::Arc<poise::serenity_prelude::ShardManager>,
    tokio::task::JoinHandle<Result<(), poise::serenity_prelude::Error>>,
) {
    let config = dir.join("bot.toml");
    std::fs::write(&config, "[limits]\ncommands_per_minute = 0\n").unwrap();
    let fake = FakeDiscord::start().await;
    let mut client = crate::support::real_bot(&fake, db, &config, "20261129").await;
    let shards = client.shard_manager.clone();
    let run = tokio::spawn(async move { client.start().await });
    fake.ready().await;
    (fake, shards, run)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_games_leaderboard_is_answered_in_the_channel_in_few_words() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("standings.db");
    let svc = Service::open(&db).await.unwrap();
    conceded(&svc, "stratego", EVIL, GOOD).await;
    conceded(&svc, "queens-gambit", NABOO, TF).await;
    svc.close().await;
    let (fake, shards, run) = started(dir.path(), &db).await;
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
             2. <@{tf}> 1,338 ± 581 · 1 game · provisional\n\
             The computer on the same scale: easy 1,437, normal 1,500, hard 1,580."
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
    assert_eq!(
        unknown,
        "There is no game called 'chess' on this bot: it hosts queens-gambit (The Queen's Gambit), stratego (Stratego)."
    );
    shards.shutdown_all().await;
    run.abort();
}

/// `member`'s statistics in game `key`, through the fake Discord, asked by `by`.
async fn stats_of(fake: &FakeDiscord, by: u64, command: &str, member: Option<u64>) -> String {
    let options: Vec<(&str, serde_json::Value)> =
        member.map(|m| vec![("member", json!(user_id(m).to_string()))]).unwrap_or_default();
    crate::discord::e2e::command(fake, by, CHANNEL_ID, command, &options).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_games_statistics_are_answered_in_the_channel_in_few_words() {
    use crate::play::Play;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stats.db");
    let clock = Arc::new(AtomicI64::new(1_790_000_000));
    let time = clock.clone();
    let svc = Service::open(&db).await.unwrap().with_clock(Arc::new(move || time.load(Ordering::SeqCst)));
    // Stratego: Good answers in an hour, two, then three; Evil wins, loses, wins.
    for (n, loser) in [GOOD, EVIL, GOOD].into_iter().enumerate() {
        let req = NewGameRequest { game: "stratego".into(), seed: Some(5), ..Default::default() };
        let id = svc.create(&member(EVIL), req).await.unwrap();
        svc.join(&member(GOOD), id, None).await.unwrap();
        svc.start(&member(EVIL), id).await.unwrap();
        svc.choose_news(&member(EVIL), id, Chosen::Typed, "setup guarded").await.unwrap();
        clock.fetch_add(3_600 * (n as i64 + 1), Ordering::SeqCst);
        svc.choose_news(&member(GOOD), id, Chosen::Typed, "setup guarded").await.unwrap();
        clock.fetch_add(1_500, Ordering::SeqCst);
        svc.concede(&member(loser), id).await.unwrap();
    }
    // The first game: Naboo names her queen and wins by a concession, twice.
    for _ in 0..2 {
        let req = NewGameRequest { seat: Some(1), seed: Some(3), ..NewGameRequest::of("queens-gambit", "players 2") };
        let id = svc.create(&member(NABOO), req).await.unwrap();
        svc.join(&member(TF), id, None).await.unwrap();
        svc.start(&member(NABOO), id).await.unwrap();
        clock.fetch_add(600, Ordering::SeqCst);
        svc.choose_news(&member(NABOO), id, Chosen::Typed, "queen red_queen").await.unwrap();
        clock.fetch_add(7_200, Ordering::SeqCst);
        svc.concede(&member(TF), id).await.unwrap();
    }
    svc.close().await;
    let (fake, shards, run) = started(dir.path(), &db).await;
    let (evil, good, naboo, tf) = (user_id(EVIL), user_id(GOOD), user_id(NABOO), user_id(TF));
    let mine = stats_of(&fake, EVIL, "stratego stats", None).await;
    assert_eq!(
        mine,
        format!(
            "**Stratego statistics** · <@{evil}> · this server\n\
             Games: 3 finished (2 won, 1 lost)\n\
             By side: as Evil 2 won, 1 lost\n\
             Rating: 1,582 ± 456 (provisional) · +82 over the last 3 rated games\n\
             Usual time to answer: 25 min\n\
             Played most: <@{good}> (3 games)\n\
             Game played: The Star Wars Saga (classic) ×3\n\
             Turns a game: 0\n\
             Ended by: a concession ×3\n\
             On this server, of 3 games: Evil won 2, Good won 1"
        )
    );
    // Another member's, by mention: Good answered in one, two and three hours.
    let theirs = stats_of(&fake, EVIL, "stratego stats", Some(GOOD)).await;
    assert!(theirs.starts_with(&format!("**Stratego statistics** · <@{good}> · this server\n")), "{theirs}");
    assert!(theirs.contains("\nBy side: as Good 1 won, 2 lost\n"), "{theirs}");
    assert!(theirs.contains("\nRating: 1,418 ± 456 (provisional) · -82 over the last 3 rated games\n"), "{theirs}");
    assert!(theirs.contains("\nUsual time to answer: 2 h\n"), "{theirs}");
    let first = stats_of(&fake, TF, "qg stats", Some(NABOO)).await;
    assert_eq!(
        first,
        format!(
            "**The Queen's Gambit statistics** · <@{naboo}> · this server\n\
             Games: 2 finished (2 won, 0 lost)\n\
             By side: as Naboo 2 won, 0 lost\n\
             Rating: 1,720 ± 521 (provisional) · +220 over the last 2 rated games\n\
             Streak: 2 wins in a row\n\
             Played most: <@{tf}> (2 games)\n\
             Rounds a game: 1\n\
             The real queen survived: 2 of 2 games (100%)\n\
             Won by: a concession ×2\n\
             On this server, of 2 games: Naboo won 2"
        )
    );
    let asked = stats_of(&fake, EVIL, "qg stats", None).await;
    let own = stats_of(&fake, EVIL, "stratego stats", None).await;
    assert_eq!(own, mine, "the same asked again");
    // Asked privately: the same words, seen by the asker alone; so the leaderboard.
    for (command, heading) in
        [("stratego stats", "**Stratego statistics**"), ("stratego leaderboard", "**Stratego leaderboard**")]
    {
        let mark = fake.mark();
        let quiet = crate::discord::e2e::command(&fake, EVIL, CHANNEL_ID, command, &[("private", json!(true))]).await;
        assert!(quiet.starts_with(heading) && (command.ends_with("leaderboard") || quiet == mine), "{quiet}");
        let answers: Vec<_> =
            fake.requests_since(mark).into_iter().filter(|r| r.content() == Some(quiet.as_str())).collect();
        assert!(!answers.is_empty() && answers.iter().all(|r| r.is_ephemeral()), "{command}: {answers:?}");
    }
    for said in [&mine, &theirs, &first] {
        assert!(said.chars().count() < 1_500, "{said}");
    }
    // Named, never pinged.
    let posted: Vec<_> =
        fake.requests().into_iter().filter(|r| r.content().is_some_and(|c| c.contains("statistics"))).collect();
    assert!(posted.len() >= 4);
    for r in posted {
        let pinged = r.message()["allowed_mentions"]["users"].as_array().map_or(0, Vec::len);
        assert_eq!(pinged, 0, "{:?}", r.message());
    }
    // Refused, in words: a member who never played this game here, a game that does not exist.
    assert_eq!(asked, format!("<@{evil}> has played no game of The Queen's Gambit on this server."));
    let unknown = crate::discord::e2e::command(&fake, TF, CHANNEL_ID, "qg stats", &[("game", json!("chess"))]).await;
    assert_eq!(
        unknown,
        "There is no game called 'chess' on this bot: it hosts queens-gambit (The Queen's Gambit), stratego (Stratego)."
    );
    shards.shutdown_all().await;
    run.abort();
}

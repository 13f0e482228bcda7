//! The real bot (poise and serenity as in production) pointed at the fake, started as a host starts it:
//! the built-in defaults, a config file, and the environment.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use gambit::config::Config;
use poise::serenity_prelude::Client;

use super::fake_discord::{FakeDiscord, TOKEN};
use super::payloads::GUILD_ID;

/// The bot's client, ready to start, on the database `db` with the settings in `config_file`; every new
/// game gets the seed `seed`, so a test can replay it.
pub async fn real_bot(fake: &FakeDiscord, db: &Path, config_file: &Path, seed: &str) -> Client {
    bot_of(fake, db, config_file, seed, false, None).await
}

/// `real_bot`, serving the games' web pages beside it on a port of their own.
pub async fn real_bot_with_pages(fake: &FakeDiscord, db: &Path, config_file: &Path, seed: &str) -> Client {
    bot_of(fake, db, config_file, seed, true, None).await
}

/// `real_bot_with_pages`, its games timed by `clock`.
pub async fn real_bot_with_pages_at(
    fake: &FakeDiscord,
    db: &Path,
    config_file: &Path,
    seed: &str,
    clock: gambit::service::Clock,
) -> Client {
    bot_of(fake, db, config_file, seed, true, Some(clock)).await
}

async fn bot_of(
    fake: &FakeDiscord,
    db: &Path,
    config_file: &Path,
    seed: &str,
    pages: bool,
    clock: Option<gambit::service::Clock>,
) -> Client {
    let env = |k: &str| -> Option<String> {
        match k {
            "DISCORD_TOKEN" => Some(TOKEN.to_string()),
            "DISCORD_PROXY_URL" => Some(fake.base_url()),
            "GAMBIT_DEV_GUILD" => Some(GUILD_ID.to_string()),
            "GAMBIT_DB" => Some(db.display().to_string()),
            "GAMBIT_SEED" => Some(seed.to_string()),
            "GAMBIT_WEB_LISTEN" => Some("127.0.0.1:0".to_string()),
            _ => None,
        }
    };
    let config = Config::load(Some(config_file), &env).expect("the test's configuration");
    let pages = gambit::web::pages(&config).filter(|_| pages).map(|p| std::sync::Arc::new(p) as gambit::discord::Pages);
    let hooks = gambit::discord::Hooks { pages, clock, ..Default::default() };
    let client = gambit::discord::client_with(&config, gambit::games::Catalog::embedded(), hooks)
        .await
        .expect("the bot's client");
    fake.assert_local(&client).await;
    client
}

/// The bot of `config` timed by a clock the test moves on: the real time plus the seconds in the
/// returned counter; its timers are looked at every 200 ms, so a deadline passes soon after the clock
/// is moved past it.
pub async fn clocked_bot(fake: &FakeDiscord, config: &Config) -> (Client, Arc<AtomicI64>) {
    let offset = Arc::new(AtomicI64::new(0));
    let moved = offset.clone();
    let hooks = gambit::discord::Hooks {
        clock: Some(Arc::new(move || gambit::store::now() + moved.load(Ordering::SeqCst))),
        tick: Duration::from_millis(200),
        pages: None,
    };
    let client = gambit::discord::client_with(config, gambit::games::Catalog::embedded(), hooks)
        .await
        .expect("the bot's client");
    fake.assert_local(&client).await;
    (client, offset)
}

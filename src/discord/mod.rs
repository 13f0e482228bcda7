//! The Discord bot: a thin layer over the game service. Discord input becomes a service call, and the
//! service's answer becomes Discord messages. No rule, no SQL and no drawing lives here.

pub mod admin;
pub mod bot;
mod click;
mod client;
pub mod commands;
mod computers;
pub mod events;
mod failure;
mod flows;
pub mod gate;
pub mod ids;
mod journal;
mod lobby;
pub mod msg;
pub mod outbox;
mod pace;
pub mod perms;
mod player;
mod posting;
pub mod queens_gambit;
mod refusal;
pub mod registry;
mod relay;
pub mod room;
pub mod send;
mod serve;
pub mod shards;
mod standings;
mod stats;
mod stratego;
mod tables;
mod timers;
pub mod views;

pub use client::{Hooks, Pages, client, client_with};
pub use failure::ServeError;
pub use serve::serve;
pub use shards::Shards;

use crate::config::Config;
use crate::service::GameSettings;
use poise::serenity_prelude as serenity;

/// The one line a host sees when the token is missing.
pub const NO_TOKEN: &str = "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications, \
     copy its token, and run with DISCORD_TOKEN=<token> (see the README)";

/// Game defaults from the configuration (0 means none).
pub fn defaults(config: &Config) -> GameSettings {
    let m = |v: u32| (v > 0).then_some(v);
    GameSettings {
        deadline_minutes: m(config.games.deadline_minutes),
        remind_minutes: m(config.games.remind_minutes),
        ..Default::default()
    }
}

/// The HTTP client: through DISCORD_PROXY_URL when set. Serenity's rate limiter must be off for a proxy to
/// be used at all (the proxy is trusted to respect Discord's limits).
pub fn http(config: &Config, token: &str) -> serenity::Http {
    let mut b = serenity::HttpBuilder::new(token);
    if !config.discord.proxy_url.is_empty() {
        b = b.proxy(config.discord.proxy_url.clone()).ratelimiter_disabled(true);
    }
    b.build()
}

/// Register the commands everywhere (global registration takes up to an hour to show up).
pub async fn register(config: &Config) -> Result<usize, String> {
    let token = config.discord.token.clone().ok_or(NO_TOKEN.to_string())?;
    let http = http(config, &token);
    let app = http.get_current_application_info().await.map_err(|e| format!("cannot reach Discord: {e}"))?;
    http.set_application_id(app.id);
    let commands = poise::builtins::create_application_commands(&commands::all(&crate::service::Catalog::embedded()));
    let n = commands.len();
    serenity::Command::set_global_commands(&http, commands).await.map_err(|e| format!("registration failed: {e}"))?;
    Ok(n)
}

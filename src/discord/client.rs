//! Building the bot and its Discord client: the database opened, the pictures prepared, the commands
//! and the click router installed, the gateway's state reported to the health check.

use super::bot::Bot;
use super::commands::{self, Data, Error};
use super::failure::ServeError;
use super::{NO_TOKEN, defaults, events, http};
use crate::config::Config;
use crate::render::Painters;
use crate::service::Catalog;
use crate::service::Service;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

/// What tests may change in a running bot: the clock the games are timed by, and how often it looks for
/// reminders, deadlines and old lobbies.
#[derive(Clone)]
pub struct Hooks {
    pub clock: Option<crate::service::Clock>,
    pub tick: Duration,
    /// The games' web pages, started beside the bot.
    pub pages: Option<Pages>,
}

impl Default for Hooks {
    fn default() -> Hooks {
        Hooks { clock: None, tick: Duration::from_secs(60), pages: None }
    }
}

/// Starts the games' web pages beside the bot (another front end, handed in by whoever starts the bot):
/// given the service and the painters, how links to the pages begin (none: no pages).
pub type Pages = Arc<
    dyn Fn(
            Arc<Service>,
            Arc<Painters>,
        ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Result<Option<String>, String>> + Send>>
        + Send
        + Sync,
>;

/// Start the pages `start` serves, and let `bot` give links to them.
pub(super) async fn open_pages(bot: &Bot, start: Option<Pages>) -> Result<(), ServeError> {
    let Some(start) = start else { return Ok(()) };
    if let Some(base) = start(bot.svc.clone(), bot.painters.clone()).await.map_err(ServeError::Other)? {
        let _ = bot.pages.set(base);
    }
    Ok(())
}

/// The bot over the database: the service with the host's defaults and limits, and the renderer. Its
/// health is `health` (the listener may report it before the bot is ready).
pub(super) async fn bot(
    config: &Config,
    hooks: &Hooks,
    svc: Service,
    health: Arc<crate::ops::Health>,
) -> Result<Arc<Bot>, ServeError> {
    let mut svc = svc
        .with_defaults(defaults(config))
        .with_limits(config.limits.clone())
        .with_numbering(config.games.numbering)
        .with_stall_rounds(config.games.stall_rounds)
        .with_away_days_max(config.games.away_days_max)
        .with_computers(config.ai.settings(), config.ai.pool_size())
        .with_teller(&config.discord.shards.to_string());
    if let Some(clock) = hooks.clock.clone() {
        svc = svc.with_clock(clock);
    }
    let painters =
        Painters::for_catalog(svc.catalog()).map_err(|e| ServeError::Other(format!("board pictures: {e}")))?;
    if config.games.seed.is_some() {
        tracing::warn!("every new game gets the same configured seed: for tests only, players could foresee the dice");
    }
    // Past 2.5 s an acknowledgement could itself arrive too late (the configuration is checked for it).
    let defer_after = Duration::from_millis(config.discord.defer_after_ms);
    let mut bot = Bot::new(Arc::new(svc), painters, defer_after, config.games.seed);
    bot.health = health;
    let warm = bot.painters.clone();
    tokio::task::spawn_blocking(move || {
        let start = std::time::Instant::now();
        warm.prepare();
        tracing::debug!(ms = start.elapsed().as_millis(), "picture layers coded");
    });
    Ok(Arc::new(bot))
}

/// A Discord client for `bot`, ready to start. It asks for the GUILDS intent only: slash commands and
/// components need nothing more.
pub(super) async fn discord(config: &Config, bot: Arc<Bot>) -> Result<serenity::Client, ServeError> {
    let token = config.discord.token.clone().ok_or(ServeError::NoToken)?;
    let dev_guild = config.discord.dev_guild_id();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(bot.svc.catalog()),
            event_handler: |framework, event| Box::pin(events::handle(framework, event)),
            on_error: |err| Box::pin(on_error(err)),
            initialize_owners: false,
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                // With several processes (and shards) on one database, one registers.
                if let Some(g) = dev_guild {
                    match bot.svc.lead(crate::service::Job::Register).await {
                        Ok(Some(lead)) => {
                            let commands = &framework.options().commands;
                            poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(g)).await?;
                            tracing::info!(guild = g, "commands registered in the development server");
                            lead.release().await;
                        }
                        Ok(None) => tracing::debug!("another process registers the commands"),
                        Err(e) => tracing::warn!(error = %e, "cannot tell which process registers the commands"),
                    }
                }
                Ok(Data { bot })
            })
        })
        .build();
    serenity::ClientBuilder::new_with_http(http(config, &token), serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await
        .map_err(|e| ServeError::Other(format!("cannot start the Discord client: {e}")))
}

/// The bot's Discord client over its database, hosting the games of `catalog`, ready to start, with the
/// timers running (tests start it and stop it themselves; `serve` is the whole life of the bot).
pub async fn client(config: &Config, catalog: Catalog) -> Result<serenity::Client, String> {
    client_with(config, catalog, Hooks::default()).await
}

/// `client`, with a test's clock and timer interval.
pub async fn client_with(config: &Config, catalog: Catalog, mut hooks: Hooks) -> Result<serenity::Client, String> {
    if config.discord.token.is_none() {
        return Err(NO_TOKEN.to_string());
    }
    let svc = Service::open_writable(&config.database.path, catalog).await.map_err(|e| e.to_string())?;
    let bot = bot(config, &hooks, svc, Default::default()).await.map_err(|e| e.to_string())?;
    open_pages(&bot, hooks.pages.take()).await.map_err(|e| e.to_string())?;
    let client = discord(config, bot.clone()).await.map_err(|e| e.to_string())?;
    let never = tokio::sync::watch::channel(false).1;
    super::computers::spawn(bot.clone(), client.http.clone(), hooks.tick, never.clone());
    super::timers::spawn(bot, client.http.clone(), hooks.tick, config, never);
    Ok(client)
}

async fn on_error(err: poise::FrameworkError<'_, Data, Error>) {
    match err {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::warn!(command = %ctx.command().qualified_name, error = %error, "command failed");
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content("Something went wrong on my side; please try again.")
                        .ephemeral(true),
                )
                .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %e, "error while handling an error");
            }
        }
    }
}

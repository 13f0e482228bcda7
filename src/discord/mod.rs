//! The Discord bot: a thin layer over the game service. Discord input becomes a service call, and the
//! service's answer becomes Discord messages. No rule, no SQL and no drawing lives here.

pub mod admin;
pub mod bot;
mod click;
pub mod commands;
pub mod events;
pub mod help;
pub mod ids;
mod lobby;
pub mod msg;
pub mod notify;
pub mod perms;
mod player;
pub mod send;
pub mod views;

use crate::config::Config;
use crate::render::Renderer;
use crate::rules::Data as GameData;
use crate::service::{GameSettings, Service};
use bot::Bot;
use commands::{Data, Error};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

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

/// What tests may change in a running bot: the clock the games are timed by, and how often it looks for
/// reminders, deadlines and old lobbies.
#[derive(Clone)]
pub struct Hooks {
    pub clock: Option<crate::service::Clock>,
    pub tick: Duration,
}

impl Default for Hooks {
    fn default() -> Hooks {
        Hooks { clock: None, tick: Duration::from_secs(60) }
    }
}

/// Every `tick` (and at once after a restart): send the reminders and deadline notices that are due, and
/// close the lobbies nobody started in time.
fn spawn_timers(bot: Arc<Bot>, http: Arc<serenity::Http>, tick: Duration) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(tick);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            match bot.svc.due().await {
                Ok(due) => {
                    for d in due {
                        if let Some(post) = bot.due(&d).await {
                            send::posts(&http, &[post]).await;
                        }
                        if let Err(e) = bot.svc.handled(&d).await {
                            tracing::warn!(game = d.game, error = %e, "cannot update the game's timers");
                        }
                    }
                }
                Err(e) => tracing::warn!(error = %e, "cannot read what is due"),
            }
            match bot.svc.expire_lobbies().await {
                Ok(closed) => {
                    let posts: Vec<_> = closed.iter().filter_map(|e| bot.expired(e)).collect();
                    send::posts(&http, &posts).await;
                }
                Err(e) => tracing::warn!(error = %e, "cannot close old lobbies"),
            }
        }
    });
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

/// Run the bot until it is stopped.
pub async fn serve(config: Config, data: Arc<GameData>) -> Result<(), String> {
    let mut client = client(&config, data).await?;
    tracing::info!(database = %config.database.path.display(), "starting");
    client.start().await.map_err(|e| format!("Discord connection ended: {e}"))
}

/// The bot's Discord client, ready to start: the database opened, the pictures prepared, the commands and
/// the click router installed.
pub async fn client(config: &Config, data: Arc<GameData>) -> Result<serenity::Client, String> {
    client_with(config, data, Hooks::default()).await
}

/// `client`, with a test's clock and timer interval.
pub async fn client_with(config: &Config, data: Arc<GameData>, hooks: Hooks) -> Result<serenity::Client, String> {
    let token = config.discord.token.clone().ok_or(NO_TOKEN)?;
    let store = crate::store::Store::open(&config.database.path).await.map_err(|e| e.to_string())?;
    let mut svc = Service::new(store, data.clone()).with_defaults(defaults(config)).with_limits(config.limits.clone());
    if let Some(clock) = hooks.clock {
        svc = svc.with_clock(clock);
    }
    let svc = Arc::new(svc);
    let renderer = Arc::new(Renderer::new(data).map_err(|e| e.to_string())?);
    // Past 2.5 s an acknowledgement could itself arrive too late.
    let defer_after = Duration::from_millis(config.discord.defer_after_ms.min(2500));
    if config.games.seed.is_some() {
        tracing::warn!("every new game gets the same configured seed: for tests only, players could foresee the dice");
    }
    let bot = Arc::new(Bot { svc, renderer, defer_after, seed: config.games.seed });
    let tick = hooks.tick;
    let dev_guild = config.discord.dev_guild.parse::<u64>().ok().filter(|g| *g != 0);
    let setup_bot = bot.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |framework, event| Box::pin(events::handle(framework, event)),
            on_error: |err| Box::pin(on_error(err)),
            initialize_owners: false,
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                if let Some(g) = dev_guild {
                    poise::builtins::register_in_guild(ctx, &framework.options().commands, serenity::GuildId::new(g))
                        .await?;
                    tracing::info!(guild = g, "commands registered in the development server");
                }
                spawn_timers(setup_bot.clone(), ctx.http.clone(), tick);
                Ok(Data { bot: setup_bot })
            })
        })
        .build();
    let intents = serenity::GatewayIntents::non_privileged();
    serenity::ClientBuilder::new_with_http(http(config, &token), intents)
        .framework(framework)
        .await
        .map_err(|e| format!("cannot start the Discord client: {e}"))
}

/// Register the commands everywhere (global registration takes up to an hour to show up).
pub async fn register(config: &Config) -> Result<usize, String> {
    let token = config.discord.token.clone().ok_or(NO_TOKEN)?;
    let http = http(config, &token);
    let app = http.get_current_application_info().await.map_err(|e| format!("cannot reach Discord: {e}"))?;
    http.set_application_id(app.id);
    let commands = poise::builtins::create_application_commands(&commands::all());
    let n = commands.len();
    serenity::Command::set_global_commands(&http, commands).await.map_err(|e| format!("registration failed: {e}"))?;
    Ok(n)
}

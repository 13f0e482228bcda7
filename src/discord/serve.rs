//! The whole life of `gambit serve`: one bot per database, the health listener, a token Discord accepts,
//! a connection retried while the network is away, and on SIGTERM or SIGINT a clean stop: no new
//! interactions, those in flight finished (bounded), timers stopped, the database folded into one file.

use super::client::{self, Hooks};
use super::failure::ServeError;
use super::{http, timers};
use crate::config::Config;
use crate::service::host::InstanceLock;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// Waits for SIGTERM or SIGINT (Ctrl-C).
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot watch for SIGTERM; only Ctrl-C stops the bot cleanly");
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}

/// Whether an error from Discord means the token is wrong (as opposed to the network being away).
fn refused_token(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication) => true,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => r.status_code.as_u16() == 401,
        _ => false,
    }
}

/// Retry delays while Discord cannot be reached: 1, 2, 4... seconds, at most a minute.
fn backoff(attempt: u32) -> Duration {
    Duration::from_secs(1u64 << attempt.min(6)).min(Duration::from_secs(60))
}

/// After a failed attempt to reach Discord: log it, wait the backoff, count the attempt. False when the
/// stop came while waiting.
async fn wait_to_retry(
    attempt: &mut u32,
    stopped: &mut watch::Receiver<bool>,
    what: &str,
    error: &dyn std::fmt::Display,
) -> bool {
    let wait = backoff(*attempt);
    tracing::warn!(error = %error, retry_in_s = wait.as_secs(), "{what}");
    *attempt += 1;
    tokio::select! {
        _ = tokio::time::sleep(wait) => true,
        _ = stopped.wait_for(|s| *s) => false,
    }
}

/// Whether Discord accepts the token, asked until it answers (false: stopped while waiting), so a wrong
/// token is one clear line.
async fn accepted_token(config: &Config, token: &str, stopped: &mut watch::Receiver<bool>) -> Result<bool, ServeError> {
    let rest = http(config, token);
    let mut attempt = 0;
    loop {
        let check = tokio::select! {
            r = rest.get_current_user() => r,
            _ = stopped.wait_for(|s| *s) => return Ok(false),
        };
        match check {
            Ok(me) => {
                tracing::info!(user = %me.name, "Discord accepts the token");
                return Ok(true);
            }
            Err(e) if refused_token(&e) => return Err(ServeError::BadToken),
            Err(e) => {
                if !wait_to_retry(&mut attempt, stopped, "cannot reach Discord", &e).await {
                    return Ok(false);
                }
            }
        }
    }
}

/// Stay connected to Discord (reconnecting after a lost connection) until the stop; the timers run
/// beside it and finish the tick they are in.
async fn connect(
    config: &Config,
    bot: &Arc<super::bot::Bot>,
    health: &Arc<crate::ops::Health>,
    stop_rx: watch::Receiver<bool>,
) -> Result<(), ServeError> {
    let mut stopped = stop_rx.clone();
    let mut timers = None;
    let mut attempt = 0;
    loop {
        let mut client = client::discord(config, bot.clone()).await?;
        let timers_http = client.http.clone();
        timers.get_or_insert_with(|| {
            let tick = Duration::from_secs(config.ops.tick_seconds);
            let computers = super::computers::spawn(bot.clone(), timers_http.clone(), tick, stop_rx.clone());
            (timers::spawn(bot.clone(), timers_http, tick, config, stop_rx.clone()), computers)
        });
        let bound = Duration::from_secs(config.ops.shutdown_seconds);
        let shards = config.discord.shards();
        // Each shard's connection spends one of the day's sessions: never the last ones.
        if let Some(wait) = super::shards::session_budget(&client.http, shards).await {
            tokio::select! {
                _ = tokio::time::sleep(wait) => continue,
                _ = stopped.wait_for(|s| *s) => break,
            }
        }
        let stopper = tokio::spawn(stop_when_told(bot.clone(), client.shard_manager.clone(), bound, stop_rx.clone()));
        let started = super::shards::start(shards, &mut client).await;
        stopper.abort();
        health.set_gateway(false);
        match started {
            _ if *stop_rx.borrow() => break,
            Ok(()) => break,
            Err(e) if refused_token(&e) => return Err(ServeError::BadToken),
            Err(e) => {
                if !wait_to_retry(&mut attempt, &mut stopped, "the Discord connection ended", &e).await {
                    break;
                }
            }
        }
    }
    if let Some((t, computers)) = timers {
        let bound = Duration::from_secs(config.ops.shutdown_seconds);
        if tokio::time::timeout(bound, t).await.is_err() {
            tracing::warn!("the timers did not finish in time");
        }
        computers.abort();
    }
    Ok(())
}

/// At the stop: refuse new interactions, let those in flight finish (within `bound`), then disconnect.
async fn stop_when_told(
    bot: Arc<super::bot::Bot>,
    shards: Arc<serenity::ShardManager>,
    bound: Duration,
    mut stop: watch::Receiver<bool>,
) {
    if stop.wait_for(|s| *s).await.is_ok() {
        bot.health.set_stopping();
        if !bot.gate.close(bound).await {
            tracing::warn!(in_flight = bot.gate.in_flight(), "interactions still in flight at the stop");
        }
        shards.shutdown_all().await;
    }
}

/// Run the bot until SIGTERM or SIGINT; then stop cleanly and return.
pub async fn serve(
    config: Config,
    catalog: crate::service::Catalog,
    pages: Option<super::client::Pages>,
) -> Result<(), ServeError> {
    let token = config.discord.token.clone().ok_or(ServeError::NoToken)?;
    // Watch for the stop from the start: a SIGTERM while the bot prepares is a clean stop too.
    let (stop_tx, stop_rx) = watch::channel(false);
    let signal = tokio::spawn(async move {
        stop_signal().await;
        tracing::info!("stopping: no new interactions, finishing those in flight");
        let _ = stop_tx.send(true);
    });
    // One process per SQLite file; PostgreSQL takes several (each game's writes are guarded in the database).
    let postgres = crate::service::host::postgres_address(&config.database.path).is_some();
    let lock = if postgres { None } else { Some(InstanceLock::take(&config.database.path)?) };
    let svc = crate::service::Service::open_writable(&config.database.path, catalog).await?;
    super::pace::set(config.discord.requests_per_second);
    // The listener first: a host sees the bot's health while it prepares its pictures and connects.
    let health = Arc::new(crate::ops::Health::default());
    if let Some(addr) = config.ops.listen_addr() {
        crate::ops::listen(addr, health.clone(), Arc::new(svc.probe()))
            .await
            .map_err(|source| ServeError::Listen { addr, source })?;
    }
    let bot = client::bot(&config, &Hooks::default(), svc, health.clone()).await?;
    client::open_pages(&bot, pages).await?;
    let svc = bot.svc.clone();
    tracing::info!(database = %svc.store_location(), "starting");
    let mut stopped = stop_rx.clone();
    let result = match accepted_token(&config, &token, &mut stopped).await {
        Ok(true) => connect(&config, &bot, &health, stop_rx).await,
        Ok(false) => Ok(()),
        Err(e) => Err(e),
    };
    signal.abort();
    // Whatever happened, leave one whole database file behind.
    svc.shutdown().await;
    drop(lock);
    if result.is_ok() {
        tracing::info!("stopped cleanly");
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_longer_each_time_up_to_a_minute() {
        let waits: Vec<u64> = (0..9).map(|a| backoff(a).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
    }
}

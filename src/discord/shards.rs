//! Which of Discord's shards this process runs. Without a setting it runs all the shards Discord
//! recommends; with `FIRST-LAST` of `TOTAL` it runs that range only, so several processes share a bot.
//! Every command used in a direct message arrives on shard 0: the process running it answers those.

pub use crate::config::Shards;
use poise::serenity_prelude as serenity;
use std::time::Duration;

/// Connects these shards and runs until they stop.
pub async fn start(shards: Shards, client: &mut serenity::Client) -> Result<(), serenity::Error> {
    match shards {
        Shards::Recommended => client.start_autosharded().await,
        // serenity's range is not what it looks like: `a..b` starts shards a to b, both included.
        Shards::Range { first, last, total } => client.start_shard_range(first..last, total).await,
    }
}

/// Before identifying: how many new sessions Discord still allows today (each shard's connection takes
/// one; running out resets the bot's token). Logged; when too few are left for this process's shards, the
/// wait until Discord renews them. `None` when Discord could not say (the connection then tries anyway).
pub async fn session_budget(http: &serenity::Http, shards: Shards) -> Option<Duration> {
    let gateway = match http.get_bot_gateway().await {
        Ok(g) => g,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the gateway's session limit");
            return None;
        }
    };
    let limit = &gateway.session_start_limit;
    let needed = u64::from(shards.count().unwrap_or(gateway.shards));
    tracing::info!(
        shards = %shards,
        recommended = gateway.shards,
        remaining = limit.remaining,
        total = limit.total,
        max_concurrency = limit.max_concurrency,
        "gateway sessions"
    );
    if limit.remaining >= needed {
        return None;
    }
    let wait = Duration::from_millis(limit.reset_after);
    tracing::error!(
        remaining = limit.remaining,
        needed,
        wait_s = wait.as_secs(),
        "too few gateway sessions left today: waiting for Discord to renew them rather than risk the token"
    );
    Some(wait)
}

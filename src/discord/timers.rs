//! What the bot does on its own, every tick: remind and warn those the games wait for, close lobbies
//! nobody started, and take the scheduled copy of the database.

use super::bot::Bot;
use super::send;
use crate::config::Config;
use crate::ops::metrics;
use crate::service::{Job, Lead};
use poise::serenity_prelude as serenity;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// Scheduled backups: every `every`, into `dir`, keeping `keep`.
#[derive(Clone, Debug)]
struct Backups {
    every: Duration,
    keep: usize,
    dir: PathBuf,
}

/// Returns when `stop` turns true (never, if nobody can stop it).
pub(super) async fn stopped(mut stop: watch::Receiver<bool>) {
    if stop.wait_for(|s| *s).await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// Every `tick` (and at once): reminders, deadlines, old lobbies and backups, until `stop` turns true.
/// The work of a tick is finished before the loop looks at `stop` again.
pub(super) fn spawn(
    bot: Arc<Bot>,
    http: Arc<serenity::Http>,
    tick: Duration,
    config: &Config,
    stop: watch::Receiver<bool>,
) -> tokio::task::JoinHandle<()> {
    let backups = (config.backup.every_hours > 0).then(|| Backups {
        every: Duration::from_secs(u64::from(config.backup.every_hours) * 3600),
        keep: config.backup.keep as usize,
        dir: config.backup_dir(),
    });
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(tick);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let stopping = stopped(stop);
        tokio::pin!(stopping);
        let mut sweeping = None;
        loop {
            tokio::select! {
                _ = &mut stopping => break,
                _ = tick.tick() => {}
            }
            super::outbox::tell_owed(&bot, &http).await;
            due(&bot, &http).await;
            if leads(&bot, &mut sweeping, Job::Sweep).await {
                lobbies(&bot, &http).await;
            }
            if let Some(b) = &backups {
                backup(&bot, b).await;
            }
        }
    })
}

/// Reminders and deadline notices that fell due.
async fn due(bot: &Bot, http: &serenity::Http) {
    let due = match bot.svc.due().await {
        Ok(d) => d,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read what is due");
            return;
        }
    };
    for d in due {
        // Another process on the same database may have taken it: only one says it.
        match bot.svc.claim(&d).await {
            Ok(true) => {}
            Ok(false) => continue,
            Err(e) => {
                tracing::warn!(game = d.game, error = %e, "cannot take a due timer");
                continue;
            }
        }
        if let Some(mut post) = bot.due(&d).await {
            // The same for whichever process sends it: Discord keeps one.
            post.nonce = Some(format!("d{}.{}.{}", d.game, d.kind as u8, d.at));
            send::posts(http, &[post]).await;
            let kind = match d.kind {
                crate::service::DueKind::Reminder => "reminder",
                crate::service::DueKind::Deadline => "deadline",
            };
            ::metrics::counter!(metrics::REMINDERS, "kind" => kind).increment(1);
        }
        match bot.svc.handled(&d).await {
            Ok(Some(news)) => {
                // The computer now plays for a late player: it may have to move at once.
                let stood_in = !news.stood_in.is_empty();
                let posts = bot.table_posts(news).await;
                send::posts_kept(http, &posts, Some(bot), None).await;
                if stood_in {
                    bot.wake_computers(d.game);
                }
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(game = d.game, error = %e, "cannot update the game's timers"),
        }
    }
}

/// Whether this process leads `job` (one process at a time does it for the whole database): the lead it
/// holds is checked, or one is taken if nobody holds it.
async fn leads(bot: &Bot, lead: &mut Option<Lead>, job: Job) -> bool {
    if let Some(l) = lead {
        if l.holds().await {
            return true;
        }
        tracing::warn!(job = ?job, "lost the lead of a job (the database connection ended)");
        *lead = None;
    }
    match bot.svc.lead(job).await {
        Ok(taken) => {
            if taken.is_some() {
                tracing::debug!(job = ?job, "this process leads the job");
            }
            *lead = taken;
            lead.is_some()
        }
        Err(e) => {
            tracing::warn!(job = ?job, error = %e, "cannot tell which process leads a job");
            false
        }
    }
}

/// Lobbies nobody started in time close, with a notice in their thread.
async fn lobbies(bot: &Bot, http: &serenity::Http) {
    match bot.svc.expire_lobbies().await {
        Ok(closed) => {
            ::metrics::counter!(metrics::LOBBIES_EXPIRED).increment(closed.len() as u64);
            let posts: Vec<_> = closed.iter().filter_map(|e| bot.expired(e)).collect();
            send::posts(http, &posts).await;
        }
        Err(e) => tracing::warn!(error = %e, "cannot close old lobbies"),
    }
}

/// A copy of the database when the newest is older than the interval, then the oldest beyond `keep` go.
async fn backup(bot: &Bot, b: &Backups) {
    match bot.svc.scheduled_backup(&b.dir, b.every, b.keep).await {
        Ok(Some(path)) => {
            ::metrics::counter!(metrics::BACKUPS, "outcome" => "ok").increment(1);
            tracing::info!(file = %path.display(), "database backed up");
        }
        Ok(None) => {}
        Err(e) => {
            ::metrics::counter!(metrics::BACKUPS, "outcome" => "failed").increment(1);
            tracing::warn!(dir = %b.dir.display(), error = %e, "scheduled backup failed");
        }
    }
}

//! Clicks on buttons and menus, routed by their custom id in the global event handler: they work after
//! a restart and days later, with no in-memory collectors.

use super::bot::Origin;
use super::commands::{Data, Error};
use super::send;
use poise::serenity_prelude as serenity;

pub async fn handle(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let serenity::FullEvent::InteractionCreate { interaction } = event else { return Ok(()) };
    let Some(click) = interaction.as_message_component() else { return Ok(()) };
    let bot = &framework.user_data.bot;
    let http = framework.serenity_context.http.clone();
    let values: Vec<String> = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    };
    let origin = Origin {
        user: click.user.id.get().to_string(),
        guild: click.guild_id.map(|g| g.get().to_string()),
        channel: click.channel_id.get().to_string(),
        permissions: click.app_permissions.map(|p| p.bits()).unwrap_or(0),
        from_private: click.message.flags.is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL)),
        admin: false,
        message: Some(click.message.content.clone()),
    };
    // Custom ids on private menus carry plan cards: never log them above debug.
    tracing::debug!(user = %origin.user, id = %click.data.custom_id, "component");
    let work = bot.component(&origin, &click.data.custom_id, &values);
    tokio::pin!(work);
    let out = tokio::select! {
        biased;
        out = &mut work => {
            if let Err(e) = click.create_response(&http, send::reply(&out.reply)).await {
                tracing::warn!(error = %e, "could not answer a click");
            }
            out
        }
        // Slow work (a busy database, a large picture): acknowledge now, answer when done.
        _ = tokio::time::sleep(bot.defer_after) => {
            if let Err(e) = click.defer(&http).await {
                tracing::warn!(error = %e, "could not acknowledge a click");
            }
            let out = work.await;
            send::deferred_reply(&http, click, &out.reply).await;
            out
        }
    };
    send::follow_up(&http, bot, &out).await;
    Ok(())
}

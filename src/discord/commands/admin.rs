//! `/qg-admin`: a server's admins manage its games, of every game. The service checks the member's
//! powers (from the interaction) when each runs.

use super::context::{Context, Error, origin, run};
use crate::discord::admin::Admin;
use crate::discord::bot::Out;
use crate::service::{Person, ServerChange};
use poise::serenity_prelude as serenity;

/// Manage this server's games
#[poise::command(
    slash_command,
    rename = "qg-admin",
    subcommands("end", "replace", "pause", "resume", "defaults"),
    subcommand_required,
    default_member_permissions = "MANAGE_GUILD",
    guild_only
)]
pub(super) async fn qg_admin(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Do an admin command: the service checks the member's powers (from the interaction) when it runs.
async fn admin(ctx: Context<'_>, what: Admin) -> Result<(), Error> {
    run(ctx, false, ctx.data().bot.admin(&origin(ctx), what)).await
}

/// End a game without a winner
#[poise::command(slash_command)]
async fn end(ctx: Context<'_>, #[description = "The game's number"] game: i64) -> Result<(), Error> {
    admin(ctx, Admin::End(game)).await
}

/// The computer's levels, of every game (the service takes the seat's game's own).
async fn suggest_level(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let mut levels: Vec<&'static str> = ctx.data().bot.svc.catalog().all().iter().flat_map(|k| k.levels()).collect();
    levels.sort();
    levels.dedup();
    let choices = levels
        .into_iter()
        .filter(|l| l.starts_with(&partial.trim().to_lowercase()))
        .map(|l| serenity::AutocompleteChoice::new(l, l))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Give a player's seat to someone else
#[poise::command(slash_command)]
async fn replace(
    ctx: Context<'_>,
    #[description = "The game's number"] game: i64,
    #[description = "The seat's number (from 1, as in the lobby)"]
    #[min = 1]
    #[max = 8]
    seat: u8,
    #[description = "The new player"] player: Option<serenity::User>,
    #[description = "Or the computer, at one of its game's levels (it plays on until the seat is given back)"]
    #[autocomplete = "suggest_level"]
    computer: Option<String>,
) -> Result<(), Error> {
    let person = match (player, computer) {
        (Some(p), None) => Person::new(p.id.get(), p.bot),
        (None, Some(level)) => Person::new(crate::service::UserId::computer(level.trim()), false),
        _ => return run(ctx, false, async { Out::say("Name either a player or the computer's level.") }).await,
    };
    admin(ctx, Admin::Replace { game, seat: usize::from(seat.saturating_sub(1)), person, confirmed: false }).await
}

/// Pause a game (nobody can move, no reminders)
#[poise::command(slash_command)]
async fn pause(ctx: Context<'_>, #[description = "The game's number"] game: i64) -> Result<(), Error> {
    admin(ctx, Admin::Pause(game)).await
}

/// Resume a paused game
#[poise::command(slash_command)]
async fn resume(ctx: Context<'_>, #[description = "The game's number"] game: i64) -> Result<(), Error> {
    admin(ctx, Admin::Resume(game)).await
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Setting {
    #[name = "the game channel"]
    GameChannel,
    #[name = "the game master role"]
    GameMasterRole,
    #[name = "the players' time zone"]
    TimeZone,
}

/// This server's settings: deadlines, reminders, channel, role, web pages, time zone (none: show them)
// One argument per option Discord shows.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
async fn defaults(
    ctx: Context<'_>,
    #[description = "Hours a player has for a move in new games (0: no deadline)"]
    #[min = 0]
    #[max = 720]
    deadline_hours: Option<u32>,
    #[description = "Hours of waiting before a reminder in new games (0: no reminders)"]
    #[min = 0]
    #[max = 720]
    remind_hours: Option<u32>,
    #[description = "The one channel where games are started"]
    #[channel_types("Text")]
    channel: Option<serenity::ChannelId>,
    #[description = "Members with this role manage games too (only who can manage the server sets it)"]
    game_master_role: Option<serenity::RoleId>,
    #[description = "Whether this server's games have web pages (off: their links show nothing)"] web_pages: Option<
        bool,
    >,
    #[description = "The time zone of players who named none (Europe/Paris); UTC until set"]
    #[autocomplete = "super::shared::suggest_zone"]
    timezone: Option<String>,
    #[description = "Clear one setting"] clear: Option<Setting>,
) -> Result<(), Error> {
    let minutes = |h: u32| (h > 0).then_some(h * 60);
    let mut change = ServerChange {
        deadline_minutes: deadline_hours.map(minutes),
        remind_minutes: remind_hours.map(minutes),
        game_channel: channel.map(|c| Some(c.get().into())),
        game_master_role: game_master_role.map(|r| Some(r.get().into())),
        web_pages,
        timezone: timezone.map(|z| Some(z.trim().to_string())),
    };
    match clear {
        Some(Setting::GameChannel) => change.game_channel = Some(None),
        Some(Setting::GameMasterRole) => change.game_master_role = Some(None),
        Some(Setting::TimeZone) => change.timezone = Some(None),
        None => {}
    }
    admin(ctx, Admin::Defaults(change)).await
}

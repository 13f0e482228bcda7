//! The slash commands: `/qg ...` for players and `/qg-admin ...` for server admins. Each one reads its
//! options, asks `Bot` what to do, answers, then posts.

use super::bot::{Admin, Bot, Origin, Out, Reply};
use super::send;
use crate::rules::{Mode, Seat};
use crate::service::GameSettings;
use poise::serenity_prelude as serenity;
use std::sync::Arc;

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

pub struct Data {
    pub bot: Arc<Bot>,
}

/// Who asks, where, with which of the bot's permissions.
pub fn origin(ctx: Context<'_>, admin: bool) -> Origin {
    let (permissions, private) = match ctx {
        poise::Context::Application(a) => (a.interaction.app_permissions.map(|p| p.bits()).unwrap_or(0), false),
        poise::Context::Prefix(_) => (0, false),
    };
    Origin {
        user: ctx.author().id.get().to_string(),
        guild: ctx.guild_id().map(|g| g.get().to_string()),
        channel: ctx.channel_id().get().to_string(),
        permissions,
        from_private: private,
        admin,
        message: None,
    }
}

/// Do a command's work and answer it: at once when the work is quick, otherwise acknowledge it first
/// (Discord allows 3 seconds) and answer when it is done. `public` says how the answer will be shown,
/// which an acknowledgement must decide in advance.
async fn run(ctx: Context<'_>, public: bool, work: impl std::future::Future<Output = Out>) -> Result<(), Error> {
    tokio::pin!(work);
    let out = tokio::select! {
        biased;
        out = &mut work => out,
        _ = tokio::time::sleep(ctx.data().bot.defer_after) => {
            if public { ctx.defer().await? } else { ctx.defer_ephemeral().await? }
            work.await
        }
    };
    answer(ctx, out).await
}

/// Answer a command with an `Out`, then post what it asks to post.
async fn answer(ctx: Context<'_>, out: Out) -> Result<(), Error> {
    let (msg, private) = match &out.reply {
        Reply::Private(m) | Reply::Update(m) => (m.clone(), true),
        Reply::Public(m) => (m.clone(), false),
        Reply::Clear => (super::msg::Msg::text("Done."), true),
    };
    let mut reply = poise::CreateReply::default()
        .content(msg.content.clone())
        .components(send::rows(&msg))
        .ephemeral(private)
        .allowed_mentions(send::mentions(&msg));
    if let Some(p) = &msg.picture {
        reply = reply.attachment(serenity::CreateAttachment::bytes(p.png.clone(), p.name.clone()));
    }
    ctx.send(reply).await?;
    send::follow_up(ctx.serenity_context().http.as_ref(), &ctx.data().bot, &out).await;
    Ok(())
}

/// Find the user's game (the one named, or the one where they are), then do `f` with it; a clear answer
/// when there is none. Runs inside `run`, so a user with many games still gets an answer in time.
async fn with_game<F, Fut>(ctx: Context<'_>, named: Option<i64>, f: F) -> Out
where
    F: FnOnce(i64) -> Fut,
    Fut: std::future::Future<Output = Out>,
{
    match ctx.data().bot.which_game(&origin(ctx, false), named).await {
        Ok(g) => f(g).await,
        Err(why) => Out::say(why),
    }
}

async fn suggest_game(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let user = ctx.author().id.get().to_string();
    let games = ctx.data().bot.svc.games_of(&user).await.unwrap_or_default();
    let choices = games
        .into_iter()
        .flatten()
        .filter(|g| g.id.to_string().starts_with(partial.trim()))
        .take(25)
        .map(|g| {
            let name = super::msg::clip(&format!("Game {} · {} · {}", g.id, g.status.key(), g.waiting), 100);
            serenity::AutocompleteChoice::new(name, g.id)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

async fn suggest_choice(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let o = origin(ctx, false);
    // The `game` option, when the player has filled it in already.
    let named = match ctx {
        poise::Context::Application(a) => {
            a.args.iter().find(|arg| arg.name == "game").and_then(|arg| match arg.value {
                serenity::ResolvedValue::Integer(g) => Some(g),
                _ => None,
            })
        }
        poise::Context::Prefix(_) => None,
    };
    let choices = ctx
        .data()
        .bot
        .suggestions(&o, named, partial)
        .await
        .into_iter()
        .map(|(label, value)| serenity::AutocompleteChoice::new(label, value))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

async fn suggest_card(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = super::help::card_titles(ctx.data().bot.svc.data(), partial)
        .into_iter()
        .map(|t| serenity::AutocompleteChoice::new(t.clone(), t))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

async fn suggest_topic(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = super::help::TOPICS
        .iter()
        .filter(|(k, t, _)| k.contains(&partial.to_lowercase()) || t.to_lowercase().contains(&partial.to_lowercase()))
        .map(|(k, t, _)| serenity::AutocompleteChoice::new(*t, *k))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SideChoice {
    #[name = "Trade Federation"]
    Tf,
    #[name = "Naboo"]
    Naboo,
    #[name = "Either"]
    Either,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Players {
    #[name = "2 players (1 v 1)"]
    Two,
    #[name = "4 players (2 v 2)"]
    Four,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BoardChoice {
    #[name = "everything"]
    Overview,
    #[name = "Theed Palace"]
    Palace,
    #[name = "Plains of Naboo"]
    Battlefield,
    #[name = "generator core"]
    Core,
    #[name = "space battle"]
    Space,
}

impl BoardChoice {
    fn key(self) -> &'static str {
        match self {
            BoardChoice::Overview => "overview",
            BoardChoice::Palace => "palace",
            BoardChoice::Battlefield => "battlefield",
            BoardChoice::Core => "core",
            BoardChoice::Space => "space",
        }
    }
}

/// Star Wars: The Queen's Gambit (unofficial fan game)
#[poise::command(
    slash_command,
    subcommands(
        "new", "games", "hand", "board", "status", "log", "choose", "rules", "card", "undo", "concede", "notify"
    ),
    subcommand_required
)]
pub async fn qg(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a new game in this channel (it gets its own thread)
#[poise::command(slash_command)]
async fn new(
    ctx: Context<'_>,
    #[description = "1 v 1 or 2 v 2"] players: Option<Players>,
    #[description = "The side you want (either: seats are drawn at the start)"] side: Option<SideChoice>,
    #[description = "A name for the game"]
    #[max_length = 60]
    title: Option<String>,
    #[description = "Seat this player at once (on the other side)"] opponent: Option<serenity::User>,
) -> Result<(), Error> {
    let players = match players {
        Some(Players::Four) => Mode::FourPlayer.seats(),
        _ => Mode::TwoPlayer.seats(),
    };
    let side = match side {
        Some(SideChoice::Tf) => Some("tf"),
        Some(SideChoice::Naboo) => Some("naboo"),
        _ => None,
    };
    let invite = opponent.map(|u| u.id.get().to_string());
    let title = title.as_deref().unwrap_or("");
    run(ctx, true, ctx.data().bot.new_game(&origin(ctx, false), players, side, title, invite.as_deref())).await
}

/// Your games and whose move it is
#[poise::command(slash_command)]
async fn games(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, false, ctx.data().bot.games(&origin(ctx, false))).await
}

/// Your hand and plan (only you see it)
#[poise::command(slash_command)]
async fn hand(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.hand(&origin(ctx, false), g, None).await });
    run(ctx, false, work).await
}

/// A picture of the board (only you see it)
#[poise::command(slash_command)]
async fn board(
    ctx: Context<'_>,
    #[description = "Which part of the board"] part: Option<BoardChoice>,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let work = with_game(ctx, game, |g| async move {
        ctx.data().bot.board(&origin(ctx, false), g, Some(part.unwrap_or(BoardChoice::Overview).key())).await
    });
    run(ctx, false, work).await
}

/// Whose move it is and what the game waits for
#[poise::command(slash_command)]
async fn status(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.status(&origin(ctx, false), g).await });
    run(ctx, false, work).await
}

/// What happened lately
#[poise::command(slash_command)]
async fn log(
    ctx: Context<'_>,
    #[description = "How many moves (default 10)"]
    #[min = 1]
    #[max = 50]
    moves: Option<u32>,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let work =
        with_game(ctx, game, |g| async move { ctx.data().bot.log(&origin(ctx, false), g, moves.unwrap_or(10)).await });
    run(ctx, false, work).await
}

/// Make your move by typing it (suggests the legal ones)
#[poise::command(slash_command)]
async fn choose(
    ctx: Context<'_>,
    #[description = "Your choice, e.g. move 1E4"]
    #[autocomplete = "suggest_choice"]
    choice: String,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.typed(&origin(ctx, false), g, &choice).await });
    run(ctx, false, work).await
}

/// How to play, in short
#[poise::command(slash_command)]
async fn rules(
    ctx: Context<'_>,
    #[description = "A topic"]
    #[autocomplete = "suggest_topic"]
    topic: Option<String>,
) -> Result<(), Error> {
    let out = ctx.data().bot.rules(topic.as_deref());
    answer(ctx, out).await
}

/// What a card does
#[poise::command(slash_command)]
async fn card(
    ctx: Context<'_>,
    #[description = "The card's name"]
    #[autocomplete = "suggest_card"]
    name: String,
) -> Result<(), Error> {
    let out = ctx.data().bot.card(&name);
    answer(ctx, out).await
}

/// Take back your last move (only if it revealed nothing)
#[poise::command(slash_command)]
async fn undo(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.undo(&origin(ctx, false), g).await });
    run(ctx, false, work).await
}

/// Give up the game
#[poise::command(slash_command)]
async fn concede(
    ctx: Context<'_>,
    #[description = "Type CONCEDE to confirm"] confirm: String,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    if confirm.trim() != "CONCEDE" {
        return answer(ctx, Out::say("Not conceded: type CONCEDE in capitals to confirm.")).await;
    }
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.concede(&origin(ctx, false), g).await });
    run(ctx, false, work).await
}

/// Your pings: on or off, and quiet hours (UTC)
#[poise::command(slash_command)]
async fn notify(
    ctx: Context<'_>,
    #[description = "Ping me when it is my move"] pings: Option<bool>,
    #[description = "Quiet from this hour (UTC, 0-23)"]
    #[min = 0]
    #[max = 23]
    quiet_from: Option<u8>,
    #[description = "Quiet until this hour (UTC, 0-23); same as from: no quiet hours"]
    #[min = 0]
    #[max = 23]
    quiet_to: Option<u8>,
) -> Result<(), Error> {
    let quiet = quiet_from.zip(quiet_to);
    run(ctx, false, ctx.data().bot.notify(&origin(ctx, false), pings, quiet)).await
}

/// Manage Queen's Gambit games on this server
#[poise::command(
    slash_command,
    rename = "qg-admin",
    subcommands("end", "replace", "pause", "resume", "defaults"),
    subcommand_required,
    default_member_permissions = "MANAGE_GUILD",
    guild_only
)]
pub async fn qg_admin(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// End a game without a winner
#[poise::command(slash_command)]
async fn end(ctx: Context<'_>, #[description = "The game's number"] game: i64) -> Result<(), Error> {
    run(ctx, false, ctx.data().bot.admin(&origin(ctx, true), Admin::End(game))).await
}

/// Give a player's seat to someone else
#[poise::command(slash_command)]
async fn replace(
    ctx: Context<'_>,
    #[description = "The game's number"] game: i64,
    #[description = "The seat's number (1 to 4, as in the lobby)"]
    #[min = 1]
    #[max = 4]
    seat: u8,
    #[description = "The new player"] player: serenity::User,
) -> Result<(), Error> {
    let what = Admin::Replace(game, Seat(seat - 1), player.id.get().to_string());
    run(ctx, false, ctx.data().bot.admin(&origin(ctx, true), what)).await
}

/// Pause a game (nobody can move, no reminders)
#[poise::command(slash_command)]
async fn pause(ctx: Context<'_>, #[description = "The game's number"] game: i64) -> Result<(), Error> {
    run(ctx, false, ctx.data().bot.admin(&origin(ctx, true), Admin::Pause(game))).await
}

/// Resume a paused game
#[poise::command(slash_command)]
async fn resume(ctx: Context<'_>, #[description = "The game's number"] game: i64) -> Result<(), Error> {
    run(ctx, false, ctx.data().bot.admin(&origin(ctx, true), Admin::Resume(game))).await
}

/// Deadlines and reminders for new games on this server
#[poise::command(slash_command)]
async fn defaults(
    ctx: Context<'_>,
    #[description = "Hours a player has for a move (0: no deadline)"]
    #[min = 0]
    #[max = 720]
    deadline_hours: u32,
    #[description = "Hours of waiting before a reminder (0: no reminders)"]
    #[min = 0]
    #[max = 720]
    remind_hours: u32,
    #[description = "The channel where games are started (none: any channel)"]
    #[channel_types("Text")]
    channel: Option<serenity::ChannelId>,
) -> Result<(), Error> {
    let hours = |h: u32| (h > 0).then_some(h * 60);
    let settings = GameSettings {
        deadline_minutes: hours(deadline_hours),
        remind_minutes: hours(remind_hours),
        game_channel: channel.map(|c| c.get().to_string()),
        ..Default::default()
    };
    run(ctx, false, ctx.data().bot.admin(&origin(ctx, true), Admin::Defaults(settings))).await
}

/// Every command the bot registers.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![qg(), qg_admin()]
}

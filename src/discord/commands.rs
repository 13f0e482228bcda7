//! The slash commands: `/qg ...` for players and `/qg-admin ...` for server admins. Each one reads its
//! options, asks `Bot` what to do, answers, then posts.

use super::admin::Admin;
use super::bot::{Bot, Origin, Out, Reply};
use super::refusal::err;
use super::send;
use crate::rules::{Mode, Seat, Side};
use crate::service::{Caller, ChannelId, Person, Power, ServerChange};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

pub struct Data {
    pub bot: Arc<Bot>,
}

/// Who asks, from where, with which powers, all from the interaction itself; and the bot's permissions
/// in that channel.
pub fn origin(ctx: Context<'_>) -> Origin {
    let (permissions, member) = match ctx {
        poise::Context::Application(a) => {
            (a.interaction.app_permissions.map(|p| p.bits()).unwrap_or(0), a.interaction.member.as_deref())
        }
        poise::Context::Prefix(_) => (0, None),
    };
    let author = ctx.author();
    let person = Person::new(author.id.get(), author.bot);
    let channel = ChannelId::from(ctx.channel_id().get());
    let caller = match ctx.guild_id() {
        Some(g) => Caller::member(person, g.get(), channel.clone(), power_of(member)),
        None => Caller::direct(person),
    };
    let caller = match ctx {
        poise::Context::Application(a) => caller.for_request(a.interaction.id),
        poise::Context::Prefix(_) => caller,
    };
    Origin { caller, channel, permissions, from_private: false, message: None }
}

/// A member's powers as the interaction reports them: their permissions in the channel and their roles.
pub fn power_of(member: Option<&serenity::Member>) -> Power {
    match member {
        Some(m) => Power::from_permissions(
            m.permissions.map(|p| p.bits()).unwrap_or(0),
            m.roles.iter().map(|r| r.get().into()).collect(),
        ),
        None => Power::default(),
    }
}

/// Do a command's work and answer it: at once when the work is quick, otherwise acknowledge it first
/// (Discord allows 3 seconds) and answer when it is done. `public` says how the answer will be shown,
/// which an acknowledgement must decide in advance.
pub(super) async fn run(
    ctx: Context<'_>,
    public: bool,
    work: impl std::future::Future<Output = Out>,
) -> Result<(), Error> {
    let bot = &ctx.data().bot;
    // Stopping: nothing new starts; what is in flight holds its ticket until its posts are sent.
    let Some(_ticket) = bot.gate.enter() else {
        return answer(ctx, Out::say(super::gate::STOPPING)).await;
    };
    let o = origin(ctx);
    let name = ctx.command().qualified_name.clone();
    let handled = super::journal::record("command", &name, &o, async {
        // Every command counts against the member's allowance, before any of its work is done.
        if let Err(e) = bot.svc.admit(&o.caller) {
            return answer(ctx, err(e)).await;
        }
        // Poise sends the answer as an edit of the acknowledgement by itself.
        let (out, _) = bot
            .in_time(work, || async { if public { ctx.defer().await } else { ctx.defer_ephemeral().await } })
            .await?;
        if let Some(t) = &out.thread {
            super::journal::about(t.game);
        }
        let answered = answer(ctx, out).await;
        if answered.is_err() {
            super::journal::failed();
        }
        // The computer may have a move to make now.
        if let Some(game) = super::journal::reached() {
            bot.wake_computers(game);
        }
        answered
    });
    handled.await
}

/// Answer a command with an `Out`, then post what it asks to post.
async fn answer(ctx: Context<'_>, out: Out) -> Result<(), Error> {
    let (msg, private) = match &out.reply {
        Reply::Private(m) | Reply::Update(m) | Reply::Menu(m) => (m.clone(), true),
        Reply::Public(m) => (m.clone(), false),
        Reply::Clear | Reply::Form(_) => (super::msg::Msg::text("Done."), true),
    };
    let mut reply = poise::CreateReply::default()
        .content(msg.content.clone())
        .components(send::rows(&msg))
        .ephemeral(private)
        .allowed_mentions(send::mentions(&msg));
    if let Some(p) = &msg.file {
        reply = reply.attachment(serenity::CreateAttachment::bytes(p.bytes.clone(), p.name.clone()));
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
    match ctx.data().bot.which_game(&origin(ctx), named).await {
        Ok(g) => {
            super::journal::about(g);
            f(g).await
        }
        Err(why) => {
            super::journal::refused("which_game");
            Out::say(why)
        }
    }
}

/// Whether the member may have suggestions now: every request counts against their allowance for
/// suggestions, before any work (a refused one gets none).
fn may_suggest(ctx: Context<'_>) -> bool {
    ctx.data().bot.svc.admit_suggestion(&origin(ctx).caller).is_ok()
}

async fn suggest_game(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    if !may_suggest(ctx) {
        return serenity::CreateAutocompleteResponse::new();
    }
    let choices = ctx
        .data()
        .bot
        .game_suggestions(&origin(ctx), partial)
        .await
        .into_iter()
        .map(|(name, id)| serenity::AutocompleteChoice::new(name, id))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

async fn suggest_choice(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    if !may_suggest(ctx) {
        return serenity::CreateAutocompleteResponse::new();
    }
    let o = origin(ctx);
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
    if !may_suggest(ctx) {
        return serenity::CreateAutocompleteResponse::new();
    }
    let choices = super::help::card_titles(ctx.data().bot.svc.data(), partial)
        .into_iter()
        .map(|t| serenity::AutocompleteChoice::new(t.clone(), t))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

async fn suggest_topic(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    if !may_suggest(ctx) {
        return serenity::CreateAutocompleteResponse::new();
    }
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
pub enum LevelChoice {
    #[name = "easy (plays by a script)"]
    Easy,
    #[name = "normal (thinks about a second a move)"]
    Normal,
    #[name = "hard (thinks up to five seconds a move)"]
    Hard,
}

impl LevelChoice {
    fn level(self) -> crate::service::Level {
        match self {
            LevelChoice::Easy => crate::service::Level::Easy,
            LevelChoice::Normal => crate::service::Level::Normal,
            LevelChoice::Hard => crate::service::Level::Hard,
        }
    }
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
        "new", "games", "hand", "board", "status", "log", "choose", "rules", "card", "undo", "concede", "draw",
        "notify", "back"
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
    #[description = "Invite this player (on the other side): their seat is kept until they accept"] opponent: Option<
        serenity::User,
    >,
    #[description = "Play against the computer: it takes the other side's seats (the lobby seats it anywhere)"]
    computer: Option<LevelChoice>,
    #[description = "If a player misses a deadline, the computer plays for them until they are back"] stand_in: Option<
        LevelChoice,
    >,
) -> Result<(), Error> {
    let players = match players {
        Some(Players::Four) => Mode::FourPlayer.seats(),
        _ => Mode::TwoPlayer.seats(),
    };
    let side = match side {
        Some(SideChoice::Tf) => Some(Side::Tf),
        Some(SideChoice::Naboo) => Some(Side::Naboo),
        _ => None,
    };
    let guest = opponent.map(|u| Person::new(u.id.get(), u.bot));
    let title = title.as_deref().unwrap_or("");
    let computer = computer.map(LevelChoice::level);
    let stand_in = stand_in.map(LevelChoice::level);
    let bot = &ctx.data().bot;
    run(ctx, true, bot.new_game(&origin(ctx), players, side, title, guest, (computer, stand_in))).await
}

/// Your games and whose move it is
#[poise::command(slash_command)]
async fn games(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, false, ctx.data().bot.games(&origin(ctx))).await
}

/// Your hand and plan (only you see it)
#[poise::command(slash_command)]
async fn hand(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.menu(&origin(ctx), g, None, 0, "").await });
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
        ctx.data().bot.board_for(&origin(ctx), g, Some(part.unwrap_or(BoardChoice::Overview).key())).await
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
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.standing(&origin(ctx), g).await });
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
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.log(&origin(ctx), g, moves.unwrap_or(10)).await });
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
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.typed_choice(&origin(ctx), g, &choice).await });
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
    run(ctx, false, async { out }).await
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
    run(ctx, false, async { out }).await
}

/// Take back your last move (only if it revealed nothing)
#[poise::command(slash_command)]
async fn undo(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.undo(&origin(ctx), g).await });
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
    let confirmed = confirm.trim() == "CONCEDE";
    let work = async move {
        if !confirmed {
            return Out::say("Not conceded: type CONCEDE in capitals to confirm.");
        }
        with_game(ctx, game, |g| async move { ctx.data().bot.concede(&origin(ctx), g).await }).await
    };
    run(ctx, false, work).await
}

/// Offer a draw, or accept the other side's (a house rule)
#[poise::command(slash_command)]
async fn draw(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.offer_draw(&origin(ctx), g).await });
    run(ctx, false, work).await
}

/// Take your seat back from the computer, which played for you after a missed deadline
#[poise::command(slash_command)]
async fn back(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.come_back(&origin(ctx), g).await });
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
    run(ctx, false, ctx.data().bot.notify(&origin(ctx), pings, quiet)).await
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

/// Do an admin command: the service checks the member's powers (from the interaction) when it runs.
async fn admin(ctx: Context<'_>, what: Admin) -> Result<(), Error> {
    run(ctx, false, ctx.data().bot.admin(&origin(ctx), what)).await
}

/// End a game without a winner
#[poise::command(slash_command)]
async fn end(ctx: Context<'_>, #[description = "The game's number"] game: i64) -> Result<(), Error> {
    admin(ctx, Admin::End(game)).await
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
    #[description = "The new player"] player: Option<serenity::User>,
    #[description = "Or the computer, at this level (it plays on until the seat is given back)"] computer: Option<
        LevelChoice,
    >,
) -> Result<(), Error> {
    let person = match (player, computer) {
        (Some(p), None) => Person::new(p.id.get(), p.bot),
        (None, Some(level)) => Person::new(crate::service::UserId::computer(level.level().key()), false),
        _ => return run(ctx, false, async { Out::say("Name either a player or the computer's level.") }).await,
    };
    admin(ctx, Admin::Replace { game, seat: Seat(seat.saturating_sub(1)), person, confirmed: false }).await
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
}

/// This server's settings: deadlines, reminders, game channel, game master role (none given: show them)
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
    #[description = "Clear one setting"] clear: Option<Setting>,
) -> Result<(), Error> {
    let minutes = |h: u32| (h > 0).then_some(h * 60);
    let mut change = ServerChange {
        deadline_minutes: deadline_hours.map(minutes),
        remind_minutes: remind_hours.map(minutes),
        game_channel: channel.map(|c| Some(c.get().into())),
        game_master_role: game_master_role.map(|r| Some(r.get().into())),
    };
    match clear {
        Some(Setting::GameChannel) => change.game_channel = Some(None),
        Some(Setting::GameMasterRole) => change.game_master_role = Some(None),
        None => {}
    }
    admin(ctx, Admin::Defaults(change)).await
}

/// Every command the bot registers.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![qg(), qg_admin(), super::table_commands::stratego()]
}

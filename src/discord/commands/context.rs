//! What every slash command's code takes and calls: poise's context and the bot's data, who asks (from the
//! interaction), running a command's work in Discord's three seconds, finding the game it is about, and
//! the suggestions while typing.

use crate::discord::bot::{Bot, Origin, Out, Reply};
use crate::discord::refusal::err;
use crate::discord::send;
use crate::service::Kind;
use crate::service::{Caller, ChannelId, Person, Power};
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
        Some(g) => {
            Caller::member(person, g.get(), channel.clone(), power_of(member)).named(&shown_name(author, member))
        }
        None => Caller::direct(person),
    };
    let caller = match ctx {
        poise::Context::Application(a) => caller.for_request(a.interaction.id),
        poise::Context::Prefix(_) => caller,
    };
    Origin { caller, channel, permissions, from_private: false, message: None }
}

/// The name a member goes by on their server, as the interaction shows it: their nickname there, else
/// their display name, else their username.
pub fn shown_name(user: &serenity::User, member: Option<&serenity::Member>) -> String {
    member.and_then(|m| m.nick.clone()).or_else(|| user.global_name.clone()).unwrap_or_else(|| user.name.clone())
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
pub(crate) async fn run(
    ctx: Context<'_>,
    public: bool,
    work: impl std::future::Future<Output = Out>,
) -> Result<(), Error> {
    let bot = &ctx.data().bot;
    // Stopping: nothing new starts; what is in flight holds its ticket until its posts are sent.
    let Some(_ticket) = bot.gate.enter() else {
        return answer(ctx, Out::say(crate::discord::gate::STOPPING)).await;
    };
    let o = origin(ctx);
    let name = ctx.command().qualified_name.clone();
    let handled = crate::discord::journal::record("command", &name, &o, async {
        // Every command counts against the member's allowance, before any of its work is done.
        if let Err(e) = bot.svc.admit(&o.caller) {
            return answer(ctx, err(e)).await;
        }
        // Poise sends the answer as an edit of the acknowledgement by itself.
        let (out, _) = bot
            .in_time(work, || async { if public { ctx.defer().await } else { ctx.defer_ephemeral().await } })
            .await?;
        if let Some(t) = &out.thread {
            crate::discord::journal::about(t.game);
        }
        let answered = answer(ctx, out).await;
        if answered.is_err() {
            crate::discord::journal::failed();
        }
        // The computer may have a move to make now.
        if let Some(game) = crate::discord::journal::reached() {
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
        Reply::Clear | Reply::Form(_) => (crate::discord::msg::Msg::text("Done."), true),
    };
    let mut reply = poise::CreateReply::default()
        .content(msg.content.clone())
        .components(send::rows(&msg))
        .ephemeral(private)
        .allowed_mentions(send::mentions(&msg));
    if let Some(p) = &msg.file {
        reply = reply.attachment(send::attachment(p));
    }
    ctx.send(reply).await?;
    send::follow_up(ctx.serenity_context().http.as_ref(), &ctx.data().bot, &out).await;
    Ok(())
}

/// Find the user's game (the one named, or the one where they are), then do `f` with it; a clear answer
/// when there is none. Runs inside `run`, so a user with many games still gets an answer in time.
pub(crate) async fn with_game<F, Fut>(ctx: Context<'_>, named: Option<i64>, f: F) -> Out
where
    F: FnOnce(i64) -> Fut,
    Fut: std::future::Future<Output = Out>,
{
    match ctx.data().bot.which_game(&origin(ctx), named).await {
        Ok(g) => {
            crate::discord::journal::about(g);
            f(g).await
        }
        Err(why) => {
            crate::discord::journal::refused("which_game");
            Out::say(why)
        }
    }
}

/// Whether the member may have suggestions now: every request counts against their allowance for
/// suggestions, before any work (a refused one gets none).
pub(crate) fn may_suggest(ctx: Context<'_>) -> bool {
    ctx.data().bot.svc.admit_suggestion(&origin(ctx).caller).is_ok()
}

pub(crate) async fn suggest_game(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
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

pub(crate) async fn suggest_choice(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
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

/// The game whose command this is (the root of `/stratego move`): its kind, by the command its words name.
pub(crate) fn game_of(ctx: Context<'_>) -> Option<Arc<dyn Kind>> {
    let root = ctx.parent_commands().first().map_or(ctx.command().name.as_ref(), |c| c.name.as_ref());
    let named = format!("/{root}");
    ctx.data().bot.svc.catalog().all().iter().find(|k| k.words().command == named).cloned()
}

/// A game's own subcommand (a setup, a kept army) names the game it is for: one of another game's is
/// turned away, in that game's words.
pub(crate) async fn own_game(ctx: Context<'_>, game: i64) -> Result<(), Out> {
    let Some(mine) = game_of(ctx) else { return Ok(()) };
    match ctx.data().bot.svc.game_key(&origin(ctx).caller, game).await {
        Ok(key) if key.as_str() == mine.key() => Ok(()),
        Ok(key) => {
            let kind = ctx.data().bot.svc.catalog().get(&key);
            let (name, command) = kind.map_or(("another game", ""), |k| (k.name(), k.words().command));
            Err(Out::say(format!("Game {game} is a game of {name}: play it with {command}.")))
        }
        Err(e) => Err(err(e)),
    }
}

//! The subcommands every game's command has (`/qg board`, `/stratego board`, `/trio board`): each finds
//! the game meant (the one named, else the one of this thread or channel) and calls the one handler every
//! game shares; the game's presentation draws the answer. A game renames its typed choice (`/qg choose`,
//! `/stratego move`), and drops what it does not use (parts of the board, a concession's confirmation).

use super::context::{Context, Error, origin, run, suggest_choice, suggest_game, with_game};
use crate::discord::bot::Out;
use crate::discord::registry::Slot;
use poise::serenity_prelude as serenity;

/// The game's command itself, which only holds its subcommands.
pub(super) fn root() -> poise::Command<Data, Error> {
    let mut root = command_root();
    root.subcommand_required = true;
    root
}

#[poise::command(slash_command, rename = "game")]
async fn command_root(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The shared subcommands as a game's command has them (`slot`: what its presentation renames or drops).
pub(super) fn subcommands(slot: Option<&Slot>) -> Vec<poise::Command<Data, Error>> {
    let mut typed = choose();
    if let Some(slot) = slot {
        typed.name = slot.choose.0.into();
        typed.description = Some(slot.choose.1.into());
    }
    let mut board = board();
    if slot.is_none_or(|s| s.parts.is_empty()) {
        board.parameters.retain(|p| p.name != "part");
    }
    vec![
        games(),
        hand(),
        board,
        status(),
        log(),
        typed,
        undo(),
        concede(),
        draw(),
        back(),
        notify(),
        web(),
        leaderboard(),
        stats(),
        away(),
    ]
}

use super::context::Data;

/// Your games and whose move it is
#[poise::command(slash_command)]
async fn games(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, false, ctx.data().bot.games(&origin(ctx))).await
}

/// Your private menu: your hand, your setup, what you may do now (only you see it)
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

/// The board as you may see it (only you see it)
#[poise::command(slash_command)]
async fn board(
    ctx: Context<'_>,
    #[description = "Which part of the board"]
    #[autocomplete = "suggest_part"]
    part: Option<String>,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let work =
        with_game(ctx, game, |g| async move { ctx.data().bot.board_for(&origin(ctx), g, part.as_deref()).await });
    run(ctx, false, work).await
}

/// The parts of the board the game's presentation shows one by one.
async fn suggest_part(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let parts = super::context::game_of(ctx).and_then(|k| crate::discord::registry::slot(k.key())).map(|s| s.parts);
    let choices = parts
        .unwrap_or_default()
        .iter()
        .filter(|(key, name)| {
            key.contains(&partial.to_lowercase()) || name.to_lowercase().contains(&partial.to_lowercase())
        })
        .map(|(key, name)| serenity::AutocompleteChoice::new(*name, *key))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
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

/// The game's web page: its live board for anyone with the link
#[poise::command(slash_command)]
async fn web(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.web_link(&origin(ctx), g).await });
    run(ctx, false, work).await
}

/// The last moves, as you may see them (only you see them)
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
    #[description = "Your choice, as the suggestions write it"]
    #[autocomplete = "suggest_choice"]
    #[max_length = 100]
    choice: String,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let work = with_game(ctx, game, |g| async move { ctx.data().bot.typed_choice(&origin(ctx), g, &choice).await });
    run(ctx, false, work).await
}

/// Take back your last move, if it showed nothing (before anyone else moves)
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

/// Give up the game: the other side wins
#[poise::command(slash_command)]
async fn concede(
    ctx: Context<'_>,
    #[description = "The word to confirm it, when the game asks for one (CONCEDE)"] confirm: Option<String>,
    #[description = "Which game"]
    #[autocomplete = "suggest_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    // A game that asks to confirm a concession (its words name the word to type) is given it first: the
    // command's own game at once, the game conceded once it is known.
    let confirmed = |word: &str| confirm.as_deref().map(str::trim) == Some(word);
    if let Some(word) = super::context::game_of(ctx).and_then(|k| k.words().confirm_concede).filter(|w| !confirmed(w)) {
        return run(ctx, false, async { Out::say(format!("Not conceded: type {word} in capitals to confirm.")) }).await;
    }
    let work = with_game(ctx, game, |g| async move {
        let svc = &ctx.data().bot.svc;
        let key = svc.game_key(&origin(ctx).caller, g).await.ok();
        let asked = key.and_then(|k| svc.catalog().get(&k)).and_then(|k| k.words().confirm_concede);
        match asked.filter(|w| confirm.as_deref().map(str::trim) != Some(*w)) {
            Some(word) => Out::say(format!("Not conceded: type {word} in capitals to confirm.")),
            None => ctx.data().bot.concede(&origin(ctx), g).await,
        }
    });
    run(ctx, false, work).await
}

/// Offer a draw, or accept the other side's (it stands until they move)
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

/// Take your seat back from the computer that played for you after a missed deadline
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

/// Your pings in every game (on or off, quiet hours, your time zone), and your name on the web pages
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
async fn notify(
    ctx: Context<'_>,
    #[description = "Ping me when it is my move"] pings: Option<bool>,
    #[description = "Quiet from this hour (your time zone's, 0-23)"]
    #[min = 0]
    #[max = 23]
    quiet_from: Option<u8>,
    #[description = "Quiet until this hour (0-23); same as from: no quiet hours"]
    #[min = 0]
    #[max = 23]
    quiet_to: Option<u8>,
    #[description = "Your time zone, by name (Europe/Paris); UTC until you name one"]
    #[autocomplete = "suggest_zone"]
    timezone: Option<String>,
    #[description = "Show your server name on the web pages' leaderboards"] name_on_pages: Option<bool>,
) -> Result<(), Error> {
    let quiet = quiet_from.zip(quiet_to);
    run(ctx, false, ctx.data().bot.notify(&origin(ctx), pings, quiet, timezone.as_deref(), name_on_pages)).await
}

/// Time zones whose name holds what was typed (Discord shows at most 25).
pub(super) async fn suggest_zone(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices =
        crate::service::zones_like(partial, 25).into_iter().map(|z| serenity::AutocompleteChoice::new(z, z)).collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// This server's best players of a game, by rating
#[poise::command(slash_command)]
async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which game (this command's when left out)"]
    #[autocomplete = "suggest_kind"]
    game: Option<String>,
    #[description = "Only you see the answer (everyone in the channel when left out)"] private: Option<bool>,
) -> Result<(), Error> {
    let key = game.or_else(|| super::context::game_of(ctx).map(|k| k.key().to_string())).unwrap_or_default();
    let private = private.unwrap_or(false);
    run(ctx, !private, ctx.data().bot.leaderboard(&origin(ctx), key.trim(), private)).await
}

/// Away for some days: your games wait for you (no reminders, no stand-in, no deadline)
#[poise::command(slash_command)]
async fn away(
    ctx: Context<'_>,
    #[description = "For how many days (0: you are back)"]
    #[min = 0]
    #[max = 365]
    days: u32,
) -> Result<(), Error> {
    run(ctx, false, ctx.data().bot.away(&origin(ctx), days)).await
}

/// A member's games, results and rating on this server
#[poise::command(slash_command)]
async fn stats(
    ctx: Context<'_>,
    #[description = "Whose (yours when left out)"] member: Option<serenity::User>,
    #[description = "Which game (this command's when left out)"]
    #[autocomplete = "suggest_kind"]
    game: Option<String>,
    #[description = "Only you see the answer (everyone in the channel when left out)"] private: Option<bool>,
) -> Result<(), Error> {
    let key = game.or_else(|| super::context::game_of(ctx).map(|k| k.key().to_string())).unwrap_or_default();
    let member = member.map(|m| crate::service::UserId::new(m.id.to_string()));
    let private = private.unwrap_or(false);
    run(ctx, !private, ctx.data().bot.stats(&origin(ctx), key.trim(), member.as_ref(), private)).await
}

/// The games this bot hosts, by key.
async fn suggest_kind(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let partial = partial.to_lowercase();
    let choices = ctx
        .data()
        .bot
        .svc
        .catalog()
        .all()
        .iter()
        .filter(|k| k.key().contains(&partial) || k.name().to_lowercase().contains(&partial))
        .map(|k| serenity::AutocompleteChoice::new(k.name(), k.key()))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

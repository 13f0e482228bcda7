//! `/stratego`'s own subcommands: a new game with its four games and house rules, an army set up by
//! typing it, the pieces of a game, an army kept to use again. The rest of `/stratego` is every game's
//! (`discord::commands`); each of these reads its options and hands them to the handlers every game shares.

use crate::discord::bot::Out;
use crate::discord::commands::context::{Context, Data, Error, origin, own_game, run, with_game};
use crate::discord::commands::lobby::OpponentChoice;
use crate::service::{Chosen, NewGameRequest};
use poise::serenity_prelude as serenity;

/// The key of the game these commands play.
const KEY: &str = "stratego";

/// The subcommands only `/stratego` has.
pub fn own() -> Vec<poise::Command<Data, Error>> {
    vec![new(), setup(), pieces(), keep()]
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum GameChoice {
    #[name = "1 · classic"]
    Classic,
    #[name = "2 · special powers"]
    Powers,
    #[name = "3 · Rise of the Empire"]
    Rise,
    #[name = "4 · Rebellion"]
    Rebellion,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum CapturesChoice {
    #[name = "open (captured pieces shown)"]
    Open,
    #[name = "prisoner (the captor knows)"]
    Prisoner,
    #[name = "secret (only their owner knows)"]
    Secret,
    #[name = "stealth (nobody is told)"]
    Stealth,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum RepetitionChoice {
    #[name = "booklet (back and forth limit)"]
    Booklet,
    #[name = "two squares (tournament rule)"]
    Isf,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SideChoice {
    Evil,
    Good,
    #[name = "dealt at random as it starts"]
    Dealt,
}

/// The game's options, as its record keeps them, from the command's.
fn options_of(
    game: Option<GameChoice>,
    captures: Option<CapturesChoice>,
    repetition: Option<RepetitionChoice>,
    no_chasing: Option<bool>,
    move_limit: Option<u32>,
) -> String {
    let variant = match game.unwrap_or(GameChoice::Classic) {
        GameChoice::Classic => 1,
        GameChoice::Powers => 2,
        GameChoice::Rise => 3,
        GameChoice::Rebellion => 4,
    };
    let mut options = vec![format!("variant {variant}")];
    if let Some(c) = captures {
        let word = match c {
            CapturesChoice::Open => "open",
            CapturesChoice::Prisoner => "prisoner",
            CapturesChoice::Secret => "secret",
            CapturesChoice::Stealth => "stealth",
        };
        options.push(format!("captures {word}"));
    }
    if let Some(RepetitionChoice::Isf) = repetition {
        options.push("repetition isf".into());
    }
    if no_chasing == Some(true) {
        options.push("chasing more-squares".into());
    }
    if let Some(n) = move_limit {
        options.push(format!("move-limit {n}"));
    }
    options.join("\n")
}

/// Open a Stratego game in this channel (it gets its own thread)
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
async fn new(
    ctx: Context<'_>,
    #[description = "Which of the four games (1 unless chosen)"] game: Option<GameChoice>,
    #[description = "What captured pieces show (open unless chosen)"] captures: Option<CapturesChoice>,
    #[description = "The limit on moving back and forth"] repetition: Option<RepetitionChoice>,
    #[description = "Forbid endless chasing (more-squares rule)"] no_chasing: Option<bool>,
    #[description = "A draw after this many moves"]
    #[min = 20]
    #[max = 2000]
    move_limit: Option<u32>,
    #[description = "Your side (Evil moves first)"] side: Option<SideChoice>,
    #[description = "Who plays the other side"] opponent: Option<OpponentChoice>,
    #[description = "A member to invite to the other side (their seat is kept for them)"] invite: Option<
        serenity::User,
    >,
    #[description = "If a player misses a deadline, the computer plays for them until they are back"] stand_in: Option<
        bool,
    >,
    #[description = "A name for the game"]
    #[max_length = 60]
    title: Option<String>,
) -> Result<(), Error> {
    let options = options_of(game, captures, repetition, no_chasing, move_limit);
    let kind = crate::discord::commands::context::game_of(ctx);
    let (computer, stand_in) = crate::discord::commands::lobby::computer_parts(
        kind.as_ref().and_then(|k| k.levels().first().copied()),
        opponent,
        stand_in,
    );
    let req = NewGameRequest {
        game: KEY.into(),
        title: title.unwrap_or_default(),
        options,
        seat: Some(usize::from(matches!(side, Some(SideChoice::Good)))),
        computer,
        draw_sides: matches!(side, Some(SideChoice::Dealt)),
        guest: invite.map(|u| crate::service::Person::new(u.id.get(), u.bot)),
        stand_in,
        ..NewGameRequest::default()
    };
    let bot = &ctx.data().bot;
    run(ctx, true, bot.new_table(&origin(ctx), req)).await
}

/// Set up your army: guarded, random, or typed rows (top row first, rows split by '/')
#[poise::command(slash_command)]
async fn setup(
    ctx: Context<'_>,
    #[description = "guarded, random, or your rows split by /, top first: ranks or codes (see /stratego pieces)"]
    #[max_length = 1000]
    army: String,
    #[description = "Which game"] game: Option<i64>,
) -> Result<(), Error> {
    let choice = format!("setup {}", army.trim());
    let bot = &ctx.data().bot;
    let work = with_game(ctx, game, |g| async move {
        match own_game(ctx, g).await {
            Ok(()) => bot.table_choose(&origin(ctx), g, Chosen::Typed, &choice).await,
            Err(out) => out,
        }
    });
    run(ctx, false, work).await
}

/// Every piece of a game: rank, name and powers
#[poise::command(slash_command)]
async fn pieces(
    ctx: Context<'_>,
    #[description = "Which of the four games (1 unless chosen)"] game: Option<GameChoice>,
) -> Result<(), Error> {
    let n = match game.unwrap_or(GameChoice::Classic) {
        GameChoice::Classic => 1,
        GameChoice::Powers => 2,
        GameChoice::Rise => 3,
        GameChoice::Rebellion => 4,
    };
    let out = match ctx.data().bot.svc.game_pieces(KEY, &format!("variant {n}")) {
        Ok(text) => Out::say(crate::discord::msg::clip(&text, 2000)),
        Err(e) => crate::discord::refusal::err(e),
    };
    run(ctx, false, async { out }).await
}

/// Keep your army as arranged here, to use again in later games (it appears in your setup menu)
#[poise::command(slash_command)]
async fn keep(
    ctx: Context<'_>,
    #[description = "A name for it"]
    #[max_length = 30]
    name: String,
    #[description = "Which game"] game: Option<i64>,
) -> Result<(), Error> {
    let bot = &ctx.data().bot;
    let work = with_game(ctx, game, |g| async move {
        match own_game(ctx, g).await {
            Ok(()) => bot.table_keep(&origin(ctx), g, &name).await,
            Err(out) => out,
        }
    });
    run(ctx, false, work).await
}

//! `/stratego ...`: the commands of the second game. Each reads its options and hands them to the shared
//! table handlers (`discord::tables`), which know no game.

use super::bot::Out;
use super::commands::{Context, Error, origin, run};
use crate::service::{Chosen, GameId, TableRequest};
use poise::serenity_prelude as serenity;

/// The key of the game these commands play.
const KEY: &str = "stratego";

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
pub enum OpponentChoice {
    #[name = "a member (anyone may join)"]
    Member,
    #[name = "the computer"]
    Computer,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SideChoice {
    Evil,
    Good,
    #[name = "dealt at random as it starts"]
    Dealt,
}

/// Stratego — the Star Wars Saga Edition
#[poise::command(
    slash_command,
    subcommands("new", "games", "setup", "play", "board", "log", "pieces", "keep", "undo", "draw", "back", "concede"),
    subcommand_required
)]
pub async fn stratego(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
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
    let mut options = vec![format!(
        "variant {}",
        match game.unwrap_or(GameChoice::Classic) {
            GameChoice::Classic => 1,
            GameChoice::Powers => 2,
            GameChoice::Rise => 3,
            GameChoice::Rebellion => 4,
        }
    )];
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
    let req = TableRequest {
        game: KEY.into(),
        title: title.unwrap_or_default(),
        options: options.join("\n"),
        seat: Some(usize::from(matches!(side, Some(SideChoice::Good)))),
        computer: matches!(opponent, Some(OpponentChoice::Computer)),
        draw_sides: matches!(side, Some(SideChoice::Dealt)),
        guest: invite.map(|u| crate::service::Person::new(u.id.get(), u.bot)),
        stand_in: stand_in == Some(true),
        ..TableRequest::default()
    };
    let bot = &ctx.data().bot;
    run(ctx, true, bot.new_table(&origin(ctx), req)).await
}

/// Your games (of either kind) and whose move it is
#[poise::command(slash_command)]
async fn games(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, false, ctx.data().bot.games(&origin(ctx))).await
}

/// Whether a `/stratego` command serves a first-game game too (`with_table`).
const EVERY_GAME: bool = true;
const TABLE_ONLY: bool = false;

/// The table a command is about: the one named, or the one of this thread or channel. `every_game`: the
/// command is every game's (a typed move, the board, an undo, a draw, a return), so a first-game game is
/// served too, drawn its own way; else (a setup and a kept setup, which the first game has not; a
/// concession, which the first game asks to confirm with `/qg concede`) it is turned away.
async fn with_table<F, Fut>(ctx: Context<'_>, named: Option<i64>, every_game: bool, f: F) -> Out
where
    F: FnOnce(GameId) -> Fut,
    Fut: std::future::Future<Output = Out>,
{
    let found = match named {
        Some(g) => Ok(Some(g)),
        None => ctx.data().bot.svc.table_here(&origin(ctx).caller).await,
    };
    match found {
        Ok(Some(g)) => {
            super::journal::about(g);
            if every_game {
                return f(g).await;
            }
            match ctx.data().bot.at_table(&origin(ctx), g).await {
                Ok(()) => f(g).await,
                Err(out) => out,
            }
        }
        Ok(None) => Out::say("There is no Stratego game here: name its number, or start one with /stratego new."),
        Err(e) => super::refusal::err(e),
    }
}

/// Suggestions while typing a move: the whole choices the player has now, as they would type them.
async fn suggest_move(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let o = origin(ctx);
    let svc = &ctx.data().bot.svc;
    if svc.admit_suggestion(&o.caller).is_err() {
        return serenity::CreateAutocompleteResponse::new();
    }
    let Ok(Some(game)) = svc.table_here(&o.caller).await else {
        return serenity::CreateAutocompleteResponse::new();
    };
    let suggested = ctx.data().bot.table_suggestions(&o, game, partial).await;
    let choices = suggested.into_iter().map(|(name, id)| serenity::AutocompleteChoice::new(name, id)).collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Set up your army: guarded, random, or typed rows (top row first, rows split by '/')
#[poise::command(slash_command)]
async fn setup(
    ctx: Context<'_>,
    #[description = "guarded, random, or your rows: B F B ... / ... (codes or ranks)"]
    #[max_length = 1000]
    army: String,
    #[description = "Which game"] game: Option<i64>,
) -> Result<(), Error> {
    let choice = format!("setup {}", army.trim());
    let bot = &ctx.data().bot;
    let work = with_table(ctx, game, TABLE_ONLY, |g| async move {
        bot.table_choose(&origin(ctx), g, Chosen::Typed, &choice).await
    });
    run(ctx, false, work).await
}

/// Make a move by typing it: b4 b5, or a power and its squares (vision e5 f7)
#[poise::command(slash_command, rename = "move")]
async fn play(
    ctx: Context<'_>,
    #[description = "Two squares, or a power and its squares"]
    #[autocomplete = "suggest_move"]
    #[max_length = 40]
    choice: String,
    #[description = "Which game"] game: Option<i64>,
) -> Result<(), Error> {
    let bot = &ctx.data().bot;
    let work = with_table(ctx, game, EVERY_GAME, |g| async move { bot.typed_choice(&origin(ctx), g, &choice).await });
    run(ctx, false, work).await
}

/// The board as you may see it (only you see it)
#[poise::command(slash_command)]
async fn board(ctx: Context<'_>, #[description = "Which game"] game: Option<i64>) -> Result<(), Error> {
    let bot = &ctx.data().bot;
    let work = with_table(ctx, game, EVERY_GAME, |g| async move { bot.board_for(&origin(ctx), g, None).await });
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
    #[description = "Which game"] game: Option<i64>,
) -> Result<(), Error> {
    let bot = &ctx.data().bot;
    let work =
        with_table(ctx, game, EVERY_GAME, |g| async move { bot.log(&origin(ctx), g, moves.unwrap_or(10)).await });
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
        Ok(text) => Out::say(super::msg::clip(&text, 2000)),
        Err(e) => super::refusal::err(e),
    };
    run(ctx, false, async { out }).await
}

/// Give up the game: the other side wins
#[poise::command(slash_command)]
async fn concede(ctx: Context<'_>, #[description = "Which game"] game: Option<i64>) -> Result<(), Error> {
    let bot = &ctx.data().bot;
    let work = with_table(ctx, game, TABLE_ONLY, |g| async move { bot.concede(&origin(ctx), g).await });
    run(ctx, false, work).await
}

/// Offer a draw, or accept the one the other side offered (it stands until they move)
#[poise::command(slash_command)]
async fn draw(ctx: Context<'_>, #[description = "Which game"] game: Option<i64>) -> Result<(), Error> {
    let bot = &ctx.data().bot;
    let work = with_table(ctx, game, EVERY_GAME, |g| async move { bot.offer_draw(&origin(ctx), g).await });
    run(ctx, false, work).await
}

/// Take your seat back from the computer that played for you after a missed deadline
#[poise::command(slash_command)]
async fn back(ctx: Context<'_>, #[description = "Which game"] game: Option<i64>) -> Result<(), Error> {
    let bot = &ctx.data().bot;
    let work = with_table(ctx, game, EVERY_GAME, |g| async move { bot.come_back(&origin(ctx), g).await });
    run(ctx, false, work).await
}

/// Take back your last move, if it met nobody and showed nothing (before the other side moves)
#[poise::command(slash_command)]
async fn undo(ctx: Context<'_>, #[description = "Which game"] game: Option<i64>) -> Result<(), Error> {
    let bot = &ctx.data().bot;
    let work = with_table(ctx, game, EVERY_GAME, |g| async move { bot.undo(&origin(ctx), g).await });
    run(ctx, false, work).await
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
    let work = with_table(ctx, game, TABLE_ONLY, |g| async move { bot.table_keep(&origin(ctx), g, &name).await });
    run(ctx, false, work).await
}

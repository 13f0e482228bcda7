//! `/qg`'s own subcommands: a new game with its sides, players and computer, the rules in short and what
//! a card does. The rest of `/qg` is every game's (`discord::commands`).

use crate::discord::commands::context::{Context, Data, Error, may_suggest, origin, run};
use crate::games::queens_gambit::rules::{Mode, Side};
use crate::service::Person;
use poise::serenity_prelude as serenity;

/// The subcommands only `/qg` has.
pub fn own() -> Vec<poise::Command<Data, Error>> {
    vec![new(), rules(), card()]
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
    fn level(self) -> crate::service::queens_gambit::Level {
        match self {
            LevelChoice::Easy => crate::service::queens_gambit::Level::Easy,
            LevelChoice::Normal => crate::service::queens_gambit::Level::Normal,
            LevelChoice::Hard => crate::service::queens_gambit::Level::Hard,
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

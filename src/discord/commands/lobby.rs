//! `new` for a game that has no command of its own to open a lobby: its options as its lobby reads them
//! (one `name value` a line, or `;` between them), a seat by number, the computer or an invited member
//! opposite.

use super::context::{Context, Error, origin, run};
use crate::service::NewGameRequest;
use poise::serenity_prelude as serenity;

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum OpponentChoice {
    #[name = "a member (anyone may join)"]
    Member,
    #[name = "the computer"]
    Computer,
}

/// Open a game in this channel (it gets its own thread)
#[poise::command(slash_command)]
pub(super) async fn new(
    ctx: Context<'_>,
    #[description = "The game's options, as its lobby reads them (name value; ...)"]
    #[max_length = 300]
    options: Option<String>,
    #[description = "Your seat's number (1 unless chosen)"]
    #[min = 1]
    #[max = 8]
    seat: Option<u8>,
    #[description = "Who plays the other seats"] opponent: Option<OpponentChoice>,
    #[description = "A member to invite (a seat is kept for them)"] invite: Option<serenity::User>,
    #[description = "If a player misses a deadline, the computer plays for them until they are back"] stand_in: Option<
        bool,
    >,
    #[description = "A name for the game"]
    #[max_length = 60]
    title: Option<String>,
) -> Result<(), Error> {
    let Some(kind) = super::context::game_of(ctx) else { return Ok(()) };
    let (computer, stand_in) = computer_parts(kind.levels().first().copied(), opponent, stand_in);
    let req = NewGameRequest {
        game: kind.key().into(),
        title: title.unwrap_or_default(),
        options: options.unwrap_or_default().split(';').map(str::trim).collect::<Vec<_>>().join("\n"),
        seat: Some(usize::from(seat.unwrap_or(1).saturating_sub(1))),
        computer,
        guest: invite.map(|u| crate::service::Person::new(u.id.get(), u.bot)),
        stand_in,
        ..NewGameRequest::default()
    };
    let bot = &ctx.data().bot;
    run(ctx, true, bot.new_table(&origin(ctx), req)).await
}

/// The computer's part in a new game whose computer's first level is `level`: (as the other side's
/// player, as a stand-in), each when asked.
pub fn computer_parts(
    level: Option<&str>,
    opponent: Option<OpponentChoice>,
    stand_in: Option<bool>,
) -> (Option<String>, Option<String>) {
    let level = level.map(str::to_string);
    let computer = level.clone().filter(|_| matches!(opponent, Some(OpponentChoice::Computer)));
    (computer, level.filter(|_| stand_in == Some(true)))
}

//! The bot: its handlers on a real service, and the real bot (poise and serenity as in production) against
//! the fake Discord in `tests/support`. One test binary, one module per subject.

#[path = "../support/mod.rs"]
mod support;

mod bot;
mod computer;
mod e2e;
mod fake_discord;
mod fault;
mod lifecycle;
mod loadtest;
mod messages;
#[path = "../support/play.rs"]
mod play;
#[path = "../support/postgres.rs"]
mod postgres;
mod props;
mod security;
mod stratego;
#[path = "../toy/mod.rs"]
mod toy;
mod trio;
mod wording;

//! Test-only library: a fake Discord (REST + gateway) on 127.0.0.1 that the real poise/serenity bot talks to.
//! See README.md beside this file.
// Each integration test uses a different part of this library.
#![allow(dead_code)]

pub mod browser;
mod channels;
mod clock;
mod fake_discord;
mod gateway;
mod inspection;
mod interactions;
pub mod limits;
mod messages;
pub mod payloads;
mod real_bot;
mod recorded;
mod replies;
mod rest;
mod routes;
mod state;

// The public surface; a given test crate uses only part of it.
#[allow(unused_imports)]
pub use self::{
    fake_discord::{FakeDiscord, InteractionHandle, TOKEN, WAIT},
    limits::Violation,
    payloads::{APPLICATION_ID, BOT_USER_ID, CHANNEL_ID, GUILD_ID, perms, user_id},
    real_bot::{clocked_bot, real_bot, real_bot_with_pages, real_bot_with_pages_at},
    recorded::{RecordedFile, RecordedRequest, custom_ids, find_component},
    state::Session,
};

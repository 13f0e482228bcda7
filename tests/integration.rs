//! The game service and the bot, through the library and the real binary: playing, saving and replaying,
//! upgrades and backups, the terminal game and the layers' rules (`service`); the bot's handlers on a real
//! service, and the real bot (poise and serenity as in production) against the fake Discord in
//! `tests/support` (`discord`). One test binary, so what they share is built once; one module per subject.

#[path = "support/director.rs"]
mod director;
#[path = "support/play.rs"]
mod play;
#[path = "support/postgres.rs"]
mod postgres;
#[path = "support/mod.rs"]
mod support;
#[path = "toy/mod.rs"]
mod toy;

mod discord {
    mod away;
    mod bot;
    mod computer;
    pub(crate) mod e2e;
    mod fake_discord;
    mod fault;
    mod lifecycle;
    mod loadtest;
    mod messages;
    mod outbox;
    mod props;
    mod security;
    mod standings;
    pub(crate) mod stratego;
    mod trio;
    mod wording;
    mod zones;
}

mod web {
    mod archive;
    mod browser;
    mod pages;
    mod processes;
    mod seat;
}

mod service {
    mod agent_protocol;
    mod away;
    mod cli;
    mod computer;
    mod host;
    mod layers;
    mod names;
    mod places;
    mod ratings;
    // The service's own tests, as the module has always been called.
    #[allow(clippy::module_inception)]
    mod service;
    mod stats;
    mod structure;
    mod tables;
    mod trio;
    mod zones;
}

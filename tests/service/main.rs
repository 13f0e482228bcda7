//! The game service and the host's tools through the library and the real binary: playing, saving and
//! replaying, upgrades and backups, the terminal game, and the layers' rules. One test binary, one
//! module per subject.

mod agent_protocol;
mod cli;
mod computer;
mod host;
mod layers;
mod places;
#[path = "../support/play.rs"]
mod play;
#[path = "../support/postgres.rs"]
mod postgres;
mod service;
mod structure;
mod tables;
#[path = "../toy/mod.rs"]
mod toy;
mod trio;

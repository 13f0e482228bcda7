//! The command line and the offline front ends: the terminal game, replays, self-play, benchmarks, board
//! pictures, and the host's tools (backup, restore, migrate, verify, health).

pub mod arena;
pub mod args;
pub mod bench;
pub mod command;
pub mod failure;
mod logs;
pub mod play;
mod queens_gambit;
mod registry;
pub mod render;
pub mod replay;
pub mod script;
pub mod selfplay;
mod setup;
mod stratego;
mod stratego_arena;
pub mod table_play;

use crate::service::{Caller, UserId};

/// The host at the terminal, asking as `user` (the command line holds the host's pass).
fn host(user: impl Into<UserId>) -> Caller {
    Caller::host(&crate::service::host::terminal(), user)
}

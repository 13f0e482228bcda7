//! *The Queen's Gambit* on Discord: its own subcommands, its rules help, its views, its thread (a post
//! per card) and its recap.

mod choice;
pub mod commands;
pub mod help;
mod lobby;
mod player;
mod posting;
mod recap;
pub mod room;
mod thread;
pub mod views;

use crate::discord::bot::Bot;
use crate::discord::msg::Msg;
use crate::service::GameId;
use crate::service::queens_gambit::SeatedView;

impl Bot {
    /// A seat's private menu (its hand, its plan, its question), from its view.
    pub(in crate::discord) fn seat_menu(game: GameId, sv: &SeatedView) -> Msg {
        views::hand_menu(&sv.data, game, sv)
    }
}

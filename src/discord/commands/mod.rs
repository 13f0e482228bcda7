//! The slash commands: one command a game (`/qg`, `/stratego`, named by the game's words), each the
//! shared set of subcommands (`shared`) and the game's own (`discord::registry`), and `/qg-admin` for
//! server admins (`admin`). Each one reads its options, asks `Bot` what to do, answers, then posts.

mod admin;
pub mod context;
pub mod lobby;
mod shared;

pub use context::{Data, Error};

use crate::service::{Catalog, Kind};

/// One game's command: its name from its words, the shared subcommands and its own.
fn game_command(kind: &dyn Kind) -> poise::Command<Data, Error> {
    let slot = super::registry::slot(kind.key());
    let mut root = shared::root();
    let name = kind.words().command.trim_start_matches('/').to_string();
    (root.name, root.identifying_name) = (name.clone().into(), name.into());
    root.description = Some(format!("{} (unofficial fan game)", kind.name()).into());
    let mut subcommands = match &slot {
        Some(slot) => (slot.own)(),
        None => vec![lobby::new()],
    };
    subcommands.extend(shared::subcommands(slot.as_ref()));
    root.subcommands = subcommands;
    root
}

/// Every command the bot registers: each game's, and the admins'.
pub fn all(catalog: &Catalog) -> Vec<poise::Command<Data, Error>> {
    let mut all: Vec<_> = catalog.all().iter().map(|k| game_command(&**k)).collect();
    all.push(admin::qg_admin());
    all
}

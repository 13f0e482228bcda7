//! *The Queen's Gambit*: its rules (`rules`), its computer players (`ai`) and the game as the seam sees it
//! (`Table`, an `Engine`; `Hosted`, its `Kind`). The bot's first game: its own service paths and Discord
//! layer still play it (with its plan builder, hand pictures and stand-ins); the seam plays the same games,
//! reads the same saved logs and writes the same replay scripts, so the shared layers can take it over path
//! by path.

pub mod ai;
mod hosted;
pub mod rules;
pub mod story;
mod table;

pub use hosted::Hosted;
pub use table::{KEY, Sight, Table, draw_terms, seen_of, standing};

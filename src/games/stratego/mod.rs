//! *Stratego — The Star Wars Saga Edition*, its four games as pure rules: the board with its two asteroid
//! fields, the roster (a labelled reconstruction read from `assets/stratego/roster.toml`), secret setups,
//! moves and attacks, the six powers, Anakin and Vader, the limits on repetition and chasing, the capture
//! modes as each reader's view, and the ends of a game. The readings chosen where the booklet is silent are
//! numbered in `docs/stratego/rules-spec.md` (C1-C34) and listed in `docs/stratego/rules-decisions.md`.

pub mod action;
pub mod board;
pub mod combat;
pub mod computer;
pub mod game;
mod hosted;
mod moves;
pub mod piece;
pub mod playout;
mod recap;
mod repetition;
pub mod roster;
pub mod rules;
pub mod script;
mod script_expect;
pub mod setup;
pub mod table;
pub mod view;
pub mod words;

pub use action::Action;
pub use board::Square;
pub use combat::{Clash, clash};
pub use game::{Capture, Combat, Ending, Played, Refusal, Setup, Shot, Stratego, Turning};
pub use hosted::{Hosted, MOVE_LIMIT_MIN};
pub use piece::{Colour, Kind, Piece, Power, Powers, Rank, Side};
pub use playout::{Tally, random_games};
pub use roster::{Roster, RosterError};
pub use rules::{Captures, Chasing, Repetition, Rules, Variant};
pub use setup::{parse_setup, setup_codes, setup_text, typed_as};
pub use table::{KEY, Table};
pub use view::{Known, LastSeen, Seen, View};

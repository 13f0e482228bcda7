//! *Stratego — The Star Wars Saga Edition*, its first game (the classic one) as pure rules: the board with
//! its two asteroid fields, the 40 pieces a side, secret setups, moves (the Troopers' long moves), combat,
//! the limit on shuttling between two squares, and the ends of a game. The readings chosen where the
//! booklet is silent are numbered in `docs/stratego/rules-spec.md` (C1, C5, C6, C10, C16).

pub mod board;
pub mod combat;
pub mod game;
pub mod piece;
pub mod setup;
pub mod view;

pub use board::Square;
pub use combat::{Clash, clash};
pub use game::{Ending, Move, Refusal, Repetition, Stratego};
pub use piece::{Piece, Rank, Side};
pub use setup::{parse_setup, setup_text};
pub use view::{Seen, View};

//! How good the people who play are: each server's ladders of ratings, computed by a well-kept crate.
//! Pure arithmetic over finished games; which games count, and where ratings are kept, is decided above
//! (the service reads the games, the store keeps the ratings in the transaction that ends a game).

mod ladder;

pub use ladder::{Ladder, Ladders, Rated, Rating, SETTLED_DEVIATION, START, START_DEVIATION};

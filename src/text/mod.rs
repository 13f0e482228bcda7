//! Words shared by every front end that are not the engine's own, each game's in its own folder: text
//! pictures of the boards and the status summary, built from a reader's `View`. (The engine words its
//! own questions and events in `rules::describe`, because wording them needs state a front end never
//! holds; those words reach readers inside views and updates.)

pub mod queens_gambit;

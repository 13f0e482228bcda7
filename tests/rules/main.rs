//! The rules of the game, tested through the engine and the replay language: one test binary, one
//! module per part of the rules.

#[path = "../common/mod.rs"]
mod common;

mod agents;
mod battlefield;
mod cards;
mod data;
mod duel;
mod engine;
mod palace;
mod props;
mod puzzles;
mod replay;
mod round;
mod scenarios;
mod seam;
mod sight;
mod space;
mod stratego;
mod team;
mod texts;
mod versions;
mod victory;

//! The games besides *The Queen's Gambit* (which is in `rules` until the game seam moves it here), each
//! as pure rules code with no Discord, store or pictures in it.

pub mod stratego;

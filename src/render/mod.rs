//! Pictures: each game's drawn from what one reader may see (`sight_png` draws a sight by its type), on
//! shared drawing parts (a canvas, fonts, colours, cached layers, PNG encoding).

mod animation;
mod canvas;
mod encode;
mod font;
mod layer;
pub mod palette;
pub mod queens_gambit;
mod registry;
pub mod stratego;

pub use canvas::Area;
pub use registry::{Painters, animation_gif, sight_data, sight_png, sight_words};

//! The picture of a game behind the seam, from what one reader sees of it (`games::Engine::sight`):
//! each game's own drawing, found by the type of its view, so no layer above names a game.

use std::any::Any;

/// The board as the sight's reader sees it, as a PNG; `None` for a sight no game here draws.
pub fn sight_png(sight: &dyn Any) -> Option<Result<Vec<u8>, String>> {
    if let Some(view) = sight.downcast_ref::<crate::games::stratego::View>() {
        return Some(super::stratego::board_png(view));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stratego_sight_is_drawn_and_anything_else_is_not() {
        let mut t =
            crate::games::stratego::Table::new(Default::default(), crate::games::stratego::Roster::embedded(), 3);
        use crate::games::Engine;
        t.apply(0, "setup random").unwrap();
        assert!(t.sight(Some(0)).is_none(), "no board before both setups");
        t.apply(1, "setup random").unwrap();
        let png = sight_png(&*t.sight(None).unwrap()).unwrap().unwrap();
        assert_eq!(&png[1..4], b"PNG");
        assert!(sight_png(&42u8).is_none());
    }
}

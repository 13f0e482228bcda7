//! The registry of pictures: a game's picture behind the seam, drawn from what one reader sees of it
//! (`games::Engine::sight`) by that game's own drawing, found by the type of its view, so no layer above
//! names a game.

use std::any::Any;
use std::sync::Arc;

/// The first game's data a sight is drawn with, when it is one of its sights: the caller brings the
/// renderer for it (laying one out takes a while, so the bot keeps one per data set).
pub fn sight_data(sight: &dyn Any) -> Option<Arc<crate::games::queens_gambit::rules::Data>> {
    sight.downcast_ref::<crate::games::queens_gambit::Sight>().map(|s| s.data.clone())
}

/// The board as the sight's reader sees it, as a PNG; `None` for a sight no game here draws (or a first
/// game's sight without the renderer for its data, `sight_data`).
pub fn sight_png(sight: &dyn Any, renderer: Option<&super::Renderer>) -> Option<Result<Vec<u8>, String>> {
    if let Some(view) = sight.downcast_ref::<crate::games::stratego::View>() {
        return Some(super::stratego::board_png(view));
    }
    if let Some(sight) = sight.downcast_ref::<crate::games::queens_gambit::Sight>() {
        let r = renderer.filter(|r| r.data().id == sight.data.id)?;
        // The whole board: a live post shows every battle at once.
        return Some(r.png(&sight.view, &sight.last, super::Picture::Overview).map_err(|e| e.to_string()));
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
        let png = sight_png(&*t.sight(None).unwrap(), None).unwrap().unwrap();
        assert_eq!(&png[1..4], b"PNG");
        assert!(sight_png(&42u8, None).is_none());
    }

    #[test]
    fn a_queens_gambit_sight_is_drawn_from_its_readers_view() {
        use crate::games::Engine;
        let t = crate::games::queens_gambit::Table::new(
            crate::games::queens_gambit::rules::Data::embedded(),
            crate::games::queens_gambit::rules::Mode::TwoPlayer,
            5,
        );
        let sight = t.sight(Some(1)).unwrap();
        assert!(sight_png(&*sight, None).is_none(), "drawn only with the renderer of its data");
        let renderer = crate::render::Renderer::new(sight_data(&*sight).unwrap()).unwrap();
        let png = sight_png(&*sight, Some(&renderer)).unwrap().unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }
}

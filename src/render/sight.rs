//! The picture of a game behind the seam, from what one reader sees of it (`games::Engine::sight`):
//! each game's own drawing, found by the type of its view, so no layer above names a game.

use std::any::Any;
use std::sync::{Arc, Mutex, OnceLock};

/// The first game's renderers by data set: laying one out takes a while, so each is made once.
fn renderer(data: &Arc<crate::rules::Data>) -> Result<Arc<super::Renderer>, String> {
    static MADE: OnceLock<Mutex<Vec<Arc<super::Renderer>>>> = OnceLock::new();
    let made = MADE.get_or_init(Mutex::default);
    let mut made = made.lock().map_err(|_| "the renderers' lock was poisoned".to_string())?;
    if let Some(r) = made.iter().find(|r| r.data().id == data.id) {
        return Ok(r.clone());
    }
    let r = Arc::new(super::Renderer::new(data.clone()).map_err(|e| e.to_string())?);
    made.push(r.clone());
    Ok(r)
}

/// The board as the sight's reader sees it, as a PNG; `None` for a sight no game here draws.
pub fn sight_png(sight: &dyn Any) -> Option<Result<Vec<u8>, String>> {
    if let Some(view) = sight.downcast_ref::<crate::games::stratego::View>() {
        return Some(super::stratego::board_png(view));
    }
    if let Some(sight) = sight.downcast_ref::<crate::games::queens_gambit::Sight>() {
        // The whole board: a live post shows every battle at once.
        let png = |r: Arc<super::Renderer>| {
            r.png(&sight.view, &sight.last, super::Picture::Overview).map_err(|e| e.to_string())
        };
        return Some(renderer(&sight.data).and_then(png));
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

    #[test]
    fn a_queens_gambit_sight_is_drawn_from_its_readers_view() {
        use crate::games::Engine;
        let t =
            crate::games::queens_gambit::Table::new(crate::rules::Data::embedded(), crate::rules::Mode::TwoPlayer, 5);
        let png = sight_png(&*t.sight(Some(1)).unwrap()).unwrap().unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }
}

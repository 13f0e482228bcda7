//! The registry of pictures: a game's picture behind the seam, drawn from what one reader sees of it
//! (`games::Engine::sight`) by that game's own drawing, found by the type of its view, so no layer above
//! names a game; and what a bot keeps to draw them (`Painters`).

use super::queens_gambit::Renderer;
use crate::games::queens_gambit::rules::Data;
use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The first game's data a sight is drawn with, when it is one of its sights: the caller brings the
/// renderer for it (laying one out takes a while, so the bot keeps one per data set).
pub fn sight_data(sight: &dyn Any) -> Option<Arc<Data>> {
    sight.downcast_ref::<crate::games::queens_gambit::Sight>().map(|s| s.data.clone())
}

/// The board as the sight's reader sees it, as a PNG; `None` for a sight no game here draws (or a first
/// game's sight without the renderer for its data, `sight_data`).
pub fn sight_png(sight: &dyn Any, renderer: Option<&Renderer>) -> Option<Result<Vec<u8>, String>> {
    if let Some(view) = sight.downcast_ref::<crate::games::stratego::View>() {
        return Some(super::stratego::board_png(view));
    }
    if let Some(sight) = sight.downcast_ref::<crate::games::queens_gambit::Sight>() {
        let r = renderer.filter(|r| r.data().id == sight.data.id)?;
        // The whole board: a live post shows every battle at once.
        let whole = super::queens_gambit::Picture::Overview;
        return Some(r.png(&sight.view, &sight.last, whole).map_err(|e| e.to_string()));
    }
    None
}

/// What the picture of `sight` shows, in words (its text alternative), made from the same view the
/// picture is drawn from; `None` for a sight no game here draws.
pub fn sight_words(sight: &dyn Any) -> Option<String> {
    if let Some(view) = sight.downcast_ref::<crate::games::stratego::View>() {
        return Some(super::stratego::words(view));
    }
    if let Some(sight) = sight.downcast_ref::<crate::games::queens_gambit::Sight>() {
        return Some(format!("The boards as {}: {}", reader_of(&sight.view), sight.view.overview(&sight.data)));
    }
    None
}

/// Who a first game's view is for, as a picture's description says it.
fn reader_of(view: &crate::games::queens_gambit::rules::View) -> String {
    use crate::games::queens_gambit::rules::Viewer;
    match view.viewer {
        Viewer::Seat(seat) => format!("{} sees them", seat.title(view.mode)),
        _ => "spectators see them".to_string(),
    }
}

/// A finished game's recap as a looping GIF of at most `limit` bytes, from its frames (`Engine::frames`);
/// `None` when no game here animates them.
pub fn animation_gif(frames: &[Box<dyn Any + Send>], limit: usize) -> Option<Result<Vec<u8>, String>> {
    let views: Option<Vec<crate::games::stratego::View>> =
        frames.iter().map(|f| f.downcast_ref::<crate::games::stratego::View>().cloned()).collect();
    match views {
        Some(views) if !views.is_empty() => Some(super::stratego::animation(&views, limit)),
        _ => None,
    }
}

/// What a bot keeps to draw every game's pictures: the first game's layers laid out for the running
/// data, and for each other data set a game was created with (its maps may differ), laid out once when
/// first asked.
pub struct Painters {
    first: Arc<Renderer>,
    others: Mutex<HashMap<String, Arc<Renderer>>>,
}

impl Painters {
    /// Painters with the first game's renderer for the running data.
    pub fn new(first: Arc<Renderer>) -> Painters {
        Painters { first, others: Mutex::new(HashMap::new()) }
    }

    /// Painters for the games of `catalog`, with their data.
    pub fn for_catalog(catalog: &crate::games::Catalog) -> Result<Painters, String> {
        let data = catalog
            .get(crate::games::queens_gambit::KEY)
            .and_then(|k| crate::games::queens_gambit::Hosted::data_of(&*k))
            .unwrap_or_else(Data::embedded);
        Ok(Painters::new(Arc::new(Renderer::new(data).map_err(|e| e.to_string())?)))
    }

    /// Lay out every layer drawn often, before the first picture asks (slow: off the async runtime).
    pub fn prepare(&self) {
        self.first.prepare();
    }

    /// The first game's renderer for `data`, when it is laid out already.
    pub fn ready(&self, data: &Data) -> Option<Arc<Renderer>> {
        if data.id == self.first.data().id {
            return Some(self.first.clone());
        }
        self.others.lock().ok().and_then(|m| m.get(&data.id).cloned())
    }

    /// The first game's renderer for `data`, laid out now when it is not yet (slow: off the async runtime).
    pub fn first_game(&self, data: &Arc<Data>) -> Result<Arc<Renderer>, String> {
        if let Some(r) = self.ready(data) {
            return Ok(r);
        }
        let made = Arc::new(Renderer::new(data.clone()).map_err(|e| e.to_string())?);
        if let Ok(mut m) = self.others.lock() {
            m.insert(data.id.clone(), made.clone());
        }
        Ok(made)
    }

    /// The board as the sight's reader sees it, as a PNG; `None` for a sight no game here draws (slow:
    /// off the async runtime).
    pub fn png(&self, sight: &dyn Any) -> Option<Result<Vec<u8>, String>> {
        let renderer = match sight_data(sight) {
            Some(data) => match self.first_game(&data) {
                Ok(r) => Some(r),
                Err(e) => return Some(Err(e)),
            },
            None => None,
        };
        sight_png(sight, renderer.as_deref())
    }
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
        let renderer = Renderer::new(sight_data(&*sight).unwrap()).unwrap();
        let png = sight_png(&*sight, Some(&renderer)).unwrap().unwrap();
        assert_eq!(&png[1..4], b"PNG");
        let painters = Painters::new(Arc::new(renderer));
        assert_eq!(painters.png(&*sight).unwrap().unwrap(), png, "the bot's painters draw the same");
    }
}

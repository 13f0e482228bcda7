//! The first game's public post after a change (its words, buttons and picture), and its pictures
//! drawn off the async runtime with the renderer for the game's data.

use crate::discord::bot::{Bot, Post};
use crate::discord::msg::Attachment;
use crate::games::queens_gambit::rules::{Data, Event};
use crate::render::queens_gambit::{Picture, Renderer};
use crate::service::queens_gambit::Update;
use std::sync::Arc;

impl Bot {
    /// The picture for a view of a game playing with `data`, drawn off the async runtime.
    pub(in crate::discord) async fn picture(
        &self,
        data: &Arc<Data>,
        view: crate::games::queens_gambit::rules::View,
        last: Vec<Event>,
        theatre: Picture,
    ) -> Option<Attachment> {
        let r = self.renderer_for(data).await?;
        let words = described(theatre, &view, data);
        self.drawn(theatre.key(), words, move || r.png(&view, &last, theatre).map(|png| (theatre, png))).await
    }

    /// A picture drawn off the async runtime by `job` (which says which battle it shows), its time
    /// recorded under `metric`. A failure is logged, and the post goes without a picture.
    pub(in crate::discord) async fn drawn(
        &self,
        metric: &'static str,
        description: String,
        job: impl FnOnce() -> Result<(Picture, Vec<u8>), crate::render::queens_gambit::RenderError> + Send + 'static,
    ) -> Option<Attachment> {
        let drawn = self
            .draw(move || {
                let started = std::time::Instant::now();
                let png = job();
                let seconds = started.elapsed().as_secs_f64();
                ::metrics::histogram!(crate::ops::metrics::RENDER_SECONDS, "picture" => metric).record(seconds);
                png
            })
            .await;
        match drawn {
            Ok(Ok((shows, bytes))) => Some(Attachment { name: format!("{}.png", shows.key()), bytes, description }),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "picture failed");
                None
            }
            Err(e) => {
                tracing::warn!(error = %e, "picture task failed");
                None
            }
        }
    }

    /// The renderer for a game's data: the running one, or one laid out (once, off the async runtime)
    /// for a game created with other data, whose maps may differ.
    pub(in crate::discord) async fn renderer_for(&self, data: &Arc<Data>) -> Option<Arc<Renderer>> {
        if let Some(r) = self.painters.ready(data) {
            return Some(r);
        }
        let (painters, d) = (self.painters.clone(), data.clone());
        match self.draw(move || painters.first_game(&d)).await {
            Ok(Ok(r)) => Some(r),
            Ok(Err(e)) => {
                tracing::warn!(data_set = %data.id, error = %e, "cannot draw this game's data");
                None
            }
            Err(e) => {
                tracing::warn!(error = %e, "renderer task failed");
                None
            }
        }
    }

    /// The public post after an accepted change, when there is something to say.
    pub async fn post_for(&self, update: &Update, force: bool) -> Option<Post> {
        if update.public().lines().is_empty() && update.public().ping().is_empty() && !force {
            return None;
        }
        let mut post = self.public_text(update)?;
        let p = update.public();
        post.msg.file = match super::views::picture_for(update) {
            // A round begun or the game over: the whole board.
            Some(Picture::Overview) => {
                self.picture(p.data(), p.view().view().clone(), p.events().to_vec(), Picture::Overview).await
            }
            // One battle: the part of it where it happened, for a phone.
            Some(_) => self.phone_picture(p, p.events()).await,
            None => None,
        };
        Some(post)
    }

    /// The public post's words and buttons after a change, without a picture. (Who it pings, the service
    /// settled after their preferences.)
    pub(in crate::discord) fn public_text(&self, update: &Update) -> Option<Post> {
        let msg = super::views::public_post(update.public());
        Some(Post::new(update.public().table().home.clone()?, msg))
    }
}

/// What a picture of `theatre` for `view` shows, in words: which board, then the boards as its reader sees
/// them.
pub(in crate::discord) fn described(
    theatre: Picture,
    view: &crate::games::queens_gambit::rules::View,
    data: &Data,
) -> String {
    let which = match theatre {
        Picture::Overview => "Every board at once",
        Picture::Palace => "The palace floors",
        Picture::Battlefield => "The Plains of Naboo",
        Picture::Core => "The generator core",
        Picture::Space => "Anakin's track in space",
    };
    format!("{which}. {}", view.overview(data))
}

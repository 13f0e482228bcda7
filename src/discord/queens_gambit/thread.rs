//! The game's thread, one post per card: a card's post opens when it is revealed, is edited as its
//! actions go on (the clicked post answers the click, which costs no message), and gets its picture when
//! the card is done: a phone-sized window of the battle around all it did. A new round opens a post with
//! the whole board; so does the end. Someone newly waited for gets a new post, as an edit pings nobody.

use super::views;
use crate::discord::bot::{Bot, Clicked, Post};
use crate::discord::msg::{Attachment, Msg};
use crate::games::queens_gambit::rules::words::event_lines;
use crate::games::queens_gambit::rules::{Event, EventKind, Focus};
use crate::render::queens_gambit::{Mark, Picture};
use crate::service::queens_gambit::{Public, Update};

/// What a change does to the thread: the clicked post edited (when the change was made from it), and the
/// new posts.
#[derive(Debug, Default)]
pub struct ThreadChange {
    pub edit: Option<Msg>,
    pub posts: Vec<Post>,
}

fn finishes_card(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e.kind, EventKind::CardFinished { .. }))
}

/// Whether a part of the change opens with the round's or the game's end: its post shows the whole board.
fn milestone(events: &[Event]) -> bool {
    events.first().is_some_and(|e| matches!(e.kind, EventKind::RoundEnded { .. } | EventKind::GameOver { .. }))
}

impl Bot {
    /// Remember the post that opened a game's round (its id and words): the round's plan locks amend it.
    pub fn keep_round_post(&self, game: crate::service::GameId, id: u64, content: &str) {
        if let Ok(mut m) = self.round_posts.lock() {
            m.insert(game, (id, content.to_string()));
        }
    }

    fn round_post(&self, game: crate::service::GameId) -> Option<(u64, String)> {
        self.round_posts.lock().ok()?.get(&game).cloned()
    }

    /// The units the question asked now offers, marked on the pictures.
    fn offered(p: &Public) -> Vec<Mark> {
        p.view().questions().iter().flat_map(|q| q.answers.iter().filter_map(|a| Mark::of(&a.choice))).collect()
    }

    /// The phone picture of `events` (`render::crop`), drawn off the async runtime.
    pub(in crate::discord) async fn phone_picture(&self, p: &Public, events: &[Event]) -> Option<Attachment> {
        let wanted = Focus::of(events).map(Picture::from)?;
        let r = self.renderer_for(p.data()).await?;
        let (view, last, marks) = (p.view().view().clone(), events.to_vec(), Bot::offered(p));
        let words = super::posting::described(wanted, &view, p.data());
        self.drawn("phone", words, move || {
            let png = r.phone_png(&view, &last, wanted, &marks)?;
            Ok((crate::render::queens_gambit::crop_battle(wanted, &last), png))
        })
        .await
    }

    /// What an accepted change does to the thread. `clicked`: the public post the change was made from,
    /// which goes on with the card it shows.
    pub async fn thread_change(&self, update: &Update, clicked: Option<&Clicked>) -> ThreadChange {
        let p = update.public();
        let Some(home) = p.table().home.clone() else { return ThreadChange::default() };
        let (d, mode) = (p.data(), p.mode());
        let parts = p.parts();
        let newest = parts.len() - 1;
        // Someone new must act: the newest post must be a new one, to ping them.
        let ping_anew = !p.ping().is_empty();
        let mut out = ThreadChange::default();
        let mut carried: Vec<String> = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            let mut lines = event_lines(d, mode, part.iter());
            if p.first_roll() && part.iter().any(crate::service::queens_gambit::rolls) {
                lines.push(views::DICE_HINT.to_string());
            }
            if i == 0 {
                match clicked {
                    Some(c) => {
                        let live = i == newest && !ping_anew;
                        let mut m = views::continued(&c.content, p, &lines, live);
                        if finishes_card(part) && c.pictures == 0 {
                            m.file = self.phone_picture(p, p.card()).await;
                        }
                        out.edit = Some(m);
                    }
                    // Made in a private menu or typed: what it said opens the next post.
                    None => carried = lines,
                }
                continue;
            }
            let mut all = std::mem::take(&mut carried);
            all.extend(lines);
            out.posts.push(self.part_post(p, part, &all, i == newest, &home).await);
        }
        // A plan locked while the round's post is known: that post says so (less noise in the thread).
        let locks = parts.len() == 1
            && !ping_anew
            && parts[0].iter().all(|e| e.visible_to(None) && matches!(e.kind, EventKind::PlanLocked { .. }));
        if clicked.is_none()
            && locks
            && !parts[0].is_empty()
            && let Some((id, old)) = self.round_post(p.game())
        {
            let mut post = Post::new(home, views::continued(&old, p, &carried, true));
            (post.edit, post.opens_round) = (Some(id), Some(p.game()));
            out.posts.push(post);
            return out;
        }
        // Nothing opened a post, yet there is news or someone new to act: one post says it.
        if out.posts.is_empty()
            && (!carried.is_empty() || ping_anew || (clicked.is_none() && !p.view().questions().is_empty()))
        {
            let mut m = views::post(p, &carried, true);
            if clicked.is_none() && finishes_card(parts[0]) {
                m.file = self.phone_picture(p, p.card()).await;
            }
            out.posts.push(Post::new(home, m));
        }
        out
    }

    /// The post of one part of a change (after the first): its lines, and its picture when the part is a
    /// milestone (the overview) or finishes a card (the card's story).
    async fn part_post(
        &self,
        p: &Public,
        part: &[Event],
        lines: &[String],
        newest: bool,
        home: &crate::service::ChannelId,
    ) -> Post {
        let mut m = views::post(p, lines, newest);
        let opens_round = part.iter().any(|e| matches!(e.kind, EventKind::RoundStarted { .. }));
        m.file = if milestone(part) {
            self.picture(p.data(), p.view().view().clone(), part.to_vec(), Picture::Overview).await
        } else if finishes_card(part) {
            self.phone_picture(p, part).await
        } else {
            None
        };
        let mut post = Post::new(home.clone(), m);
        post.opens_round = opens_round.then_some(p.game());
        post
    }
}

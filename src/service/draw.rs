//! A draw by agreement, for both games and every game after them: one side offers it; the offer stands
//! while what the game says it stands on holds (`Engine::draw_terms`: the first game's round, Stratego's
//! other side not yet moved) and the other side may accept it then. Nothing is played: the game's log is
//! untouched, and it ends over with no winner.

use super::{Service, ServiceError};
use crate::games::DrawTerms;
use crate::store::{ChannelId, GameRow, Status, UserId};

/// What `/qg draw` (or a table's own draw command) did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawStep {
    /// The caller's side (`by`, in words) offers a draw; `others` (the other side, `to`) may accept it
    /// `until` it lapses ("until round 3 ends").
    /// `command`: the game's own, as the others are told to accept with it (`/stratego`).
    Offered {
        by: String,
        to: String,
        until: String,
        others: Vec<UserId>,
        home: Option<ChannelId>,
        command: &'static str,
    },
    /// The other side's offer stood: the game is over, drawn by agreement; the caller played `by`.
    Agreed { by: String, home: Option<ChannelId> },
}

/// What a request to draw meets.
enum Meets {
    /// The other side's offer, still standing.
    Offer,
    /// The caller's own, still standing.
    Own,
    /// None standing: the caller's request is a new offer.
    Nothing,
}

/// The rule, once for every game: an offer stands while the mark it was made on is the offering side's
/// mark now (`mark_of`).
fn meets(standing: Option<&(String, u32)>, side: &str, mark_of: impl Fn(&str) -> Option<u32>) -> Meets {
    match standing.filter(|(by, mark)| mark_of(by) == Some(*mark)) {
        Some((by, _)) if by == side => Meets::Own,
        Some(_) => Meets::Offer,
        None => Meets::Nothing,
    }
}

/// A draw request at one game: the caller's side (its key, as the store keeps it) and the terms an offer
/// by it stands on now.
pub(super) struct Request {
    pub side: String,
    pub terms: DrawTerms,
    /// Whether a person holds a seat of the other side (the computer never accepts a draw).
    pub people_opposite: bool,
    /// The rated game it is, should the draw be agreed now.
    pub rated: Option<crate::ratings::Rated>,
}

impl Service {
    /// The shared half of a draw request on a game's record `row`: accept the other side's standing
    /// offer (the game ends, `None`), refuse a second offer, or record a new one (its terms).
    pub(super) async fn answer_draw(
        &self,
        row: &mut GameRow,
        request: Request,
        mark_of: impl Fn(&str) -> Option<u32>,
    ) -> Result<Option<DrawTerms>, ServiceError> {
        let Request { side, terms, people_opposite, rated } = request;
        let (game, now) = (row.id, self.now());
        match meets(row.draw_offer.as_ref(), &side, mark_of) {
            Meets::Nothing if !people_opposite => {
                Err(ServiceError::Refused("the computer plays every game to its end: it never accepts a draw".into()))
            }
            Meets::Offer => {
                let offer = row.draw_offer.as_ref().map(|(by, mark)| format!("{by}:{mark}")).unwrap_or_default();
                if !self.store.end_in_draw(game, &offer, rated.as_ref(), now).await? {
                    // Another process changed the game first (a pause, a move): nothing was written.
                    return Err(ServiceError::Stale { game, expected: row.revision, current: row.revision + 1 });
                }
                tracing::info!(game, "drawn by agreement");
                (row.status, row.reason) = (Status::Abandoned, Some("draw".into()));
                (row.draw_offer, row.remind_at, row.deadline_at) = (None, None, None);
                Ok(None)
            }
            Meets::Own => Err(ServiceError::DrawOffered { game, until: terms.until }),
            Meets::Nothing => {
                self.store.offer_draw(game, &side, terms.mark, now).await?;
                row.draw_offer = Some((side, terms.mark));
                Ok(Some(terms))
            }
        }
    }
}

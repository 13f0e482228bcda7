//! Choices through the service's one `choose`, in the forms the tests write them: the news of a typed or
//! menu choice with the refusal's error alone, and the first game's typed choice (`Choice`) made seeing a
//! public revision, told as its `Update`.

use gambit::games::queens_gambit::rules::{Choice, Seat};
use gambit::service::queens_gambit::Update;
use gambit::service::{Caller, Chosen, GameId, Service, ServiceError, TableNews};

#[allow(async_fn_in_trait, dead_code)]
pub trait Play {
    /// `Service::choose` at the seat the caller decides at, its news or its refusal's error.
    async fn choose_news(
        &self,
        caller: &Caller,
        game: GameId,
        from: Chosen,
        text: &str,
    ) -> Result<TableNews, ServiceError>;
    /// The first game's `choice` at `seat` (or the caller's deciding seat), made seeing public revision
    /// `revision`.
    async fn act(
        &self,
        caller: &Caller,
        game: GameId,
        seat: Option<Seat>,
        revision: u64,
        choice: &Choice,
    ) -> Result<Update, ServiceError>;
}

impl Play for Service {
    async fn choose_news(
        &self,
        caller: &Caller,
        game: GameId,
        from: Chosen,
        text: &str,
    ) -> Result<TableNews, ServiceError> {
        self.choose(caller, game, None, from, text).await.map(|a| a.news).map_err(|r| r.error)
    }

    async fn act(
        &self,
        caller: &Caller,
        game: GameId,
        seat: Option<Seat>,
        revision: u64,
        choice: &Choice,
    ) -> Result<Update, ServiceError> {
        // In the game's own data (a game keeps the data it was created with).
        let engine = self.engine(&gambit::service::host::terminal(), game).await?;
        let text = choice.text(engine.data());
        let answered = self
            .choose(caller, game, seat.map(Seat::index), Chosen::Revision(revision), &text)
            .await
            .map_err(|r| r.error)?;
        answered.news.into_account::<Update>().ok_or(ServiceError::NotStarted { game })
    }
}

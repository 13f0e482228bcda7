//! What the thread is owed: a row per saved step whose posts are not sent yet, written in the step's
//! own transaction (`Commit::owes`, `Opening::owes`) and removed once they are (`told`). A process tells
//! the steps it saved; the rows of a process that died are taken over by one process at a time, when
//! their lease runs out, or at once by the same shards restarted.

use super::sql::Tx;
use super::{GameId, Store, StoreError, Time};

/// Who tells a saved step, and until when nobody else may.
#[derive(Clone, Copy, Debug)]
pub struct Owing<'a> {
    /// The process that saved it: its shards and this run of it (`SHARDS#RUN`).
    pub teller: &'a str,
    pub until: Time,
}

/// Every run of the process `teller` is one of (`SHARDS#RUN`): `SHARDS#` and any run.
fn runs_of(teller: &str) -> String {
    let of = teller.rsplit_once('#').map_or(teller, |(of, _)| of);
    format!("{of}#%")
}

/// The rows a teller may take: an earlier run's of the same process, or any whose lease ran out.
const TAKEABLE: &str = "(teller LIKE ? AND teller <> ?) OR lease_until <= ?";

const OWE: &str = "INSERT INTO outbox (game_id, seq, teller, lease_until) VALUES (?, ?, ?, ?) \
     ON CONFLICT (game_id, seq) DO UPDATE SET teller = excluded.teller, lease_until = excluded.lease_until";

impl Store {
    /// The step `seq` of `game` is owed to its thread, in the transaction that saves it.
    pub(super) async fn owe(&self, tx: &mut Tx, game: GameId, seq: u64, owing: &Owing<'_>) -> Result<(), StoreError> {
        self.db.sql(OWE).bind(game).bind(seq as i64).bind(owing.teller).bind(owing.until).execute(tx).await?;
        Ok(())
    }

    /// Steps from `seq` on are taken back: what they owed is owed no more.
    pub(super) async fn owe_nothing_from(&self, tx: &mut Tx, game: GameId, seq: u64) -> Result<(), StoreError> {
        self.db
            .sql("DELETE FROM outbox WHERE game_id = ? AND seq >= ?")
            .bind(game)
            .bind(seq as i64)
            .execute(tx)
            .await?;
        Ok(())
    }

    /// The games owed posts that `teller` (`SHARDS#RUN`) may tell now: those an earlier run of the same
    /// shards saved, and those whose lease ran out.
    pub async fn owed_games(&self, teller: &str, now: Time) -> Result<Vec<GameId>, StoreError> {
        let rows = self
            .db
            .sql(format!("SELECT DISTINCT game_id FROM outbox WHERE {TAKEABLE} ORDER BY game_id"))
            .bind(runs_of(teller))
            .bind(teller)
            .bind(now)
            .fetch_all(&self.db)
            .await?;
        rows.iter().map(|r| r.get::<GameId>("game_id").map_err(StoreError::from)).collect()
    }

    /// Take what `game` is owed that `teller` may tell now, until `until`, oldest first: empty when
    /// another process holds it, or nothing is owed. What this run owes itself is left to the posts
    /// already on their way.
    pub async fn take_owed(&self, game: GameId, teller: &str, now: Time, until: Time) -> Result<Vec<u64>, StoreError> {
        let rows = self
            .db
            .sql(format!(
                "UPDATE outbox SET teller = ?, lease_until = ? WHERE game_id = ? AND ({TAKEABLE}) RETURNING seq"
            ))
            .bind(teller)
            .bind(until)
            .bind(game)
            .bind(runs_of(teller))
            .bind(teller)
            .bind(now)
            .fetch_all(&self.db)
            .await?;
        let mut seqs: Vec<u64> =
            rows.iter().map(|r| Ok(r.get::<i64>("seq")?.max(0) as u64)).collect::<Result<_, StoreError>>()?;
        seqs.sort_unstable();
        Ok(seqs)
    }

    /// The steps of `game` up to `seq` are told.
    pub async fn told(&self, game: GameId, seq: u64) -> Result<(), StoreError> {
        self.db
            .sql("DELETE FROM outbox WHERE game_id = ? AND seq <= ?")
            .bind(game)
            .bind(seq as i64)
            .execute(&self.db)
            .await?;
        Ok(())
    }

    /// How many steps, of every game, are owed their posts.
    pub async fn owed_count(&self) -> Result<u64, StoreError> {
        let n: i64 = self.db.sql("SELECT COUNT(*) FROM outbox").fetch_one(&self.db).await?.get_at(0)?;
        Ok(n.max(0) as u64)
    }
}

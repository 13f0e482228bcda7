//! A server's archive of finished games and each game's replay: the archive's link is signed for the
//! server (`{server}-{signature}`), the replay is reached by the game's public link. A replay opens once
//! the game is over; it shows, step by step, the board and the words a spectator had then, and at its end
//! what only the end tells (every piece, the recap) and the dice check (the seed, its seal, the script).

use super::public::PublicGame;
use crate::games::{Outcome, Recap};
use crate::service::query::Reader;
use crate::service::{Caller, GameId, Service, ServiceError};
use crate::store::{ServerId, Status, Time};

/// How many finished games an archive page lists, newest first.
const ARCHIVED: usize = 100;

/// A finished game as the archive lists it.
pub struct ArchivedGame {
    pub game: GameId,
    /// The link part of its pages (its replay is under it).
    pub link: String,
    pub name: String,
    pub title: String,
    pub options: String,
    /// How it ended, in a sentence; none for a game abandoned before its end was told.
    pub outcome: Option<String>,
    pub moves: u64,
    pub ended_at: Time,
    /// When it ended, in its server's time zone.
    pub ended: String,
    /// Seat names with who held them, as the pages name them (a player, the computer).
    pub seats: Vec<(String, bool)>,
}

/// One step of a finished game's replay.
pub struct ReplayStep {
    pub game: GameId,
    pub name: String,
    pub title: String,
    /// This step (0: before the first move) and how many there are.
    pub step: usize,
    pub steps: usize,
    /// Each move's first words, in order, for jumping to it.
    pub moves: Vec<String>,
    /// This step's move in the spectators' words (none before the first).
    pub lines: Vec<String>,
    /// The board as text and as a picture, as a spectator saw it then (every piece shown at the end).
    pub text: String,
    pub sight: Option<Box<dyn std::any::Any + Send>>,
    /// At the last step: what only the end tells.
    pub end: Option<ReplayEnd>,
}

/// What only a finished game's end tells, and its dice check.
pub struct ReplayEnd {
    pub outcome: Option<Outcome>,
    pub recap: Option<Recap>,
    /// The board before the first move with every piece shown: the setups, where a game has them.
    pub setups: Option<Box<dyn std::any::Any + Send>>,
    pub seed: u64,
    pub seal: String,
}

/// What rebuilds a game at any step: its opening script and its log.
struct Rebuild {
    game: GameId,
    kind: std::sync::Arc<dyn crate::games::Kind>,
    data: Option<String>,
    opening: String,
    actions: Vec<crate::store::ActionRow>,
}

impl Rebuild {
    /// The game after its steps up to `upto`.
    fn at(&self, upto: u64) -> Result<Box<dyn crate::games::Engine>, ServiceError> {
        let mut script = self.opening.clone();
        for a in self.actions.iter().take_while(|a| a.seq <= upto) {
            script.push_str(&a.line);
            script.push('\n');
        }
        let game = self.game;
        self.kind.replay(&script, self.data.as_deref()).map_err(|detail| ServiceError::Corrupt { game, detail })
    }
}

/// A move as the replay's list names it: its first words, after the round it opens when it opens one (a
/// line "Round 3: ..."), so a round is found in the list.
fn label(lines: &[String]) -> String {
    let first = lines.first().cloned().unwrap_or_default();
    let opens = lines.iter().filter_map(|l| l.split_once(':')).find(|(head, _)| {
        head.strip_prefix("Round ").is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    });
    match opens {
        Some((round, _)) if !first.starts_with(round) => format!("{round} · {first}"),
        _ => first,
    }
}

/// What an archive link signs.
fn message(guild: &ServerId) -> String {
    format!("archive {guild}")
}

impl Service {
    /// The link part of the archive of `caller`'s server (`/qg games`); none outside a server.
    pub async fn archive_link(&self, caller: &Caller) -> Result<String, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "archive_link");
        let guild = caller.guild().ok_or(ServiceError::NeedsServer)?;
        self.pages_open(Some(guild)).await?;
        let hex = super::hex(guild.as_str().as_bytes());
        let signature = self.signature(&message(guild)).ok_or(ServiceError::NoPages)?;
        Ok(format!("{hex}-{signature}"))
    }

    /// The server an archive link names, if it is this host's.
    pub(in crate::service) fn archived_server(&self, link: &str) -> Option<ServerId> {
        let (hex, signature) = link.split_once('-')?;
        let guild = ServerId::new(String::from_utf8(super::unhex(hex)?).ok()?);
        self.signed(&message(&guild), signature).then_some(guild)
    }

    /// The finished games of the server an archive link names, newest first.
    pub async fn archive(&self, link: &str) -> Result<Vec<ArchivedGame>, ServiceError> {
        let guild = self.archived_server(link).ok_or(ServiceError::NoGame(0))?;
        self.pages_open(Some(&guild)).await?;
        let zone = self.zone_of_server(Some(&guild)).await;
        let mut out = Vec::new();
        for row in self.store.games().await?.into_iter().flatten() {
            if out.len() == ARCHIVED {
                break;
            }
            if row.guild_id.as_ref() != Some(&guild) || row.status != Status::Finished {
                continue;
            }
            let Some(link) = self.public_link(row.id) else { continue };
            let slot = self.table_slot(row.id);
            let mut guard = slot.lock().await;
            let Ok(held) = self.hold_of(&mut guard, row.id, None).await else { continue };
            let names = held.seat_names();
            out.push(ArchivedGame {
                game: row.id,
                link,
                name: held.kind.name().to_string(),
                title: row.title.clone(),
                options: held.kind.describe(&held.options),
                outcome: held.engine.as_deref().and_then(|e| e.outcome()).map(|o| o.summary),
                moves: row.moves,
                ended_at: row.updated_at,
                ended: crate::service::local_time(row.updated_at, zone),
                seats: held
                    .seats
                    .iter()
                    .map(|s| {
                        let name = names.get(s.seat).cloned().unwrap_or_default();
                        (name, s.user_id.as_ref().is_some_and(|u| u.is_computer()))
                    })
                    .collect(),
            });
        }
        Ok(out)
    }

    /// Step `step` of the replay of the finished game a public link names (past its last: the last).
    pub async fn replay_step(&self, link: &str, step: usize) -> Result<ReplayStep, ServiceError> {
        let PublicGame { seen, .. } = self.public_game(link, 0).await?;
        let game = seen.game;
        if !seen.status.is_over() || seen.status == Status::Abandoned && seen.outcome.is_none() {
            return Err(ServiceError::NotOver { game });
        }
        let moves = self.log_of(game, Reader::Public, u32::MAX).await?;
        let steps = moves.len();
        let step = step.min(steps);
        let (rebuild, seed) = self.rebuild(game).await?;
        // The game as it stood after this step's move (before the first move: after every secret step
        // that came before it, such as the setups).
        let before_first = moves.first().map_or(rebuild.actions.len() as u64, |m| m.seq.saturating_sub(1));
        let upto = match step {
            0 => before_first,
            s => moves[s - 1].seq,
        };
        let at = |upto: u64| rebuild.at(upto);
        let last = step == steps;
        // The end is the game as it was saved last (a concession is no move of its own).
        let (text, sight, end) = match last {
            false => {
                let engine = at(upto)?;
                (engine.view_text(None), engine.sight(None), None)
            }
            true => {
                let slot = self.table_slot(game);
                let mut guard = slot.lock().await;
                let held = self.hold_of(&mut guard, game, None).await?;
                let engine = held.engine()?;
                let end = ReplayEnd {
                    outcome: engine.outcome(),
                    recap: engine.recap(),
                    setups: at(before_first)?.sight_unveiled(),
                    seed,
                    seal: crate::service::seal(game, seed),
                };
                (engine.view_text(None), engine.sight_unveiled(), Some(end))
            }
        };
        Ok(ReplayStep {
            game,
            name: seen.name,
            title: seen.title,
            step,
            steps,
            moves: moves.iter().map(|m| label(&m.lines)).collect(),
            lines: step.checked_sub(1).map(|i| moves[i].lines.clone()).unwrap_or_default(),
            text,
            sight,
            end,
        })
    }

    /// What rebuilds `game` at any step, and its seed.
    async fn rebuild(&self, game: GameId) -> Result<(Rebuild, u64), ServiceError> {
        let (kind, data, opening, seed) = {
            let slot = self.table_slot(game);
            let mut guard = slot.lock().await;
            let held = self.hold_of(&mut guard, game, None).await?;
            let corrupt = |detail: String| ServiceError::Corrupt { game, detail };
            (held.kind.clone(), held.data.clone(), held.opening().map_err(corrupt)?.script(), held.row.seed)
        };
        let actions = self.store.actions(game).await?;
        Ok((Rebuild { game, kind, data, opening, actions }, seed))
    }

    /// The whole finished game as a replay script (its seed and every secret in it, for checking the
    /// dice): only once it is over.
    pub async fn replay_script(&self, link: &str) -> Result<String, ServiceError> {
        let PublicGame { seen, .. } = self.public_game(link, 0).await?;
        let game = seen.game;
        if !seen.status.is_over() {
            return Err(ServiceError::NotOver { game });
        }
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.hold_of(&mut guard, game, None).await?;
        Ok(crate::service::tables::ending_script(game, held.engine()?))
    }
}

#[cfg(test)]
mod tests {
    use super::label;

    #[test]
    fn a_move_that_opens_a_round_is_named_by_it_in_the_replays_list() {
        let lines = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            label(&lines(&["Naboo played a card.", "Round 3: plan your cards."])),
            "Round 3 · Naboo played a card."
        );
        assert_eq!(label(&lines(&["Round 2: plan your cards."])), "Round 2: plan your cards.");
        assert_eq!(label(&lines(&["Evil moved a4 to a5."])), "Evil moved a4 to a5.");
        assert_eq!(label(&lines(&["Round robin: no."])), "Round robin: no.");
        assert_eq!(label(&[]), "");
    }
}

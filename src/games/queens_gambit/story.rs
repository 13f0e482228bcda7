//! A finished game of *The Queen's Gambit* told for everyone: what each side lost, the moments that
//! turned it, the board at each round's start, gathered while its log plays again; and all of it in
//! words as the shared recap (`games::Recap`), for the bot's thread and for the seam alike.

use super::rules::words::{card_name, count};
use super::rules::{BySide, CardId, Data, Event, EventKind, Game, KindId, Side, State, View, Viewer};
use crate::games::Recap;

/// A moment that changed the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurningPoint {
    /// A Fambaa fell: the Gungan shield is down for good.
    ShieldDown,
    /// A queen died, and so which one was real became known.
    QueenRevealed { kind: KindId },
    /// Anakin destroyed the Droid Control Ship.
    ControlShipDestroyed,
}

/// What a finished game's replay shows, gathered step by step.
#[derive(Default)]
pub struct Story {
    /// What each side lost (by side index): each kind of unit destroyed, and how many.
    pub losses: BySide<Vec<(KindId, u32)>>,
    /// Each turning point with the round it happened in.
    pub turning_points: Vec<(u32, TurningPoint)>,
    /// The board as anyone saw it at the start of each round, and at the end.
    pub frames: Vec<View>,
    /// Steps anyone but their maker saw, as this release's replay shows them (the service counts the same
    /// as it saves each step; a game saved by an older release may have counted fewer).
    pub moves: u64,
    /// Whether the setup has been seen (the replay shows it first: it is no move).
    set_up: bool,
}

impl Story {
    /// One step of the replay: count the losses, note the turning points, keep a frame at each new round
    /// and at the end.
    pub fn watch(&mut self, data: &Data, g: &Game, events: &[Event]) {
        let round = g.state().round;
        if self.set_up && events.iter().any(|e| e.visible_to(None)) {
            self.moves += 1;
        }
        self.set_up = true;
        for e in events {
            match &e.kind {
                EventKind::Destroyed { kind, .. } => {
                    let lost = &mut self.losses[data.unit(*kind).side];
                    match lost.iter_mut().find(|(k, _)| k == kind) {
                        Some((_, n)) => *n += 1,
                        None => lost.push((*kind, 1)),
                    }
                }
                EventKind::ShieldDown => self.turning_points.push((round, TurningPoint::ShieldDown)),
                EventKind::QueenRevealed { kind, .. } => {
                    self.turning_points.push((round, TurningPoint::QueenRevealed { kind: *kind }))
                }
                EventKind::ControlShipDestroyed { .. } => {
                    self.turning_points.push((round, TurningPoint::ControlShipDestroyed))
                }
                _ => {}
            }
        }
        let new_round = Event::round_began(events);
        if new_round || g.outcome().is_some() {
            self.frames.push(g.view(Viewer::Spectator));
        }
    }
}

/// A saved game's log (a replay script) played again with its story gathered: the story, and the game
/// at the end of its log.
pub fn tell(data: &std::sync::Arc<Data>, script: &str) -> Result<(Story, Game), String> {
    use super::rules::script::{self, Script};
    let parsed = Script::parse(data, script).map_err(|e| e.to_string())?;
    let mut story = Story::default();
    let run = script::run_observed(data.clone(), &parsed, &mut |g, events| story.watch(data, g, events))
        .map_err(|e| e.to_string())?;
    Ok((story, run.game))
}

/// Bonus cards each side earned and never played: queued under a plan not yet revealed, or waiting for
/// the next round.
pub fn unplayed_bonus(end: &State) -> BySide<Vec<CardId>> {
    BySide::from_fn(|side| {
        let queued = end.seats.pairs().filter(|(seat, _)| seat.side() == side);
        let mut cards: Vec<CardId> =
            queued.flat_map(|(_, ss)| ss.queue.iter().filter(|q| q.bonus).map(|q| q.card)).collect();
        cards.extend(end.bonus[side].iter().copied());
        cards
    })
}

/// The end in words: its length, the real queen and the bonus cards never played, each side's losses,
/// the turning points.
pub fn recap(
    d: &Data,
    rounds: u32,
    moves: u64,
    real_queen: Option<KindId>,
    unplayed: &BySide<Vec<CardId>>,
    losses: &BySide<Vec<(KindId, u32)>>,
    turning_points: &[(u32, TurningPoint)],
) -> Recap {
    let mut told = Vec::new();
    if let Some(queen) = real_queen {
        told.push(format!("The real queen was the {}.", d.unit(queen).name));
    }
    if unplayed.iter().any(|cards| !cards.is_empty()) {
        let named = |side: Side| {
            let cards = &unplayed[side];
            if cards.is_empty() {
                "none".to_string()
            } else {
                cards.iter().map(|c| card_name(d, *c)).collect::<Vec<_>>().join(", ")
            }
        };
        told.push(format!(
            "**Bonus cards never played** · Naboo: {} · Trade Federation: {}",
            named(Side::Naboo),
            named(Side::Tf)
        ));
    }
    let lost = |side: Side| losses_in_words(d, &losses[side]);
    let turning_points = turning_points
        .iter()
        .map(|(round, p)| {
            let what = match p {
                TurningPoint::ShieldDown => "the Gungan shield fell".to_string(),
                TurningPoint::QueenRevealed { kind } => format!("the {} proved the real queen", d.unit(*kind).name),
                TurningPoint::ControlShipDestroyed => "Anakin destroyed the Droid Control Ship".to_string(),
            };
            (format!("round {round}"), what)
        })
        .collect();
    Recap {
        length: format!("{} and {}", count(rounds, "round", "rounds"), count(moves, "move", "moves")),
        told,
        losses: vec![("Naboo".into(), lost(Side::Naboo)), ("Trade Federation".into(), lost(Side::Tf))],
        turning_points,
    }
}

/// One side's losses, by kind ("2 × Droideka group"), or "nothing".
fn losses_in_words(d: &Data, lost: &[(KindId, u32)]) -> String {
    if lost.is_empty() {
        return "nothing".to_string();
    }
    let named: Vec<String> = lost
        .iter()
        .map(|(k, n)| {
            let u = d.unit(*k);
            let noun = if u.is_group() { format!("{} group", u.short) } else { u.short.clone() };
            if *n == 1 { noun } else { format!("{n} × {noun}") }
        })
        .collect();
    named.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_end_counts_as_unplayed_every_bonus_card_queued_or_waiting() {
        use crate::games::queens_gambit::rules::{Mode, Queued, Seat};
        let (game, _) = Game::new(Data::embedded(), Mode::TwoPlayer, 7);
        let mut end = game.state().clone();
        let (a, b, c) = (end.seats[Seat(0)].hand[0], end.seats[Seat(1)].hand[0], end.seats[Seat(1)].hand[1]);
        end.seats[Seat(0)].queue.push_back(Queued { card: a, bonus: true });
        end.seats[Seat(0)].queue.push_back(Queued { card: b, bonus: false });
        end.bonus[Side::Naboo].push(c);
        let unplayed = unplayed_bonus(&end);
        assert_eq!(unplayed[Side::Tf], vec![a], "a planned card is not a bonus card");
        assert_eq!(unplayed[Side::Naboo], vec![c]);
    }
}

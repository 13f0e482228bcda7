//! Running a script: a new game, then each step in order. A refused step or a failed `expect` stops the
//! run; what happened before it is kept, so a reader sees the story up to the line that refused.

use super::super::data::Data;
use super::super::event::{Event, EventKind};
use super::super::side::Seat;
use super::super::{Game, RuleError};
use super::{Script, ScriptError, Step, expect};
use std::sync::Arc;

/// The result of running a script: the game, the events of each step with its line, and warnings.
pub struct Run {
    pub game: Game,
    pub log: Vec<(usize, Vec<Event>)>,
    /// Things that are allowed but probably not meant (forced dice left unused), with their line.
    pub warnings: Vec<(usize, String)>,
}

/// Run a script from a new game. Stops at the first refused step or failed expectation.
pub fn run(data: Arc<Data>, script: &Script) -> Result<Run, ScriptError> {
    run_observed(data, script, &mut |_, _| {})
}

/// `run`, showing `observe` the game after its setup and after each step that produced events.
pub fn run_observed(
    data: Arc<Data>,
    script: &Script,
    observe: &mut dyn FnMut(&Game, &[Event]),
) -> Result<Run, ScriptError> {
    match run_until(data, script, observe) {
        (run, None) => Ok(run),
        (_, Some(e)) => Err(e),
    }
}

/// Run as far as the script goes: the game and its log up to the first refused step, and the refusal.
pub fn run_until(
    data: Arc<Data>,
    script: &Script,
    observe: &mut dyn FnMut(&Game, &[Event]),
) -> (Run, Option<ScriptError>) {
    let (game, setup_events) = Game::with_rules(data, script.rules, script.mode, script.seed);
    observe(&game, &setup_events);
    let mut run = Run { game, log: vec![(0, setup_events)], warnings: Vec::new() };
    // The line of the last `force` whose dice the next played step has not yet had a chance to use.
    let mut forced_at: Option<usize> = None;
    let mut last_force = 0;
    // Answers the engine took by itself since the last played step: a script may still write them.
    let mut taken: Vec<(Seat, String)> = Vec::new();
    for (line, step) in &script.steps {
        let err = |m: String| ScriptError { line: *line, message: m };
        let game = &mut run.game;
        let result = match step {
            Step::Act { seat, choice } => {
                let outcome = game.act(*seat, choice);
                // Refused, but the engine took this very answer by itself: the line only says so. (A line
                // that is also an answer to the next question is that answer: saved logs never write the
                // answers the engine took, so they replay exactly.)
                let said = (*seat, choice.text(game.data()));
                if let Some(at) = taken.iter().position(|t| *t == said).filter(|_| outcome.is_err()) {
                    taken.remove(at);
                    continue;
                }
                let outcome = outcome.map_err(|e| refused(game, *seat, e));
                if let Some(at) = forced_at.take().filter(|_| outcome.is_ok() && !game.state().forced.is_empty()) {
                    let left = game.state().forced.len();
                    run.warnings.push((
                        at,
                        format!("{} forced {} not used by line {line}: the next roll will use them", left, dice(left)),
                    ));
                }
                outcome.map(Some)
            }
            Step::Force(f) => {
                game.force_dice(f);
                forced_at = Some(*line);
                last_force = *line;
                Ok(None)
            }
            other => other_step(game, other),
        };
        match result {
            Ok(Some(events)) => {
                taken = engine_answers(&events);
                observe(&run.game, &events);
                run.log.push((*line, events));
            }
            Ok(None) => {}
            Err(m) => return (run, Some(err(m))),
        }
    }
    warn_unused_force(&mut run, last_force);
    (run, None)
}

/// A step that is not a player's answer or forced dice: set a hand, a deck or a position, concede, or
/// check an expectation.
fn other_step(game: &mut Game, step: &Step) -> Result<Option<Vec<Event>>, String> {
    match step {
        Step::Hand { seat, cards } => game.rig_hand(*seat, cards).map(|_| None).map_err(|e| e.to_string()),
        Step::Stack(cards) => game.stack_deck(cards).map(|_| None).map_err(|e| e.to_string()),
        Step::Starfighters(cs) => game.stack_starfighters(cs).map(|_| None).map_err(|e| e.to_string()),
        Step::Concede(side) => game.concede(*side).map(Some).map_err(|e| e.to_string()),
        Step::Place { seat, kind, pos } => {
            game.place(seat.side(), *kind, *pos).map(|_| None).map_err(|e| e.to_string())
        }
        Step::Remove(pos) => game.remove(*pos).map(|_| None).map_err(|e| e.to_string()),
        Step::Anakin(n) => game.set_anakin(*n).map(|_| None).map_err(|e| e.to_string()),
        Step::Expect(e) => expect::check(game, e).map(|_| None),
        Step::Act { .. } | Step::Force(_) => Ok(None),
    }
}

/// The answers the engine took by itself in these events, as (seat, answer text).
fn engine_answers(events: &[Event]) -> Vec<(Seat, String)> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::OnlyChoice { seat, answer, .. } => Some((*seat, answer.clone())),
            _ => None,
        })
        .collect()
}

/// Forced dice left over at the end of the script: a warning on the last `force` line.
fn warn_unused_force(run: &mut Run, last_force: usize) {
    let left = run.game.state().forced.len();
    if left > 0 {
        run.warnings.push((last_force, format!("{left} forced {} never used", dice(left))));
    }
}

fn dice(n: usize) -> &'static str {
    if n == 1 { "die was" } else { "dice were" }
}

/// Why a step was refused, with every answer the seat could have given (all of them, not a sample).
fn refused(game: &Game, seat: Seat, e: RuleError) -> String {
    let (d, s) = (game.data(), game.state());
    let Some(dec) = game.decision_for(seat) else { return e.to_string() };
    let reason = match e {
        RuleError::Refused(r) => r.reason(),
        e => e.to_string(),
    };
    let key = seat.key(s.mode);
    let list: Vec<String> = dec.options.iter().map(|o| format!("  {key} {}", o.text(d))).collect();
    format!(
        "{reason}\nThe {} legal {}:\n{}",
        list.len(),
        if list.len() == 1 { "answer" } else { "answers" },
        list.join("\n")
    )
}

//! The searching player: the scripted taste proposes, sampled worlds decide. Of the question's options it
//! weighs the few the taste (`rules::Taste`) likes best (more at a larger budget). A round's secret plan
//! is weighed whole, once: a few plans made of the hand's best cards in a few orders (`plan_candidates`),
//! and the one chosen is then added card by card and locked without searching again. It draws worlds
//! consistent with what its seat knows (`rules::Worlds`: the hidden cards dealt again, the real queen drawn
//! for the Trade Federation, its own dice) and plays every candidate in the same worlds with the same dice
//! (a paired comparison: luck cancels out), each followed by tasteful playouts of both sides to the start
//! of the next round (`RandomAgent::tasteful`: the other side's plan is drawn from its likely cards, never
//! chosen after seeing ours), scored by the game's own measures (`World::value`). The candidate with the
//! best average wins; a near tie goes to the taste's choice; a level with a temperature picks among the
//! better ones by a softmax of their averages. Its strength is its budget: worlds in all (reproducible),
//! capped by time in live play; the search is anytime and stops at the cap with the best so far.

use super::{Agent, Forfeit, LevelBudget, Seen};
use crate::games::queens_gambit::rules::{CardId, Choice, Data, GameRng, Maps, Prompt, RandomAgent, Taste, Worlds};
use std::sync::Arc;
use std::time::Instant;

pub struct Search {
    rng: GameRng,
    data: Arc<Data>,
    maps: Arc<Maps>,
    players: RandomAgent,
    budget: LevelBudget,
    /// Choices a playout makes at most before it is scored.
    depth: u32,
    /// The value of the option chosen last, as the search estimated it.
    expected: Option<f64>,
    /// Worlds played in all, over every decision (for iterations per second).
    played: u64,
    /// The plan chosen for a round, added card by card: (round, cards).
    plan: Option<(u32, Vec<CardId>)>,
}

/// Cards played out after a choice made while a card resolves (besides that card): the other side's
/// answer and our next.
const HORIZON: usize = 2;

/// How many standard errors a candidate's paired gain over the taste's choice must reach to be preferred:
/// the taste's choice is usually right, and the best of a few noisy averages is often only lucky.
const PROOF: f64 = 2.0;

impl Search {
    pub fn new(data: &Arc<Data>, seed: u64, budget: LevelBudget) -> Search {
        Search {
            rng: GameRng::new(seed ^ 0x5EA6_C4ED),
            data: data.clone(),
            maps: Arc::new(Maps::of(data)),
            players: RandomAgent::tasteful(data, seed),
            budget: LevelBudget { iterations: budget.iterations.max(1), ..budget },
            depth: 600,
            expected: None,
            played: 0,
            plan: None,
        }
    }

    /// The next step of the plan chosen for this round, if one was chosen and the plan built so far
    /// follows it.
    fn planned_step(&self, seen: &Seen) -> Option<Choice> {
        let (round, cards) = self.plan.as_ref()?;
        let built = seen.view.seats[seen.seat].plan.as_deref().unwrap_or(&[]);
        if *round != seen.view.round || !cards.starts_with(built) {
            return None;
        }
        let next = match cards.get(built.len()) {
            Some(card) => Choice::PlanAdd(*card),
            None => Choice::PlanLock,
        };
        seen.choices().any(|c| *c == next).then_some(next)
    }

    /// Whole plans worth weighing, the taste's first: the cards already planned, then the best of the
    /// rest in the taste's order, with a few other cards and orders.
    fn plan_candidates(&mut self, seen: &Seen, size: usize) -> Vec<Vec<CardId>> {
        let built: Vec<CardId> = seen.view.seats[seen.seat].plan.clone().unwrap_or_default();
        let ranked: Vec<CardId> = super::plan::ranked(&self.data, seen).into_iter().map(|(c, _)| c).collect();
        let room = size.saturating_sub(built.len()).min(ranked.len());
        let with = |picks: &[usize]| -> Option<Vec<CardId>> {
            let mut plan = built.clone();
            for i in picks {
                plan.push(*ranked.get(*i)?);
            }
            Some(plan)
        };
        let first: Vec<usize> = (0..room).collect();
        let mut shapes: Vec<Vec<usize>> = vec![first.clone()];
        // Another card in the last place, or in the last two.
        for extra in room..room + 3 {
            if room >= 1 {
                let mut p = first.clone();
                p[room - 1] = extra;
                shapes.push(p);
            }
            if room >= 2 {
                let mut p = first.clone();
                p[room - 2] = extra;
                shapes.push(p);
            }
        }
        // Other orders of the taste's cards: the first two swapped, the whole reversed.
        if room >= 2 {
            let mut p = first.clone();
            p.swap(0, 1);
            shapes.insert(1, p);
            shapes.push(first.iter().rev().copied().collect());
        }
        let mut plans: Vec<Vec<CardId>> = Vec::new();
        for shape in shapes {
            if let Some(p) = with(&shape)
                && !plans.contains(&p)
            {
                plans.push(p);
            }
        }
        plans.truncate(self.breadth());
        plans
    }

    /// How many options a decision weighs: more with a larger budget (2 to 8).
    fn breadth(&self) -> usize {
        (self.budget.iterations as usize / 250).clamp(2, 8)
    }

    /// The options worth searching, the taste's favourite first. A plan is searched card by card (which
    /// card to add next, then lock in; never taking cards back out, which would go round in circles).
    fn candidates(&mut self, seen: &Seen) -> Vec<Choice> {
        let d = &*self.data;
        let mut scored: Vec<(Choice, f64)> = match seen.prompt {
            Prompt::Plan { .. } => {
                let adds: Vec<(Choice, f64)> =
                    super::plan::ranked(d, seen).into_iter().map(|(c, w)| (Choice::PlanAdd(c), w)).collect();
                if adds.is_empty() {
                    seen.choices().filter(|c| **c == Choice::PlanLock).map(|c| (c.clone(), 0.0)).collect()
                } else {
                    adds
                }
            }
            _ => {
                let taste = Taste::of_view(d, &seen.view);
                let side = seen.seat.side();
                seen.choices().map(|c| (c.clone(), taste.score(d, &self.maps, side, &seen.prompt, c) as f64)).collect()
            }
        };
        // Best first; equal scores in a random order (the options' order means nothing).
        self.rng.shuffle(&mut scored);
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        scored.truncate(self.breadth());
        scored.into_iter().map(|(c, _)| c).collect()
    }

    /// Pick by the paired gains over the taste's choice (candidate 0): the candidate with the largest gain
    /// that is proven (`PROOF` standard errors), else the taste's choice; with a temperature, a softmax
    /// draw among those two.
    fn pick(&mut self, gains: &[Gain]) -> usize {
        let proven = |g: &Gain| g.n >= 8 && g.mean() > PROOF * g.error() + 1e-9;
        let best = (1..gains.len())
            .filter(|k| proven(&gains[*k]))
            .max_by(|a, b| gains[*a].mean().total_cmp(&gains[*b].mean()))
            .unwrap_or(0);
        let t = self.budget.temperature;
        if t <= 0.0 || best == 0 {
            return best;
        }
        // The proven gain, weighed against the taste's choice at this temperature.
        let keep = (-gains[best].mean() / t).exp();
        let x = self.rng.below(1 << 30) as f64 / f64::from(1u32 << 30) * (1.0 + keep);
        if x < 1.0 { best } else { 0 }
    }
}

impl Search {
    /// Weigh candidates (each a few choices of the seat in a row; the first is the taste's) in paired
    /// worlds, and pick one (`pick`). Keeps what the pick is expected to bring.
    fn weigh(&mut self, seen: &Seen, worlds: &Worlds, candidates: &[Vec<Choice>]) -> usize {
        let side = seen.seat.side();
        let planning = matches!(seen.prompt, Prompt::Plan { .. } | Prompt::ChooseQueen);
        let playing = seen.view.playing.is_some();
        let started = Instant::now();
        let rounds = (self.budget.iterations as usize / candidates.len()).max(1);
        let mut gains = vec![Gain::default(); candidates.len()];
        let (mut total, mut tried) = (0.0_f64, 0u32);
        let mut values = vec![None; candidates.len()];
        // The cap is never passed: a batch of worlds starts only if one as long as the last still fits.
        let mut batch = std::time::Duration::ZERO;
        for i in 0..rounds {
            let before = started.elapsed();
            if i > 0 && before + batch >= self.budget.cap {
                break;
            }
            // One world and one set of dice for every candidate.
            let seed = (u64::from(self.rng.below(u32::MAX as usize) as u32) << 32) | i as u64;
            for (k, moves) in candidates.iter().enumerate() {
                let mut world = worlds.sample(seed);
                self.played += 1;
                values[k] = None;
                if !moves.iter().all(|m| world.play(seen.seat, m)) {
                    continue;
                }
                let mut players = self.players.reseeded(seed);
                if planning {
                    let until = world.round() + 1;
                    world.playout(&mut players, until, self.depth);
                } else {
                    // The card in play, the other side's answer, and ours.
                    world.playout_cards(&mut players, HORIZON + usize::from(playing), self.depth);
                }
                values[k] = Some(world.value(side));
            }
            batch = started.elapsed() - before;
            if let Some(base) = values[0] {
                total += base;
                tried += 1;
                for k in 1..candidates.len() {
                    if let Some(v) = values[k] {
                        gains[k].add(v - base);
                    }
                }
            }
        }
        let pick = self.pick(&gains);
        let base = if tried == 0 { None } else { Some(total / f64::from(tried)) };
        self.expected = base.map(|b| (b + gains[pick].mean()).clamp(0.0, 1.0));
        pick
    }
}

/// One candidate's gain over the taste's choice, world by world.
#[derive(Clone, Copy, Debug, Default)]
struct Gain {
    n: u32,
    sum: f64,
    squares: f64,
}

impl Gain {
    fn add(&mut self, d: f64) {
        self.n += 1;
        self.sum += d;
        self.squares += d * d;
    }

    fn mean(&self) -> f64 {
        if self.n == 0 { 0.0 } else { self.sum / f64::from(self.n) }
    }

    /// The standard error of the mean.
    fn error(&self) -> f64 {
        if self.n < 2 {
            return f64::INFINITY;
        }
        let n = f64::from(self.n);
        ((self.squares / n - self.mean().powi(2)).max(0.0) / (n - 1.0)).sqrt()
    }
}

impl Agent for Search {
    fn choose(&mut self, seen: &Seen) -> Result<Choice, Forfeit> {
        if let Prompt::Plan { size } = seen.prompt {
            if let Some(step) = self.planned_step(seen) {
                return Ok(step);
            }
            let plans = self.plan_candidates(seen, usize::from(size));
            if plans.len() > 1
                && let Some(worlds) = seen.worlds.clone()
            {
                // Only the cards not planned yet are added in each world.
                let built = seen.view.seats[seen.seat].plan.as_ref().map_or(0, Vec::len);
                let moves: Vec<Vec<Choice>> = plans
                    .iter()
                    .map(|p| p.iter().skip(built).map(|c| Choice::PlanAdd(*c)).chain([Choice::PlanLock]).collect())
                    .collect();
                let pick = self.weigh(seen, &worlds, &moves);
                self.plan = Some((seen.view.round, plans[pick].clone()));
            } else {
                self.plan = plans.first().map(|p| (seen.view.round, p.clone()));
                // Nothing weighed: nothing expected of this round.
                self.expected = None;
            }
            if let Some(step) = self.planned_step(seen) {
                return Ok(step);
            }
        }
        let options = self.candidates(seen);
        let Some(worlds) = &seen.worlds else { return Ok(options.first().cloned().unwrap_or(Choice::Done)) };
        if options.len() <= 1 {
            return Ok(options.first().cloned().unwrap_or(Choice::Done));
        }
        let moves: Vec<Vec<Choice>> = options.iter().map(|c| vec![c.clone()]).collect();
        let pick = self.weigh(seen, worlds, &moves);
        Ok(options[pick].clone())
    }

    fn expectation(&self) -> Option<f64> {
        self.expected
    }

    fn worlds_played(&self) -> u64 {
        self.played
    }
}

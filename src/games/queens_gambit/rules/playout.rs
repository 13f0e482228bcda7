//! A random player with a sense of direction, for playouts: self-play, tests, example pictures, and the
//! rollouts of a search. It reads the whole game (every hand, the real queen), so it is a tool, never an
//! opponent for people.
//!
//! Every choice it makes is one of the legal options. Most of the time it takes the option a simple score
//! likes best (attack rather than not, use a unit rather than stop, move towards the fight or the throne
//! room); otherwise it picks uniformly. Purely uniform play wanders forever; this keeps random games to a
//! realistic length while still visiting every kind of decision.

use super::data::Data;
use super::rng::GameRng;
use super::taste::Taste;
use super::{Choice, Decision, Game, Pos, Prompt};
use hexx::Hex;
use std::sync::Arc;

pub struct RandomAgent {
    rng: GameRng,
    /// Chance (out of 100) of taking the best-scored option instead of a uniform one.
    greed: usize,
    maps: Arc<Maps>,
    /// Where the enemies of the piece moving stand: gathered for each decision, in lists kept for reuse.
    foes: Foes,
    /// Plays by `Taste` (the search's playouts) instead of the self-play player's score.
    taste: bool,
}

/// Distances a player steers by, worked out once from the maps (and shared by agents reseeded for
/// other games, and by the computer players of `ai`).
#[derive(Default, Debug)]
pub struct Maps {
    /// Steps from each palace hex to the nearest throne-room hex, ignoring pieces.
    pub throne_dist: Vec<u32>,
    /// Steps between core spaces.
    pub core_dist: Vec<Vec<u32>>,
}

impl Maps {
    pub fn of(d: &Data) -> Maps {
        let p = &d.palace;
        let thrones: Vec<usize> = (0..p.cells.len()).filter(|i| p.throne_room[*i]).collect();
        let throne_dist = bfs(&|a| p.steps[a].iter().map(|b| usize::from(*b)).collect(), p.cells.len(), &thrones);
        let n = usize::from(d.core.spaces);
        let core_dist =
            (0..n).map(|c| bfs(&|a| d.core.adjacent[a].iter().map(|b| usize::from(*b)).collect(), n, &[c])).collect();
        Maps { throne_dist, core_dist }
    }

    /// How far `to` is from where a piece wants to be, given its enemies' battlefield hexes and core
    /// spaces: the nearest enemy on the battlefield and in the core, the throne room in the palace.
    pub fn goal_distance(&self, d: &Data, field_foes: &[Hex], core_foes: &[u8], to: Pos) -> u32 {
        match to {
            Pos::Field { .. } => {
                let Some(a) = d.field.index_of(to) else { return 0 };
                let here = d.field.cells[a].hex;
                field_foes.iter().map(|f| here.unsigned_distance_to(*f)).min().unwrap_or(0)
            }
            Pos::Core(c) => {
                let row = &self.core_dist[usize::from(c)];
                core_foes
                    .iter()
                    .map(|f| row[usize::from(*f)])
                    .min()
                    .unwrap_or_else(|| row[usize::from(d.core.door_core)] + 1 + self.throne_dist[d.core.door_palace])
            }
            Pos::Palace { .. } => d.palace.index_of(to).map(|i| self.throne_dist[i]).unwrap_or(0),
        }
    }
}

fn bfs(adj: &dyn Fn(usize) -> Vec<usize>, n: usize, starts: &[usize]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    for &s in starts {
        dist[s] = 0;
        queue.push_back(s);
    }
    while let Some(a) = queue.pop_front() {
        for b in adj(a) {
            if dist[b] == u32::MAX {
                dist[b] = dist[a] + 1;
                queue.push_back(b);
            }
        }
    }
    dist
}

impl RandomAgent {
    /// A fully uniform player.
    pub fn uniform(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: GameRng::new(seed ^ 0x5EED_A6E7),
            greed: 0,
            maps: Arc::default(),
            foes: Foes::default(),
            taste: false,
        }
    }

    /// The same player with the dice of `seed`, sharing this one's distances (no search of the maps).
    pub fn reseeded(&self, seed: u64) -> RandomAgent {
        RandomAgent {
            rng: GameRng::new(seed ^ 0x5EED_A6E7),
            greed: self.greed,
            maps: self.maps.clone(),
            foes: Foes::default(),
            taste: self.taste,
        }
    }

    /// The playout player of a search: the scripted taste (`Taste`) most of the time, any option 1 time
    /// in 10, and plans drawn with the better cards likelier (never a fixed plan: the other side's plan is
    /// unknown).
    pub fn tasteful(d: &Data, seed: u64) -> RandomAgent {
        RandomAgent { greed: 90, taste: true, ..RandomAgent::new(d, seed) }
    }

    /// The self-play player: uniform 1 time in 5, otherwise the best-scored option.
    pub fn new(d: &Data, seed: u64) -> RandomAgent {
        RandomAgent {
            rng: GameRng::new(seed ^ 0x5EED_A6E7),
            greed: 80,
            maps: Arc::new(Maps::of(d)),
            foes: Foes::default(),
            taste: false,
        }
    }

    pub fn pick(&mut self, game: &Game, dec: &Decision) -> Choice {
        dec.options[self.pick_index(game, dec)].clone()
    }

    /// `pick`, as the option's place in the decision's list (what a playout plays).
    pub fn pick_index(&mut self, game: &Game, dec: &Decision) -> usize {
        if self.taste {
            return self.tasteful_index(game, dec);
        }
        if let Prompt::Plan { .. } = dec.prompt {
            let adds = dec.options.iter().filter(|c| matches!(c, Choice::PlanAdd(_))).count();
            if adds > 0 {
                let nth = self.rng.below(adds);
                return dec
                    .options
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| matches!(c, Choice::PlanAdd(_)))
                    .nth(nth)
                    .map_or(0, |(i, _)| i);
            }
            if let Some(lock) = dec.options.iter().position(|c| *c == Choice::PlanLock) {
                return lock;
            }
        }
        if self.greed == 0 || self.rng.below(100) >= self.greed {
            return self.rng.below(dec.options.len());
        }
        // The best-scored option, ties broken uniformly.
        let mut foes = std::mem::take(&mut self.foes);
        foes.gather(game, dec);
        let maps = &*self.maps;
        let pick = self.rng.best_by(dec.options.len(), |i| score(maps, game, &foes, dec, &dec.options[i]));
        self.foes = foes;
        pick
    }
}

impl RandomAgent {
    fn tasteful_index(&mut self, game: &Game, dec: &Decision) -> usize {
        let (d, side) = (game.data(), dec.seat.side());
        let taste = Taste::of_state(d, game.state());
        if let Prompt::Plan { .. } = dec.prompt {
            // A card drawn with weight e^(worth / 2) among those that may be added; then lock in.
            let weights: Vec<(usize, f64)> = dec
                .options
                .iter()
                .enumerate()
                .filter_map(|(i, c)| match c {
                    Choice::PlanAdd(card) => Some((i, (taste.card_worth(d, side, *card) / 2.0).exp())),
                    _ => None,
                })
                .collect();
            let total: f64 = weights.iter().map(|(_, w)| w).sum();
            if total > 0.0 {
                let mut x = self.rng.below(1 << 20) as f64 / f64::from(1u32 << 20) * total;
                for (i, w) in &weights {
                    if x < *w {
                        return *i;
                    }
                    x -= w;
                }
                return weights[weights.len() - 1].0;
            }
            if let Some(lock) = dec.options.iter().position(|c| *c == Choice::PlanLock) {
                return lock;
            }
        }
        if self.rng.below(100) >= self.greed {
            return self.rng.below(dec.options.len());
        }
        let maps = &*self.maps;
        self.rng.best_by(dec.options.len(), |i| taste.score(d, maps, side, &dec.prompt, &dec.options[i]))
    }
}

/// The self-play player's taste: attack, act, move towards the goal, more dice.
fn score(maps: &Maps, game: &Game, foes: &Foes, dec: &Decision, c: &Choice) -> i64 {
    match (c, &dec.prompt) {
        (Choice::Target(_), _) => 100,
        (Choice::Unit(_), _) => 50,
        (Choice::Dice(n), _) => i64::from(*n),
        (Choice::Move(to), Prompt::Move { .. } | Prompt::Duel { .. }) => {
            -i64::from(goal_distance(maps, game.data(), foes, *to))
        }
        // A duellist that stops where it is scores like staying put.
        (Choice::Done, Prompt::Duel { piece, .. }) => match game.state().piece(*piece).pos {
            Some(here) => -i64::from(goal_distance(maps, game.data(), foes, here)),
            None => 0,
        },
        _ => 0,
    }
}

fn goal_distance(maps: &Maps, d: &Data, foes: &Foes, to: Pos) -> u32 {
    maps.goal_distance(d, &foes.field, &foes.core, to)
}

/// Where the moving piece's enemies stand, gathered once per decision.
#[derive(Default)]
struct Foes {
    /// Battlefield enemies' hexes.
    field: Vec<Hex>,
    core: Vec<u8>,
}

impl Foes {
    /// Gather the enemies of the piece this decision moves (none for other decisions).
    fn gather(&mut self, game: &Game, dec: &Decision) {
        self.field.clear();
        self.core.clear();
        let (d, s) = (game.data(), game.state());
        let piece = match dec.prompt {
            Prompt::Move { piece, .. } | Prompt::Duel { piece, .. } => piece,
            _ => return,
        };
        let enemy = d.unit(s.piece(piece).kind).side.other();
        self.field
            .extend(s.board.team(enemy, true).iter().filter_map(|id| s.board.node(*id)).map(|i| d.field.cells[i].hex));
        for id in s.board.team(enemy, false) {
            if let Some(Pos::Core(c)) = s.piece(*id).pos {
                self.core.push(c);
            }
        }
    }
}

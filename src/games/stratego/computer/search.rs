//! The search of the `normal` and `hard` levels. Each world is a whole board drawn from the belief (the
//! seat's own pieces as they are, the other side's hidden ones as the belief draws them). In each world
//! every candidate action is played, then the other side's likeliest answers as *it* would choose them,
//! from its own view of that world (the script's judgement: it never knows the computer's hidden ranks),
//! and the worst of them for the computer is kept; `hard` also plays its own best next attack on a piece
//! it knows and looks at more answers. Values are averaged over worlds: an attack on a hidden piece is worth what it wins
//! across everything that piece may be. After a quarter of the worlds, only the best candidates go on.

use super::belief::Belief;
use super::script::ranked;
use super::{Position, Rng};
use crate::games::stratego::action::Action;
use crate::games::stratego::board::Square;
use crate::games::stratego::game::{Pending, Stratego, make_piece};
use crate::games::stratego::piece::{Rank, Side};
use crate::games::stratego::roster::Role;
use crate::games::stratego::rules::Variant;
use crate::games::stratego::view::Seen;
use std::time::Instant;

/// How far a level looks in each world.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Its action and the other side's two likeliest answers.
    Reply,
    /// Its action, the other side's three likeliest answers, and its own best attack after each.
    Deep,
}

/// What taking the other side's Lightsaber is worth (and losing one's own costs).
const WIN: f64 = 100_000.0;

/// One decision's search.
pub struct Search<'a> {
    pos: &'a Position,
    me: Side,
    belief: Belief,
    depth: Depth,
    seed: u64,
}

impl<'a> Search<'a> {
    pub fn new(pos: &'a Position, depth: Depth, seed: u64) -> Search<'a> {
        let me = pos.view.reader.unwrap_or(Side::Evil);
        let belief = Belief::of(&pos.view, &pos.tracks, &pos.fallen, &pos.roster, pos.rules.variant);
        Search { pos, me, belief, depth, seed }
    }

    /// The best action over `worlds` worlds, stopping early at `deadline` (after one world at least).
    pub fn best(&self, worlds: u32, deadline: Option<Instant>) -> Option<Action> {
        self.values(worlds, deadline).first().map(|(_, a)| *a)
    }

    /// Every candidate still weighed at the end, with its value summed over the worlds, best first.
    pub fn values(&self, worlds: u32, deadline: Option<Instant>) -> Vec<(f64, Action)> {
        let mut candidates: Vec<Action> = Vec::new();
        for a in &self.pos.actions {
            if !candidates.contains(a) {
                candidates.push(*a);
            }
        }
        if candidates.len() <= 1 {
            return candidates.into_iter().map(|a| (0.0, a)).collect();
        }
        let mut total = vec![0.0f64; candidates.len()];
        let mut alive: Vec<usize> = (0..candidates.len()).collect();
        let screen = (worlds / 4).max(1);
        for w in 0..worlds {
            if w > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            if w == screen && worlds > 4 {
                let keep = (candidates.len() / 3).max(6);
                alive.sort_by(|a, b| total[*b].total_cmp(&total[*a]));
                alive.truncate(keep);
            }
            let mut rng = Rng::new(self.seed ^ u64::from(w).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let world = self.world(&mut rng);
            for &i in &alive {
                total[i] += match &world {
                    Some(g) => self.line(g, candidates[i], w),
                    None => 0.0,
                };
            }
        }
        // Ties go by the seed, so equal actions vary from game to game.
        let mut rng = Rng::new(self.seed);
        let mut out: Vec<(f64, Action)> =
            alive.iter().map(|i| (total[*i] + (rng.unit() - 0.5) * 1e-6, candidates[*i])).collect();
        out.sort_by(|a, b| b.0.total_cmp(&a.0));
        out
    }

    /// A whole board drawn from the belief.
    fn world(&self, rng: &mut Rng) -> Option<Stratego> {
        let view = &self.pos.view;
        let drawn = self.belief.draw(rng);
        let roster = &self.pos.roster;
        let variant = self.pos.rules.variant;
        let mut g = Stratego::empty(self.pos.rules, roster.clone());
        let mut id = 0u8;
        for (s, seen) in &view.squares {
            let kind = match seen.known {
                Some(k) => k.kind,
                None => drawn.iter().find(|(q, _)| q == s).map(|(_, k)| *k)?,
            };
            let mut piece = make_piece(roster, variant, kind, id);
            piece.side = seen.side;
            piece.revealed = seen.revealed;
            g.board[s.index()] = Some(piece);
            id = id.wrapping_add(1);
        }
        g.to_move = view.to_move;
        g.turns = view.turns;
        g.good_lost = view.good_lost;
        if variant == Variant::Rise {
            g.turned = view.good_lost >= 10;
            let vader = |p: &Seen| p.known.is_some_and(|k| roster.kind(k.kind).role == Some(Role::Vader));
            g.vader_entered = view.squares.iter().any(|(_, p)| vader(p)) || view.lost.iter().any(vader);
            if let Some(w) = view.waiting.and_then(|w| w.known) {
                let mut piece = make_piece(roster, variant, w.kind, id);
                piece.side = Side::Evil;
                piece.revealed = true;
                let now = view.decider == Some(Side::Evil) && view.to_move == Side::Good;
                g.pending = Some(Pending { piece, now });
            }
        }
        Some(g)
    }

    /// What `action` is worth in world `g`, after the other side's answers.
    fn line(&self, g: &Stratego, action: Action, w: u32) -> f64 {
        let mut after = g.clone();
        if after.play(action).is_err() {
            return self.eval(g) - 1.0;
        }
        if after.ending().is_some() {
            // An end it makes itself comes before any it would wait for.
            return self.eval(&after) * 1.01;
        }
        let them = match after.decider() {
            Some(s) if s != self.me => s,
            _ => return self.eval(&after),
        };
        let answers = if self.depth == Depth::Deep { 3 } else { 2 };
        let view = after.view(Some(them));
        let actions = after.legal_actions();
        let replies = ranked(&view, &actions, self.seed ^ u64::from(w) ^ 0x5EED);
        let mut worst: Option<f64> = None;
        for (_, reply) in replies.iter().take(answers) {
            let mut next = after.clone();
            if next.play(*reply).is_err() {
                continue;
            }
            let v = match self.depth {
                Depth::Deep => self.follow(&next),
                Depth::Reply => self.eval(&next),
            };
            worst = Some(worst.map_or(v, |x: f64| x.min(v)));
        }
        let worst = worst.unwrap_or_else(|| self.eval(&after));
        // A piece that stands beside the Lightsaber may attack it without knowing what it is: as likely as
        // not, whatever the other side's view says.
        let flag = after.board.iter().position(|p| p.is_some_and(|p| p.side == self.me && p.rank == Rank::Lightsaber));
        let exposed = flag.and_then(Square::from_index).is_some_and(|f| {
            actions.iter().any(|a| a.end() == Some(f) || matches!(a, Action::Leap { attack: Some(t), .. } if *t == f))
        });
        if exposed { 0.5 * worst - 0.5 * WIN } else { worst }
    }

    /// The value of `g` after the computer's own best attack on a piece it knows, if one is better than none
    /// (`hard`'s third ply: what its action threatens, and what the answer left hanging).
    fn follow(&self, g: &Stratego) -> f64 {
        if g.decider() != Some(self.me) {
            return self.eval(g);
        }
        let mut best = self.eval(g);
        // Only on pieces the seat would know: in the world every rank shows, and an attack on a hidden one
        // would be judged by what the seat cannot see.
        let known =
            |s: Option<Square>| s.and_then(|s| g.at(s)).is_some_and(|p| p.side != self.me && (p.revealed || p.sighted));
        let attacks = g.legal_actions().into_iter().filter(|a| match *a {
            Action::Blast { target, .. } => known(Some(target)),
            Action::Leap { attack, .. } => known(attack),
            _ => known(a.end()),
        });
        for a in attacks {
            let mut next = g.clone();
            if next.play(a).is_ok() {
                best = best.max(self.eval(&next));
            }
        }
        best
    }

    /// Material by rank and scarcity (from the computer's side), and what each side has.
    fn material(&self, g: &Stratego) -> (f64, Sides) {
        // What each side has: its highest moving rank, miners, detonators, its Lightsaber.
        let mut top = [0u8; 2];
        let mut tens = [false; 2];
        let mut miners = [0u8; 2];
        let mut detonators = [0u8; 2];
        let mut flag: [Option<Square>; 2] = [None, None];
        let mut movers: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
        for (i, p) in g.board.iter().enumerate() {
            let (Some(p), Some(s)) = (p, Square::from_index(i)) else { continue };
            let k = p.side.index();
            match p.rank {
                Rank::Number(n) => {
                    top[k] = top[k].max(n);
                    tens[k] |= n == 10;
                    miners[k] += u8::from(n == 3);
                    movers[k].push(s);
                }
                Rank::Spy => movers[k].push(s),
                Rank::Detonator => detonators[k] += 1,
                Rank::Lightsaber => flag[k] = Some(s),
            }
        }
        let mut value = 0.0;
        for p in g.board.iter().flatten() {
            let k = p.side.index();
            let foe = 1 - k;
            let mut v = match p.rank {
                Rank::Number(n) => worth(n),
                Rank::Spy if tens[foe] => 60.0,
                Rank::Spy => 10.0,
                Rank::Detonator => 12.0,
                Rank::Lightsaber => 0.0,
            };
            if let Rank::Number(n) = p.rank {
                if n == 3 && detonators[foe] > 0 && miners[k] <= 2 {
                    v *= 2.0;
                }
                // Nothing of the other side beats it: it roams free.
                if n > top[foe] {
                    v *= 1.4;
                }
                if !p.revealed && n >= 5 {
                    v *= 1.15;
                }
            }
            value += if p.side == self.me { v } else { -v };
        }
        (value, Sides { flag, movers, detonators })
    }

    /// What `g` is worth to the computer: material by rank and scarcity, what is still hidden, and how
    /// near each Lightsaber the other side's pieces stand.
    fn eval(&self, g: &Stratego) -> f64 {
        let me = self.me;
        if let Some(end) = g.ending() {
            return match end.winner() {
                Some(s) if s == me => WIN,
                Some(_) => -WIN,
                None => 0.0,
            };
        }
        let (mut value, sides) = self.material(g);
        // What the computer knows and the other side does not: each hidden piece of theirs is a question.
        for p in g.board.iter().flatten().filter(|p| p.side != me && !p.revealed && !p.sighted && p.rank.moves()) {
            value -= 3.0 + 0.12 * if let Rank::Number(n) = p.rank { worth(n) } else { 20.0 };
        }
        // The Lightsabers: pieces near one threaten it, the nearest most; miners count more while
        // detonators stand.
        let near = |to: Option<Square>, from: &[Square], miners: bool| -> f64 {
            let Some(f) = to else { return 0.0 };
            let mut v = 0.0;
            let mut closest = 20i32;
            for s in from {
                let d = (i32::from(s.file) - i32::from(f.file)).abs() + (i32::from(s.row) - i32::from(f.row)).abs();
                closest = closest.min(d);
                let miner = miners && g.at(*s).is_some_and(|p| p.rank == Rank::Number(3));
                v += f64::from((10 - d).max(0)) * if miner { 1.0 } else { 0.6 };
                if d <= 2 {
                    v += f64::from(3 - d) * 6.0;
                }
            }
            v - f64::from(closest)
        };
        let Sides { flag, movers, detonators } = sides;
        let (mine, theirs) = (me.index(), me.other().index());
        value += near(flag[theirs], &movers[mine], detonators[theirs] > 0);
        value -= 1.5 * near(flag[mine], &movers[theirs], detonators[mine] > 0);
        // How many steps the nearest piece needs to reach each Lightsaber, around what stops it.
        let steps = |r: u8| f64::from(r) * 3.0 + f64::from(8u8.saturating_sub(r)) * -6.0;
        value -= steps(reach(g, flag[theirs], &movers[mine]));
        value += 0.7 * steps(reach(g, flag[mine], &movers[theirs]));
        value
    }
}

/// The fewest steps any of `movers` needs to reach `target`: through empty squares and the other side's
/// moving pieces, past detonators only for a miner, and past its own side's pieces at two steps (they
/// must first make way).
fn reach(g: &Stratego, target: Option<Square>, movers: &[Square]) -> u8 {
    const FAR: u8 = 60;
    let Some(target) = target else { return 0 };
    let Some(side) = g.at(target).map(|p| p.side) else { return 0 };
    let mut best = FAR;
    for miner in [false, true] {
        // Distances from the target outwards (a path is the same both ways), by buckets of distance.
        let mut dist = [FAR; 100];
        let mut buckets: Vec<Vec<Square>> = vec![Vec::new(); usize::from(FAR) + 2];
        dist[target.index()] = 0;
        buckets[0].push(target);
        for d in 0..usize::from(FAR) {
            while let Some(s) = buckets[d].pop() {
                if usize::from(dist[s.index()]) != d {
                    continue;
                }
                for dir in crate::games::stratego::board::Dir::ALL {
                    let Some(n) = s.step(dir) else { continue };
                    if n.is_field() {
                        continue;
                    }
                    let cost = match g.at(n) {
                        Some(p) if p.side == side && p.rank == Rank::Detonator && !miner => continue,
                        Some(p) if p.side != side && n != target => 2,
                        _ => 1,
                    };
                    let nd = d + cost;
                    if nd < usize::from(dist[n.index()]) {
                        dist[n.index()] = nd as u8;
                        buckets[nd].push(n);
                    }
                }
            }
        }
        for s in movers {
            let is_miner = g.at(*s).is_some_and(|p| p.rank == Rank::Number(3));
            if is_miner || !miner {
                // Its own square was counted as a piece making way.
                best = best.min(dist[s.index()].saturating_sub(1));
            }
        }
    }
    best
}

/// What each side has that the rest of the value looks at.
struct Sides {
    flag: [Option<Square>; 2],
    movers: [Vec<Square>; 2],
    detonators: [u8; 2],
}

/// A numbered rank's worth.
fn worth(n: u8) -> f64 {
    match n {
        10 => 400.0,
        9 => 220.0,
        8 => 110.0,
        7 => 60.0,
        6 => 35.0,
        5 => 22.0,
        4 => 14.0,
        3 => 18.0,
        _ => 6.0,
    }
}

//! The scripted computer player. It sees only its own side's view and the legal actions (which name only
//! public squares). Its habits: it never sends its highest ranks (8 and up) or its spy into unknown
//! pieces, it uses low pieces to find out what the enemy's are, it takes what it knows it beats, steps
//! away from known stronger pieces, strikes at whatever comes next to its Lightsaber, and sets up with the
//! Lightsaber on its back row behind detonators.

use super::action::Action;
use super::board::{Dir, Square};
use super::combat::{Clash, clash};
use super::game::Setup;
use super::game::splitmix;
use super::piece::{Rank, Side};
use super::roster::Roster;
use super::rules::Variant;
use super::view::{Seen, View};

/// What a piece is worth to the player.
fn worth(rank: Rank) -> i32 {
    match rank {
        Rank::Lightsaber => 1000,
        Rank::Number(n) => i32::from(n),
        Rank::Spy => 6,
        Rank::Detonator => 3,
    }
}

/// A setup with the Lightsaber on the back row, detonators beside and in front of it, the rest shuffled.
pub fn setup(roster: &Roster, variant: Variant, side: Side, seed: u64) -> Setup {
    let mut setup = super::game::Stratego::random_setup(roster, variant, side, seed);
    let rank_at = |setup: &Setup, i: usize| roster.kind(setup[i].1).rank;
    let back = if side == Side::Evil { 0 } else { 9 };
    let inward: i16 = if side == Side::Evil { 1 } else { -1 };
    let Some(flag) = Square::new((splitmix(seed) % 10) as u8, back) else { return setup };
    let guards: Vec<Square> =
        [(-1, 0), (1, 0), (0, inward)].into_iter().filter_map(|(df, dr)| flag.offset(df, dr)).collect();
    // Exchanges the pieces of two squares of the setup (game 3's Evil gap has no entry: left alone).
    let exchange = |setup: &mut Setup, a: usize, target: Square| {
        if let Some(b) = setup.iter().position(|(s, _)| *s == target) {
            let (ka, kb) = (setup[a].1, setup[b].1);
            setup[a].1 = kb;
            setup[b].1 = ka;
        }
    };
    if let Some(i) = (0..setup.len()).find(|i| rank_at(&setup, *i) == Rank::Lightsaber) {
        exchange(&mut setup, i, flag);
    }
    for g in &guards {
        let guarded = setup.iter().any(|(s, k)| s == g && roster.kind(*k).rank == Rank::Detonator);
        let spare = (0..setup.len())
            .find(|i| rank_at(&setup, *i) == Rank::Detonator && !guards.contains(&setup[*i].0) && setup[*i].0 != flag);
        if let (false, Some(i)) = (guarded, spare) {
            exchange(&mut setup, i, *g);
        }
    }
    setup
}

/// The computer's action, from its view and the legal actions.
pub fn choose(view: &View, actions: &[Action], seed: u64) -> Option<Action> {
    let me = view.reader?;
    let flag = view.squares.iter().find(|(_, p)| p.side == me && p.rank() == Some(Rank::Lightsaber)).map(|(s, _)| *s);
    let board = Board { view, me, flag };
    let mut best: Option<(i32, Action)> = None;
    for (i, action) in actions.iter().enumerate() {
        let noise = (splitmix(seed ^ (i as u64).wrapping_mul(0x9E37)) % 4) as i32;
        let Some(score) = board.score(action) else { continue };
        let score = score + noise;
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, *action));
        }
    }
    best.map(|(_, a)| a)
}

/// The board as the computer's side sees it.
struct Board<'a> {
    view: &'a View,
    me: Side,
    /// Where its own Lightsaber stands.
    flag: Option<Square>,
}

impl Board<'_> {
    fn at(&self, s: Square) -> Option<Seen> {
        self.view.squares.iter().find(|(q, _)| *q == s).map(|(_, seen)| *seen)
    }

    fn mine(&self, s: Square) -> Option<Seen> {
        self.at(s).filter(|p| p.side == self.me)
    }

    fn theirs(&self, s: Square) -> Option<Seen> {
        self.at(s).filter(|p| p.side != self.me)
    }

    fn near_flag(&self, s: Square) -> bool {
        self.flag.is_some_and(|f| f.touches(s) || f == s)
    }

    /// Whether known enemies next to `square` beat `rank` when they attack.
    fn threatened(&self, square: Square, rank: Rank) -> bool {
        Dir::ALL
            .iter()
            .filter_map(|d| square.step(*d))
            .filter_map(|s| self.theirs(s))
            .any(|e| e.rank().is_some_and(|r| r.moves() && matches!(clash(r, rank), Clash::AttackerWins | Clash::Both)))
    }

    /// How far a move goes towards the other side.
    fn forward(&self, from: Square, to: Square) -> i32 {
        let dir = if self.me == Side::Evil { 1 } else { -1 };
        (i32::from(to.row) - i32::from(from.row)) * dir
    }

    /// What `action` is worth (none: not one the computer weighs).
    fn score(&self, action: &Action) -> Option<i32> {
        Some(match *action {
            Action::Place { at: square } => i32::from(if self.me == Side::Evil { square.row } else { 9 - square.row }),
            Action::Vision { target, .. } => 4 + i32::from(self.near_flag(target)) * 10,
            Action::Blast { from, target } => {
                let shooter = self.mine(from).and_then(|p| p.rank()).unwrap_or(Rank::Spy);
                match self.theirs(target).and_then(|p| p.rank()) {
                    Some(r) if r.moves() && r.strength() < shooter.strength() => 5 + worth(r),
                    Some(_) => -5,
                    None => 4,
                }
            }
            _ => {
                let (from, to) = (action.from()?, action.end()?);
                let rank = self.mine(from).and_then(|p| p.rank())?;
                let target = match *action {
                    Action::Leap { attack, .. } => attack,
                    _ => self.theirs(to).map(|_| to),
                };
                match target.and_then(|t| self.theirs(t).map(|p| (t, p))) {
                    Some((t, enemy)) => attack_score(rank, enemy, self.near_flag(t)),
                    None => self.move_score(from, to, rank),
                }
            }
        })
    }

    /// A move onto an empty square: forward is good, out of danger better, into it bad; a strong piece by
    /// the Lightsaber stays there.
    fn move_score(&self, from: Square, to: Square, rank: Rank) -> i32 {
        let mut score = self.forward(from, to).clamp(-1, 2);
        if self.threatened(from, rank) {
            score += worth(rank).min(12);
        }
        if self.threatened(to, rank) {
            score -= worth(rank).min(12) + 2;
        }
        if self.near_flag(from) && rank >= Rank::Number(5) {
            score -= 3;
        }
        score
    }
}

/// What an attack by `rank` on `enemy` is worth.
fn attack_score(rank: Rank, enemy: Seen, by_my_flag: bool) -> i32 {
    match enemy.rank() {
        Some(r) => match clash(rank, r) {
            Clash::Lightsaber => 10_000,
            Clash::AttackerWins => 10 + worth(r),
            Clash::Both => worth(r) - worth(rank) + if by_my_flag { 20 } else { 0 },
            Clash::DefenderWins => -10 - worth(rank),
        },
        None if by_my_flag => 25,
        // Never the highest ranks or the spy into the unknown.
        None if rank == Rank::Spy || rank >= Rank::Number(8) => -40,
        None => match rank {
            Rank::Number(2) | Rank::Number(3) => 6,
            Rank::Number(4) => 2,
            _ => -4,
        },
    }
}

/// What the computer at one seat may know as it decides: its setup still to lock, or the board as its
/// side sees it with the legal actions (which name only squares), and how many choices came before.
pub enum Asked {
    Setup { drafted: bool },
    Move { view: View, actions: Vec<Action>, step: u64 },
}

/// The scripted player's answer, as a choice id: a drafted setup is locked as drawn, else one is drawn
/// with the Lightsaber guarded.
pub fn answer(asked: &Asked, seed: u64) -> Option<String> {
    match asked {
        Asked::Setup { drafted: true } => Some("setup draft".into()),
        Asked::Setup { drafted: false } => Some("setup guarded".into()),
        Asked::Move { view, actions, .. } => choose(view, actions, seed).map(|a| a.to_string()),
    }
}

use crate::games::NoAnswer;

/// The scripted player as the seam's computer (`games::Player`): each move seeded by its own seed and the
/// game's length (a setup by its seed alone), and nothing kept between decisions, so a table's computer
/// made afresh after a restart plays on exactly as it would have.
pub struct Scripted {
    seed: u64,
}

impl Scripted {
    pub fn new(seed: u64) -> Scripted {
        Scripted { seed }
    }
}

impl crate::games::Player for Scripted {
    fn choose(&mut self, seen: &(dyn std::any::Any + Send)) -> Result<String, NoAnswer> {
        let fault = |why: &str| NoAnswer::Fault(why.to_string());
        let asked = seen.downcast_ref::<Asked>().ok_or_else(|| fault("Stratego's computer was shown another game"))?;
        let step = match asked {
            Asked::Move { step, .. } => *step,
            Asked::Setup { .. } => 0,
        };
        answer(asked, splitmix(self.seed ^ step)).ok_or_else(|| fault("it has no move to make"))
    }

    /// It answers at once.
    fn searches(&self) -> bool {
        false
    }
}

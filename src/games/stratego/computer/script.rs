//! The scripted computer player (level `easy`), and the search's model of what the other side will do. It sees only its own side's view and the legal actions (which name only
//! public squares). Its habits: it never sends its highest ranks (8 and up) or its spy into unknown
//! pieces, it uses low pieces to find out what the enemy's are, it takes what it knows it beats, steps
//! away from known stronger pieces, strikes at whatever comes next to its Lightsaber, and sets up with the
//! Lightsaber on its back row behind detonators.

use crate::games::stratego::action::Action;
use crate::games::stratego::board::{Dir, Square};
use crate::games::stratego::combat::{Clash, clash};
use crate::games::stratego::game::{Setup, Stratego, splitmix};
use crate::games::stratego::piece::{Rank, Side};
use crate::games::stratego::roster::Roster;
use crate::games::stratego::rules::Variant;
use crate::games::stratego::view::{Seen, View};

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
    let mut setup = Stratego::random_setup(roster, variant, side, seed);
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
    let board = Board::of(view)?;
    let mut best: Option<(i32, Action)> = None;
    for (i, action) in actions.iter().enumerate() {
        let Some(score) = board.score(action) else { continue };
        let score = score + noise(seed, i);
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, *action));
        }
    }
    best.map(|(_, a)| a)
}

/// The script's small random preference among equal actions.
fn noise(seed: u64, i: usize) -> i32 {
    (splitmix(seed ^ (i as u64).wrapping_mul(0x9E37)) % 4) as i32
}

/// The actions the script would weigh, each with what it thinks of it (noise included), best first: the
/// search's model of a side that plays from its own view.
pub fn ranked(view: &View, actions: &[Action], seed: u64) -> Vec<(i32, Action)> {
    let Some(board) = Board::of(view) else { return Vec::new() };
    let mut out: Vec<(i32, Action)> =
        actions.iter().enumerate().filter_map(|(i, a)| board.score(a).map(|s| (s + noise(seed, i), *a))).collect();
    out.sort_by_key(|o| std::cmp::Reverse(o.0));
    out
}

/// The board as the computer's side sees it.
struct Board {
    squares: [Option<Seen>; 100],
    me: Side,
    /// Where its own Lightsaber stands.
    flag: Option<Square>,
}

impl Board {
    fn of(view: &View) -> Option<Board> {
        let me = view.reader?;
        let mut squares = [None; 100];
        for (s, seen) in &view.squares {
            squares[s.index()] = Some(*seen);
        }
        let flag =
            view.squares.iter().find(|(_, p)| p.side == me && p.rank() == Some(Rank::Lightsaber)).map(|(s, _)| *s);
        Some(Board { squares, me, flag })
    }

    fn at(&self, s: Square) -> Option<Seen> {
        self.squares[s.index()]
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

//! The ratings themselves: each server's ladders, one a game and format (the first game's two-player and
//! four-player games apart), updated game by game in the order the games ended. Two players: Glicko-2.
//! Two teams of two: Weng-Lin (a Bayesian rating made for teams), shown on Glicko's scale so every
//! ladder reads alike (a newcomer stands at 1500 ± 350). The computations are the crate's
//! (`skillratings`); here is only which games move which ratings.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_two_teams};
use std::collections::HashMap;

/// A newcomer's rating and its uncertainty on the shown scale.
pub const START: f64 = 1500.0;
pub const START_DEVIATION: f64 = 350.0;

/// Weng-Lin's scale to Glicko's: its newcomer (25 ± 25/3) shows as Glicko's (1500 ± 350).
const TEAM_SCALE: f64 = START_DEVIATION / (25.0 / 3.0);

/// A rating counts as settled (not provisional) once its uncertainty is below this, on the shown scale.
pub const SETTLED_DEVIATION: f64 = 110.0;

/// Which ladder a game is on: its server, its game's key and its format.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ladder {
    pub server: u64,
    pub game: String,
    /// Players a side: 1, or 2 for a game of two teams of two.
    pub per_side: u8,
}

/// One finished game as the ratings read it: only games between people that ended by the rules or a
/// concession are given here (what counts is decided where the games are read).
#[derive(Clone, Debug, PartialEq)]
pub struct Rated {
    pub ladder: Ladder,
    /// The people of each side, by user id.
    pub sides: [Vec<u64>; 2],
    /// The side that won; none: a draw.
    pub winner: Option<usize>,
}

/// A player's rating on one ladder, on the shown scale, with what it rests on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    /// Glicko-2's volatility (none for a team ladder).
    pub volatility: f64,
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Rating {
        let g = Glicko2Rating::new();
        Rating { rating: g.rating, deviation: g.deviation, volatility: g.volatility, games: 0 }
    }
}

impl Rating {
    /// Still provisional: too few games to say much.
    pub fn provisional(&self) -> bool {
        self.deviation >= SETTLED_DEVIATION
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating { rating: self.rating, deviation: self.deviation, volatility: self.volatility }
    }

    fn weng_lin(&self) -> WengLinRating {
        WengLinRating { rating: 25.0 + (self.rating - START) / TEAM_SCALE, uncertainty: self.deviation / TEAM_SCALE }
    }

    fn from_glicko(g: Glicko2Rating, games: u32) -> Rating {
        Rating { rating: g.rating, deviation: g.deviation, volatility: g.volatility, games }
    }

    fn from_weng_lin(w: WengLinRating, games: u32) -> Rating {
        let volatility = Glicko2Rating::new().volatility;
        Rating {
            rating: START + (w.rating - 25.0) * TEAM_SCALE,
            deviation: w.uncertainty * TEAM_SCALE,
            volatility,
            games,
        }
    }
}

/// Every player's rating on every ladder.
#[derive(Clone, Debug, Default)]
pub struct Ladders {
    ratings: HashMap<(Ladder, u64), Rating>,
}

impl Ladders {
    /// The ladders after `games`, in the order they ended.
    pub fn of<'a>(games: impl IntoIterator<Item = &'a Rated>) -> Ladders {
        let mut ladders = Ladders::default();
        for g in games {
            ladders.rate(g);
        }
        ladders
    }

    /// A player's rating on a ladder (a newcomer's when they have no game on it).
    pub fn get(&self, ladder: &Ladder, player: u64) -> Rating {
        self.ratings.get(&(ladder.clone(), player)).copied().unwrap_or_default()
    }

    /// Set a player's rating on a ladder (as kept before this game).
    pub fn set(&mut self, ladder: &Ladder, player: u64, rating: Rating) {
        self.ratings.insert((ladder.clone(), player), rating);
    }

    /// Every rating on every ladder.
    pub fn all(&self) -> impl Iterator<Item = (&Ladder, u64, &Rating)> {
        self.ratings.iter().map(|((l, p), r)| (l, *p, r))
    }

    /// Every player on `ladder` with their rating, best first.
    pub fn table(&self, ladder: &Ladder) -> Vec<(u64, Rating)> {
        let mut out: Vec<(u64, Rating)> =
            self.ratings.iter().filter(|((l, _), _)| l == ladder).map(|((_, p), r)| (*p, *r)).collect();
        out.sort_by(|a, b| b.1.rating.total_cmp(&a.1.rating).then(a.0.cmp(&b.0)));
        out
    }

    /// Every rating moved by one game: (player, before, after). A game with an empty side, or with one
    /// player on both sides, moves nothing.
    pub fn rate(&mut self, g: &Rated) -> Vec<(u64, Rating, Rating)> {
        let [one, two] = &g.sides;
        if one.is_empty() || two.is_empty() || one.iter().any(|p| two.contains(p)) {
            return Vec::new();
        }
        let outcome = match g.winner {
            Some(0) => Outcomes::WIN,
            Some(_) => Outcomes::LOSS,
            None => Outcomes::DRAW,
        };
        let before = |side: &[u64]| side.iter().map(|p| (*p, self.get(&g.ladder, *p))).collect::<Vec<_>>();
        let (a, b) = (before(one), before(two));
        let after: Vec<(u64, Rating, Rating)> = if a.len() == 1 && b.len() == 1 {
            let (ra, rb) = (a[0].1, b[0].1);
            let (na, nb) = glicko2(&ra.glicko(), &rb.glicko(), &outcome, &Glicko2Config::new());
            vec![
                (a[0].0, ra, Rating::from_glicko(na, ra.games + 1)),
                (b[0].0, rb, Rating::from_glicko(nb, rb.games + 1)),
            ]
        } else {
            let team = |s: &[(u64, Rating)]| s.iter().map(|(_, r)| r.weng_lin()).collect::<Vec<_>>();
            let (na, nb) = weng_lin_two_teams(&team(&a), &team(&b), &outcome, &WengLinConfig::new());
            let moved = |s: &[(u64, Rating)], n: Vec<WengLinRating>| {
                s.iter().zip(n).map(|((p, r), w)| (*p, *r, Rating::from_weng_lin(w, r.games + 1))).collect::<Vec<_>>()
            };
            [moved(&a, na), moved(&b, nb)].concat()
        };
        for (p, _, r) in &after {
            self.ratings.insert((g.ladder.clone(), *p), *r);
        }
        after
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duel(server: u64, a: u64, b: u64, winner: Option<usize>) -> Rated {
        Rated { ladder: Ladder { server, game: "duel".into(), per_side: 1 }, sides: [vec![a], vec![b]], winner }
    }

    fn near(x: f64, y: f64, within: f64) -> bool {
        (x - y).abs() <= within
    }

    /// Glicko-2's own first example: two newcomers, one wins: 1662 and 1338, both ± 290.
    #[test]
    fn two_newcomers_one_game_gives_glicko2s_numbers() {
        let mut l = Ladders::default();
        l.rate(&duel(1, 10, 20, Some(0)));
        let (w, lo) = (l.get(&duel(1, 0, 0, None).ladder, 10), l.get(&duel(1, 0, 0, None).ladder, 20));
        assert!(near(w.rating, 1662.3, 0.5) && near(w.deviation, 290.3, 0.5), "{w:?}");
        assert!(near(lo.rating, 1337.7, 0.5) && near(lo.deviation, 290.3, 0.5), "{lo:?}");
        assert_eq!((w.games, lo.games), (1, 1));
        assert!(w.provisional());
    }

    /// A sequence of known results gives what the crate gives, game after game; a draw between equals moves
    /// neither rating but makes both surer.
    #[test]
    fn a_sequence_of_results_is_the_crates_sequence() {
        let games = [duel(1, 1, 2, Some(0)), duel(1, 2, 3, Some(1)), duel(1, 1, 3, None), duel(1, 3, 2, Some(0))];
        let l = Ladders::of(&games);
        let config = Glicko2Config::new();
        let mut r: HashMap<u64, Glicko2Rating> = (1..=3).map(|p| (p, Glicko2Rating::new())).collect();
        for g in &games {
            let (a, b) = (g.sides[0][0], g.sides[1][0]);
            let o = match g.winner {
                Some(0) => Outcomes::WIN,
                Some(_) => Outcomes::LOSS,
                None => Outcomes::DRAW,
            };
            let (na, nb) = glicko2(&r[&a], &r[&b], &o, &config);
            r.insert(a, na);
            r.insert(b, nb);
        }
        for p in 1..=3 {
            let mine = l.get(&games[0].ladder, p);
            assert!(near(mine.rating, r[&p].rating, 1e-9) && near(mine.deviation, r[&p].deviation, 1e-9), "player {p}");
        }
        let table = l.table(&games[0].ladder);
        assert_eq!(table.iter().map(|(p, _)| *p).collect::<Vec<_>>(), vec![3, 1, 2], "{table:?}");
        let mut even = Ladders::default();
        let moved = even.rate(&duel(1, 7, 8, None));
        assert!(moved.iter().all(|(_, b, a)| near(a.rating, b.rating, 1e-9) && a.deviation < b.deviation), "{moved:?}");
    }

    /// Two teams of two on Weng-Lin: the winners rise, the losers fall, each by the crate's numbers, shown
    /// on Glicko's scale; the two-player ladder of the same game and server is another ladder.
    #[test]
    fn teams_are_rated_by_weng_lin_on_a_ladder_of_their_own() {
        let teams = Ladder { server: 1, game: "teams".into(), per_side: 2 };
        let g = Rated { ladder: teams.clone(), sides: [vec![1, 2], vec![3, 4]], winner: Some(1) };
        let l = Ladders::of([&g]);
        let fresh = vec![WengLinRating::new(); 2];
        let (lost, won) = weng_lin_two_teams(&fresh, &fresh, &Outcomes::LOSS, &WengLinConfig::new());
        for (p, w) in [(1, lost[0]), (2, lost[1]), (3, won[0]), (4, won[1])] {
            let r = l.get(&teams, p);
            assert!(near(r.rating, START + (w.rating - 25.0) * TEAM_SCALE, 1e-9), "player {p}: {r:?}");
            assert!(near(r.deviation, w.uncertainty * TEAM_SCALE, 1e-9) && r.games == 1, "player {p}: {r:?}");
        }
        assert!(l.get(&teams, 3).rating > START && l.get(&teams, 1).rating < START);
        let duels = Ladder { per_side: 1, ..teams };
        assert_eq!(l.get(&duels, 3), Rating::default(), "a newcomer on the two-player ladder");
        assert!(l.table(&duels).is_empty());
    }

    /// A game on one server never moves a rating on another; a game with someone on both sides moves none.
    #[test]
    fn servers_are_apart_and_a_game_against_oneself_counts_for_nothing() {
        let l = Ladders::of(&[duel(1, 10, 20, Some(0)), duel(2, 30, 10, Some(0))]);
        assert!(l.get(&duel(1, 0, 0, None).ladder, 10).rating > START, "won on server 1");
        assert!(l.get(&duel(2, 0, 0, None).ladder, 10).rating < START, "lost on server 2");
        assert_eq!(l.table(&duel(1, 0, 0, None).ladder).len(), 2);
        let mut alone = Ladders::default();
        assert!(alone.rate(&duel(1, 5, 5, Some(0))).is_empty());
        assert_eq!(alone.get(&duel(1, 0, 0, None).ladder, 5), Rating::default());
    }
}

//! How strong a player is, from its results: a score (a win 1, a draw ½) with its Wilson 95% interval,
//! and the Elo difference that score means, with the interval's ends turned into Elo the same way.

/// 95% two-sided.
const Z: f64 = 1.959_964;

/// Wins, draws and losses of one player.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Results {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Results {
    /// One more game: won (`Some(true)`), lost (`Some(false)`) or drawn (`None`).
    pub fn count(&mut self, won: Option<bool>) {
        match won {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.draws += 1,
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The share of points: a win 1, a draw ½ (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 { 0.5 } else { (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n) }
    }

    /// The Wilson 95% interval of the score.
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.score(), f64::from(self.games()))
    }

    /// The Elo difference the score means, and its interval.
    pub fn elo(&self) -> (f64, f64, f64) {
        let (lo, hi) = self.interval();
        (elo(self.score()), elo(lo), elo(hi))
    }
}

/// The Wilson score interval of a proportion `p` over `n` trials (the whole range with none).
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference at which the stronger player expects score `p` (kept within ±1,200 for the ends).
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(0.001, 0.999);
    -400.0 * (1.0 / p - 1.0).log10()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_no_difference_and_its_interval_is_symmetric() {
        let r = Results { wins: 50, draws: 0, losses: 50 };
        assert_eq!(r.score(), 0.5);
        let (lo, hi) = r.interval();
        assert!((0.5 - lo - (hi - 0.5)).abs() < 1e-9);
        // The textbook figure for 50 of 100: 0.404 to 0.596.
        assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3, "{lo} {hi}");
        assert!(elo(0.5).abs() < 1e-9);
    }

    #[test]
    fn three_in_four_is_about_191_elo_and_draws_count_half() {
        assert!((elo(0.75) - 190.85).abs() < 0.1);
        let r = Results { wins: 1, draws: 2, losses: 1 };
        assert_eq!(r.score(), 0.5);
        let all = Results { wins: 10, draws: 0, losses: 0 };
        let (lo, hi) = all.interval();
        // All ten won: the interval reaches 1, and starts at n / (n + z²) = 0.7225.
        assert!((hi - 1.0).abs() < 1e-9 && (lo - 0.7225).abs() < 1e-3, "{lo} {hi}");
    }
}

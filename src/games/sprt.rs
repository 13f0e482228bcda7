//! The sequential probability ratio test of chess engine testing: after each result, is the Elo difference
//! proven at least `elo1` (accept), or proven below `elo0` (reject), or not yet? The log-likelihood ratio
//! is the usual normal approximation over the score (a win 1, a draw ½), with half a win and half a loss
//! added so a short run of wins is not taken for a certainty.

use crate::games::rating::Results;

#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    /// The chance of accepting a change that is no better than `elo0`.
    pub alpha: f64,
    /// The chance of rejecting a change that is `elo1` better.
    pub beta: f64,
}

/// What the test says so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// At least `elo1`: proven better.
    Accept,
    /// Below `elo0`: proven not better.
    Reject,
    Continue,
}

impl Verdict {
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Accept => "accept",
            Verdict::Reject => "reject",
            Verdict::Continue => "continue",
        }
    }
}

/// The expected score of the stronger side at an Elo difference.
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// The test with α = β = 0.05.
    pub fn new(elo0: f64, elo1: f64) -> Sprt {
        Sprt { elo0, elo1, alpha: 0.05, beta: 0.05 }
    }

    /// The bounds the ratio must cross: (reject below, accept above).
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of `elo1` against `elo0` given the results.
    pub fn llr(&self, r: &Results) -> f64 {
        let (w, d, l) = (f64::from(r.wins) + 0.5, f64::from(r.draws), f64::from(r.losses) + 0.5);
        let n = w + d + l;
        let m = (w + 0.5 * d) / n;
        let var = (w * (1.0 - m).powi(2) + d * (0.5 - m).powi(2) + l * m.powi(2)) / n;
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var)
    }

    pub fn verdict(&self, r: &Results) -> Verdict {
        let (lo, hi) = self.bounds();
        let llr = self.llr(r);
        if llr >= hi {
            Verdict::Accept
        } else if llr <= lo {
            Verdict::Reject
        } else {
            Verdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_at_five_percent_are_about_three() {
        let (lo, hi) = Sprt::new(0.0, 10.0).bounds();
        assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3, "{lo} {hi}");
    }

    #[test]
    fn a_clearly_stronger_player_is_accepted_a_weaker_one_rejected_and_a_tie_goes_on() {
        let t = Sprt::new(0.0, 50.0);
        let strong = Results { wins: 60, draws: 10, losses: 20 };
        assert_eq!(t.verdict(&strong), Verdict::Accept, "{}", t.llr(&strong));
        let weak = Results { wins: 20, draws: 10, losses: 60 };
        assert_eq!(t.verdict(&weak), Verdict::Reject, "{}", t.llr(&weak));
        let even = Results { wins: 5, draws: 2, losses: 5 };
        assert_eq!(t.verdict(&even), Verdict::Continue, "{}", t.llr(&even));
        // A first few wins prove nothing yet.
        assert_eq!(t.verdict(&Results { wins: 3, draws: 0, losses: 0 }), Verdict::Continue);
        assert_eq!(t.llr(&Results::default()), t.llr(&Results::default()));
    }
}

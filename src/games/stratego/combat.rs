//! Who wins when one piece attacks another (the first game's table; readings C5 and C6).

use super::piece::Rank;

/// The result of an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clash {
    /// The defender is captured; the attacker takes its square.
    AttackerWins,
    /// The attacker is captured; the defender stays (a detonator too: it is not used up, C6).
    DefenderWins,
    /// Equal ranks: both are captured (two spies as well, C5).
    Both,
    /// The Lightsaber is taken: the game is over.
    Lightsaber,
}

/// `attacker` attacks `defender`.
pub fn clash(attacker: Rank, defender: Rank) -> Clash {
    match (attacker, defender) {
        (_, Rank::Lightsaber) => Clash::Lightsaber,
        // Only a 3 (R2 Unit, Sith Droid) disarms a detonator.
        (Rank::Number(3), Rank::Detonator) => Clash::AttackerWins,
        (_, Rank::Detonator) => Clash::DefenderWins,
        (Rank::Spy, Rank::Spy) => Clash::Both,
        // The spy beats the 10 only when the spy attacks.
        (Rank::Spy, Rank::Number(10)) => Clash::AttackerWins,
        (Rank::Spy, Rank::Number(_)) => Clash::DefenderWins,
        (Rank::Number(_), Rank::Spy) => Clash::AttackerWins,
        (Rank::Number(a), Rank::Number(d)) if a > d => Clash::AttackerWins,
        (Rank::Number(a), Rank::Number(d)) if a < d => Clash::DefenderWins,
        (Rank::Number(_), Rank::Number(_)) => Clash::Both,
        // Immobile pieces never attack.
        (Rank::Detonator | Rank::Lightsaber, _) => Clash::DefenderWins,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Rank::*;

    #[test]
    fn the_higher_rank_wins_and_equal_ranks_both_fall() {
        assert_eq!(clash(Number(7), Number(5)), Clash::AttackerWins);
        assert_eq!(clash(Number(5), Number(7)), Clash::DefenderWins);
        assert_eq!(clash(Number(6), Number(6)), Clash::Both);
    }

    #[test]
    fn the_spy_beats_the_ten_only_when_it_attacks() {
        assert_eq!(clash(Spy, Number(10)), Clash::AttackerWins);
        assert_eq!(clash(Number(10), Spy), Clash::AttackerWins);
        assert_eq!(clash(Spy, Number(9)), Clash::DefenderWins);
        assert_eq!(clash(Number(2), Spy), Clash::AttackerWins);
        assert_eq!(clash(Spy, Spy), Clash::Both);
    }

    #[test]
    fn only_a_three_disarms_a_detonator_which_otherwise_stays() {
        assert_eq!(clash(Number(3), Detonator), Clash::AttackerWins);
        for attacker in [Number(10), Number(2), Number(4), Spy] {
            assert_eq!(clash(attacker, Detonator), Clash::DefenderWins, "{attacker:?}");
        }
    }

    #[test]
    fn any_attacker_takes_the_lightsaber() {
        for attacker in [Spy, Number(2), Number(10)] {
            assert_eq!(clash(attacker, Lightsaber), Clash::Lightsaber);
        }
    }
}

//! Computer players cannot peek: given two games that differ only in what a seat may not see (the other
//! side's hand, plan and queued cards, the order of every draw pile, the real queen for the Trade
//! Federation), an agent with the same seed makes the same choice, at many decision points of random
//! games.

use gambit::games::queens_gambit::ai::{Seen, by_name_scaled};
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{Data, Game, Mode, RandomAgent, RulesVersion, Seat, State, Viewer};

/// The same game with everything `seat` may not see changed: the other side's cards traded with its
/// draw piles, every draw pile turned over, and for the Trade Federation the other queen made the real one.
fn twin(game: &Game, seat: Seat) -> Game {
    let d = game.data();
    let mut s: State = game.state().clone();
    let me = seat.side();
    // The other side's hidden cards: hand and queued cards swap with the tops of its draw piles.
    for other in Seat::all(s.mode).filter(|x| x.side() != me) {
        for h in 0..s.seats[other].hand.len() {
            let card = s.seats[other].hand[h];
            // A card in the plan stays: the plan is made of hand cards.
            if s.seats[other].plan.contains(&card) {
                continue;
            }
            let draw = &mut s.decks[d.card(card).deck.index()].draw;
            if !draw.is_empty() {
                let k = h % draw.len();
                std::mem::swap(&mut s.seats[other].hand[h], &mut draw[k]);
            }
        }
    }
    for deck in &mut s.decks {
        deck.draw.reverse();
    }
    if me == gambit::games::queens_gambit::rules::Side::Tf && !s.queen_revealed && s.real_queen.is_some() {
        let other =
            s.living().find(|(id, p)| d.unit(p.kind).traits.queen && Some(*id) != s.real_queen).map(|(id, _)| id);
        if other.is_some() {
            s.real_queen = other;
        }
    }
    Game::from_state(game.data_arc(), RulesVersion::NEWEST, s).expect("the twin is a game")
}

#[test]
fn an_agent_chooses_the_same_whatever_its_seat_cannot_see() {
    let d = Data::embedded();
    let mut checked = 0;
    for seed in 1..=4u64 {
        let (mut game, _) = Game::new(d.clone(), Mode::TwoPlayer, seed);
        let mut player = RandomAgent::new(&d, seed);
        let mut step = 0;
        while game.outcome().is_none() && step < 1500 {
            let dec = game.pending()[0].clone();
            if step % 9 == 0 {
                let other = twin(&game, dec.seat);
                let view = game.view(Viewer::Seat(dec.seat));
                assert_eq!(other.view(Viewer::Seat(dec.seat)), view, "the twin differs in what the seat sees");
                assert_ne!(other.state(), game.state(), "the twin differs in what the seat does not see");
                // The searching player too, with a small budget: its worlds are drawn from what the seat knows.
                for name in ["random", "greedy", "easy", "normal", "hard"] {
                    let agent = |g: &Game| {
                        let q = g.question_for(dec.seat).unwrap();
                        let seen =
                            Seen::new(dec.seat, g.view(Viewer::Seat(dec.seat)), &q).with_worlds(g.worlds(dec.seat));
                        by_name_scaled(name, &d, seed * 1000 + step, 0.01).unwrap().choose(&seen).unwrap()
                    };
                    assert_eq!(
                        agent(&game),
                        agent(&other),
                        "{name} at seed {seed} step {step} chose by what it cannot see"
                    );
                }
                checked += 1;
            }
            let c = player.pick(&game, &dec);
            game.act(dec.seat, &c).unwrap();
            step += 1;
        }
    }
    assert!(checked > 300, "only {checked} decision points");
}

#[test]
fn a_search_finishes_a_plan_begun_by_someone_else_and_weighs_it() {
    use gambit::games::queens_gambit::ai::{Settings, Spec, agent};
    let d = Data::embedded();
    let (mut game, _) = Game::new(d.clone(), Mode::TwoPlayer, 11);
    let tf = Seat(0);
    // Two cards already planned (a player who then left the seat to the computer).
    for _ in 0..2 {
        let add = game
            .decision_for(tf)
            .unwrap()
            .options
            .iter()
            .find(|c| matches!(c, gambit::games::queens_gambit::rules::Choice::PlanAdd(_)));
        let add = add.cloned().unwrap();
        game.act(tf, &add).unwrap();
    }
    let mut normal =
        agent(&Spec::Level(gambit::games::queens_gambit::ai::Level::Normal), &d, 3, &Settings::default().scaled(0.05));
    for _ in 0..3 {
        let q = game.question_for(tf).unwrap();
        let seen = Seen::new(tf, game.view(Viewer::Seat(tf)), &q).with_worlds(game.worlds(tf));
        let choice = normal.choose(&seen).unwrap();
        assert!(game.decision_for(tf).unwrap().options.contains(&choice), "{choice:?} is an option");
        game.act(tf, &choice).unwrap();
    }
    assert!(game.view(Viewer::Seat(tf)).seats[tf].locked, "two cards added, then locked");
    assert!(normal.worlds_played() > 0 && normal.expectation().is_some(), "the plans were weighed");
}

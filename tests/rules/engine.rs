//! The engine's contract: refused choices change nothing, errors say why, saved games continue exactly,
//! damaged saves are reported, and views never show another side's secrets.

use crate::common::*;
use gambit::games::queens_gambit::rules::RandomAgent;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{
    Choice, Game, Mode, Refusal, RuleError, RulesVersion, Seat, Side, State, Viewer,
};

/// A game after `steps` random decisions.
fn played(seed: u64, steps: usize) -> (Game, RandomAgent) {
    let (mut game, _) = Game::new(data(), Mode::TwoPlayer, seed);
    let mut agent = RandomAgent::new(game.data(), seed);
    for _ in 0..steps {
        if game.outcome().is_some() {
            break;
        }
        let dec = game.pending()[0].clone();
        let c = agent.pick(&game, &dec);
        game.act(dec.seat, &c).unwrap();
    }
    (game, agent)
}

#[test]
fn an_illegal_choice_is_refused_with_the_legal_ones_and_changes_nothing() {
    let (mut game, _) = Game::new(data(), Mode::TwoPlayer, 1);
    let msg = refused(&mut game, NABOO, "move E4");
    assert!(msg.contains("'move E4' is not allowed now"), "{msg}");
    assert!(msg.contains("queen red_queen"), "the message lists what is allowed: {msg}");
}

#[test]
fn a_seat_with_nothing_to_decide_is_told_who_the_game_waits_for() {
    let (mut game, _) = played(2, 0);
    act(&mut game, NABOO, "queen red_queen");
    let hand: Vec<String> =
        game.state().seat(TF).hand.iter().take(4).map(|c| game.data().card(*c).code.clone()).collect();
    act(&mut game, TF, &format!("plan set {}", hand.join(" ")));
    act(&mut game, TF, "plan lock");
    let err = game.act(TF, &Choice::PlanLock).unwrap_err();
    assert!(matches!(err, RuleError::NotYourTurn { seat, .. } if seat == TF));
    assert!(err.to_string().contains("waiting for Naboo (planning)"), "{err}");
}

#[test]
fn a_refused_answer_carries_a_reason_a_program_can_branch_on() {
    let (mut game, _) = Game::new(data(), Mode::TwoPlayer, 3);
    let before = game.state().clone();
    let hand = game.state().seat(TF).hand.clone();
    let code = |i: usize| game.data().card(hand[i]).code.clone();
    let naboo_card = game.state().seat(NABOO).hand[0];
    let set = |cs: &[gambit::games::queens_gambit::rules::CardId]| Choice::PlanSet(cs.try_into().unwrap());
    let cases = [
        (set(&[hand[0], hand[0]]), Refusal::PlannedTwice { card: code(0) }),
        (set(&[naboo_card]), Refusal::NotInHand { card: game.data().card(naboo_card).code.clone() }),
        (Choice::PlanMove(0, 1), Refusal::NoPlanPosition { cards: 0 }),
    ];
    for (choice, reason) in cases {
        assert_eq!(game.act(TF, &choice), Err(RuleError::Refused(reason)), "{choice:?}");
    }
    assert_eq!(game.play_option(TF, 10_000), Err(RuleError::Refused(Refusal::NoOption { number: 10_001 })));
    match game.act(TF, &Choice::Queen(game.data().kind("red_queen").unwrap())) {
        Err(RuleError::Refused(Refusal::NotAllowed { answer, allowed, .. })) => {
            assert_eq!(answer, "queen red_queen");
            assert!(allowed.iter().any(|a| a.starts_with("plan ")), "{allowed:?}");
        }
        other => panic!("expected NotAllowed, got {other:?}"),
    }
    assert_eq!(game.state(), &before, "refusals change nothing");

    // In a 4-player game a seat plans two cards.
    let (mut team, _) = Game::new(data(), Mode::FourPlayer, 3);
    let hand = team.state().seat(TF).hand.clone();
    assert_eq!(team.act(TF, &set(&hand[..3])), Err(RuleError::Refused(Refusal::PlanTooLong { holds: 2, given: 3 })));
}

#[test]
fn a_forced_die_the_die_does_not_have_undoes_the_step() {
    let d = data();
    let mut game = Position::two_player()
        .piece("battle_droid", "1E4")
        .piece("palace_guard", "1E2")
        .play(TF, card(&d, "TP", "4 Battle droids"));
    act(&mut game, TF, "action 1");
    act(&mut game, TF, "unit 1E4");
    act(&mut game, TF, "move 1E4");
    let before = serde_json::to_string(game.state()).unwrap();
    force(&mut game, "2");
    let err = game.act(TF, &Choice::parse(&d, "target 1E2").unwrap()).unwrap_err();
    assert!(err.to_string().contains("the gray die has no face '2'"), "{err}");
    let mut after: State = game.state().clone();
    after.forced.clear();
    assert_eq!(serde_json::to_string(&after).unwrap(), before);
}

#[test]
fn a_saved_game_continues_exactly_like_the_original() {
    for seed in [3, 4] {
        let (mut original, mut agent_a) = played(seed, 400);
        let json = serde_json::to_string(original.state()).unwrap();
        let state: State = serde_json::from_str(&json).unwrap();
        let mut copy = Game::from_state(data(), RulesVersion::NEWEST, state).unwrap();
        // The agent's own randomness must match too: rebuild it by replaying its picks.
        let (_, mut agent_b) = played(seed, 400);
        for _ in 0..600 {
            if original.outcome().is_some() {
                break;
            }
            let dec = original.pending()[0].clone();
            assert_eq!(copy.pending()[0], dec);
            let a = agent_a.pick(&original, &dec);
            let b = agent_b.pick(&copy, &dec);
            assert_eq!(a, b);
            assert_eq!(original.act(dec.seat, &a).unwrap(), copy.act(dec.seat, &b).unwrap());
        }
        assert_eq!(serde_json::to_string(original.state()).unwrap(), serde_json::to_string(copy.state()).unwrap());
    }
}

#[test]
fn a_damaged_save_is_reported_not_crashed_on() {
    let (game, _) = played(5, 100);
    let good = game.state().clone();

    let mut dup = good.clone();
    let c = dup.seats[gambit::games::queens_gambit::rules::Seat(0)].hand[0];
    dup.seats[gambit::games::queens_gambit::rules::Seat(1)].hand.push(c);
    let err = Game::from_state(data(), RulesVersion::NEWEST, dup).unwrap_err();
    assert!(matches!(err, RuleError::Corrupt(_)));
    assert!(err.to_string().contains("is in two places"), "{err}");

    let mut pillar = good.clone();
    if let Some(p) = pillar.pieces.iter_mut().find(|p| p.alive()) {
        p.pos = Some(pos("1D3"));
    }
    assert!(
        Game::from_state(data(), RulesVersion::NEWEST, pillar).unwrap_err().to_string().contains("not an open space")
    );

    let mut kind = good.clone();
    kind.pieces[0].kind = gambit::games::queens_gambit::rules::KindId(200);
    assert!(
        Game::from_state(data(), RulesVersion::NEWEST, kind).unwrap_err().to_string().contains("unknown unit kind")
    );

    let mut seats = good;
    seats.seats = seats.seats.iter().take(1).cloned().collect();
    assert!(Game::from_state(data(), RulesVersion::NEWEST, seats).is_err());
}

#[test]
fn a_seat_view_shows_its_own_side_and_never_the_others_secrets() {
    let (mut game, _) = played(6, 0);
    act(&mut game, NABOO, "queen purple_queen");
    let tf = game.view(Viewer::Seat(TF));
    let naboo_seat = &tf.seats[NABOO];
    assert!(naboo_seat.hand.is_none() && naboo_seat.plan.is_none() && naboo_seat.queue.is_none());
    assert_eq!(naboo_seat.hand_size, 10);
    assert!(tf.seats[TF].hand.is_some());
    assert!(tf.pieces.iter().all(|p| p.real.is_none()), "the Trade Federation does not know the real queen");
    // Pending decisions: the viewer sees its own options, only the question for others.
    for p in &tf.pending {
        assert_eq!(p.options.is_some(), p.seat == TF);
    }
    let spectator = game.view(Viewer::Spectator);
    assert!(spectator.seats.iter().all(|s| s.hand.is_none() && s.plan.is_none()));
    assert!(spectator.pending.iter().all(|p| p.options.is_none()));
    // The serialized view carries no dice generator and no deck order.
    let json = serde_json::to_string(&tf).unwrap();
    assert!(!json.contains("pos_hi") && !json.contains("\"draw\":["), "{json}");
}

#[test]
fn views_hide_secrets_throughout_random_games() {
    for seed in 10..13 {
        let (mut game, _) = Game::new(data(), Mode::FourPlayer, seed);
        let mut agent = RandomAgent::new(game.data(), seed);
        let mut steps = 0;
        while game.outcome().is_none() && steps < 1500 {
            for viewer in Seat::all(Mode::FourPlayer) {
                let v = game.view(Viewer::Seat(viewer));
                for sv in &v.seats {
                    let mine = sv.seat.side() == viewer.side();
                    assert_eq!(sv.hand.is_some(), mine);
                    assert_eq!(sv.queue.is_some(), mine);
                    if let Some(q) = &sv.queue {
                        let s = game.state().seat(sv.seat);
                        for (shown, real) in q.iter().zip(&s.queue) {
                            assert_eq!(shown.is_some(), !real.bonus, "bonus cards stay face down");
                        }
                    }
                }
                if viewer.side() == Side::Tf && !game.state().queen_revealed {
                    assert!(v.pieces.iter().all(|p| p.real.is_none()));
                }
            }
            let dec = game.pending()[0].clone();
            let c = agent.pick(&game, &dec);
            game.act(dec.seat, &c).unwrap();
            steps += 1;
        }
    }
}

#[test]
fn invariants_hold_after_every_step_of_random_games() {
    for (mode, seeds) in [(Mode::TwoPlayer, 20..30), (Mode::FourPlayer, 30..36)] {
        for seed in seeds {
            let (mut game, _) = Game::new(data(), mode, seed);
            let mut agent = RandomAgent::new(game.data(), seed);
            let mut steps = 0;
            while game.outcome().is_none() && game.state().round <= 300 {
                let pending = game.pending().to_vec();
                assert!(!pending.is_empty(), "seed {seed}: nothing to decide and no winner");
                let dec = &pending[0];
                assert!(!dec.options.is_empty(), "seed {seed}: no legal option for {:?}", dec.prompt);
                let c = agent.pick(&game, dec);
                game.act(dec.seat, &c).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                game.check_invariants().unwrap_or_else(|e| panic!("seed {seed} step {steps}: {e}"));
                steps += 1;
                if steps % 97 == 0 {
                    let json = serde_json::to_string(game.state()).unwrap();
                    let back: State = serde_json::from_str(&json).unwrap();
                    let again = Game::from_state(data(), RulesVersion::NEWEST, back).unwrap();
                    assert_eq!(serde_json::to_string(again.state()).unwrap(), json, "serde round trip");
                    assert_eq!(again.pending(), game.pending());
                }
            }
            assert!(game.outcome().is_some(), "seed {seed}: unfinished after 300 rounds");
        }
    }
}

#[test]
fn self_play_is_deterministic_for_a_seed() {
    let a =
        gambit::cli::queens_gambit::selfplay::run(data(), 5, 42, (Mode::TwoPlayer, RulesVersion::NEWEST), 500, false)
            .unwrap();
    let b =
        gambit::cli::queens_gambit::selfplay::run(data(), 5, 42, (Mode::TwoPlayer, RulesVersion::NEWEST), 500, false)
            .unwrap();
    let strip = |l: String| l.rsplit_once(" games_per_s=").map(|(x, _)| x.to_string()).unwrap();
    assert_eq!(strip(a.line()), strip(b.line()));
    assert_eq!(a.games, a.naboo_wins + a.tf_wins + a.unfinished);
}

#[test]
fn a_playout_that_keeps_no_events_plays_exactly_the_same_game() {
    // `Game::play` and `Game::play_option` skip the events, their words and (for an ordinary unit's move) the path search:
    // step by step the state must be the one `act` makes, in both modes.
    for (mode, seed) in [(Mode::TwoPlayer, 3), (Mode::TwoPlayer, 11), (Mode::FourPlayer, 5)] {
        let data = data();
        let (mut full, _) = Game::new(data.clone(), mode, seed);
        let (mut quiet, _) = Game::new(data.clone(), mode, seed);
        let mut agent = RandomAgent::new(&data, seed);
        let mut steps = 0;
        while full.outcome().is_none() && steps < 4000 {
            let dec = full.pending().first().cloned().expect("a decision");
            let pick = agent.pick_index(&full, &dec);
            full.act(dec.seat, &dec.options[pick]).expect("legal");
            // By its place in the list, or by the choice itself.
            if steps % 2 == 0 {
                quiet.play_option(dec.seat, pick).expect("legal");
            } else {
                quiet.play(dec.seat, &dec.options[pick]).expect("legal");
            }
            assert_eq!(full.state(), quiet.state(), "{mode:?} seed {seed}, step {steps}");
            steps += 1;
        }
        assert!(full.outcome().is_some(), "{mode:?} seed {seed}: the game ended");
    }
}

//! The round: setup, secret plans, the alternating reveal, bonus cards under the plan, Go First, drawing.

use crate::common::*;
use gambit::games::queens_gambit::rules::Phase;
use gambit::games::queens_gambit::rules::data::{DeckId, DeckKind};
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{
    Choice, EventKind, Game, Mode, Prompt, RuleError, RulesVersion, Seat, Side, Viewer,
};

fn new_game(mode: Mode, seed: u64) -> Game {
    Game::new(data(), mode, seed).0
}

/// Lock a plan of the first `n` cards in the seat's hand.
fn lock_first(game: &mut Game, seat: Seat) -> Vec<String> {
    let d = game.data_arc();
    let n = game.mode().plan_size();
    let hand = game.state().seat(seat).hand.clone();
    let codes: Vec<String> = hand.iter().take(n).map(|c| d.card(*c).code.clone()).collect();
    act(game, seat, &format!("plan set {}", codes.join(" ")));
    act(game, seat, "plan lock");
    codes
}

#[test]
fn setup_deals_five_from_each_deck_and_tf_holds_go_first() {
    let game = new_game(Mode::TwoPlayer, 1);
    let (d, s) = (game.data(), game.state());
    assert_eq!(s.round, 1);
    assert_eq!(s.go_first, TF);
    assert_eq!(s.phase, Phase::Planning);
    for seat in [TF, NABOO] {
        let hand = &s.seat(seat).hand;
        assert_eq!(hand.len(), 10);
        for kind in [DeckKind::Battlefield, DeckKind::Palace] {
            let from = hand.iter().filter(|c| d.card(**c).deck == DeckId::of(seat.side(), kind)).count();
            assert_eq!(from, 5);
        }
    }
    assert!(s.decks.iter().all(|ds| ds.draw.len() == 40 && ds.discard.is_empty()));
    assert!(s.shield_up);
    assert_eq!(s.space.anakin, 0);
    assert_eq!(s.space.deck.len(), 8);
}

#[test]
fn naboo_first_decides_the_real_queen_while_tf_may_plan() {
    let mut game = new_game(Mode::TwoPlayer, 1);
    let naboo = game.decision_for(NABOO).unwrap();
    assert_eq!(naboo.prompt, Prompt::ChooseQueen);
    assert_eq!(options(&game, NABOO), ["queen red_queen", "queen purple_queen"]);
    // Naboo cannot plan before choosing.
    let card = game.state().seat(NABOO).hand[0];
    assert!(matches!(
        game.act(NABOO, &Choice::PlanAdd(card)),
        Err(RuleError::Refused(gambit::games::queens_gambit::rules::Refusal::NotAllowed { .. }))
    ));
    // The Trade Federation can.
    assert!(matches!(game.decision_for(TF).unwrap().prompt, Prompt::Plan { size: 4 }));
    let events = act(&mut game, NABOO, "queen purple_queen");
    // Everyone learns that a choice was made; only Naboo learns which.
    let public: Vec<_> = events.iter().filter(|e| e.visible_to(Some(Side::Tf))).collect();
    assert_eq!(public.len(), 1);
    assert_eq!(public[0].kind, EventKind::QueenChosen);
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::RealQueen { .. }) && !e.visible_to(Some(Side::Tf))));
    let tf_view = game.view(Viewer::Seat(TF));
    assert!(tf_view.pieces.iter().all(|p| p.real.is_none()));
    let naboo_view = game.view(Viewer::Seat(NABOO));
    let marked: Vec<_> = naboo_view.pieces.iter().filter(|p| p.real == Some(true)).collect();
    assert_eq!(marked.len(), 1);
    assert_eq!(game.data().unit(marked[0].kind).key, "purple_queen");
}

#[test]
fn a_plan_changes_freely_until_it_is_locked() {
    let mut game = new_game(Mode::TwoPlayer, 2);
    let d = game.data_arc();
    let hand: Vec<String> = game.state().seat(TF).hand.iter().map(|c| d.card(*c).code.clone()).collect();
    act(&mut game, TF, &format!("plan add {}", hand[0]));
    act(&mut game, TF, &format!("plan add {}", hand[1]));
    act(&mut game, TF, &format!("plan add {}", hand[2]));
    // Locking needs exactly four cards.
    assert!(refused(&mut game, TF, "plan lock").contains("not allowed"));
    act(&mut game, TF, "plan move 3 1");
    act(&mut game, TF, "plan remove 2");
    act(&mut game, TF, &format!("plan add {}", hand[5]));
    act(&mut game, TF, &format!("plan add {}", hand[6]));
    let plan: Vec<String> = game.state().seat(TF).plan.iter().map(|c| d.card(*c).code.clone()).collect();
    assert_eq!(plan, [hand[2].clone(), hand[1].clone(), hand[5].clone(), hand[6].clone()]);
    // A card cannot be planned twice, or if it is not in the hand.
    assert!(refused(&mut game, TF, &format!("plan set {} {}", hand[0], hand[0])).contains("twice"));
    let naboo_card = d.card(game.state().seat(NABOO).hand[0]).code.clone();
    assert!(refused(&mut game, TF, &format!("plan set {naboo_card}")).contains("not in your hand"));
    // Five cards are never a plan: the text is refused as it is read, and says why.
    let five = format!("plan set {}", hand[..5].join(" "));
    let err = gambit::games::queens_gambit::rules::Choice::parse(game.data(), &five).unwrap_err().to_string();
    assert!(err.contains("a plan holds at most 4 cards, not 5"), "{err}");
    let four =
        gambit::games::queens_gambit::rules::Choice::parse(game.data(), &format!("plan set {}", hand[..4].join(" ")))
            .unwrap();
    assert_eq!(four.text(game.data()), format!("plan set {}", hand[..4].join(" ")), "a plan set reads back as typed");
    act(&mut game, TF, "plan lock");
    assert!(game.decision_for(TF).is_none(), "a locked plan is final");
    assert_eq!(game.state().seat(TF).hand.len(), 6);
    // The opponent sees only that the Trade Federation locked in, not the cards.
    let v = game.view(Viewer::Seat(NABOO));
    assert!(v.seats[gambit::games::queens_gambit::rules::Seat(0)].locked);
    assert!(
        v.seats[gambit::games::queens_gambit::rules::Seat(0)].plan.is_none()
            && v.seats[gambit::games::queens_gambit::rules::Seat(0)].hand.is_none()
            && v.seats[gambit::games::queens_gambit::rules::Seat(0)].queue.is_none()
    );
    assert_eq!(v.seats[gambit::games::queens_gambit::rules::Seat(0)].to_reveal, 4);
}

#[test]
fn cards_are_revealed_alternately_from_the_go_first_holder() {
    let mut game = new_game(Mode::TwoPlayer, 3);
    act(&mut game, NABOO, "queen red_queen");
    lock_first(&mut game, NABOO);
    let events = {
        lock_first(&mut game, TF);
        game.state().clone()
    };
    assert_eq!(events.phase, Phase::Resolving);
    // The first card revealed is the Trade Federation's (Go First).
    assert_eq!(game.state().turn, Some(TF));
    let mut order = vec![game.state().turn.unwrap()];
    let mut agent = gambit::games::queens_gambit::rules::RandomAgent::new(game.data(), 5);
    while game.state().round == 1 && game.outcome().is_none() {
        let dec = game.pending()[0].clone();
        let choice = agent.pick(&game, &dec);
        for e in game.act(dec.seat, &choice).unwrap() {
            if let EventKind::CardRevealed { seat, bonus: false, .. } = e.kind {
                order.push(seat);
            }
        }
    }
    assert_eq!(order, [TF, NABOO, TF, NABOO, TF, NABOO, TF, NABOO]);
}

#[test]
fn the_round_ends_with_go_first_passing_and_two_cards_from_each_deck() {
    let mut game = new_game(Mode::TwoPlayer, 4);
    let mut agent = gambit::games::queens_gambit::rules::RandomAgent::new(game.data(), 4);
    let mut saw_end = false;
    while game.state().round == 1 {
        let dec = game.pending()[0].clone();
        let choice = agent.pick(&game, &dec);
        let events = game.act(dec.seat, &choice).unwrap();
        if events.iter().any(|e| matches!(e.kind, EventKind::RoundEnded { round: 1 })) {
            saw_end = true;
            let drawn: Vec<u8> = events
                .iter()
                .filter_map(|e| match e.kind {
                    EventKind::CardsDrawn { count, .. } => Some(count),
                    _ => None,
                })
                .collect();
            assert_eq!(drawn, [4, 4]);
        }
    }
    assert!(saw_end);
    let s = game.state();
    assert_eq!(s.go_first, NABOO);
    assert_eq!(s.phase, Phase::Planning);
    assert!(s.seats.iter().all(|ss| ss.hand.len() == 10 && !ss.locked));
}

#[test]
fn bonus_cards_go_under_the_plan_unseen_and_the_side_with_cards_left_plays_on() {
    let mut game = new_game(Mode::TwoPlayer, 5);
    let d = game.data_arc();
    // Two bonus cards earned last round by Naboo, drawn face down.
    let mut state = game.state().clone();
    let b1 = state.decks[0].draw.pop().unwrap();
    let b2 = state.decks[1].draw.pop().unwrap();
    state.bonus[Side::Naboo] = vec![b1, b2];
    game = Game::from_state(d.clone(), RulesVersion::NEWEST, state).unwrap();
    act(&mut game, NABOO, "queen red_queen");
    lock_first(&mut game, NABOO);
    let events = {
        let hand: Vec<String> = game.state().seat(TF).hand.iter().take(4).map(|c| d.card(*c).code.clone()).collect();
        act(&mut game, TF, &format!("plan set {}", hand.join(" ")));
        act(&mut game, TF, "plan lock")
    };
    assert!(events.iter().any(|e| e.kind == EventKind::BonusQueued { seat: NABOO, count: 2 }));
    // Naboo sees its four plan cards but not what its two bonus cards are.
    let v = game.view(Viewer::Seat(NABOO));
    let queue = v.seats[gambit::games::queens_gambit::rules::Seat(1)].queue.clone().unwrap();
    assert_eq!(queue.len(), 6);
    assert!(queue[..4].iter().all(Option::is_some));
    assert!(queue[4..].iter().all(Option::is_none));
    // Play out the round: Naboo's last two reveals are the bonus cards, back to back.
    let mut agent = gambit::games::queens_gambit::rules::RandomAgent::new(&d, 9);
    let mut reveals = Vec::new();
    while game.state().round == 1 && game.outcome().is_none() {
        let dec = game.pending()[0].clone();
        let c = agent.pick(&game, &dec);
        for e in game.act(dec.seat, &c).unwrap() {
            if let EventKind::CardRevealed { seat, card, bonus } = e.kind {
                reveals.push((seat, bonus, card));
            }
        }
    }
    let tail: Vec<(Seat, bool)> = reveals.iter().rev().take(2).map(|(s, b, _)| (*s, *b)).collect();
    assert_eq!(tail, [(NABOO, true), (NABOO, true)]);
    let bonus_cards: Vec<_> = reveals.iter().filter(|r| r.1).map(|r| r.2).collect();
    assert_eq!(bonus_cards, [b1, b2]);
}

#[test]
fn four_players_hold_six_cards_play_two_clockwise_and_draw_one_from_each_deck() {
    let mut game = new_game(Mode::FourPlayer, 6);
    for seat in Seat::all(Mode::FourPlayer) {
        assert_eq!(game.state().seat(seat).hand.len(), 6);
    }
    // The Naboo palace seat chooses the queen; the Naboo battlefield seat plans meanwhile.
    assert_eq!(game.decision_for(Seat(3)).unwrap().prompt, Prompt::ChooseQueen);
    assert!(matches!(game.decision_for(Seat(1)).unwrap().prompt, Prompt::Plan { size: 2 }));
    act(&mut game, Seat(3), "queen red_queen");
    // Teammates see each other's hands; opponents do not.
    let v = game.view(Viewer::Seat(Seat(1)));
    assert!(
        v.seats[gambit::games::queens_gambit::rules::Seat(3)].hand.is_some()
            && v.seats[gambit::games::queens_gambit::rules::Seat(0)].hand.is_none()
            && v.seats[gambit::games::queens_gambit::rules::Seat(2)].hand.is_none()
    );
    for seat in Seat::all(Mode::FourPlayer) {
        lock_first(&mut game, seat);
    }
    let mut agent = gambit::games::queens_gambit::rules::RandomAgent::new(game.data(), 6);
    let mut order = vec![game.state().turn.unwrap()];
    let mut drawn = Vec::new();
    while game.state().round == 1 && game.outcome().is_none() {
        let dec = game.pending()[0].clone();
        let c = agent.pick(&game, &dec);
        for e in game.act(dec.seat, &c).unwrap() {
            match e.kind {
                EventKind::CardRevealed { seat, bonus: false, .. } => order.push(seat),
                EventKind::CardsDrawn { count, .. } => drawn.push(count),
                _ => {}
            }
        }
    }
    assert_eq!(order, [Seat(0), Seat(1), Seat(2), Seat(3), Seat(0), Seat(1), Seat(2), Seat(3)]);
    assert_eq!(drawn, [2, 2, 2, 2]);
    // Go First moves one seat clockwise.
    assert_eq!(game.state().go_first, Seat(1));
}

#[test]
fn an_empty_deck_is_refilled_from_its_discards() {
    let mut game = new_game(Mode::TwoPlayer, 8);
    let d = game.data_arc();
    let mut state = game.state().clone();
    // Move the whole Naboo Battlefield draw pile to its discards.
    let pile = std::mem::take(&mut state.decks[0].draw);
    state.decks[0].discard = pile;
    game = Game::from_state(d, RulesVersion::NEWEST, state).unwrap();
    act(&mut game, NABOO, "queen red_queen");
    lock_first(&mut game, NABOO);
    lock_first(&mut game, TF);
    let mut agent = gambit::games::queens_gambit::rules::RandomAgent::new(game.data(), 8);
    let mut reshuffled = false;
    while game.state().round == 1 && game.outcome().is_none() {
        let dec = game.pending()[0].clone();
        let c = agent.pick(&game, &dec);
        for e in game.act(dec.seat, &c).unwrap() {
            if let EventKind::DeckReshuffled { deck, .. } = e.kind {
                assert_eq!(deck, DeckId(0));
                reshuffled = true;
            }
        }
    }
    assert!(reshuffled);
    assert_eq!(game.state().seat(NABOO).hand.len(), 10, "the draw still gives a full hand");
}

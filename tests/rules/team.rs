//! The 4-player game: whoever plays a card picks its action, the teammate who runs that battle carries it
//! out and makes its decisions, and every bonus card goes to the side's battlefield/space seat.

use crate::common::*;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{EventKind, Game, Mode, Prompt, RulesVersion, Seat, Side, Viewer};

const TF_FIELD: Seat = Seat(0);
const TF_PALACE: Seat = Seat(2);
const NABOO_PALACE: Seat = Seat(3);

fn team() -> Position {
    Position::new(Mode::FourPlayer)
}

#[test]
fn a_battlefield_card_played_by_the_palace_seat_is_carried_out_by_the_battlefield_seat() {
    let d = data();
    let mut game = team()
        .piece("battle_droid_group", "E5")
        .piece("gungan", "E3")
        .play(TF_PALACE, card(&d, "TB", "2 Battle droid groups"));
    act(&mut game, TF_PALACE, "action 1");
    assert!(game.decision_for(TF_PALACE).is_none(), "the card's player only picked the action");
    assert!(matches!(game.decision_for(TF_FIELD).unwrap().prompt, Prompt::ChooseUnit { .. }));
    act(&mut game, TF_FIELD, "unit E5");
    act(&mut game, TF_FIELD, "move E4");
    assert!(has(&game, TF_FIELD, "target E3"), "the battlefield seat attacks too");
}

#[test]
fn the_trade_federation_battlefield_seat_blocks_anakin_whoever_played_the_anakin_card() {
    let d = data();
    let mut game = team().play(NABOO_PALACE, card(&d, "NB", "Anakin / Gungan group"));
    force(&mut game, "1 1 3 4");
    act(&mut game, NABOO_PALACE, "action 1");
    assert!(matches!(game.decision_for(TF_FIELD).unwrap().prompt, Prompt::Block { left: 2, .. }));
    assert!(game.decision_for(TF_PALACE).is_none());
}

#[test]
fn palace_kills_pay_their_bonus_cards_to_the_battlefield_seat() {
    let d = data();
    let mut game = team()
        .piece("panaka", "1E2")
        .damage(2)
        .piece("battle_droid", "1E4")
        .play(TF_PALACE, card(&d, "TP", "4 Battle droids"));
    act(&mut game, TF_PALACE, "action 1");
    act(&mut game, TF_PALACE, "unit 1E4");
    act(&mut game, TF_PALACE, "move 1E4");
    // The gray die hits; Panaka's blue die blocks nothing: his third damage kills him.
    force(&mut game, "1 0");
    let events = act(&mut game, TF_PALACE, "target 1E2");
    assert_eq!(bonus_earned(&events, Side::Tf), 1);
    assert_eq!(game.decision_for(TF_FIELD).unwrap().prompt, Prompt::BonusDecks { count: 1 });
    assert!(game.decision_for(TF_PALACE).is_none_or(|d| !matches!(d.prompt, Prompt::BonusDecks { .. })));
}

#[test]
fn next_round_every_bonus_card_goes_under_the_battlefield_seats_plan() {
    let (game, _) = Game::new(data(), Mode::FourPlayer, 11);
    let d = game.data_arc();
    let mut state = game.state().clone();
    let b1 = state.decks[2].draw.pop().unwrap();
    let b2 = state.decks[3].draw.pop().unwrap();
    state.bonus[Side::Tf] = vec![b1, b2];
    let mut game = Game::from_state(d.clone(), RulesVersion::NEWEST, state).unwrap();
    act(&mut game, NABOO_PALACE, "queen purple_queen");
    let mut queued = Vec::new();
    for seat in Seat::all(Mode::FourPlayer) {
        let hand = game.state().seat(seat).hand.clone();
        let codes: Vec<String> = hand.iter().take(2).map(|c| d.card(*c).code.clone()).collect();
        act(&mut game, seat, &format!("plan set {}", codes.join(" ")));
        for e in act(&mut game, seat, "plan lock") {
            if let EventKind::BonusQueued { seat, count } = e.kind {
                queued.push((seat, count));
            }
        }
    }
    assert_eq!(queued, [(TF_FIELD, 2)]);
    // The reveal has begun with the battlefield seat's first card (it holds Go First): one plan card and
    // the two bonus cards are left under it, and the palace seat keeps its own two.
    assert_eq!(game.state().seat(TF_FIELD).queue.len(), 3);
    assert_eq!(game.state().seat(TF_PALACE).queue.len(), 2);
    // The teammate sees the battlefield seat's plan card, but the bonus cards stay face down for both.
    let v = game.view(Viewer::Seat(TF_PALACE));
    let queue = v.seats[TF_FIELD].queue.clone().unwrap();
    assert!(queue[0].is_some() && queue[1..].iter().all(Option::is_none), "{queue:?}");
}

//! The first game's secret steps and the tokens the shared path keeps of a seat's menu and side.

use crate::games::queens_gambit::rules::{Data, Mode};
use crate::games::queens_gambit::{Hosted, Table};
use crate::service::tables::Held;
use crate::service::tables::seen::{menu_token, side_token};
use crate::store::{GameRow, Status};
use std::sync::Arc;

/// A four-player table of the first game, held as the service holds it.
fn held(engine: Table) -> Held {
    let row = GameRow { players: 4, status: Status::Active, seed: 7, public_revision: 3, ..GameRow::sample() };
    Held {
        row,
        seats: Vec::new(),
        kind: Arc::new(Hosted::new(Data::embedded())),
        data: None,
        options: "players 4".into(),
        settings: crate::service::GameSettings::default(),
        engine: Some(Box::new(engine)),
        stale: false,
        own: None,
    }
}

/// One secret step of `seat`'s: the first choice of its menu, down to a whole choice.
fn secret_step(held: &mut Held, seat: usize) {
    let engine = held.engine.as_mut().expect("started");
    let mut path: Vec<String> = Vec::new();
    loop {
        let steps: Vec<&str> = path.iter().map(String::as_str).collect();
        let item = engine.menu(seat, &steps).into_iter().next().expect("a choice");
        if item.leaf {
            engine.apply(seat, &item.id).expect("legal");
            break;
        }
        path.push(item.id);
    }
    assert!(!engine.last_public(), "a secret step");
}

/// The background computer's rule: a partner's secret step (shown to its side) makes it think again,
/// the other side's never does; a player's own menu is left alone by both.
#[test]
fn a_partners_secret_step_moves_the_computers_side_token_and_the_other_sides_does_not() {
    let mut held = held(Table::new(Data::embedded(), Mode::FourPlayer, 7));
    let engine = held.engine.as_deref().expect("started");
    let deciders = engine.deciders();
    let seats = 0..engine.seat_names().len();
    // A deciding seat with a partner that decides too, and a seat of the other side.
    let (me, partner) = seats
        .clone()
        .flat_map(|a| seats.clone().map(move |b| (a, b)))
        .find(|(a, b)| a != b && engine.side(*a) == engine.side(*b) && deciders.contains(b))
        .expect("partners");
    let other = seats.clone().find(|s| engine.side(*s) != engine.side(me)).expect("another side");
    let (mine, menu, theirs) = (side_token(&held, me), menu_token(&held, me), side_token(&held, other));
    secret_step(&mut held, partner);
    assert_ne!(side_token(&held, me), mine, "the partner's step is known to the side");
    assert_eq!(menu_token(&held, me), menu, "a player's own menu stays good");
    assert_eq!(side_token(&held, other), theirs, "the other side never sees it");
}

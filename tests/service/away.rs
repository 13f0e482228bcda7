//! Holidays, through the service, on each database: an absence is at most the host's limit of days; it
//! shows in each of the player's games; another player's move leaves it, the player's own move ends it in
//! the transaction that saves the move, and the rest of their preferences stay as they were.

use crate::play::Play;
use crate::service::places::{Places, on_both};
use gambit::service::{Caller, Chosen, NewGameRequest, Person, Power, Service, ServiceError, UserId};

const SERVER: u64 = 500;
const EVIL: u64 = 1001;
const GOOD: u64 = 1002;

fn member(user: u64) -> Caller {
    Caller::member(Person::new(user, false), SERVER, "700", Power::default())
}

async fn a_players_absence_ends_with_their_own_move(places: &Places) {
    let path = places.db("away").await;
    let svc = Service::open(&path).await.unwrap().with_away_days_max(10);
    let req = NewGameRequest { game: "stratego".into(), seed: Some(5), ..Default::default() };
    let id = svc.create(&member(EVIL), req).await.unwrap();
    svc.join(&member(GOOD), id, None).await.unwrap();
    svc.start(&member(EVIL), id).await.unwrap();
    let good = UserId::new(GOOD.to_string());
    svc.change_preferences(&good, |p| {
        p.quiet = Some((22, 7));
        Ok(())
    })
    .await
    .unwrap();
    // Past the host's limit: refused, nothing changes.
    let refused = svc.set_away(&member(GOOD), 11).await.unwrap_err();
    assert!(matches!(refused, ServiceError::AwayDays { max: 10 }), "{refused}");
    assert_eq!(svc.away_of(&good).await.unwrap(), None);
    let until = svc.set_away(&member(GOOD), 3).await.unwrap().expect("away");
    assert_eq!(svc.away_in(&member(EVIL), id).await.unwrap(), vec![(good.clone(), until)]);
    // Evil's setup leaves Good away; Good's own ends it, and only that.
    svc.choose_news(&member(EVIL), id, Chosen::Typed, "setup guarded").await.unwrap();
    assert_eq!(svc.away_of(&good).await.unwrap(), Some(until));
    svc.choose_news(&member(GOOD), id, Chosen::Typed, "setup guarded").await.unwrap();
    assert_eq!(svc.away_of(&good).await.unwrap(), None);
    assert_eq!(svc.preferences(&good).await.unwrap().quiet, Some((22, 7)), "the rest kept");
    assert!(svc.away_in(&member(EVIL), id).await.unwrap().is_empty());
    // Zero days: back at once.
    svc.set_away(&member(GOOD), 2).await.unwrap();
    assert_eq!(svc.set_away(&member(GOOD), 0).await.unwrap(), None);
    assert_eq!(svc.away_of(&good).await.unwrap(), None);
    svc.close().await;
}

on_both!(a_players_absence_ends_with_their_own_move);

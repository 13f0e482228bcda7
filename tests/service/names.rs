//! The names members go by, through the service on each database: kept as a member takes a seat (the
//! latest seat's name), shown on their own server's archive leaderboards alone, forgotten at once when
//! the player keeps their name off the pages, and not kept again until they show it.

use crate::play::Play;
use crate::service::places::{Places, on_both};
use gambit::service::{Caller, Chosen, NewGameRequest, Person, Power, Service};

const SERVER: u64 = 600;
const EVIL: u64 = 2001;
const GOOD: u64 = 2002;

fn member(user: u64, name: &str) -> Caller {
    Caller::member(Person::new(user, false), SERVER, "700", Power::default()).named(name)
}

/// The names on the leaderboards of the server archive `link` names, best first.
async fn named(svc: &Service, link: &str) -> Vec<String> {
    let figures = svc.archive_figures(link).await.unwrap();
    figures.iter().flat_map(|f| &f.ladders).flat_map(|l| l.players.iter().map(|p| p.name.clone())).collect()
}

async fn names_are_kept_as_seats_are_taken_and_forgotten_on_request(places: &Places) {
    let path = places.db("names").await;
    let svc = Service::open(&path).await.unwrap();
    svc.prepare_links(None, 24).await.unwrap();
    let lobby = || NewGameRequest { game: "stratego".into(), seed: Some(5), ..Default::default() };
    let id = svc.create(&member(EVIL, "Vader"), lobby()).await.unwrap();
    svc.join(&member(GOOD, "Leia"), id, None).await.unwrap();
    svc.start(&member(EVIL, "Vader"), id).await.unwrap();
    for user in [EVIL, GOOD] {
        svc.choose_news(&member(user, ""), id, Chosen::Typed, "setup guarded").await.unwrap();
    }
    svc.concede(&member(GOOD, "Leia"), id).await.unwrap();
    let link = svc.archive_link(&member(EVIL, "Vader")).await.unwrap();
    assert_eq!(named(&svc, &link).await, ["Vader", "Leia"], "the winner first");
    // A later seat's name replaces the one kept; a command that takes no seat keeps none.
    svc.create(&member(GOOD, "Leia Organa"), lobby()).await.unwrap();
    svc.stats(&member(EVIL, "Lord Vader"), "stratego", None).await.unwrap();
    assert_eq!(named(&svc, &link).await, ["Vader", "Leia Organa"]);
    // Kept off the pages: forgotten at once, and a new seat keeps none; shown again, from the next seat.
    svc.show_name(&member(GOOD, "Leia"), false).await.unwrap();
    assert_eq!(named(&svc, &link).await, ["Vader", "a player"]);
    svc.create(&member(GOOD, "Leia"), lobby()).await.unwrap();
    assert_eq!(named(&svc, &link).await, ["Vader", "a player"]);
    svc.show_name(&member(GOOD, "Leia"), true).await.unwrap();
    svc.create(&member(GOOD, "Leia"), lobby()).await.unwrap();
    assert_eq!(named(&svc, &link).await, ["Vader", "Leia"]);
    // Another server's archive names nobody of this one.
    let elsewhere = Caller::member(Person::new(EVIL, false), SERVER + 1, "701", Power::default());
    let other = svc.archive_link(&elsewhere).await.unwrap();
    assert!(named(&svc, &other).await.is_empty());
    svc.close().await;
}

on_both!(names_are_kept_as_seats_are_taken_and_forgotten_on_request);

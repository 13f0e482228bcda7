//! Time zones, through the service: a player's quiet hours are hours of their own zone across a
//! daylight-saving change (the clock set on both sides of New York's, 8 March 2026), and of their
//! server's default zone (`/qg-admin defaults timezone:`) when they named none; a zone the time-zone
//! database does not have is refused and changes nothing.

use crate::play::Play;
use gambit::service::{Caller, Chosen, NewGameRequest, Person, Power, ServerChange, Service, ServiceError, UserId};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

const SERVER: u64 = 500;
const EVIL: u64 = 1001;
const GOOD: u64 = 1002;

fn member(user: u64) -> Caller {
    Caller::member(Person::new(user, false), SERVER, "700", Power::default())
}

fn at(utc: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(utc).unwrap().timestamp()
}

/// Whether Evil is pinged when Good's setup, made at `when`, asks Evil for the first move.
async fn evil_pinged_at(svc: &Service, clock: &AtomicI64, when: &str) -> bool {
    let req = NewGameRequest { game: "stratego".into(), seed: Some(5), ..Default::default() };
    let id = svc.create(&member(EVIL), req).await.unwrap();
    svc.join(&member(GOOD), id, None).await.unwrap();
    svc.start(&member(EVIL), id).await.unwrap();
    svc.choose_news(&member(EVIL), id, Chosen::Typed, "setup guarded").await.unwrap();
    clock.store(at(when), Ordering::SeqCst);
    let news = svc.choose_news(&member(GOOD), id, Chosen::Typed, "setup guarded").await.unwrap();
    assert!(news.asked.iter().any(|(_, _, u)| u.as_ref() == Some(&UserId::new(EVIL.to_string()))), "Evil moves first");
    news.pinged.contains(&UserId::new(EVIL.to_string()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quiet_hours_are_the_players_own_or_their_servers_across_a_daylight_saving_change() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(AtomicI64::new(at("2026-03-01T12:00:00Z")));
    let time = clock.clone();
    let svc = Service::open(&dir.path().join("zones.db"))
        .await
        .unwrap()
        .with_clock(Arc::new(move || time.load(Ordering::SeqCst)));
    // Quiet from 22:00 to 07:00 in New York: 02:30 UTC is 21:30 there on 7 March (EST), 22:30 on 10 March
    // (EDT).
    let evil = UserId::new(EVIL.to_string());
    svc.change_preferences(&evil, |p| {
        p.quiet = Some((22, 7));
        p.timezone = Some("America/New_York".into());
        Ok(())
    })
    .await
    .unwrap();
    assert!(evil_pinged_at(&svc, &clock, "2026-03-07T02:30:00Z").await, "21:30 in New York: pinged");
    assert!(!evil_pinged_at(&svc, &clock, "2026-03-10T02:30:00Z").await, "22:30 in New York: quiet");
    // Without a zone of their own, the hours are UTC's: 23:30 UTC is quiet...
    svc.change_preferences(&evil, |p| {
        p.timezone = None;
        Ok(())
    })
    .await
    .unwrap();
    assert!(!evil_pinged_at(&svc, &clock, "2026-03-10T23:30:00Z").await, "23:30 UTC: quiet");
    // ... until their server names its zone: 19:30 in New York.
    let admin =
        Caller::member(Person::new(9u64, false), SERVER, "700", Power { manage_server: true, ..Power::default() });
    let wrong = ServerChange { timezone: Some(Some("Mars/Olympus_Mons".into())), ..ServerChange::default() };
    let refused = svc.change_server_settings(&admin, &wrong).await.unwrap_err();
    assert!(matches!(&refused, ServiceError::UnknownZone(z) if z == "Mars/Olympus_Mons"), "{refused}");
    let guild = admin.guild().unwrap().clone();
    assert_eq!(svc.server_settings(&guild).await.unwrap().timezone, None, "nothing changed");
    let change = ServerChange { timezone: Some(Some("america/new_york".into())), ..ServerChange::default() };
    let saved = svc.change_server_settings(&admin, &change).await.unwrap();
    assert_eq!(saved.timezone.as_deref(), Some("America/New_York"), "by its name, whatever the case");
    assert!(evil_pinged_at(&svc, &clock, "2026-03-10T23:30:00Z").await, "19:30 in New York: pinged");
    assert!(evil_pinged_at(&svc, &clock, "2026-03-07T02:30:00Z").await, "21:30 in New York (EST): pinged");
    assert!(!evil_pinged_at(&svc, &clock, "2026-03-10T02:30:00Z").await, "22:30 in New York (EDT): quiet");
    // A zone of their own comes first: 23:00 in Tokyo is quiet, though it is 10:00 in New York.
    svc.change_preferences(&evil, |p| {
        p.timezone = Some("Asia/Tokyo".into());
        Ok(())
    })
    .await
    .unwrap();
    assert!(!evil_pinged_at(&svc, &clock, "2026-03-10T14:00:00Z").await, "23:00 in Tokyo: quiet");
    // Cleared, the server's zone is UTC again.
    let clear = ServerChange { timezone: Some(None), ..ServerChange::default() };
    assert_eq!(svc.change_server_settings(&admin, &clear).await.unwrap().timezone, None);
    svc.close().await;
}

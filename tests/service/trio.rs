//! The third game, written for the tests alone (`tests/toy`), through the service on each database and
//! through the terminal: its lobby with the computer, its secret and open choices saved step by step, its
//! record keeping rules version 7, and the host's tools (the games list, verify, export, replay) reading it
//! as they read every game, with nothing of its own outside its folder but the line adding it.

use crate::play::Play;
use crate::service::places::{Places, on_both};
use crate::toy;
use gambit::games::{Catalog, Kind};
use gambit::service::{Caller, Chosen, NewGameRequest, Person, Power, Service, Verdict};
use std::sync::Arc;

fn member(user: &str) -> Caller {
    Caller::member(Person::new(user, false), "guild", "channel", Power::default())
}

/// The service with Trio among its games: the one line a third game takes.
async fn service(places: &Places, name: &str) -> Service {
    let svc = Service::open(&places.db(name).await).await.unwrap();
    svc.with_catalog(Catalog::embedded().with(Arc::new(toy::Trio::new())))
}

on_both!(a_third_game_is_played_saved_listed_verified_and_exported_through_the_service);

async fn a_third_game_is_played_saved_listed_verified_and_exported_through_the_service(places: &Places) {
    let svc = service(places, "trio").await;
    let north = member("north");
    let req = NewGameRequest {
        game: toy::KEY.into(),
        computer: Some(toy::LEVEL.into()),
        seed: Some(4),
        ..Default::default()
    };
    let id = svc.create(&north, req).await.unwrap();
    let lobby = svc.table_seen(&north, id).await.unwrap();
    assert_eq!(lobby.seats.len(), 3, "three seats: {:?}", lobby.seats);
    let news = svc.start(&north, id).await.unwrap();
    assert_eq!(news.lines, ["East is ready.", "West is ready."], "the computer bids at once, in secret");
    assert_eq!(svc.game_row(id).await.unwrap().rules, Some(7), "its record keeps its rules version");
    // North bids and takes from its menu until the game is over (the computer answers in the same call).
    while svc.game_row(id).await.unwrap().status == gambit::store::Status::Active {
        let menu = svc.table_menu(&north, id, &[]).await.unwrap();
        let item = menu.items.last().expect("a choice").clone();
        svc.choose_news(&north, id, Chosen::Menu(menu.revision), &item.id).await.unwrap();
    }
    let over = svc.table_seen(&north, id).await.unwrap();
    assert!(over.outcome.is_some(), "{}", over.text);
    // The host's tools read it as they read every game.
    let listed = svc.all_games().await.unwrap().into_iter().flatten().find(|g| g.game == id).expect("listed");
    assert_eq!((listed.key.as_str(), listed.rules, listed.players), ("trio", Some(7), 3));
    assert_eq!(listed.seats.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["north", "east", "west"]);
    let version = svc.game_row(id).await.unwrap().version;
    assert_eq!(svc.verify(id).await, Verdict::Replays { key: "trio".into(), version });
    let script = svc.export(&gambit::service::host::terminal(), id).await.unwrap();
    let replayed = toy::Trio::new().replay(&script, None).unwrap();
    assert_eq!(replayed.steps() as u64, version);
    let told = gambit::cli::script::replay(&toy::Trio::new(), &script, false, Some("spectator")).unwrap();
    assert!(told.contains("The bids are out") && told.contains("Game over: "), "{told}");
    assert!(!told.contains("You bid"), "a spectator never reads a bid before they are out: {told}");
    svc.close().await;
}

/// Trio in the terminal: the human's seat answers by number, the computer plays the others, and the game
/// is saved as a script after every step, which replays to the same end.
#[test]
fn a_third_game_is_played_in_the_terminal_and_replays_from_its_save() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("trio.txt");
    let mut game = toy::Trio::new().open("", 9, None).unwrap();
    let computers = [(1, "random".to_string()), (2, "random".to_string())];
    let input = "1\n".repeat(40);
    let mut out = Vec::new();
    gambit::cli::table_play::play(&mut *game, &computers, Some(&save), &mut input.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let end = game.outcome().expect("played to its end");
    assert!(out.contains(&end.summary), "{out}");
    let saved = std::fs::read_to_string(&save).unwrap();
    let replayed = toy::Trio::new().replay(&saved, None).unwrap();
    assert_eq!(replayed.outcome(), Some(end));
    let json = gambit::cli::script::replay(&toy::Trio::new(), &saved, true, Some("north")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!((json["game"].as_str(), json["rules"].as_u64()), (Some("trio"), Some(7)), "{json}");
}

//! Computer seats in the service: who may seat the computer and where, a game against it played and saved
//! like any other, its plans as secret as a player's, an outside program that gives up conceding for its
//! side, a seat handed to the computer and back, and what it expected told only after the end.

use crate::play::Play;
use crate::service::places::{Places, on_both};
use gambit::games::queens_gambit::ai::Level;
use gambit::games::queens_gambit::rules::{Mode, Role, Seat, Side, Viewer};
use gambit::service::queens_gambit::Update;
use gambit::service::{Caller, NewGameRequest, Person, Power, Service, ServiceError, UserId, Verdict};
use gambit::store::GameId;

fn h(user: &str) -> Caller {
    Caller::host(&gambit::service::host::terminal(), user)
}

fn member(user: &str) -> Caller {
    Caller::member(Person::new(user, false), "guild", "channel", Power::default())
}

const TF: Seat = Seat(0);
const NABOO: Seat = Seat(1);

async fn service(places: &Places) -> Service {
    Service::open(&places.db("computer").await).await.unwrap()
}

/// A lobby created by member "1" on the Trade Federation side.
async fn lobby(svc: &Service, computer: Option<Level>) -> GameId {
    let req = NewGameRequest {
        seat: Some(0),
        computer: computer.map(|l| l.key().to_string()),
        seed: Some(9),
        ..NewGameRequest::of("queens-gambit", "players 2")
    };
    svc.create(&member("1"), req).await.unwrap()
}

async fn the_computer_sits_only_on_an_open_seat_of_a_lobby_and_only_for_someone_at_the_table(places: &Places) {
    let svc = service(places).await;
    let game = lobby(&svc, None).await;
    // A stranger may not seat it; the creator may; not on a person's seat.
    let e = svc.seat_computer(&member("2"), game, NABOO.index(), Some(Level::Hard.key())).await.unwrap_err();
    assert!(matches!(e, ServiceError::NotSeated { .. }), "{e}");
    let e = svc.seat_computer(&member("1"), game, TF.index(), Some(Level::Hard.key())).await.unwrap_err();
    assert!(matches!(e, ServiceError::SeatTaken), "{e}");
    svc.seat_computer(&member("1"), game, NABOO.index(), Some(Level::Hard.key())).await.unwrap();
    // Another level replaces it; "open" takes it off; a person's seat is never opened so.
    svc.seat_computer(&member("1"), game, NABOO.index(), Some(Level::Easy.key())).await.unwrap();
    let seats = svc.summary(&member("1"), game).await.unwrap().seats;
    assert_eq!(seats[1].1, Some(UserId::computer("easy")));
    svc.seat_computer(&member("1"), game, NABOO.index(), None).await.unwrap();
    let e = svc.seat_computer(&member("1"), game, TF.index(), None).await.unwrap_err();
    assert!(matches!(e, ServiceError::ComputerSeat(_)), "{e}");
    // Another server's member never reaches it.
    let elsewhere = Caller::member(Person::new("1", false), "other", "channel", Power::default());
    assert!(matches!(
        svc.seat_computer(&elsewhere, game, NABOO.index(), Some(Level::Easy.key())).await,
        Err(ServiceError::NoGame(_))
    ));
    // The last person out closes the lobby, computer or not.
    svc.seat_computer(&member("1"), game, NABOO.index(), Some(Level::Easy.key())).await.unwrap();
    svc.leave(&member("1"), game).await.unwrap();
    assert!(svc.summary(&member("1"), game).await.unwrap().status.is_over());
}

async fn a_game_against_the_computer_plays_to_the_end_saved_like_any_other_and_its_plans_stay_secret(places: &Places) {
    let svc = service(places).await;
    let game = lobby(&svc, Some(Level::Easy)).await;
    let seats = svc.summary(&member("1"), game).await.unwrap().seats;
    assert_eq!(seats[1].1, Some(UserId::computer("easy")), "the other side's seat");
    svc.start(&member("1"), game).await.unwrap();
    let mut me = gambit::games::queens_gambit::rules::RandomAgent::new(svc.data(), 3);
    let mut steps = 0;
    loop {
        let engine = svc.engine(&gambit::service::host::terminal(), game).await.unwrap();
        if engine.outcome().is_some() {
            break;
        }
        steps += 1;
        assert!(steps < 20_000, "the game goes on too long");
        if let Some(update) = svc.computer_move(game).await.unwrap().and_then(|n| n.into_account::<Update>()) {
            // What the computer did is told like a player's move: never its plan's cards in public.
            let public = update.lines_for(None).join("\n");
            let view = engine.view(Viewer::Seat(NABOO));
            for card in view.seats[NABOO].hand.iter().flatten() {
                let code = &svc.data().card(*card).code;
                assert!(!public.contains(code.as_str()), "the computer's hand shown: {public}");
            }
            continue;
        }
        let dec = engine.decision_for(TF).cloned().expect("someone must decide");
        let choice = me.pick(&engine, &dec);
        let revision = svc.revision(game).await.unwrap();
        svc.act(&member("1"), game, Some(TF), revision, &choice).await.unwrap();
    }
    assert!(matches!(svc.verify(game).await, Verdict::Consistent { .. }));
    // What it expected, each round, now the game is over.
    let expected = svc.expectations(game).await.unwrap();
    assert!(expected.is_empty(), "the easy level does not search: nothing to expect");
}

async fn what_the_computer_expected_is_kept_each_round_and_told_only_after_the_end(places: &Places) {
    let svc =
        service(places).await.with_computers(gambit::games::queens_gambit::ai::Settings::default().scaled(0.02), 1);
    let game = lobby(&svc, Some(Level::Normal)).await;
    svc.start(&member("1"), game).await.unwrap();
    // Round 1: the computer chooses its queen and plans.
    while svc.computer_move(game).await.unwrap().is_some() {}
    assert!(svc.expectations(game).await.unwrap().is_empty(), "nothing is told during the game");
    let engine = svc.engine(&gambit::service::host::terminal(), game).await.unwrap();
    assert!(engine.view(Viewer::Seat(NABOO)).seats[NABOO].locked, "the computer locked its plan");
    // The member concedes: now it may be told.
    svc.concede(&member("1"), game).await.unwrap();
    let expected = svc.expectations(game).await.unwrap();
    assert_eq!(expected.len(), 1, "{expected:?}");
    let (seat, round, chance) = expected[0];
    assert_eq!((seat, round), (NABOO.index(), 1));
    assert!((0.0..=1.0).contains(&chance));
}

async fn an_outside_program_that_gives_up_concedes_for_its_side(places: &Places) {
    // Only the terminal lets outside programs play: the bot never runs what a seat names.
    let bot = service(places).await;
    let svc = service(places).await.with_programs();
    let req = NewGameRequest { sit_out: true, seed: Some(4), ..NewGameRequest::of("queens-gambit", "players 2") };
    let game = svc.create(&h("host"), req).await.unwrap();
    svc.join(&h("me"), game, Some(TF.index())).await.unwrap();
    // A program that exits at once.
    svc.join(&h(UserId::computer("cmd:exit 3").as_str()), game, Some(NABOO.index())).await.unwrap();
    svc.start(&h("me"), game).await.unwrap();
    assert!(bot.computer_move(game).await.unwrap().is_none(), "the bot leaves an outside program's seat alone");
    let news = svc.computer_move(game).await.unwrap().expect("the computer had a question");
    let update = news.into_account::<Update>().expect("the first game's account");
    let o = update.public().outcome().expect("the game is over");
    assert_eq!((o.winner, o.reason), (Side::Tf, gambit::games::queens_gambit::rules::WinReason::Concession));
    assert!(matches!(svc.verify(game).await, Verdict::Consistent { .. }));
}

async fn a_seat_handed_to_the_computer_goes_on_and_comes_back_to_its_player(places: &Places) {
    let svc = service(places).await;
    let req = NewGameRequest { seat: Some(0), seed: Some(5), ..NewGameRequest::of("queens-gambit", "players 2") };
    let game = svc.create(&member("1"), req).await.unwrap();
    svc.join(&member("2"), game, Some(NABOO.index())).await.unwrap();
    svc.start(&member("1"), game).await.unwrap();
    assert!(svc.computer_move(game).await.unwrap().is_none(), "no computer seat yet");
    // Naboo's player is gone: an admin hands the seat to the computer.
    let admin = Caller::member(Person::new("9", false), "guild", "channel", Power::manager());
    let computer = Person::new(UserId::computer("easy"), false);
    svc.replace_seat(&admin, game, NABOO.index(), &computer, false).await.unwrap();
    let moved = svc.computer_move(game).await.unwrap();
    assert!(moved.is_some(), "the computer takes Naboo's question");
    // The player returns: the admin gives the seat back, and the computer stops.
    svc.replace_seat(&admin, game, NABOO.index(), &Person::new("2", false), false).await.unwrap();
    assert!(svc.computer_move(game).await.unwrap().is_none());
    assert!(svc.view(&member("2"), game, None).await.unwrap().seat == Some(NABOO));
    // The computer may hold seats on both sides; a person never.
    let tf = Seat::of(Mode::TwoPlayer, Side::Tf, Role::Field);
    svc.replace_seat(&admin, game, tf.index(), &computer, false).await.unwrap();
    svc.replace_seat(&admin, game, NABOO.index(), &computer, false).await.unwrap();
    svc.replace_seat(&admin, game, tf.index(), &Person::new("1", false), false).await.unwrap();
    let e = svc.replace_seat(&admin, game, NABOO.index(), &Person::new("1", false), false).await.unwrap_err();
    assert!(matches!(e, ServiceError::BothSides { .. }), "{e}");
}

async fn past_a_deadline_the_chosen_stand_in_plays_for_the_player_until_they_are_back(places: &Places) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};
    let now = Arc::new(AtomicI64::new(1_000_000));
    let clock = {
        let now = now.clone();
        Arc::new(move || now.load(Ordering::SeqCst))
    };
    let svc = service(places).await.with_clock(clock);
    let settings = gambit::service::GameSettings { deadline_minutes: Some(60), ..Default::default() };
    let req = NewGameRequest {
        seat: Some(0),
        stand_in: Some("easy".into()),
        settings: Some(settings),
        seed: Some(6),
        ..NewGameRequest::of("queens-gambit", "players 2")
    };
    let game = svc.create(&member("1"), req).await.unwrap();
    assert_eq!(svc.summary(&member("1"), game).await.unwrap().stand_in.as_deref(), Some("easy"));
    svc.join(&member("2"), game, Some(NABOO.index())).await.unwrap();
    svc.start(&member("1"), game).await.unwrap();
    // Nobody plans for an hour: both seats are past the deadline.
    now.fetch_add(61 * 60, Ordering::SeqCst);
    let due = svc.due().await.unwrap();
    assert_eq!(due.len(), 1);
    let stood: Vec<(usize, UserId)> = svc
        .handled(&due[0])
        .await
        .unwrap()
        .map(|n| n.stood_in)
        .unwrap_or_default()
        .into_iter()
        .map(|s| (s.seat, s.user))
        .collect();
    assert_eq!(stood, vec![(TF.index(), UserId::from("1")), (NABOO.index(), UserId::from("2"))]);
    // The computer plays both seats on, its queen and both plans.
    let mut moves = 0;
    while svc.computer_move(game).await.unwrap().is_some() && moves < 40 {
        moves += 1;
    }
    assert!(moves >= 11, "a queen, two plans of 4 cards and their locks: {moves}");
    // The Trade Federation's player is back; someone who was not away cannot take a seat so.
    let e = svc.come_back(&member("3"), game).await.unwrap_err();
    assert!(matches!(e, ServiceError::ComputerSeat(_)), "{e}");
    assert_eq!(svc.come_back(&member("1"), game).await.unwrap(), vec![TF.index()]);
    let seats = svc.summary(&member("1"), game).await.unwrap().seats;
    assert_eq!(seats[0].1, Some(UserId::from("1")));
    assert_eq!(seats[1].1, Some(UserId::computer("easy")), "Naboo's player is still away");
    assert!(svc.come_back(&member("1"), game).await.is_err(), "only once");
    assert!(matches!(svc.verify(game).await, Verdict::Consistent { .. }));
}

on_both!(
    the_computer_sits_only_on_an_open_seat_of_a_lobby_and_only_for_someone_at_the_table,
    a_game_against_the_computer_plays_to_the_end_saved_like_any_other_and_its_plans_stay_secret,
    what_the_computer_expected_is_kept_each_round_and_told_only_after_the_end,
    an_outside_program_that_gives_up_concedes_for_its_side,
    a_seat_handed_to_the_computer_goes_on_and_comes_back_to_its_player,
    past_a_deadline_the_chosen_stand_in_plays_for_the_player_until_they_are_back,
);

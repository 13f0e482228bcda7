//! The Queen's Gambit behind the seam (`games::Engine`): the same games as the engine's own, played from
//! each seat's menu, saved in the same log lines and replayed by the same rules.

use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{Data, GameRng, Mode, Viewer};
use gambit::games::queens_gambit::{Hosted, KEY, Sight, Table};
use gambit::games::{Engine, Kind};

/// Plays a whole game from the menus: each decider's leaves, one picked at random (plans filled with
/// random cards and locked; the scripted computer's choice at `computers`), the invariants checked after
/// every choice.
fn play_through(mode: Mode, seed: u64, computers: &[usize]) -> Table {
    let mut table = Table::new(Data::embedded(), mode, seed);
    let mut rng = GameRng::new(seed);
    for _ in 0..20_000 {
        if table.outcome().is_some() {
            return table;
        }
        let seat = table.deciders()[rng.below(table.deciders().len())];
        let menu = table.menu(seat, &[]);
        assert!(!menu.is_empty() && menu.iter().all(|m| m.leaf), "seat {seat} is asked with a one-level menu");
        let choice = match () {
            _ if computers.contains(&seat) => table.computer_choice(seat, seed).expect("the computer answers"),
            // A plan is filled and locked (random edits alone would rarely lock it).
            _ if menu.iter().any(|m| m.id == "plan lock") => "plan lock".to_string(),
            _ => {
                let adds: Vec<_> = menu.iter().filter(|m| m.id.starts_with("plan add")).collect();
                if adds.is_empty() {
                    menu[rng.below(menu.len())].id.clone()
                } else {
                    adds[rng.below(adds.len())].id.clone()
                }
            }
        };
        assert!(menu.iter().any(|m| m.id == choice), "'{choice}' is one of the menu's choices");
        let steps = table.steps();
        table.apply(seat, &choice).unwrap_or_else(|e| panic!("{choice}: {e}"));
        assert_eq!(table.steps(), steps + 1);
        assert!(table.last_line().unwrap().ends_with(&choice), "the log keeps the choice as given");
        table.game().check_invariants().unwrap_or_else(|e| panic!("after {choice}: {e}"));
    }
    panic!(
        "a game of {} steps has not ended:\n{}",
        table.steps(),
        table.script().lines().rev().take(30).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn whole_games_of_either_mode_play_from_the_menus_and_replay_from_their_own_scripts() {
    let kind = Hosted::new(Data::embedded());
    // The computer at one side: random play alone takes thousands of steps to end a game.
    for (mode, seed, computers) in [(Mode::TwoPlayer, 3, &[1][..]), (Mode::FourPlayer, 4, &[1, 3][..])] {
        let table = play_through(mode, seed, computers);
        let outcome = table.outcome().expect("it ended");
        assert_eq!(outcome.winners.len(), usize::from(mode.seats()) / 2, "a whole side wins");
        let again = kind.replay(&table.script(), None).expect("its own script replays");
        assert_eq!(again.script(), table.script());
        assert_eq!(again.outcome(), Some(outcome));
        let again = again.as_any().downcast_ref::<Table>().expect("a Queen's Gambit table");
        assert_eq!(again.game().state(), table.game().state(), "the same game to the last die");
    }
}

#[test]
fn the_scripted_computer_answers_from_its_seats_menu_to_the_end() {
    let table = play_through(Mode::TwoPlayer, 11, &[0, 1]);
    assert!(table.outcome().is_some());
}

#[test]
fn a_refused_choice_says_why_and_changes_nothing() {
    let mut table = Table::new(Data::embedded(), Mode::TwoPlayer, 8);
    let before = table.script();
    let naboo = 1;
    for bad in ["move 1E4", "plan add NOPE", "", "target"] {
        assert!(table.apply(naboo, bad).is_err(), "'{bad}' is refused");
    }
    assert!(table.apply(7, "plan lock").unwrap_err().contains("2 seats"));
    assert_eq!(table.script(), before);
    assert_eq!(table.steps(), 0);
}

#[test]
fn a_plans_edits_show_nobody_else_anything_and_its_lock_is_told() {
    let mut table = Table::new(Data::embedded(), Mode::TwoPlayer, 21);
    let tf = 0;
    let add = table.menu(tf, &[]).into_iter().find(|m| m.id.starts_with("plan add")).expect("a card to plan");
    table.apply(tf, &add.id).unwrap();
    assert!(!table.last_public(), "a plan's edit is secret");
    assert_eq!(table.event_text(None), None, "nothing for a spectator");
    assert_eq!(table.event_text(Some(1)), None, "nothing for the other side");
    let data = Data::embedded();
    let code = add.id.rsplit(' ').next().unwrap();
    let card = gambit::games::queens_gambit::rules::words::card_name(&data, data.card_by_code(code).unwrap());
    assert!(table.view_text(Some(tf)).contains(&format!("Your plan: {card}.")), "{}", table.view_text(Some(tf)));
    assert!(!table.view_text(None).contains(&card) && !table.view_text(Some(1)).contains(&card));
    // The other side's picture is drawn from its own view: no hand of Trade Federation in it.
    let sight = table.sight(Some(1)).unwrap();
    let sight = sight.downcast_ref::<Sight>().expect("the game's own sight");
    assert_eq!(sight.view.viewer, Viewer::Seat(gambit::games::queens_gambit::rules::Seat(1)));
    assert!(sight.view.seats[gambit::games::queens_gambit::rules::Seat(0)].hand.is_none());
    while !table.menu(tf, &[]).iter().any(|m| m.id == "plan lock") {
        let add = table.menu(tf, &[]).into_iter().find(|m| m.id.starts_with("plan add")).expect("a card to plan");
        table.apply(tf, &add.id).unwrap();
    }
    table.apply(tf, "plan lock").unwrap();
    assert!(table.last_public(), "a lock is told");
    assert_eq!(table.event_text(None).as_deref(), Some("Trade Federation locked in."));
}

#[test]
fn either_side_concedes_and_the_log_says_so_as_the_service_always_wrote_it() {
    let mut table = Table::new(Data::embedded(), Mode::FourPlayer, 2);
    table.apply(3, "concede").unwrap();
    assert_eq!(table.last_line().as_deref(), Some("concede naboo"));
    let outcome = table.outcome().unwrap();
    assert_eq!(outcome.winners, [0, 2], "both Trade Federation seats win");
    assert_eq!(outcome.summary, "Trade Federation wins: the other side conceded.");
    assert!(table.apply(0, "concede").is_err(), "the game is over");
    assert!(table.deciders().is_empty());
}

#[test]
fn the_seams_key_is_the_one_every_saved_game_of_the_first_game_has() {
    // The key the schema gives every record from before there were other games.
    for dialect in ["sqlite", "postgres"] {
        let path = format!("{}/migrations/{dialect}/0009_game_keys.sql", env!("CARGO_MANIFEST_DIR"));
        let sql = std::fs::read_to_string(path).unwrap();
        assert!(sql.contains(&format!("DEFAULT '{KEY}'")), "{sql}");
    }
    let kind = Hosted::new(Data::embedded());
    assert_eq!(kind.key(), KEY);
    assert_eq!(kind.options("players 4\n").unwrap(), "players 4");
    assert!(kind.options("players 3").unwrap_err().contains("2 or 4"));
    assert!(kind.options("variant 2").is_err());
    let four = kind.open("players 4", 9, None).unwrap();
    assert_eq!(four.seat_names().len(), 4);
    assert_eq!(kind.describe("players 4"), "4 players");
    // A script with a test's rigging is not a saved game.
    let rigged = kind.replay("players 2\nseed 1\nforce hit\n", None).err().expect("refused");
    assert!(rigged.contains("only its players' choices"), "{rigged}");
}

#[test]
fn every_level_of_the_first_games_computer_plays_through_the_seam_from_its_seats_view() {
    use gambit::games::effort::Settings;
    use gambit::games::{Player, choice_of};
    let kind = Hosted::new(Data::embedded());
    assert_eq!(kind.levels(), ["easy", "normal", "hard"], "the levels a lobby offers");
    // The searching levels on a small budget: what is checked is that each answers from the menu.
    let effort = Settings::default().scaled(0.01).uncapped();
    let mut table = Table::new(Data::embedded(), Mode::TwoPlayer, 21);
    let mut players: Vec<Box<dyn Player>> = ["normal", "hard"]
        .iter()
        .enumerate()
        .map(|(seat, level)| table.player(level, seat as u64, &effort).expect("a level of the first game"))
        .collect();
    while table.outcome().is_none() {
        let seat = table.deciders()[0];
        let choice = choice_of(&table, seat, players[seat].as_mut()).expect("asked").expect("it answers");
        assert!(table.menu(seat, &[]).iter().any(|m| m.id == choice), "'{choice}' is one of its seat's choices");
        table.apply(seat, &choice).unwrap_or_else(|e| panic!("{choice}: {e}"));
        assert!(table.steps() < 5_000, "the game ends");
    }
    // The easy level is the scripted player the deadline's default choice plays: made with a seed, it
    // chooses what the default does with that seed, through the plans and into their resolution, where
    // another seed plays otherwise somewhere.
    let mut fresh = Table::new(Data::embedded(), Mode::TwoPlayer, 21);
    let mut differs = false;
    while fresh.steps() < 150 && fresh.outcome().is_none() {
        let (seat, seed) = (fresh.deciders()[0], fresh.steps() as u64);
        let mut easy = fresh.player("easy", seed, &effort).unwrap();
        let choice = choice_of(&fresh, seat, easy.as_mut()).expect("asked").expect("it answers");
        assert_eq!(Some(choice.clone()), fresh.computer_choice(seat, seed), "step {seed}");
        differs |= fresh.computer_choice(seat, seed + 1_000) != Some(choice.clone());
        fresh.apply(seat, &choice).unwrap();
    }
    assert!(differs, "another seed plays otherwise somewhere");
    // Nothing is asked once the game is over, and no level is made up.
    assert!((0..2).all(|s| table.seen(s).is_none()), "a finished game asks nobody");
    let err = fresh.player("grandmaster", 1, &effort).err().expect("refused");
    assert!(err.contains("not an agent"), "{err}");
    // A player shown another game's knowledge refuses, it does not panic.
    let stratego = gambit::games::stratego::Table::new(
        gambit::games::stratego::Rules::of(gambit::games::stratego::Variant::Classic),
        gambit::games::stratego::Roster::embedded(),
        1,
    );
    let other = stratego.seen(0).expect("Evil sets up");
    let mut easy = fresh.player("easy", 1, &effort).unwrap();
    let refused = easy.choose(other.as_ref()).unwrap_err();
    assert!(matches!(&refused, gambit::games::NoAnswer::Fault(why) if why.contains("another game")), "{refused:?}");
}

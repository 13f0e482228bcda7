//! Every message the bot builds fits Discord's limits: for every decision random games produce, the
//! public post with its buttons and menus, and the private hand menu.

use gambit::discord::queens_gambit::views;
use gambit::discord::{ids::Action, msg::Row};
use gambit::games::queens_gambit::rules::RandomAgent;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{Data, Game, Mode, Seat, Viewer};
use gambit::service::queens_gambit::{SeatedView, Table, Update};
use gambit::store::Status;
use std::collections::{BTreeSet, HashSet};

fn user_of(s: Seat) -> Option<gambit::service::UserId> {
    Some(format!("10000000000000000{}", s.0).into())
}

#[test]
fn every_message_of_random_games_fits_discord() {
    let d = Data::embedded();
    let mut prompts = HashSet::new();
    let mut biggest = 0;
    for (mode, seed) in [(Mode::TwoPlayer, 1), (Mode::TwoPlayer, 2), (Mode::FourPlayer, 3)] {
        let (mut game, _) = Game::new(d.clone(), mode, seed);
        let mut agent = RandomAgent::new(&d, seed);
        let mut before = BTreeSet::new();
        while game.outcome().is_none() {
            let pending = game.pending().to_vec();
            for dec in &pending {
                prompts.insert(std::mem::discriminant(&dec.prompt));
                biggest = biggest.max(dec.options.len());
                let q = game.question_for(dec.seat).unwrap();
                for page in 0..3 {
                    let rows = views::decision_rows(&d, &q, 42, game.state().step, page, Vec::new());
                    let msg = gambit::discord::msg::Msg { content: "x".into(), rows, ..Default::default() };
                    assert!(msg.violations().is_empty(), "{:?}: {:?}", dec.prompt, msg.violations());
                    // Every option is reachable on some page, and every id routes back.
                    for row in &msg.rows {
                        match row {
                            Row::Buttons(b) => {
                                b.iter().for_each(|b| assert!(Action::parse(&b.id).is_some(), "{}", b.id))
                            }
                            Row::Select(s) => {
                                assert!(Action::parse(&s.id).is_some(), "{}", s.id);
                                // "Choose options 26–50 of 61 (Move to 1E4…)": which options, of how many;
                                // "Choose one of 11 (…)" when they all fit in this one menu.
                                let (range, rest) = match s.placeholder.strip_prefix("Choose one of ") {
                                    Some(rest) => {
                                        let n: usize = rest.split_once(' ').unwrap().0.parse().unwrap();
                                        ((1, n), rest)
                                    }
                                    None => {
                                        let what = s
                                            .placeholder
                                            .strip_prefix("Choose options ")
                                            .unwrap_or_else(|| panic!("{}", s.placeholder));
                                        let (range, rest) = what.split_once(" of ").unwrap();
                                        let (from, to) = range.split_once('–').unwrap();
                                        ((from.parse().unwrap(), to.parse().unwrap()), rest)
                                    }
                                };
                                let (from, to): (usize, usize) = range;
                                assert_eq!(to + 1 - from, s.options.len(), "{}", s.placeholder);
                                assert!(
                                    rest.starts_with(&format!(
                                        "{} (",
                                        dec.options.len()
                                            - usize::from(
                                                dec.options
                                                    .contains(&gambit::games::queens_gambit::rules::Choice::Done)
                                            )
                                    )),
                                    "{}",
                                    s.placeholder
                                );
                            }
                        }
                    }
                }
                let sv = SeatedView {
                    seat: Some(dec.seat),
                    pass: Some(gambit::service::host::terminal().seat(42, dec.seat.index())),
                    seats: vec![dec.seat],
                    view: game.view(Viewer::Seat(dec.seat)),
                    question: Some(q.clone()),
                    revision: game.state().step,
                    moves: game.state().step,
                    status: Status::Active,
                    data: game.data_arc(),
                };
                let hand = views::hand_menu(&d, 42, &sv);
                assert!(hand.violations().is_empty(), "hand: {:?}", hand.violations());
                let confirm = views::confirm_lock(&d, 42, &sv);
                assert!(confirm.violations().is_empty());
            }
            let dec = pending[0].clone();
            let c = agent.pick(&game, &dec);
            let events = game.act(dec.seat, &c).unwrap();
            let table = Table {
                seats: Seat::all(mode).map(|s| (s, user_of(s))).collect(),
                title: "a long title for a game".into(),
                home: None,
            };
            let update = Update::of_game(1, game.state().step, &game, events, &before, table);
            before = game.pending().iter().map(|d| d.seat).collect();
            let post = views::public_post(update.public());
            assert!(post.violations().is_empty(), "post: {:?}", post.violations());
            // The public post never names a card in a hand or a plan.
            for seat in Seat::all(mode) {
                for card in &game.state().seat(seat).hand {
                    assert!(!post.content.contains(&d.card(*card).code), "{}", post.content);
                }
            }
        }
    }
    assert!(prompts.len() >= 12, "random games visit most kinds of decision ({})", prompts.len());
    assert!(biggest > 25, "some decision needs menus and pages ({biggest} options)");
}

#[test]
fn a_decision_with_many_options_is_paged_and_every_option_appears_once() {
    let d = Data::embedded();
    let (mut game, _) = Game::new(d.clone(), Mode::TwoPlayer, 4);
    let mut agent = RandomAgent::new(&d, 4);
    // Find a decision with more options than one page holds.
    let dec = loop {
        let dec = game.pending()[0].clone();
        if dec.options.len() > views::PER_PAGE && !dec.prompt.is_secret() {
            break dec;
        }
        let c = agent.pick(&game, &dec);
        game.act(dec.seat, &c).unwrap();
        assert!(game.outcome().is_none(), "no long decision found");
    };
    let mut seen = Vec::new();
    for page in 0..10 {
        for row in views::decision_rows(&d, &game.question_for(dec.seat).unwrap(), 1, 7, page, Vec::new()) {
            match row {
                Row::Select(s) => seen.extend(s.options.iter().map(|o| o.value.clone())),
                Row::Buttons(b) => seen.extend(b.iter().filter_map(|b| match Action::parse(&b.id) {
                    Some(Action::Choose { choice, .. }) => Some(choice),
                    _ => None,
                })),
            }
        }
    }
    let want: BTreeSet<String> = dec.options.iter().map(|c| c.text(&d)).collect();
    let got: BTreeSet<String> = seen.into_iter().collect();
    assert_eq!(got, want);
}

#[test]
fn a_post_edited_as_its_card_goes_on_keeps_what_it_said_and_adds_what_followed() {
    let d = Data::embedded();
    let (game, _) = Game::new(d.clone(), Mode::TwoPlayer, 1);
    let table = Table { seats: vec![(Seat(0), user_of(Seat(0))), (Seat(1), user_of(Seat(1)))], ..Table::default() };
    let update = Update::of_game(1, 7, &game, Vec::new(), &BTreeSet::new(), table);
    let old = "**Game 1** · round 1\n• Trade Federation reveals X: 3 Battle droid groups.\n➡ <@1> · Trade Federation: choose a unit";
    let lines = vec!["Battle droid group moves B5 → C5.".to_string()];
    // Done: no one to act in this post any more, no buttons.
    let done = views::continued(old, update.public(), &lines, false);
    assert_eq!(
        done.content,
        "**Game 1** · round 1\n• Trade Federation reveals X: 3 Battle droid groups.\n• Battle droid group moves B5 → C5."
    );
    assert!(done.rows.is_empty() && done.ping.is_empty());
    // Still the newest post: whose move it is now closes it, and an edit pings nobody.
    let live = views::continued(old, update.public(), &lines, true);
    assert!(live.content.contains("• Battle droid group moves B5 → C5.\n➡ "), "{}", live.content);
    assert!(!live.content.contains("choose a unit"), "the old turn line goes: {}", live.content);
    assert!(live.ping.is_empty());
}

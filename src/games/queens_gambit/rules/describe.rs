//! Short, exact sentences about decisions, choices and events, shared by the terminal game and the bot.
//! Nothing here reveals hidden information: texts are built only from what their audience may see.

use super::data::{CardId, Data, KindId, action_label_of};
use super::decision::{Choice, Decision, Prompt};
use super::error::Refusal;
use super::event::{DieRoll, Event, EventKind};
use super::needs::Needs;
use super::per::BySide;
use super::piece::PieceId;
use super::pos::Pos;
use super::side::{Mode, Seat, Side};
use super::state::{Phase, State, WinReason};

/// Why a side won, in words.
pub fn why_won(reason: WinReason) -> &'static str {
    match reason {
        WinReason::PalaceFallen => "only two Naboo pieces are left in the palace",
        WinReason::MaulSlain => "the Control Ship is destroyed and Darth Maul is dead",
        WinReason::ThroneRoom => "the Control Ship is destroyed and Naboo holds the throne room",
        WinReason::Concession => "the other side conceded",
    }
}

/// A number with its noun, singular or plural: "1 hit", "3 hits".
pub fn count<N: TryInto<u64>>(n: N, one: &str, many: &str) -> String {
    let n: u64 = n.try_into().unwrap_or(u64::MAX);
    format!("{n} {}", if n == 1 { one } else { many })
}

pub fn kind_name(d: &Data, k: KindId) -> &str {
    &d.unit(k).short
}

pub fn card_name(d: &Data, c: CardId) -> String {
    let card = d.card(c);
    // The code only tells apart cards that share a title.
    if d.cards.iter().filter(|other| other.title == card.title).count() == 1 {
        card.title.clone()
    } else {
        format!("{} [{}]", card.title, card.code)
    }
}

/// "Palace guard 1E4", "Gungan group E3 (2 left)", "Qui-Gon GC6 (damage 3/7)".
pub fn piece_name(d: &Data, s: &State, id: PieceId) -> String {
    let p = s.piece(id);
    let u = d.unit(p.kind);
    let at = p.pos.map(|q| format!(" {q}")).unwrap_or_default();
    let extra = if u.is_group() {
        format!(" ({} of {})", p.members, u.members)
    } else if u.has_track() && p.damage > 0 {
        format!(" (damage {}/{})", p.damage, u.dies_at)
    } else {
        String::new()
    };
    let noun = if u.is_group() { format!("{} group", u.short) } else { u.short.clone() };
    format!("{noun}{at}{extra}")
}

fn piece_at(d: &Data, s: &State, p: Pos) -> String {
    match s.occupant(p) {
        Some(id) => piece_name(d, s, id),
        None => p.to_string(),
    }
}

/// The question, in a line. Long by design: one arm per kind of question (a table of words).
pub fn prompt_text(d: &Data, s: &State, dec: &Decision) -> String {
    match &dec.prompt {
        Prompt::ChooseQueen => "Choose which queen is the real Queen Amidala (secret)".into(),
        Prompt::Plan { size } => {
            let have = s.seat(dec.seat).plan.len();
            format!("Plan your {size} cards for round {} in play order ({have}/{size} chosen), then lock", s.round)
        }
        Prompt::ChooseAction { card } => format!("{}: choose an action", card_name(d, *card)),
        Prompt::ChooseUnit { card, action, left } => choose_unit_text(d, s, dec, *card, *action, left),
        Prompt::Move { piece, movement } => {
            format!(
                "{} moves up to {}: choose where to go, or its own hex to stay put",
                piece_name(d, s, *piece),
                count(*movement, "space", "spaces")
            )
        }
        Prompt::Attack { piece } => {
            format!("{}: choose a target, or done", piece_name(d, s, *piece))
        }
        Prompt::Duel { piece, movement, dice } => {
            format!(
                "{} may still move {} and roll {}: move, attack or done",
                piece_name(d, s, *piece),
                count(*movement, "space", "spaces"),
                count(*dice, "die", "dice")
            )
        }
        Prompt::DuelDice { piece, target } => {
            format!("{} attacks {}: how many dice?", piece_name(d, s, *piece), piece_name(d, s, *target))
        }
        Prompt::Block { grid, starfighter, left } => {
            let layer = match starfighter {
                Some(c) => format!("Starfighter card {}", d.space.starfighters[usize::from(*c)].code),
                None => format!("grid {}", grid + 1),
            };
            format!("Block {} against Anakin on {layer}", count(*left, "more slot", "more slots"))
        }
        Prompt::BonusDecks { count: count_ } => {
            format!(
                "{} earned: how many from the Battlefield deck (the rest from Theed Palace)?",
                count(*count_, "bonus card", "bonus cards")
            )
        }
        Prompt::PlaceStarfighter { starfighter } => {
            format!(
                "Place Starfighter card {} on a grid ahead of Anakin",
                d.space.starfighters[usize::from(*starfighter)].code
            )
        }
        Prompt::ToPalaceGroup => "Choose a battlefield droid group to send to the palace, or done".into(),
        Prompt::StagingHex { left } => {
            format!("Place an arriving droid in the staging zone ({left} to place)")
        }
        Prompt::ActivateHex { left } => {
            format!("Choose a hex next to an MTT for a new droid group ({left} left), or done")
        }
        Prompt::ActivateKind { at } => format!("Which droids arrive at {at}?"),
    }
}

/// The question of which unit acts next, with the kinds still to act (only those with a unit to choose:
/// a dead Panaka is not "left").
fn choose_unit_text(d: &Data, s: &State, dec: &Decision, card: CardId, action: u8, left: &[(KindId, u8)]) -> String {
    let offered = |k: &KindId| {
        dec.options
            .iter()
            .any(|o| matches!(o, Choice::Unit(p) if s.occupant(*p).is_some_and(|id| s.piece(id).kind == *k)))
    };
    let left: Vec<String> = left
        .iter()
        .filter(|(k, n)| *n > 0 && offered(k))
        .map(|(k, n)| {
            // Always with its number: "1 Destroyer droid group", never a bare name that reads as a unit's.
            let phrase = super::data::unit_phrase(d.unit(*k), *n);
            if *n == 1 { format!("1 {phrase}") } else { phrase }
        })
        .collect();
    let act = action_label_of(d, card, action);
    format!("{act}: choose a unit or done (still to act: {})", left.join(", "))
}

/// A label for one of a decision's options: as `choice_label`, with the card named when the option moves
/// or removes a card of the deciding seat's plan.
pub fn option_label(d: &Data, s: &State, dec: &Decision, c: &Choice) -> String {
    let plan = &s.seat(dec.seat).plan;
    let named = |i: &u8| plan.get(usize::from(*i)).map(|card| card_name(d, *card));
    match c {
        Choice::PlanRemove(i) => match named(i) {
            Some(name) => format!("Remove {name} (card {})", i + 1),
            None => choice_label(d, s, c),
        },
        Choice::PlanMove(a, b) => match named(a) {
            Some(name) => format!("Move {name} to place {}", b + 1),
            None => choice_label(d, s, c),
        },
        _ => choice_label(d, s, c),
    }
}

/// A button-sized label for a choice.
pub fn choice_label(d: &Data, s: &State, c: &Choice) -> String {
    match c {
        Choice::Queen(k) => format!("{} is real", kind_name(d, *k)),
        Choice::PlanAdd(card) => format!("Add {}", card_name(d, *card)),
        Choice::PlanRemove(i) => format!("Remove card {}", i + 1),
        Choice::PlanMove(a, b) => format!("Move card {} to {}", a + 1, b + 1),
        Choice::PlanClear => "Clear the plan".into(),
        Choice::PlanSet(_) => "Set the plan".into(),
        Choice::PlanLock => "Lock in".into(),
        Choice::Action(i) => match s.playing_card_for_action() {
            Some(card) => action_label_of(d, card, *i),
            None => format!("Action {}", i + 1),
        },
        Choice::Unit(p) => piece_at(d, s, *p),
        Choice::Move(p) => {
            if s.occupant(*p).is_some() {
                format!("Stay at {p}")
            } else {
                format!("Move to {p}")
            }
        }
        Choice::Target(p) => format!("Attack {}", piece_at(d, s, *p)),
        Choice::Dice(n) => format!("{n} dice"),
        Choice::Block(n) => format!("Block {n}"),
        Choice::Bonus(n) => format!("{n} Battlefield"),
        Choice::Grid(g) => format!("Grid {}", g + 1),
        Choice::Place(p) => format!("Place at {p}"),
        Choice::Kind(k) => kind_name(d, *k).to_string(),
        Choice::Done => "Done".into(),
    }
}

impl State {
    /// The card whose action is being chosen, if that is the pending question.
    pub fn playing_card_for_action(&self) -> Option<CardId> {
        match self.stack.last() {
            Some(super::state::Frame::Card { card, .. }) => Some(*card),
            _ => None,
        }
    }
}

/// What each side still needs to win, one line each, with the numbers now.
pub fn needs_lines(n: &Needs) -> BySide<String> {
    let tf = format!(
        "Trade Federation wins when Naboo is down to {} palace pieces: {} now.",
        n.palace_falls_at, n.naboo_palace_pieces
    );
    let (naboo_room, tf_room) = (n.throne_room[Side::Naboo], n.throne_room[Side::Tf]);
    let room = format!("more pieces in the throne room ({naboo_room} against {tf_room} now)");
    let naboo = match (n.control_ship_destroyed(), n.maul_stands) {
        (true, true) => format!("Control Ship destroyed: Naboo wins when Maul falls or with {room}."),
        // Maul fell after the ship: the next check gives Naboo the game, so this is seldom read.
        (true, false) => "Control Ship destroyed and Maul has fallen: Naboo wins.".to_string(),
        (false, true) => format!(
            "Naboo must first destroy the Control Ship (Anakin on space {} of {}), then win when Maul falls \
             or with {room}.",
            n.anakin, n.control_ship
        ),
        (false, false) => format!(
            "Maul has fallen: Naboo wins once the Control Ship is destroyed (Anakin on space {} of {}).",
            n.anakin, n.control_ship
        ),
    };
    BySide::new(tf, naboo)
}

/// What each side still needs, short enough for a picture's status strip on a phone: the same figures as
/// `needs_lines`.
pub fn needs_brief(n: &Needs) -> BySide<String> {
    let tf = format!("Naboo down to {} palace pieces ({} now)", n.palace_falls_at, n.naboo_palace_pieces);
    let room = format!("throne room {} v {}", n.throne_room[Side::Naboo], n.throne_room[Side::Tf]);
    let ship = format!("the Control Ship (Anakin {} of {})", n.anakin, n.control_ship);
    let naboo = match (n.control_ship_destroyed(), n.maul_stands) {
        (true, true) => format!("Maul, or more in the {room}"),
        (true, false) => "nothing more".to_string(),
        (false, true) => format!("{ship}, then Maul or the {room}"),
        (false, false) => ship,
    };
    BySide::new(tf, naboo)
}

/// Who the game waits for, in a line.
pub fn waiting_for(d: &Data, s: &State) -> String {
    let pending = super::flow::pending(d, s);
    if pending.is_empty() {
        return match s.phase {
            Phase::Over => "nobody (the game is over)".into(),
            _ => "nobody".into(),
        };
    }
    let parts: Vec<String> = pending
        .iter()
        .map(|dec| {
            let what = match dec.prompt {
                Prompt::ChooseQueen => "choosing the real queen".to_string(),
                Prompt::Plan { .. } => "planning".to_string(),
                _ => prompt_text(d, s, dec),
            };
            format!("{} ({what})", dec.seat.title(s.mode))
        })
        .collect();
    parts.join(", ")
}

/// Why a choice was refused, with the legal answers.
pub fn refusal(d: &Data, s: &State, dec: &Decision, c: &Choice) -> Refusal {
    let allowed: Vec<String> = dec.options.iter().take(12).map(|o| o.text(d)).collect();
    let more = dec.options.len().saturating_sub(allowed.len());
    Refusal::NotAllowed { answer: c.text(d), question: sentence(prompt_text(d, s, dec)), allowed, more }
}

/// Ends a text with a full stop unless it already ends a sentence ("?." reads wrong).
pub fn sentence(mut text: String) -> String {
    if !text.ends_with(['.', '?', '!']) {
        text.push('.');
    }
    text
}

fn dice_text(rolls: &[DieRoll]) -> String {
    if rolls.is_empty() {
        return "no dice".into();
    }
    let faces: Vec<String> = rolls.iter().map(|r| format!("{} {}", r.colour, r.face.key())).collect();
    faces.join(", ")
}

fn seat_name(mode: Mode, seat: Seat) -> String {
    seat.title(mode)
}

/// The lines about a run of events, one per event worth reading, except that a card's reveal and the
/// action then chosen for it read as one line ("Naboo reveals Obi-Wan Recovers: Obi-Wan recovers 2.",
/// or "... reveals and plays X." when the action says what the title says), and a round's end followed by
/// the next round's start reads as that start alone.
pub fn event_lines<'a>(d: &Data, m: Mode, events: impl IntoIterator<Item = &'a Event>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // The line of the latest reveal, while nothing else has been said since.
    let mut revealed: Option<(usize, Seat, CardId, bool)> = None;
    // The line of a round's end, while nothing else has been said since.
    let mut ended: Option<usize> = None;
    for e in events {
        if let (EventKind::ActionChosen { card, action, .. }, Some((at, seat, shown, bonus))) = (&e.kind, revealed)
            && *card == shown
        {
            let (name, act) = (card_name(d, *card), action_label_of(d, *card, *action));
            let b = if bonus { " (bonus)" } else { "" };
            out[at] = if act == d.card(*card).title {
                format!("{} reveals and plays {name}{b}.", seat_name(m, seat))
            } else {
                format!("{} reveals {name}{b}: {act}.", seat_name(m, seat))
            };
            revealed = None;
            continue;
        }
        let Some(line) = event_text(d, m, e) else { continue };
        revealed = match e.kind {
            EventKind::CardRevealed { seat, card, bonus } => Some((out.len(), seat, card, bonus)),
            _ => None,
        };
        if matches!(e.kind, EventKind::RoundStarted { .. }) && ended.take().is_some_and(|at| at + 1 == out.len()) {
            out.pop();
        }
        if matches!(e.kind, EventKind::RoundEnded { .. }) {
            ended = Some(out.len());
        }
        out.push(line);
    }
    out
}

/// One line about an event for its audience, or `None` for bookkeeping events nobody needs to read.
/// Long by design: one arm per kind of event, so every word players read about events is in one table.
pub fn event_text(d: &Data, m: Mode, e: &Event) -> Option<String> {
    let name = |k: &KindId| kind_name(d, *k).to_string();
    Some(match &e.kind {
        EventKind::GameStarted { seats } => {
            format!("A {seats}-player game of The Queen's Gambit begins.")
        }
        EventKind::QueenChosen => "Naboo has secretly chosen the real queen.".into(),
        EventKind::RealQueen { kind, .. } => {
            format!("The real queen is the {} (secret).", name(kind))
        }
        EventKind::CardsDealt { seat, cards } if !cards.is_empty() => {
            let names: Vec<String> = cards.iter().map(|c| card_name(d, *c)).collect();
            format!("{} gets: {}", seat_name(m, *seat), names.join("; "))
        }
        EventKind::CardsDealt { .. } => return None,
        EventKind::CardsDrawn { .. } => return None,
        EventKind::DeckReshuffled { deck, cards } => {
            format!("The {} deck was empty: {cards} discards reshuffled into it.", d.deck(*deck).name)
        }
        EventKind::PlanChanged { .. } => return None,
        EventKind::PlanLocked { seat } => format!("{} locked in.", seat_name(m, *seat)),
        EventKind::RoundStarted { round, go_first } => {
            format!("Round {round}: plan your cards. {} goes first.", seat_name(m, *go_first))
        }
        EventKind::BonusQueued { seat, count: n } => {
            let verb = if *n == 1 { "goes" } else { "go" };
            format!("{} {verb} under {}'s plan.", count(*n, "bonus card", "bonus cards"), seat_name(m, *seat))
        }
        EventKind::CardRevealed { seat, card, bonus } => {
            let b = if *bonus { " (bonus)" } else { "" };
            format!("{} reveals {}{b}.", seat_name(m, *seat), card_name(d, *card))
        }
        EventKind::CardDrawnToPlay { seat, card } => {
            format!("{} draws and plays {}.", seat_name(m, *seat), card_name(d, *card))
        }
        EventKind::ActionChosen { card, action, .. } => {
            format!("Action: {}.", action_label_of(d, *card, *action))
        }
        EventKind::UnitActivated { .. } => return None,
        EventKind::Moved { kind, path, .. } => {
            let from = path.first().map(Pos::to_string).unwrap_or_default();
            let to = path.last().map(Pos::to_string).unwrap_or_default();
            format!("{} moves {from} -> {to}.", name(kind))
        }
        EventKind::Attacked {
            attacker_kind, from, target_kind, at, attack, defence, hits, blocks, riposte, ..
        } => {
            let mut t = format!(
                "{} {from} attacks {} {at}: {} = {}",
                name(attacker_kind),
                name(target_kind),
                dice_text(attack),
                count(*hits, "hit", "hits")
            );
            if !defence.is_empty() {
                t.push_str(&format!("; defence {} = {}", dice_text(defence), count(*blocks, "block", "blocks")));
                if *riposte > 0 {
                    t.push_str(&format!(" and {riposte} riposte"));
                }
            }
            t.push('.');
            t
        }
        EventKind::Damaged { kind, at, amount, damage, members, .. } => {
            let u = d.unit(*kind);
            if u.has_track() && *damage >= u.dies_at {
                // More hits than the track has room for: the track is full, not "4/3".
                format!(
                    "{} {at} takes {}: its damage track is full ({}/{}).",
                    name(kind),
                    count(*amount, "hit", "hits"),
                    u.dies_at,
                    u.dies_at
                )
            } else if u.has_track() {
                format!("{} {at} takes {amount} damage ({damage}/{}).", name(kind), u.dies_at)
            } else if u.is_group() {
                format!("{} group {at} loses {} ({members} left).", name(kind), count(*amount, "figure", "figures"))
            } else {
                return None;
            }
        }
        EventKind::Riposte { kind, amount, .. } => {
            format!("Riposte: {} takes {}.", name(kind), count(*amount, "hit", "hits"))
        }
        EventKind::Destroyed { kind, at, .. } => format!("{} {at} is destroyed.", name(kind)),
        EventKind::ShieldDown => "A Fambaa has fallen: the Gungan shield is down for good.".into(),
        EventKind::QueenRevealed { kind, .. } => {
            format!("The {} was the real Queen Amidala.", name(kind))
        }
        EventKind::GuardsSlowed => "The real queen is dead: palace guards now move 2.".into(),
        EventKind::BonusEarned { side, count: n } => {
            format!("{side} earns {}.", count(*n, "bonus card", "bonus cards"))
        }
        EventKind::BonusDrawn { side, battlefield, palace } => {
            format!("{side} draws bonus cards face down: {battlefield} Battlefield, {palace} Theed Palace.")
        }
        EventKind::Recovered { kind, amount, damage, .. } => {
            format!("{} recovers {amount} (damage now {damage}).", name(kind))
        }
        EventKind::StarfighterDrawn { starfighter } => {
            let f = &d.space.starfighters[usize::from(*starfighter)];
            format!("Starfighter card {} drawn ({} dice, blocks {:?}).", f.code, f.dice, f.blocked)
        }
        EventKind::StarfighterPlaced { starfighter, grid } => {
            format!("{} placed on grid {}.", d.space.starfighters[usize::from(*starfighter)].code, grid + 1)
        }
        EventKind::SpaceDefence { rolls, hits, .. } => {
            format!("The Federation rolls {} = {}.", dice_text(rolls), count(*hits, "hit", "hits"))
        }
        EventKind::SlotBlocked { slot, .. } => format!("Slot {slot} blocked."),
        EventKind::AnakinRolled { grid, starfighter, roll, passed } => {
            let verdict = if *passed { "through" } else { "blocked" };
            let against = match starfighter {
                Some(f) => format!("{} on grid {}", d.space.starfighters[usize::from(*f)].code, grid + 1),
                None => format!("grid {}", grid + 1),
            };
            format!("Anakin rolls {} + {} = {} against {against}: {verdict}.", roll.dice[0], roll.dice[1], roll.sum)
        }
        EventKind::StarfighterPassed { starfighter } => {
            format!("Anakin gets past {}; it leaves the game.", d.space.starfighters[usize::from(*starfighter)].code)
        }
        EventKind::AnakinAdvanced { space } => {
            if *space >= d.space.control_ship() {
                "Anakin reaches the Control Ship!".into()
            } else {
                format!("Anakin advances to space {space}.")
            }
        }
        EventKind::ControlShipDestroyed { droids } => {
            format!("The Control Ship explodes: {droids} droids shut down.")
        }
        EventKind::DroidsToPalace { kind, from, placed, lost, .. } => {
            let mut t = format!("{} group {from} heads for the palace", name(kind));
            if !placed.is_empty() {
                let at: Vec<String> = placed.iter().map(Pos::to_string).collect();
                t.push_str(&format!(": arrives at {}", at.join(", ")));
            }
            if *lost > 0 {
                t.push_str(&format!("; {lost} find no room and leave play"));
            }
            t.push('.');
            t
        }
        EventKind::DroidArrived { kind, at, .. } => format!("{} arrives at {at}.", name(kind)),
        EventKind::DroidsActivated { kind, at, members, .. } => {
            format!("New {} group of {members} at {at}.", name(kind))
        }
        // Players see what the answer did (the action, the move, the attack); saying it was the only
        // one would double every such line. Replays print it (`cli/queens_gambit/replay.rs`).
        EventKind::OnlyChoice { .. } => return None,
        EventKind::NoEffect { why } => format!("No effect: {why}."),
        EventKind::CardFinished { .. } => return None,
        EventKind::RoundEnded { round } => format!("Round {round} is over."),
        EventKind::GameOver { winner, reason } => format!("{winner} wins: {}.", why_won(*reason)),
    })
}

#[cfg(test)]
mod wording {
    use super::*;
    use crate::games::queens_gambit::rules::Game;

    #[test]
    fn numbers_agree_with_their_nouns() {
        assert_eq!(count(1u8, "hit", "hits"), "1 hit");
        assert_eq!(count(0u8, "hit", "hits"), "0 hits");
        assert_eq!(count(3usize, "bonus card", "bonus cards"), "3 bonus cards");
        let (g, _) = Game::new(Data::embedded(), Mode::TwoPlayer, 1);
        let (d, s) = (g.data(), g.state());
        let ask = |prompt: Prompt| prompt_text(d, s, &Decision { seat: Seat(0), prompt, options: Vec::new() });
        assert_eq!(
            ask(Prompt::Block { grid: 0, starfighter: None, left: 1 }),
            "Block 1 more slot against Anakin on grid 1"
        );
        assert_eq!(
            ask(Prompt::Block { grid: 0, starfighter: None, left: 2 }),
            "Block 2 more slots against Anakin on grid 1"
        );
        assert!(ask(Prompt::BonusDecks { count: 1 }).starts_with("1 bonus card earned:"));
        let said = |kind| event_text(d, Mode::TwoPlayer, &Event::public(kind)).unwrap_or_default();
        assert_eq!(
            said(EventKind::BonusEarned { side: crate::games::queens_gambit::rules::Side::Tf, count: 1 }),
            "Trade Federation earns 1 bonus card."
        );
        assert_eq!(said(EventKind::BonusQueued { seat: Seat(1), count: 1 }), "1 bonus card goes under Naboo's plan.");
        assert_eq!(said(EventKind::BonusQueued { seat: Seat(1), count: 2 }), "2 bonus cards go under Naboo's plan.");
    }

    #[test]
    fn a_plan_option_names_its_card() {
        let (mut g, _) = Game::new(Data::embedded(), Mode::TwoPlayer, 3);
        let d = g.data_arc();
        g.act(Seat(1), &Choice::Queen(d.kind("red_queen").unwrap())).unwrap();
        let card = g.state().seat(Seat(0)).hand[0];
        g.act(Seat(0), &Choice::PlanAdd(card)).unwrap();
        let dec = g.decision_for(Seat(0)).cloned().unwrap();
        let label = option_label(&d, g.state(), &dec, &Choice::PlanRemove(0));
        assert_eq!(label, format!("Remove {} (card 1)", card_name(&d, card)));
    }
}

//! Rule help and card descriptions, in our own words (no sentence of the rulebook is reproduced).

use crate::discord::bot::{Bot, Out};
use crate::games::queens_gambit::rules::data::{Action, CardDef, Data, action_label_of};

/// Help topics: (key, title, text).
pub const TOPICS: &[(&str, &str, &str)] = &[
    (
        "overview",
        "What the game is",
        "Four battles run at once. Naboo needs Anakin to blow up the droid Control Ship *and* then control the \
         throne room; the Trade Federation wins by cutting the Naboo pieces in the palace (guards, Panaka, both \
         queens and both Jedi) down to two. Cards drive everything: which battle you push, and when.",
    ),
    (
        "round",
        "A round",
        "1. Both sides secretly pick cards from their hand in the order they will play them (4 each; 2 per \
         player with teams) and lock in with /qg hand.\n2. Bonus cards won last round are added after them, \
         face down - even their owner does not know them.\n3. Cards are turned over one at a time, starting \
         with the Go First holder and alternating; a side with cards left keeps playing after the other runs \
         out.\n4. Go First passes on, and everyone draws back up (2 from each deck; 1 each with teams).",
    ),
    (
        "cards",
        "Playing a card",
        "A card offers one or more actions: pick one. An action naming several units activates that many \
         *different* units, in any order you like, mixing kinds freely. Each ordinary unit may move and then \
         attack once; it cannot move after attacking. \"Draw a card and play it\" plays the drawn card at once. \
         Played cards go to their deck's discard pile.",
    ),
    (
        "battlefield",
        "The Plains of Naboo",
        "Gungans, Kaadu and droids fight in groups: a group rolls dice per surviving member and loses one \
         member per unblocked hit. Range 1 means adjacent; range 2 also reaches two hexes away when a hex \
         between them is empty; catapults (range 3) lob over anything. Half spaces at the edge are out of play. \
         While the shield stands, units attack only on their own side of it (the shield-line hexes count for \
         both) and tanks and transports cannot cross it. Kill a Fambaa and the shield is gone for good. Every \
         enemy hex you clear earns a bonus card.",
    ),
    (
        "palace",
        "Theed Palace",
        "Palace pieces move 4 through empty hexes and shoot anything in line of sight: a straight line from \
         centre to centre that no piece, pillar, staircase, throne or closed wall interrupts (a line grazing a \
         hex edge is blocked only if both sides are blocked). Stairs cost 1 to climb; the two ends of a \
         staircase may shoot each other. Doors let pieces through but block sight, except between the two hexes \
         on either side. Window Ledge cards let Naboo jump between window hexes of different floors for 1 move. \
         Viceroys never move and cannot be hurt. Kill the real queen and the guards slow to 2.",
    ),
    (
        "core",
        "The generator core",
        "Only the Jedi and Darth Maul enter the core. They spend up to 12 movement and 3 dice per activation \
         in any order - move, strike with some dice, move again, strike again - and attack only adjacent \
         spaces. Their green die can riposte: that face hits the attacker for 1 however far away. Nobody leaves \
         the core while an enemy duellist lives. Killing Maul gives Naboo 5 bonus cards; each Jedi gives the \
         Trade Federation 3.",
    ),
    (
        "space",
        "Anakin and the Control Ship",
        "Each Anakin action is one try at the next of five grids. The Trade Federation rolls the gray dice \
         shown (2 for a printed grid, 2 to 4 for a Starfighter card stacked on it) and blocks one open slot per \
         hit; Anakin rolls two dice and passes if the total lands on an open slot. A Starfighter card he passes \
         is gone for good and he tries the next layer at once; passing the printed grid moves him one space. \
         When he reaches the Control Ship every droid shuts down.",
    ),
    (
        "winning",
        "Winning",
        "The Trade Federation wins the moment two or fewer Naboo palace pieces remain (the Jedi count). Naboo \
         wins once the Control Ship is destroyed and either Maul is dead, or Naboo has more pieces in the throne \
         room than the Trade Federation (viceroys, droids and Maul count for it). A majority before the ship \
         falls wins nothing yet.",
    ),
    (
        "teams",
        "The 4-player game",
        "Two teams of two. One teammate runs the palace and the duel, the other the battlefield and space; \
         whoever plays a card picks its action, the teammate who runs that battle moves the units. Teammates see \
         each other's hands. Each holds 6 cards and plays 2; play goes around the table TF battlefield, Naboo \
         battlefield, TF palace, Naboo palace. All bonus cards go to the battlefield player.",
    ),
    (
        "house",
        "Our rulings",
        "Where the printed rules are silent we decided: an empty draw pile is refilled by shuffling its \
         discards; a whole droid group goes to the palace, and droids that find no free staging hex are out of \
         play for good; once the real queen is dead, Rush the Palace doubles the guards' slowed move to 4; a \
         Jedi or Sith may leave the core only once every enemy duellist is dead. The printed charts, cards and maps were \
         never published, so this game uses a careful reconstruction.",
    ),
    (
        "commands",
        "Playing on Discord",
        "/qg new starts a game (it gets its own thread). /qg hand opens your private cards and plan. Decisions \
         appear as buttons under the latest board; long lists are menus, or type a choice with /qg choose (it \
         suggests the legal ones). /qg board shows a closer picture, /qg status who we wait for, /qg log what \
         happened, /qg undo takes back your last move if it revealed nothing, /qg notify sets your pings.",
    ),
    (
        "dice",
        "Fair dice",
        "Every shuffle and die roll of a game comes from one secret number, its seed. When the game starts the \
         bot posts a seal: the SHA-256 of \"gambit game N seed S\", which gives nothing away. When it ends the bot \
         reveals the seed and attaches the whole game as a replay script. Anyone can then check that the seed \
         matches the seal (`gambit check-dice FILE --commitment SEAL`) and replay every card and roll \
         (`gambit replay FILE`): the dice could not have been chosen after the fact.\n\
         Colours: red and gray dice attack (a face shows 0, 1 or 2 hits; gray never 2); blue, gold and green \
         dice defend (a face shows 0, 1 or 2 blocks). Green is the duellists' die: its \"hit\" face blocks \
         nothing but strikes the attacker back for 1. A roll reads \"gray 1, gray 0 = 1 hit\".",
    ),
    (
        "names",
        "Hex names and deck codes",
        "A palace hex is its floor, column and row: 1E4 is floor 1, column E, row 4. Floor 0 is the approach \
         outside the palace; the throne room is on floor 3. A battlefield hex has no floor (E4), and the \
         generator core's spaces are GC1, GC2, ... Decks: TB and TP are the Trade Federation's battlefield and \
         palace decks, NB and NP Naboo's; a card's code (TB4) is shown only where cards share a title.",
    ),
];

/// The help text of a topic (the list of topics when unknown).
pub fn topic(key: Option<&str>) -> String {
    let key = key.map(str::trim).unwrap_or("");
    match TOPICS.iter().find(|(k, title, _)| k.eq_ignore_ascii_case(key) || title.eq_ignore_ascii_case(key)) {
        Some((_, title, text)) => format!("**{title}**\n{text}"),
        None => {
            let list: Vec<String> = TOPICS.iter().map(|(k, t, _)| format!("`{k}` {t}")).collect();
            format!("**Rules help** (unofficial; our own words). Topics:\n{}", list.join("\n"))
        }
    }
}

/// A short explanation of one action.
fn action_help(d: &Data, a: &Action) -> &'static str {
    let _ = d;
    match a {
        Action::Units { attack_twice: true, .. } => "up to 6 dice over the turn, at most 3 per attack",
        Action::Units { window: true, .. } => "Naboo pieces may jump between window hexes of different floors",
        Action::Units { move_factor, .. } if !move_factor.is_empty() => "the named units move farther this time",
        Action::Units { .. } => "activate that many different units: each moves, then may attack",
        Action::Anakin => "one try to fly Anakin past the next grid",
        Action::Starfighter => "draw a Starfighter card and stack it on a grid ahead of Anakin",
        Action::DrawAndPlay { .. } => "draw from your deck and play the card at once",
        Action::DroidsToPalace => "a battlefield droid group moves to the palace staging zone",
        Action::ActivateDroids { .. } => "destroyed droids return as new groups next to MTTs",
        Action::Recover { .. } => "remove damage from the character",
    }
}

/// `/qg card`: what a card does, and how many copies its deck holds.
pub fn card(d: &Data, c: &CardDef) -> String {
    let copies = d.deck(c.deck).cards.iter().filter(|id| d.card(**id).title == c.title).count();
    let mut text = format!(
        "**{}** · {} deck · {copies} cop{} (e.g. {})",
        c.title,
        d.deck(c.deck).name,
        if copies == 1 { "y" } else { "ies" },
        c.code
    );
    for (i, a) in c.actions.iter().enumerate() {
        text.push_str(&format!("\n{}. {} - {}", i + 1, action_label_of(d, c.id, i as u8), action_help(d, a)));
    }
    if c.actions.len() > 1 {
        text.push_str("\nPick one action when the card is played.");
    }
    text
}

/// Card titles matching what was typed (for autocomplete), one per distinct title.
pub fn card_titles(d: &Data, typed: &str) -> Vec<String> {
    let t = typed.trim().to_lowercase();
    let mut out: Vec<String> = Vec::new();
    for c in &d.cards {
        let name = format!("{} ({})", c.title, d.deck(c.deck).name);
        if (c.title.to_lowercase().contains(&t) || c.code.to_lowercase() == t) && !out.contains(&name) {
            out.push(name);
        }
    }
    out.truncate(25);
    out
}

/// The card named by an autocomplete answer, a title or a code.
pub fn find_card<'d>(d: &'d Data, name: &str) -> Option<&'d CardDef> {
    let n = name.trim();
    d.cards.iter().find(|c| {
        c.code.eq_ignore_ascii_case(n)
            || c.title.eq_ignore_ascii_case(n)
            || format!("{} ({})", c.title, d.deck(c.deck).name).eq_ignore_ascii_case(n)
    })
}

impl Bot {
    /// `/qg rules`.
    pub fn rules(&self, topic: Option<&str>) -> Out {
        Out::say(self::topic(topic))
    }

    /// `/qg card`.
    pub fn card(&self, name: &str) -> Out {
        let d = self.svc.data();
        match find_card(d, name) {
            Some(c) => Out::say(card(d, c)),
            None => Out::say(format!("There is no card called '{name}'. Start typing and pick a suggestion.")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_topic_fits_a_message_and_unknown_topics_list_them_all() {
        for (k, _, _) in TOPICS {
            let t = topic(Some(k));
            assert!(t.len() < 2000, "{k}");
        }
        let list = topic(Some("nonsense"));
        assert!(TOPICS.iter().all(|(k, _, _)| list.contains(k)));
        assert!(topic(Some("house")).contains("refilled by shuffling"), "the empty-deck house rule is told");
    }

    #[test]
    fn cards_are_found_by_title_code_or_suggestion() {
        let d = Data::embedded();
        let s = card_titles(&d, "rush");
        assert_eq!(s, ["Rush the Palace (Naboo Theed Palace)"]);
        let c = find_card(&d, &s[0]).unwrap();
        assert_eq!(c.title, "Rush the Palace");
        assert!(card(&d, c).contains("2 copies"));
        assert!(find_card(&d, "nb34").is_some());
        assert!(card_titles(&d, "").len() <= 25);
    }
}

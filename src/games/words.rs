//! A game's own words for the shared layers' messages: the bot lays a message out (who is pinged, which
//! buttons, how long), the game names what its players do in it (set up an army, plan, move).

/// What a kind says in every one of its games (fixed, so the shared layers can hold them by reference).
#[derive(Debug)]
pub struct Words {
    /// Its command, as messages tell players to type it (`/stratego`).
    pub command: &'static str,
    /// The public button that opens a player's private menu: before play (secret preparations) and in
    /// play.
    pub prepare_button: &'static str,
    pub play_button: &'static str,
    /// What a pinged player is asked to do, after their name: before play and in play.
    pub prepare_ask: &'static str,
    pub play_ask: &'static str,
    /// A lobby's line on what happens once it starts.
    pub lobby_note: &'static str,
    /// A player's answer once their secret preparation is locked and the other side's is awaited.
    pub locked: &'static str,
    /// What the game's seed decided, for the seal posted as play begins ("every roll").
    pub seeded: &'static str,
    /// What a replay of its script shows again, for the seed's check at the end ("every setup and move").
    pub replayed: &'static str,
    /// What a step that cannot be taken back did ("the last move {showed}: it cannot be taken back").
    pub showed: &'static str,
    /// A form to paste a whole preparation as text before play (none: the game has none).
    pub paste: Option<Paste>,
    /// The word a player types to confirm a concession (none: the game takes one at once).
    pub confirm_concede: Option<&'static str>,
}

/// A form that takes a whole preparation as text (a setup's rows).
#[derive(Debug)]
pub struct Paste {
    /// The button in the private menu that opens it.
    pub button: &'static str,
    pub title: &'static str,
    pub label: &'static str,
    pub placeholder: &'static str,
    /// The choice the pasted lines make, before the lines (joined by ` / `): `draft`.
    pub choice: &'static str,
}

/// The heading of one level of a seat's private menu, and what its list asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    pub text: String,
    pub placeholder: String,
}

//! Why the service refused something: data a front end can act on (each variant carries what explaining
//! it takes), with plain words for the terminal and the logs. A front end words them its own way where it
//! has better means (the Discord layer's mentions and commands: `discord::refusal`). Nothing here names a
//! card in a hand, a plan or the real queen: errors may be shown in public.

use crate::store::{ChannelId, GameId, RoleId, StoreError, UserId};

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("there is no game {0}")]
    NoGame(GameId),
    #[error("you are not playing in game {game}")]
    NotSeated { game: GameId },
    #[error("it is not your move: game {game} is waiting for {waiting}")]
    NotYourTurn { game: GameId, waiting: String },
    /// The seat's secret preparation (a setup) is locked; play begins once the others' are.
    #[error("yours is locked in: game {game} begins once {waiting} is ready")]
    Prepared { game: GameId, waiting: String },
    #[error("you hold several seats with a decision to make: say which seat")]
    WhichSeat,
    /// `expected` and `current` are revisions: every action and every undo raises a game's revision.
    #[error("this has already moved on: game {game} changed since this was shown")]
    Stale { game: GameId, expected: u64, current: u64 },
    /// The same request (a Discord interaction delivered twice) already made its move.
    #[error("that was already done in game {game}")]
    Repeated { game: GameId },
    #[error("game {game} has not started yet")]
    NotStarted { game: GameId },
    #[error("game {game} is paused by an admin")]
    Paused { game: GameId },
    #[error("game {game} is not paused")]
    NotPaused { game: GameId },
    #[error("game {game} is over")]
    Over { game: GameId },
    #[error("game {game} is not over yet")]
    NotOver { game: GameId },
    #[error("game {game} has already started")]
    AlreadyStarted { game: GameId },
    #[error("game {game} has no free seat")]
    Full { game: GameId },
    #[error("that seat is taken")]
    SeatTaken,
    #[error("you already sit in game {game}")]
    AlreadySeated { game: GameId },
    #[error("game {game} still has empty seats")]
    SeatsEmpty { game: GameId },
    #[error("that seat is kept for the player invited to it ({guest})")]
    Reserved { game: GameId, guest: UserId },
    #[error("game {game} waits for the invited player ({guest}) to accept the invitation")]
    AwaitingGuest { game: GameId, guest: UserId },
    #[error("a game is for 2 or 4 players")]
    Players,
    #[error("game {game} has no seat {seat}")]
    NoSeat { game: GameId, seat: u8 },
    #[error("bots cannot play: choose a person")]
    BotSeat,
    #[error("invite someone else: you already sit in the game you create")]
    SelfInvite,
    #[error("you already offered a draw in game {game}: it stands {until}")]
    DrawOffered { game: GameId, until: String },
    #[error("one player cannot play both sides of game {game}")]
    BothSides { game: GameId },
    #[error("games on this server are started in another channel ({channel})")]
    GameChannel { channel: ChannelId },
    #[error("{0}")]
    Quota(crate::store::Quota),
    #[error("too many commands at once: try again in {seconds} s")]
    TooFast { seconds: u64 },
    /// `role`: the server's game master role, whose members may also do it.
    #[error("only members who can manage this server (or have its game master role) may do that")]
    NotAdmin { role: Option<RoleId> },
    #[error("only members who can manage this server may choose the game master role")]
    NotManager,
    #[error("this works only in a server's channel")]
    NeedsServer,
    #[error("{0}")]
    CannotUndo(String),
    /// Text that is not a choice at all (what it should look like is in the message).
    #[error("{0}")]
    NotAChoice(String),
    /// A private menu's button from an older menu (another round, or a plan changed since).
    #[error("this menu is out of date")]
    OutdatedMenu { game: GameId },
    /// The detail is for administrators (the logs).
    #[error("the computer player of game {game} failed: an admin can find why in the bot's log")]
    Computer { game: GameId, detail: String },
    #[error("the bot is stopping: try again in a moment")]
    ShuttingDown,
    #[error("the computer cannot do that: {0}")]
    ComputerSeat(String),
    /// `known`: the keys of the games this bot hosts, in words.
    #[error("there is no game called '{asked}' on this bot: it hosts {known}")]
    UnknownGame { asked: String, known: String },
    /// An absence of more days than the host allows.
    #[error("you may be away for 1 to {max} days (0 says you are back)")]
    AwayDays { max: u32 },
    /// A time zone by a name the time-zone database does not have (as typed).
    #[error("'{0}' is not a time zone I know: name it as Europe/Paris or America/New_York are; nothing was changed")]
    UnknownZone(String),
    /// Statistics asked of a member with no game of it on this server.
    #[error("{member} has played no game of {game} on this server")]
    NeverPlayed { member: UserId, game: String },
    /// The host serves no web pages (`[web] listen` is empty).
    #[error("this bot serves no web pages: its host can turn them on ([web] listen)")]
    NoPages,
    /// The game's server turned its games' web pages off (`ServerSettings::web_pages_off`).
    #[error("this server's admins have turned its games' web pages off")]
    PagesOff,
    /// A player's own link to a web page that has run out (signed, but too old).
    #[error("this link has run out: ask for a new one with the web command in the game's thread")]
    LinkExpired,
    /// A lobby option the game does not take, in the game's words.
    #[error("{0}")]
    Options(String),
    /// A choice the game's rules refuse, in the game's words (built from the chooser's own view).
    #[error("{0}")]
    Refused(String),
    /// A game's own command (a read in its own types) asked of another game's record.
    #[error("game {game} is a game of {key}, which this command does not play")]
    OtherGame { game: GameId, key: String },
    /// The detail may quote a damaged record (a plan line, say): it is for administrators (`detail()`,
    /// `gambit verify`), never shown to players.
    #[error("game {game} cannot be loaded: its saved record is damaged (an admin can check it with `gambit verify`)")]
    Corrupt { game: GameId, detail: String },
    /// The store's own words may name files and queries: they are for administrators (`detail()`, the
    /// logs); players read only that the bot's database or disk failed.
    #[error("{}", store_failure(.0))]
    Store(StoreError),
}

fn store_failure(e: &StoreError) -> &'static str {
    match e {
        StoreError::Full => "the bot's disk is full: nothing was saved",
        _ => "the bot's database failed: nothing was saved",
    }
}

impl ServiceError {
    /// A short name of the refusal, for logs and metrics.
    pub fn code(&self) -> &'static str {
        match self {
            ServiceError::NoGame(_) => "no_game",
            ServiceError::NotSeated { .. } => "not_seated",
            ServiceError::NotYourTurn { .. } => "not_your_turn",
            ServiceError::Prepared { .. } => "prepared",
            ServiceError::WhichSeat => "which_seat",
            ServiceError::Stale { .. } => "stale",
            ServiceError::Repeated { .. } => "repeated",
            ServiceError::NotStarted { .. } => "not_started",
            ServiceError::Paused { .. } => "paused",
            ServiceError::NotPaused { .. } => "not_paused",
            ServiceError::Over { .. } => "over",
            ServiceError::NotOver { .. } => "not_over",
            ServiceError::AlreadyStarted { .. } => "already_started",
            ServiceError::Full { .. } => "full",
            ServiceError::SeatTaken => "seat_taken",
            ServiceError::AlreadySeated { .. } => "already_seated",
            ServiceError::SeatsEmpty { .. } => "seats_empty",
            ServiceError::Reserved { .. } => "reserved",
            ServiceError::AwaitingGuest { .. } => "awaiting_guest",
            ServiceError::Players => "players",
            ServiceError::NoSeat { .. } => "no_seat",
            ServiceError::BotSeat => "bot_seat",
            ServiceError::SelfInvite => "self_invite",
            ServiceError::DrawOffered { .. } => "draw_offered",
            ServiceError::BothSides { .. } => "both_sides",
            ServiceError::GameChannel { .. } => "game_channel",
            ServiceError::Quota(_) => "quota",
            ServiceError::TooFast { .. } => "too_fast",
            ServiceError::NotAdmin { .. } => "not_admin",
            ServiceError::NotManager => "not_manager",
            ServiceError::NeedsServer => "needs_server",
            ServiceError::CannotUndo(_) => "cannot_undo",
            ServiceError::NotAChoice(_) => "not_a_choice",
            ServiceError::OutdatedMenu { .. } => "outdated_menu",
            ServiceError::Computer { .. } => "computer",
            ServiceError::ShuttingDown => "shutting_down",
            ServiceError::ComputerSeat(_) => "computer_seat",
            ServiceError::OtherGame { .. } => "other_game",
            ServiceError::UnknownGame { .. } => "unknown_game",
            ServiceError::NeverPlayed { .. } => "never_played",
            ServiceError::UnknownZone(_) => "unknown_zone",
            ServiceError::AwayDays { .. } => "away_days",
            ServiceError::NoPages => "no_pages",
            ServiceError::LinkExpired => "link_expired",
            ServiceError::PagesOff => "pages_off",
            ServiceError::Options(_) => "options",
            ServiceError::Refused(_) => "refused",
            ServiceError::Corrupt { .. } => "damaged",
            ServiceError::Store(_) => "database",
        }
    }

    /// The whole story, for administrators: a damaged record's detail included.
    pub fn detail(&self) -> String {
        match self {
            ServiceError::Corrupt { game, detail } => format!("game {game} cannot be loaded: {detail}"),
            ServiceError::Computer { game, detail } => format!("the computer player of game {game} failed: {detail}"),
            ServiceError::Store(e) => format!("the database failed: {e}"),
            other => other.to_string(),
        }
    }
}

impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NoGame(g) => ServiceError::NoGame(g),
            StoreError::Stale { game, expected, current } => ServiceError::Stale { game, expected, current },
            StoreError::Repeated { game } => ServiceError::Repeated { game },
            StoreError::Corrupt { game, detail } => ServiceError::Corrupt { game, detail },
            StoreError::Quota(q) => ServiceError::Quota(q),
            other => ServiceError::Store(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_database_is_told_to_players_without_its_own_words() {
        let full = ServiceError::from(StoreError::Full);
        assert_eq!(full.to_string(), "the bot's disk is full: nothing was saved");
        let raw = StoreError::Db(sqlx::Error::Protocol("SELECT secret_column FROM games".into()));
        let failed = ServiceError::from(raw);
        assert_eq!(failed.to_string(), "the bot's database failed: nothing was saved");
        assert!(failed.detail().contains("secret_column"), "administrators get the whole story: {}", failed.detail());
    }
}

//! Who asks the service for something, from where, and with which powers. The front end fills this in
//! from the request itself (a Discord interaction, or the host at a terminal) each time; the service
//! decides from it, at the moment of use, which games the caller can reach and what they may do there.

use crate::store::{ChannelId, GameRow, RoleId, ServerId, UserId};

/// Where a request comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// The host, at the terminal or in a test: every game in the database, with every power.
    Host,
    /// A direct message with the bot: only the games the user plays in, and no admin powers.
    Direct,
    /// A channel of a Discord server: only that server's games.
    Server { guild: ServerId, channel: ChannelId },
}

/// What a member may do on their server, as the interaction reports it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Power {
    /// The member has the Manage Server or the Administrator permission.
    pub manage_server: bool,
    /// The member's role ids (a server's game master role gives admin powers over its games).
    pub roles: Vec<RoleId>,
}

impl Power {
    /// Manage Server (1 << 5) or Administrator (1 << 3), from Discord's permission bits.
    pub fn from_permissions(bits: u64, roles: Vec<RoleId>) -> Power {
        const ADMINISTRATOR: u64 = 1 << 3;
        const MANAGE_GUILD: u64 = 1 << 5;
        Power { manage_server: bits & (ADMINISTRATOR | MANAGE_GUILD) != 0, roles }
    }

    /// A member who may manage the server.
    pub fn manager() -> Power {
        Power { manage_server: true, roles: Vec::new() }
    }
}

/// Someone who could sit in a game: a user id and whether the account is a bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    pub id: UserId,
    pub bot: bool,
}

impl Person {
    pub fn new(id: impl Into<UserId>, bot: bool) -> Person {
        Person { id: id.into(), bot }
    }
}

/// The one asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    person: Person,
    place: Place,
    power: Power,
    /// The request's own id (a Discord interaction's): kept with the action it causes, so a request
    /// delivered twice is applied once.
    request: Option<String>,
    /// The name the caller goes by where they ask (a server member's as the server shows it).
    name: Option<String>,
}

impl Caller {
    /// The host at the terminal (the offline commands and tests): reaches every game. It takes the
    /// host's pass, which only the command line gets.
    pub fn host(_pass: &super::HostPass, user: impl Into<UserId>) -> Caller {
        Caller {
            person: Person::new(user, false),
            place: Place::Host,
            power: Power::manager(),
            request: None,
            name: None,
        }
    }

    /// A user writing to the bot directly.
    pub fn direct(person: Person) -> Caller {
        Caller { person, place: Place::Direct, power: Power::default(), request: None, name: None }
    }

    /// A member of a server, in one of its channels.
    pub fn member(person: Person, guild: impl Into<ServerId>, channel: impl Into<ChannelId>, power: Power) -> Caller {
        Caller {
            person,
            place: Place::Server { guild: guild.into(), channel: channel.into() },
            power,
            request: None,
            name: None,
        }
    }

    /// The same caller, for the request with this id (unique per request, e.g. a Discord interaction id).
    pub fn for_request(mut self, id: impl ToString) -> Caller {
        self.request = Some(id.to_string());
        self
    }

    /// The caller as named where they ask (trimmed, at most 32 characters: Discord's longest name); a
    /// blank name is none.
    pub fn named(mut self, name: &str) -> Caller {
        let name: String = name.trim().chars().take(32).collect();
        self.name = (!name.is_empty()).then_some(name);
        self
    }

    /// The name the caller goes by where they ask, when the front end gave one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The id of the request, when the front end gave one.
    pub fn request(&self) -> Option<&str> {
        self.request.as_deref()
    }

    pub fn user(&self) -> &UserId {
        &self.person.id
    }

    pub fn person(&self) -> &Person {
        &self.person
    }

    pub fn place(&self) -> &Place {
        &self.place
    }

    pub fn power(&self) -> &Power {
        &self.power
    }

    pub fn is_host(&self) -> bool {
        self.place == Place::Host
    }

    /// The server the request comes from.
    pub fn guild(&self) -> Option<&ServerId> {
        match &self.place {
            Place::Server { guild, .. } => Some(guild),
            _ => None,
        }
    }

    /// The channel the request comes from.
    pub fn channel(&self) -> Option<&ChannelId> {
        match &self.place {
            Place::Server { channel, .. } => Some(channel),
            _ => None,
        }
    }

    /// Whether the caller can reach this game at all: the host every game, a member only the games of
    /// their own server, a direct message only the games the user plays in (`seated`). A game out of
    /// reach is answered exactly like a game that does not exist.
    pub fn reaches(&self, game: &GameRow, seated: bool) -> bool {
        self.reaches_game_of(game.guild_id.as_ref(), seated)
    }

    /// `reaches`, from the game's server alone.
    pub fn reaches_game_of(&self, guild: Option<&ServerId>, seated: bool) -> bool {
        match &self.place {
            Place::Host => true,
            Place::Direct => seated,
            Place::Server { guild: mine, .. } => guild == Some(mine),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(guild: Option<&str>) -> GameRow {
        GameRow { guild_id: guild.map(ServerId::from), ..GameRow::sample() }
    }

    #[test]
    fn a_member_reaches_only_the_games_of_their_own_server() {
        let alice = Caller::member(Person::new("1", false), "A", "c", Power::manager());
        assert!(alice.reaches(&row(Some("A")), false));
        assert!(!alice.reaches(&row(Some("B")), true), "not even a game she plays in, from another server");
        assert!(!alice.reaches(&row(None), true), "nor a game of no server");
        let dm = Caller::direct(Person::new("1", false));
        assert!(dm.reaches(&row(Some("B")), true) && !dm.reaches(&row(Some("B")), false));
        assert!(Caller::host(&super::super::host::terminal(), "me").reaches(&row(Some("B")), false));
    }

    #[test]
    fn manage_server_or_administrator_make_a_manager() {
        assert!(Power::from_permissions(1 << 5, vec![]).manage_server);
        assert!(Power::from_permissions(1 << 3, vec![]).manage_server);
        assert!(!Power::from_permissions(0x7fff_ffff & !(1 << 5) & !(1 << 3), vec![]).manage_server);
    }
}

//! A player's own page: a link signed for them, their seat and the game, good for a while; the game as
//! their seat sees it, with their menu; and a choice made there, checked and saved as a click on Discord
//! is (the seat, the menu's stamp, the allowance), then handed to the thread's front end to tell.
//!
//! A link is `{game}-{seat}-{until}-{user, as hex}-{signature}`. One that is forged, or names a seat its
//! user no longer holds, shows nothing (`NoGame`, like a game that does not exist); a signed one past its
//! time says only that it ran out.

use super::{hex, unhex};
use crate::service::query::Reader;
use crate::service::tables::seen::{TableMenu, seen};
use crate::service::tables::{Chosen, Refused};
use crate::service::{Caller, GameId, LoggedMove, Person, Power, Service, ServiceError, TableSeen, UserId};
use crate::store::Time;

/// A player's link to their seat's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatLink {
    /// The link part after the pages' address and `/p/`.
    pub link: String,
    /// The seat it shows, by name, and when it runs out.
    pub seat: String,
    pub until: Time,
}

/// A seat's page: the game as the seat sees it, its menu while it decides, its last moves in its words.
pub struct SeatPage {
    pub seen: TableSeen,
    pub seat: usize,
    /// The seat's name.
    pub seat_name: String,
    /// The menu's level at the path asked for (its first level if that path leads nowhere now).
    pub menu: Option<TableMenu>,
    /// The path to that level.
    pub path: Vec<String>,
    pub moves: Vec<LoggedMove>,
    /// When the link runs out.
    pub until: Time,
    /// The zone its times are stated in: the player's, else their server's.
    pub zone: crate::service::Zone,
}

/// What a seat link signs.
fn message(game: GameId, seat: usize, until: Time, user: &UserId) -> String {
    format!("seat {game} {seat} {until} {user}")
}

/// A seat link's parts.
struct Parsed {
    game: GameId,
    seat: usize,
    until: Time,
    user: UserId,
}

fn parse(link: &str) -> Option<(Parsed, &str)> {
    let mut parts = link.splitn(5, '-');
    let game = parts.next()?.parse().ok()?;
    let seat = parts.next()?.parse().ok()?;
    let until = parts.next()?.parse().ok()?;
    let user = UserId::new(String::from_utf8(unhex(parts.next()?)?).ok()?);
    Some((Parsed { game, seat, until, user }, parts.next()?))
}

impl Service {
    /// A link to `caller`'s own page at table `game`, for the seat they decide at now (else their first),
    /// good for the host's set time from now. Only a seated player gets one.
    pub async fn seat_link(&self, caller: &Caller, game: GameId) -> Result<SeatLink, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "seat_link");
        let life = self.links.get().ok_or(ServiceError::NoPages)?.seat_life;
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        let mine = held.seats_of(caller.user());
        let deciding = held.engine.as_deref().map(|e| e.deciders()).unwrap_or_default();
        let seat = match mine.iter().find(|s| deciding.contains(s)).or(mine.first()) {
            Some(&s) => s,
            None => return Err(ServiceError::NotSeated { game }),
        };
        let guild = held.row.guild_id.clone();
        let until = self.now() + life;
        let user = caller.user();
        let signature = self.signature(&message(game, seat, until, user)).ok_or(ServiceError::NoPages)?;
        let seat_name = held.seat_names().get(seat).cloned().unwrap_or_else(|| format!("seat {}", seat + 1));
        drop(guard);
        self.pages_open(guild.as_ref()).await?;
        Ok(SeatLink {
            link: format!("{game}-{seat}-{until}-{}-{signature}", hex(user.as_str().as_bytes())),
            seat: seat_name,
            until,
        })
    }

    /// Who a seat link speaks for, as a caller at its game (from the game's own server and thread, with no
    /// admin powers), with the game and seat: only while it is in time and its user holds the seat.
    async fn seat_caller(&self, link: &str) -> Result<(Caller, GameId, usize, Time), ServiceError> {
        let nothing = ServiceError::NoGame(0);
        let Some((p, signature)) = parse(link) else { return Err(nothing) };
        if !self.signed(&message(p.game, p.seat, p.until, &p.user), signature) {
            return Err(nothing);
        }
        if p.until <= self.now() {
            return Err(ServiceError::LinkExpired);
        }
        let slot = self.table_slot(p.game);
        let mut guard = slot.lock().await;
        // A game gone is nothing as well; a failure of the database is said as one.
        let held = self.hold_of(&mut guard, p.game, None).await.map_err(|e| match e {
            ServiceError::NoGame(_) => ServiceError::NoGame(0),
            other => other,
        })?;
        if !held.seats_of(&p.user).contains(&p.seat) {
            return Err(nothing);
        }
        let person = Person::new(p.user, false);
        let guild = held.row.guild_id.clone();
        let caller = match (&guild, held.row.home()) {
            (Some(guild), Some(home)) => Caller::member(person, guild.clone(), home, Power::default()),
            _ => Caller::direct(person),
        };
        drop(guard);
        self.pages_open(guild.as_ref()).await?;
        Ok((caller, p.game, p.seat, p.until))
    }

    /// The page a seat link shows: the game as the seat sees it, its menu at `path` while it decides, and
    /// its last `moves`.
    pub async fn seat_page(&self, link: &str, path: &[String], moves: u32) -> Result<SeatPage, ServiceError> {
        let (caller, game, seat, until) = self.seat_caller(link).await?;
        let (seen, seat_name, menu, path) = {
            let slot = self.table_slot(game);
            let mut guard = slot.lock().await;
            let held = self.reach_table(&mut guard, game, &caller).await?;
            let seen = seen(held, caller.user());
            let seat_name = held.seat_names().get(seat).cloned().unwrap_or_default();
            let deciding = held.row.status == crate::store::Status::Active
                && held.engine.as_deref().is_some_and(|e| e.deciders().contains(&seat));
            let mut menu = None;
            let mut path = path.to_vec();
            if deciding {
                let steps: Vec<&str> = path.iter().map(String::as_str).collect();
                menu = self.menu_held(&caller, held, seat, &steps).await.ok().filter(|m| !m.items.is_empty());
                if menu.is_none() && !path.is_empty() {
                    path.clear();
                    menu = self.menu_held(&caller, held, seat, &[]).await.ok();
                }
            }
            (seen, seat_name, menu, path)
        };
        let moves = self.log_of(game, Reader::Caller(&caller), moves).await?;
        let zone = self.zone_of_reader(caller.user(), caller.guild()).await;
        Ok(SeatPage { seen, seat, seat_name, menu, path, moves, until, zone })
    }

    /// A choice made on a seat's page, from its menu made at `stamp`: checked, applied and saved as a
    /// click on Discord is, then handed to the thread's front end to tell (`relayed`). `request` names
    /// the page's form, so a form sent twice is applied once.
    pub async fn seat_choose(&self, link: &str, stamp: u64, choice: &str, request: &str) -> Result<(), Refused> {
        tracing::trace!(target: "gambit::service::call", call = "seat_choose");
        let (caller, game, seat, _) = self.seat_caller(link).await?;
        let caller = caller.for_request(format!("web-{request}"));
        let answered = self.choose(&caller, game, Some(seat), Chosen::Menu(stamp), choice).await?;
        self.relay(answered.news);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_link_reads_back_its_parts_and_nothing_else() {
        let user = hex(b"1234");
        let link = format!("7-1-99-{user}-abcd");
        let (p, signature) = parse(&link).expect("parts");
        assert_eq!((p.game, p.seat, p.until, p.user.as_str(), signature), (7, 1, 99, "1234", "abcd"));
        for bad in ["7-1-99-zz-abcd", "7-x-99-31-abcd", "7-1-99-31", "", "seven-1-99-31-ab"] {
            assert!(parse(bad).is_none(), "{bad}");
        }
    }
}

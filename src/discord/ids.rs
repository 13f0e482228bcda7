//! Component custom ids: every button and menu carries the game, the seat and the game version it was
//! made for, so a click is routed by its id alone (after a restart, days later) and a stale or foreign
//! click is recognised and refused.
//!
//! Format: `qg:<tag>:<game>:<seat>:<version>:<argument>`, at most 100 characters. A seat or version that
//! does not apply is written `-`.

use crate::service::GameId;

/// What a component does when used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Answer the seat's decision with this choice (its text form).
    Choose {
        game: GameId,
        seat: usize,
        version: u64,
        choice: String,
    },
    /// A select menu of choices: the picked values are choice texts.
    Pick {
        game: GameId,
        seat: usize,
        version: u64,
    },
    /// Show page `page` of the seat's options, privately.
    Page {
        game: GameId,
        seat: usize,
        version: u64,
        page: u8,
    },
    /// Open the seat's private hand menu.
    Hand {
        game: GameId,
        seat: usize,
    },
    /// Ask to confirm locking the plan.
    ConfirmLock {
        game: GameId,
        seat: usize,
        version: u64,
    },
    /// Take a seat (any free seat when `None`).
    Join {
        game: GameId,
        seat: Option<usize>,
    },
    Leave {
        game: GameId,
    },
    Start {
        game: GameId,
    },
    /// Show the board privately, as the clicker may see it: its part `part` (a game's own key, such as
    /// a theatre of the first game's), or all of it when empty.
    Board {
        game: GameId,
        part: String,
    },
    /// An admin confirms taking this seat themselves (and so seeing its hand).
    TakeSeat {
        game: GameId,
        seat: usize,
    },
    /// The lobby's menu seating the computer: each picked value is "SEAT:LEVEL" (a seat number from 1, a
    /// level or "open" to free a seat the computer holds).
    Computer {
        game: GameId,
    },
    /// Open the clicker's private menu of a table after the steps of `path` (space-separated), at page
    /// `page`; `version` is the public revision it was made at (none: as the table is now).
    TableMenu {
        game: GameId,
        version: Option<u64>,
        page: u8,
        path: String,
    },
    /// A table menu's select: the picked value is the next step, or a whole choice.
    TablePick {
        game: GameId,
        version: u64,
        path: String,
    },
    /// Open the form to paste a setup (and the form's own id, when it is submitted).
    TableForm {
        game: GameId,
    },
}

pub const PREFIX: &str = "qg";
pub const MAX_LEN: usize = 100;
/// The most seats a game has (a seat number in an id is below it).
const MAX_SEATS: usize = 8;

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|x| x.to_string()).unwrap_or_else(|| "-".into())
}

impl Action {
    /// The game of a table's pick or form, which only the tables' menus make (a level of a menu, a pasted
    /// setup); none for every other button: the first game's own, and a table's lobby, menu and board
    /// buttons, which serve every game (each drawn by its room: `discord::room`).
    pub fn table(&self) -> Option<GameId> {
        match self {
            Action::TableForm { game } => Some(*game),
            _ => None,
        }
    }

    /// Whether it belongs to a game's own private menu (its room draws and reads it: the first game's
    /// hand and plan), not to the buttons every game shares.
    pub fn own_menu(&self) -> bool {
        matches!(
            self,
            Action::Choose { .. }
                | Action::Pick { .. }
                | Action::Page { .. }
                | Action::Hand { .. }
                | Action::ConfirmLock { .. }
        )
    }

    /// The custom id; `None` if it would not fit Discord's 100 characters.
    pub fn id(&self) -> Option<String> {
        let (tag, game, seat, version, arg): (&str, GameId, Option<usize>, Option<u64>, String) = match self {
            Action::Choose { game, seat, version, choice } => ("c", *game, Some(*seat), Some(*version), choice.clone()),
            Action::Pick { game, seat, version } => ("s", *game, Some(*seat), Some(*version), String::new()),
            Action::Page { game, seat, version, page } => ("p", *game, Some(*seat), Some(*version), page.to_string()),
            Action::Hand { game, seat } => ("h", *game, Some(*seat), None, String::new()),
            Action::ConfirmLock { game, seat, version } => ("k", *game, Some(*seat), Some(*version), String::new()),
            Action::Join { game, seat } => ("j", *game, *seat, None, String::new()),
            Action::Leave { game } => ("l", *game, None, None, String::new()),
            Action::Start { game } => ("t", *game, None, None, String::new()),
            Action::Board { game, part } => ("b", *game, None, None, part.clone()),
            Action::TakeSeat { game, seat } => ("r", *game, Some(*seat), None, String::new()),
            Action::Computer { game } => ("a", *game, None, None, String::new()),
            Action::TableMenu { game, version, page, path } => ("M", *game, None, *version, format!("{page}|{path}")),
            Action::TablePick { game, version, path } => ("N", *game, None, Some(*version), path.clone()),
            Action::TableForm { game } => ("F", *game, None, None, String::new()),
        };
        let id = format!("{PREFIX}:{tag}:{game}:{}:{}:{arg}", opt(seat), opt(version));
        (id.len() <= MAX_LEN).then_some(id)
    }

    /// Read a custom id; `None` for ids that are not ours or are malformed.
    pub fn parse(id: &str) -> Option<Action> {
        let mut parts = id.splitn(6, ':');
        let (prefix, tag, game, seat, version, arg) =
            (parts.next()?, parts.next()?, parts.next()?, parts.next()?, parts.next()?, parts.next()?);
        if prefix != PREFIX || id.len() > MAX_LEN {
            return None;
        }
        let game: GameId = game.parse().ok().filter(|g| *g > 0)?;
        let seat: Option<usize> = match seat {
            "-" => None,
            s => Some(s.parse().ok().filter(|n: &usize| *n < MAX_SEATS)?),
        };
        let version: Option<u64> = match version {
            "-" => None,
            v => Some(v.parse().ok()?),
        };
        let need_seat = seat;
        Some(match tag {
            "c" if !arg.is_empty() => {
                Action::Choose { game, seat: need_seat?, version: version?, choice: arg.to_string() }
            }
            "s" => Action::Pick { game, seat: need_seat?, version: version? },
            "p" => Action::Page { game, seat: need_seat?, version: version?, page: arg.parse().ok()? },
            "h" => Action::Hand { game, seat: need_seat? },
            "k" => Action::ConfirmLock { game, seat: need_seat?, version: version? },
            "j" => Action::Join { game, seat },
            "l" => Action::Leave { game },
            "t" => Action::Start { game },
            "b" => Action::Board { game, part: arg.to_string() },
            "r" => Action::TakeSeat { game, seat: need_seat? },
            "a" => Action::Computer { game },
            // A table's lobby and board buttons from before every game shared them.
            "J" => Action::Join { game, seat: None },
            "S" => Action::Start { game },
            "L" => Action::Leave { game },
            "V" => Action::Board { game, part: String::new() },
            "M" => {
                let (page, path) = arg.split_once('|')?;
                Action::TableMenu { game, version, page: page.parse().ok()?, path: path.to_string() }
            }
            "N" => Action::TablePick { game, version: version?, path: arg.to_string() },
            "F" => Action::TableForm { game },
            _ => return None,
        })
    }

    /// What the component does, in a word (for logs: the id itself may carry a plan's cards).
    pub fn name(&self) -> &'static str {
        match self {
            Action::Choose { .. } => "choose",
            Action::Pick { .. } => "pick",
            Action::Page { .. } => "page",
            Action::Hand { .. } => "hand",
            Action::ConfirmLock { .. } => "confirm_lock",
            Action::Join { .. } => "join",
            Action::Leave { .. } => "leave",
            Action::Start { .. } => "start",
            Action::Board { .. } => "board",
            Action::TakeSeat { .. } => "take_seat",
            Action::Computer { .. } => "computer",
            Action::TableMenu { .. } => "table_menu",
            Action::TablePick { .. } => "table_pick",
            Action::TableForm { .. } => "table_form",
        }
    }

    pub fn game(&self) -> GameId {
        match self {
            Action::Choose { game, .. }
            | Action::Pick { game, .. }
            | Action::Page { game, .. }
            | Action::Hand { game, .. }
            | Action::ConfirmLock { game, .. }
            | Action::Join { game, .. }
            | Action::Leave { game }
            | Action::Start { game }
            | Action::Board { game, .. }
            | Action::TakeSeat { game, .. }
            | Action::Computer { game }
            | Action::TableMenu { game, .. }
            | Action::TablePick { game, .. }
            | Action::TableForm { game } => *game,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips_through_its_id() {
        let all = [
            Action::Choose { game: 7, seat: 1, version: 42, choice: "move 1E4".into() },
            Action::Choose { game: 7, seat: 3, version: 0, choice: "plan add NB07".into() },
            Action::Pick { game: 123456, seat: 0, version: 2000 },
            Action::Page { game: 9, seat: 2, version: 5, page: 3 },
            Action::Hand { game: 9, seat: 0 },
            Action::ConfirmLock { game: 9, seat: 1, version: 8 },
            Action::Join { game: 9, seat: None },
            Action::Join { game: 9, seat: Some(2) },
            Action::Leave { game: 9 },
            Action::Start { game: 9 },
            Action::Board { game: 9, part: "palace".into() },
            Action::Board { game: 9, part: String::new() },
            Action::TakeSeat { game: 9, seat: 3 },
            Action::Computer { game: 9 },
            Action::TableMenu { game: 9, version: None, page: 0, path: String::new() },
            Action::TableMenu { game: 9, version: Some(4), page: 1, path: "b4".into() },
            Action::TablePick { game: 9, version: 12, path: "b4".into() },
            Action::TableForm { game: 9 },
        ];
        for a in all {
            let id = a.id().unwrap();
            assert!(id.len() <= MAX_LEN);
            assert_eq!(Action::parse(&id), Some(a.clone()), "{id}");
            assert_eq!(Action::parse(&id).unwrap().game(), a.game());
        }
    }

    #[test]
    fn malformed_and_foreign_ids_are_not_ours() {
        for id in [
            "",
            "qg",
            "other:c:1:1:1:move E4",
            "qg:c:1:1:1:",
            "qg:c:x:1:1:move E4",
            "qg:c:0:1:1:move E4",
            "qg:c:1:9:1:move E4",
            "qg:c:1:8:1:move E4",
            "qg:c:1:-:1:move E4",
            "qg:c:1:1:-:move E4",
            "qg:z:1:1:1:x",
            "qg:p:1:1:1:many",
        ] {
            assert_eq!(Action::parse(id), None, "{id}");
        }
        let long = Action::Choose { game: 1, seat: 0, version: 1, choice: "x".repeat(120) };
        assert_eq!(long.id(), None, "an id over 100 characters is never produced");
    }

    /// Buttons posted before every game shared its lobby and board buttons keep working as those.
    #[test]
    fn a_tables_lobby_and_board_buttons_from_before_read_as_every_games() {
        assert_eq!(Action::parse("qg:J:4:-:-:"), Some(Action::Join { game: 4, seat: None }));
        assert_eq!(Action::parse("qg:S:4:-:-:"), Some(Action::Start { game: 4 }));
        assert_eq!(Action::parse("qg:L:4:-:-:"), Some(Action::Leave { game: 4 }));
        assert_eq!(Action::parse("qg:V:4:-:-:"), Some(Action::Board { game: 4, part: String::new() }));
        assert!(Action::Hand { game: 4, seat: 0 }.own_menu() && !Action::Start { game: 4 }.own_menu());
    }

    #[test]
    fn choice_text_may_contain_separators() {
        let a = Action::Choose { game: 1, seat: 0, version: 1, choice: "plan set NB01 NB02:odd".into() };
        assert_eq!(Action::parse(&a.id().unwrap()), Some(a));
    }
}

//! A scripted player's taste, from what anyone sees on the boards. A card is worth what its best action
//! could do now: a unit's activation its dice, more when it stands near an enemy; Anakin's attempt is
//! Naboo's way to the Control Ship; sending droids to the palace is the Trade Federation's way in. While
//! a card resolves, it takes the most useful action, activates the units nearest the fight, moves
//! towards the nearest enemy (Naboo heads for the throne room once Anakin nears the Control Ship),
//! attacks the enemy nearest death, rolls every die it may, and blocks the slots Anakin's two dice hit
//! most. Not a rule of the game: the computer's easy level plays by it (from its seat's view), and the
//! search's playouts play by it (from a sampled world), so both read the same few lines.

use super::data::{Action, CardId, Data};
use super::decision::{Choice, Prompt};
use super::piece::PieceId;
use super::playout::Maps;
use super::pos::Pos;
use super::side::Side;

/// A piece on the boards as anyone sees it.
#[derive(Copy, Clone, Debug)]
pub struct Unit {
    pub id: PieceId,
    pub kind: super::data::KindId,
    pub side: Side,
    pub pos: Pos,
    pub damage: u8,
}

/// What a side sees that its taste depends on.
#[derive(Clone, Debug, Default)]
pub struct Taste {
    pub units: Vec<Unit>,
    /// Anakin's space, and the Control Ship's.
    pub anakin: u8,
    pub control_ship: u8,
    /// Destroyed droids waiting to come back, and MTTs to bring them.
    pub droids_destroyed: bool,
    /// Where each unit stands, looked up once.
    spots: Vec<Spot>,
    /// Each unit's attack dice (at least one), looked up once.
    attack_dice: Vec<f64>,
    /// The spots of each side's units on each board (battlefield, palace, core): where enemies are looked
    /// for.
    boards: [[Vec<Spot>; 3]; 2],
}

/// A position on its board, ready for distances.
#[derive(Copy, Clone, Debug, Default)]
enum Spot {
    Field(hexx::Hex),
    Palace(hexx::Hex, u8),
    Core(u8),
    #[default]
    Nowhere,
}

impl Spot {
    fn of(d: &Data, p: Pos) -> Spot {
        match p {
            Pos::Field { .. } => d.field.index_of(p).map_or(Spot::Nowhere, |i| Spot::Field(d.field.cells[i].hex)),
            Pos::Palace { floor, .. } => {
                d.palace.index_of(p).map_or(Spot::Nowhere, |i| Spot::Palace(d.palace.cells[i].hex, floor))
            }
            Pos::Core(c) => Spot::Core(c),
        }
    }

    /// Which board: 0 the battlefield, 1 the palace, 2 the core.
    fn board(self) -> Option<usize> {
        match self {
            Spot::Field(_) => Some(0),
            Spot::Palace(..) => Some(1),
            Spot::Core(_) => Some(2),
            Spot::Nowhere => None,
        }
    }

    fn apart(self, other: Spot) -> u32 {
        match (self, other) {
            (Spot::Field(a), Spot::Field(b)) => a.unsigned_distance_to(b),
            (Spot::Palace(a, f), Spot::Palace(b, g)) => a.unsigned_distance_to(b) + 2 * u32::from(f.abs_diff(g)),
            (Spot::Core(x), Spot::Core(y)) => u32::from(x.abs_diff(y)),
            _ => 99,
        }
    }
}

/// Steps between two positions, roughly: hexes apart on the same board (a palace floor counts two),
/// spaces apart in the core; far for different battles.
pub fn apart(d: &Data, a: Pos, b: Pos) -> u32 {
    Spot::of(d, a).apart(Spot::of(d, b))
}

#[cfg(test)]
fn apart_slowly(d: &Data, a: Pos, b: Pos) -> u32 {
    match (a, b) {
        (Pos::Field { .. }, Pos::Field { .. }) => match (d.field.index_of(a), d.field.index_of(b)) {
            (Some(i), Some(j)) => d.field.cells[i].hex.unsigned_distance_to(d.field.cells[j].hex),
            _ => 99,
        },
        (Pos::Palace { floor: f, .. }, Pos::Palace { floor: g, .. }) => {
            match (d.palace.index_of(a), d.palace.index_of(b)) {
                (Some(i), Some(j)) => {
                    d.palace.cells[i].hex.unsigned_distance_to(d.palace.cells[j].hex) + 2 * u32::from(f.abs_diff(g))
                }
                _ => 99,
            }
        }
        (Pos::Core(x), Pos::Core(y)) => u32::from(x.abs_diff(y)),
        _ => 99,
    }
}

impl Taste {
    /// How much a unit of `side` at `i` would do if activated: its dice (at least one), weighed by how
    /// near the nearest enemy is.
    pub fn unit_worth(&self, i: usize) -> f64 {
        if i < self.units.len() { self.worth_now(i) } else { 0.0 }
    }

    /// Spots looked up once the units are known.
    fn prepared(mut self, d: &Data) -> Taste {
        self.spots = self.units.iter().map(|u| Spot::of(d, u.pos)).collect();
        for (u, spot) in self.units.iter().zip(&self.spots) {
            if let Some(b) = spot.board() {
                self.boards[u.side.index()][b].push(*spot);
            }
        }
        self.attack_dice = self.units.iter().map(|u| d.unit(u.kind).attack.len().max(1) as f64).collect();
        self
    }

    fn worth_now(&self, i: usize) -> f64 {
        let u = &self.units[i];
        let dice = self.attack_dice[i];
        let near = self.nearest_enemy(u.side, self.spots[i]);
        // Standing next to an enemy triples it; far away, moving is still worth something.
        let contact = 1.0 + 2.0 / (1.0 + f64::from(near.saturating_sub(1)));
        dice * contact
    }

    /// Steps from `spot` to the nearest enemy of `side` on the same board (99: none there).
    fn nearest_enemy(&self, side: Side, spot: Spot) -> u32 {
        let Some(b) = spot.board() else { return 99 };
        self.boards[side.other().index()][b].iter().map(|e| spot.apart(*e)).min().unwrap_or(99)
    }

    /// What one of the card's actions is worth to `side` now.
    pub fn action_worth(&self, d: &Data, side: Side, a: &Action) -> f64 {
        let progress = f64::from(self.anakin) / f64::from(self.control_ship.max(1));
        match a {
            Action::Units { parts, attack_twice, .. } => {
                let mut total = 0.0;
                for (kind, n) in parts {
                    let mut worths: Vec<f64> = (0..self.units.len())
                        .filter(|i| self.units[*i].kind == *kind && self.units[*i].side == side)
                        .map(|i| self.unit_worth(i))
                        .collect();
                    worths.sort_by(|a, b| b.total_cmp(a));
                    total += worths.iter().take(usize::from(*n)).sum::<f64>();
                }
                if *attack_twice { total * 1.6 } else { total }
            }
            Action::Anakin => 6.0 + 6.0 * progress,
            Action::Starfighter => 2.0 + 6.0 * progress,
            Action::DrawAndPlay { times, .. } => 3.0 * f64::from(*times),
            Action::DroidsToPalace => {
                let groups = self.units.iter().filter(|u| u.side == side && d.unit(u.kind).becomes.is_some()).count();
                if groups > 0 { 8.0 } else { 0.0 }
            }
            Action::ActivateDroids { groups } => {
                let mtts = self.units.iter().filter(|u| u.side == side && d.unit(u.kind).traits.deploys_droids).count();
                if self.droids_destroyed && mtts > 0 { 3.0 * f64::from(*groups) } else { 0.0 }
            }
            Action::Recover { kind, amount } => self
                .units
                .iter()
                .find(|u| u.kind == *kind && u.side == side)
                .map_or(0.0, |u| 3.0 * f64::from(u.damage.min(*amount))),
        }
    }

    /// What a card is worth to `side` now: its best action.
    pub fn card_worth(&self, d: &Data, side: Side, card: CardId) -> f64 {
        d.card(card).actions.iter().map(|a| self.action_worth(d, side, a)).fold(0.0, f64::max)
    }
}

/// Whether destroyed figures of a battlefield droid group wait to come back.
fn droids_waiting(d: &Data, destroyed: &[u16]) -> bool {
    d.units
        .iter()
        .filter(|u| u.traits.droid && u.becomes.is_some())
        .any(|u| destroyed.get(usize::from(u.figure.0)).is_some_and(|n| *n > 0))
}

impl Taste {
    /// The boards as a seat's view shows them.
    pub fn of_view(d: &Data, v: &super::view::View) -> Taste {
        Taste {
            units: v
                .pieces
                .iter()
                .map(|p| Unit { id: p.id, kind: p.kind, side: p.side, pos: p.pos, damage: p.damage })
                .collect(),
            anakin: v.space.anakin,
            control_ship: d.space.control_ship(),
            droids_destroyed: droids_waiting(d, &v.destroyed),
            spots: Vec::new(),
            attack_dice: Vec::new(),
            boards: Default::default(),
        }
        .prepared(d)
    }

    /// The boards of a game's state (what anyone sees of it).
    pub fn of_state(d: &Data, s: &super::state::State) -> Taste {
        Taste {
            units: s
                .living()
                .filter_map(|(id, p)| {
                    let side = d.unit(p.kind).side;
                    p.pos.map(|pos| Unit { id, kind: p.kind, side, pos, damage: p.damage })
                })
                .collect(),
            anakin: s.space.anakin,
            control_ship: d.space.control_ship(),
            droids_destroyed: droids_waiting(d, &s.destroyed),
            spots: Vec::new(),
            attack_dice: Vec::new(),
            boards: Default::default(),
        }
        .prepared(d)
    }
}

impl Taste {
    /// How far `to` is from where `me` wants to be.
    fn distance(&self, d: &Data, maps: &Maps, me: &Unit, to: Pos) -> u32 {
        let late = self.anakin + 1 >= self.control_ship;
        if me.side == Side::Naboo && late && matches!(to, Pos::Palace { .. }) {
            return maps.goal_distance(d, &[], &[], to);
        }
        match Some(self.nearest_enemy(me.side, Spot::of(d, to))) {
            Some(n) if n < 99 => n,
            // No enemy on this board: the throne room in the palace, else anywhere.
            _ => maps.goal_distance(d, &[], &[], to),
        }
    }

    /// How much `side` likes answering `prompt` with `choice` (higher is better). Plans are not scored
    /// here: a plan takes the cards of the highest `card_worth`.
    pub fn score(&self, d: &Data, maps: &Maps, side: Side, prompt: &Prompt, choice: &Choice) -> i64 {
        let hundredths = |x: f64| (x * 100.0).round() as i64;
        let moving = || prompt.piece().and_then(|id| self.units.iter().find(|u| u.id == id));
        match (choice, prompt) {
            (Choice::Action(i), Prompt::ChooseAction { card }) => {
                d.card(*card).actions.get(usize::from(*i)).map_or(0, |a| hundredths(self.action_worth(d, side, a)))
            }
            (Choice::Unit(at), _) => {
                10_000 + self.units.iter().position(|u| u.pos == *at).map_or(0, |i| hundredths(self.unit_worth(i)))
            }
            (Choice::Move(to), Prompt::Move { .. } | Prompt::Duel { .. }) => {
                moving().map_or(0, |me| -100 * i64::from(self.distance(d, maps, me, *to)))
            }
            // A duellist that stops where it is scores like staying put.
            (Choice::Done, Prompt::Duel { .. }) => {
                moving().map_or(0, |me| -100 * i64::from(self.distance(d, maps, me, me.pos)) - 1)
            }
            // The enemy nearest death.
            (Choice::Target(at), _) => {
                let target = self.units.iter().find(|u| u.pos == *at);
                let left = target.map_or(1, |u| d.unit(u.kind).dies_at.saturating_sub(u.damage).max(1));
                100_000 - i64::from(left)
            }
            (Choice::Dice(n), _) => i64::from(*n),
            // The sums of two dice Anakin rolls most often.
            (Choice::Block(slot), _) => 6 - i64::from(slot.abs_diff(7)),
            // A Starfighter card goes where Anakin must pass next.
            (Choice::Grid(g), _) => -i64::from(g.saturating_sub(self.anakin)),
            (Choice::Place(at), _) => -i64::from(self.nearest_enemy(side, Spot::of(d, *at))),
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_read_from_spots_are_the_board_distances() {
        let d = Data::embedded();
        let all: Vec<Pos> = d
            .field
            .cells
            .iter()
            .step_by(7)
            .map(|c| Pos::Field { x: c.x, y: c.y })
            .chain(d.palace.cells.iter().step_by(11).map(|c| Pos::Palace { floor: c.floor, x: c.x, y: c.y }))
            .chain((0..d.core.spaces).map(Pos::Core))
            .collect();
        for a in &all {
            for b in &all {
                assert_eq!(apart(&d, *a, *b), apart_slowly(&d, *a, *b), "{a} {b}");
            }
        }
    }
}

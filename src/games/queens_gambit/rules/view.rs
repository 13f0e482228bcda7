//! What one seat (or a spectator) may see of a game. Built from the state, it leaves out everything the
//! viewer may not know: other sides' hands and plans, every bonus card's identity, deck order, the dice
//! generator, and which queen is real until a queen dies (Naboo always knows).

use super::data::{CardId, Data, KindId};
use super::decision::{Decision, Prompt};
use super::needs::Needs;
use super::per::BySeat;
use super::per::BySide;
use super::piece::PieceId;
use super::pos::Pos;
use super::side::{Mode, Seat, Side};
use super::state::{Outcome, Phase, State};
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    pub fn side(self) -> Option<Side> {
        match self {
            Viewer::Seat(s) => Some(s.side()),
            Viewer::Spectator => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceView {
    pub id: PieceId,
    pub kind: KindId,
    pub side: Side,
    pub pos: Pos,
    pub members: u8,
    pub damage: u8,
    /// For a queen: whether she is the real one, when the viewer may know.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub real: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckView {
    pub draw: usize,
    pub discard: Vec<CardId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub hand_size: usize,
    /// The cards, when the viewer may see them (its own side).
    pub hand: Option<Vec<CardId>>,
    /// The plan, when the viewer may see it. (How many cards another side has planned is not shown: it
    /// would count that side's secret steps.)
    pub plan: Option<Vec<CardId>>,
    pub locked: bool,
    /// Cards still to reveal this round (plan and bonus cards).
    pub to_reveal: usize,
    /// Of those, the plan cards the viewer may see, in order (bonus cards stay hidden even to their owner).
    pub queue: Option<Vec<Option<CardId>>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpaceView {
    pub anakin: u8,
    pub starfighters_left: usize,
    /// Starfighter cards on each grid, bottom first.
    pub grids: Vec<Vec<u8>>,
    pub gone: Vec<u8>,
    pub blocked: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingView {
    pub seat: Seat,
    pub prompt: Prompt,
    /// The legal answers in their text form, for the viewer's own decisions only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<String>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    pub mode: Mode,
    pub round: u32,
    pub phase: Phase,
    pub go_first: Seat,
    pub turn: Option<Seat>,
    pub playing: Option<CardId>,
    pub pieces: Vec<PieceView>,
    pub shield_up: bool,
    pub guards_slowed: bool,
    pub queen_chosen: bool,
    pub decks: Vec<DeckView>,
    pub seats: BySeat<SeatView>,
    /// Bonus cards earned this round by each side, to be played next round.
    pub bonus_waiting: BySide<usize>,
    pub space: SpaceView,
    /// Figures destroyed and off the board, per figure type.
    pub destroyed: Vec<u16>,
    pub pending: Vec<PendingView>,
    pub outcome: Option<Outcome>,
    /// What each side still needs to win (public: it is read off the boards and Anakin's track).
    #[serde(default)]
    pub needs: Needs,
}

/// `decisions`: what the game waits for (the engine keeps them; they are not worked out again here).
/// Outside the rules a view comes only from `Game::view` (one reader's) or `Game::public_view`.
///
/// ```compile_fail,E0603
/// use gambit::games::queens_gambit::rules::view::view;
/// ```
pub(crate) fn view(d: &Data, s: &State, decisions: &[Decision], viewer: Viewer) -> View {
    let (pieces, seats, pending) = (pieces(d, s, viewer), seats(s, viewer), pending(d, decisions, viewer));
    View {
        viewer,
        mode: s.mode,
        round: s.round,
        phase: s.phase,
        go_first: s.go_first,
        turn: s.turn,
        playing: s.playing,
        pieces,
        shield_up: s.shield_up,
        guards_slowed: s.guards_slowed,
        queen_chosen: s.real_queen.is_some(),
        decks: s.decks.iter().map(|ds| DeckView { draw: ds.draw.len(), discard: ds.discard.clone() }).collect(),
        seats,
        bonus_waiting: s.bonus.map(Vec::len),
        space: SpaceView {
            anakin: s.space.anakin,
            starfighters_left: s.space.deck.len(),
            grids: s.space.grids.clone(),
            gone: s.space.gone.clone(),
            blocked: s.space.blocked.clone(),
        },
        destroyed: s.destroyed.clone(),
        pending,
        outcome: s.outcome,
        needs: Needs::of(d, s),
    }
}

/// The pieces on the board; a queen's identity only when the viewer may know it.
fn pieces(d: &Data, s: &State, viewer: Viewer) -> Vec<PieceView> {
    let sees_queen = viewer.side() == Some(Side::Naboo) || s.queen_revealed;
    s.pieces
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let pos = p.pos?;
            let u = d.unit(p.kind);
            let real = (u.traits.queen && sees_queen && s.real_queen.is_some())
                .then(|| s.real_queen == Some(PieceId(i as u16)));
            Some(PieceView {
                id: PieceId(i as u16),
                kind: p.kind,
                side: u.side,
                pos,
                members: p.members,
                damage: p.damage,
                real,
            })
        })
        .collect()
}

/// Each seat's counts, and its cards when the viewer sits on its side.
fn seats(s: &State, viewer: Viewer) -> BySeat<SeatView> {
    let side = viewer.side();
    Seat::all(s.mode)
        .map(|seat| {
            let ss = s.seat(seat);
            let mine = side == Some(seat.side());
            SeatView {
                seat,
                hand_size: ss.hand.len(),
                hand: mine.then(|| ss.hand.clone()),
                plan: mine.then(|| ss.plan.clone()),
                locked: ss.locked,
                to_reveal: ss.queue.len(),
                queue: mine.then(|| ss.queue.iter().map(|q| (!q.bonus).then_some(q.card)).collect()),
            }
        })
        .collect()
}

/// Who must decide what; the answers only for the viewer's own decisions.
fn pending(d: &Data, decisions: &[Decision], viewer: Viewer) -> Vec<PendingView> {
    decisions
        .iter()
        .map(|dec| {
            let own = matches!(viewer, Viewer::Seat(v) if v == dec.seat);
            PendingView {
                seat: dec.seat,
                prompt: dec.prompt.clone(),
                options: own.then(|| dec.options.iter().map(|c| c.text(d)).collect()),
            }
        })
        .collect()
}

/// A fingerprint of what `seat`'s private menu shows (the round, the seat's plan and queue, whether it is
/// locked, the kind of secret question): what its buttons carry, so that a menu stays usable while others
/// play on and one showing an older plan or round no longer matches. FNV-1a, the same on every run and
/// machine (unlike the standard library's hasher), as buttons outlive a process.
pub fn menu_fingerprint(view: &View, seat: super::Seat, question: Option<&super::Question>) -> u64 {
    let me = &view.seats[seat];
    let prompt = question.map(|q| std::mem::discriminant(&q.prompt));
    let text = format!("{}|{}|{}|{:?}|{:?}|{:?}", view.round, seat.0, me.locked, me.plan, me.queue, prompt);
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    hash & 0xffff_ffff_ffff
}

//! Checks on a state: `saved` makes a loaded game safe to continue (every index in range, every card once);
//! `all` adds the game's invariants, run after every step by the random-play tests.

use super::board::Board;
use super::data::{CardId, Data};
use super::piece::PieceId;
use super::pos::Pos;
use super::side::Seat;
use super::state::{Frame, Phase, State};

/// Every number in the state points at something that exists; every card is in exactly one place.
pub fn saved(d: &Data, s: &State) -> Result<(), String> {
    let seats = s.seats.len();
    if seats != usize::from(s.mode.seats()) {
        return Err(format!("{seats} seats for a {}-seat game", s.mode.seats()));
    }
    if s.decks.len() != 4 || s.destroyed.len() != d.figures.len() || s.retired.len() != d.figures.len() {
        return Err("wrong number of decks, bonus piles or figure counts".into());
    }
    for (i, p) in s.pieces.iter().enumerate() {
        if p.kind.index() >= d.units.len() {
            return Err(format!("piece {i} has an unknown unit kind {}", p.kind.0));
        }
    }
    cards_once(d, s)?;
    starfighters_once(d, s)?;
    references(d, s)?;
    Board::build(d, &s.pieces)?;
    Ok(())
}

/// Every card in exactly one place, each pile holding only its own deck's cards, plans from the hand.
fn cards_once(d: &Data, s: &State) -> Result<(), String> {
    let all_cards = s
        .decks
        .iter()
        .flat_map(|ds| ds.draw.iter().chain(&ds.discard))
        .chain(s.seats.iter().flat_map(|ss| ss.hand.iter().chain(ss.queue.iter().map(|q| &q.card))))
        .chain(s.bonus.iter().flatten());
    let mut seen = vec![false; d.cards.len()];
    for c in all_cards {
        if c.index() >= d.cards.len() {
            return Err(format!("unknown card {}", c.0));
        }
        if std::mem::replace(&mut seen[c.index()], true) {
            return Err(format!("card {} is in two places", d.card(*c).code));
        }
    }
    if seen.iter().any(|x| !x) {
        return Err("some cards are missing".into());
    }
    for (i, ds) in s.decks.iter().enumerate() {
        if ds.draw.iter().chain(&ds.discard).any(|c| d.card(*c).deck.index() != i) {
            return Err(format!("a card of another deck is in the {} pile", d.decks[i].name));
        }
    }
    if s.seats.iter().any(|ss| ss.plan.iter().any(|c| !ss.hand.contains(c))) {
        return Err("a planned card is not in the hand".into());
    }
    Ok(())
}

/// Anakin on his track, and every Starfighter card in exactly one place (the one being placed included).
fn starfighters_once(d: &Data, s: &State) -> Result<(), String> {
    let fighters = d.space.starfighters.len();
    let sp = &s.space;
    if usize::from(sp.anakin) > d.space.grids.len() || sp.grids.len() != d.space.grids.len() {
        return Err("Anakin's track does not fit the data".into());
    }
    let mut sf_seen = vec![false; fighters];
    let in_hand: Vec<u8> = s
        .stack
        .iter()
        .filter_map(|f| match f {
            Frame::PlaceStarfighter { starfighter, .. } => Some(*starfighter),
            _ => None,
        })
        .collect();
    for f in sp.deck.iter().chain(sp.grids.iter().flatten()).chain(&sp.gone).chain(&in_hand) {
        if usize::from(*f) >= fighters || std::mem::replace(&mut sf_seen[usize::from(*f)], true) {
            return Err(format!("Starfighter card {f} is unknown or in two places"));
        }
    }
    if sf_seen.iter().any(|x| !x) {
        return Err("a Starfighter card is missing".into());
    }
    Ok(())
}

/// Seats, pieces, cards and spaces named by the turn, the queen, the card in play and the steps still to
/// resolve all exist.
fn references(d: &Data, s: &State) -> Result<(), String> {
    let seat_ok = |x: &Seat| x.index() < s.seats.len();
    let piece_ok = |x: &PieceId| x.index() < s.pieces.len();
    let card_ok = |x: &CardId| x.index() < d.cards.len();
    let pos_ok = |p: &Pos| match p {
        Pos::Field { .. } => d.field.index_of(*p).is_some(),
        Pos::Palace { .. } => d.palace.index_of(*p).is_some(),
        Pos::Core(n) => *n < d.core.spaces,
    };
    if !seat_ok(&s.go_first) || s.turn.as_ref().is_some_and(|t| !seat_ok(t)) {
        return Err("a seat number is out of range".into());
    }
    if s.real_queen.as_ref().is_some_and(|q| !piece_ok(q) || !d.unit(s.piece(*q).kind).traits.queen) {
        return Err("the real queen is not a queen".into());
    }
    if s.playing.as_ref().is_some_and(|c| !card_ok(c)) {
        return Err("the card in play is unknown".into());
    }
    for f in &s.stack {
        let ok = match f {
            Frame::Card { seat, card } => seat_ok(seat) && card_ok(card),
            Frame::Units { seat, card, action, left, used } => {
                seat_ok(seat)
                    && card_ok(card)
                    && usize::from(*action) < d.card(*card).actions.len()
                    && left.iter().all(|(k, _)| k.index() < d.units.len())
                    && used.iter().all(piece_ok)
            }
            Frame::Activation { seat, piece, .. } | Frame::Duel { seat, piece, .. } => seat_ok(seat) && piece_ok(piece),
            Frame::DuelDice { seat, piece, target, .. } => seat_ok(seat) && piece_ok(piece) && piece_ok(target),
            Frame::Anakin { grid, .. } => usize::from(*grid) < d.space.grids.len(),
            Frame::Bonus { .. } => true,
            Frame::PlaceStarfighter { seat, starfighter } => {
                seat_ok(seat) && usize::from(*starfighter) < d.space.starfighters.len()
            }
            Frame::DrawAndPlay { seat, .. } | Frame::ToPalaceGroup { seat } => seat_ok(seat),
            Frame::ToPalacePlace { seat, kind, .. } => seat_ok(seat) && kind.index() < d.units.len(),
            Frame::Activate { seat, chosen, .. } => seat_ok(seat) && chosen.iter().all(pos_ok),
            Frame::ActivateKind { seat, chosen, at, .. } => seat_ok(seat) && chosen.iter().all(pos_ok) && pos_ok(at),
        };
        if !ok {
            return Err(format!("a step of the card in play points at something that does not exist: {f:?}"));
        }
    }
    Ok(())
}

/// Every figure is on a board, destroyed, on its way to the palace, or out of play; no piece holds more
/// figures than its group or more damage than kills it.
fn figures_accounted(d: &Data, s: &State) -> Result<(), String> {
    let mut count = vec![0u32; d.figures.len()];
    for p in s.pieces.iter().filter(|p| p.alive()) {
        let u = d.unit(p.kind);
        if p.members == 0 || p.members > u.members {
            return Err(format!("a {} has {} figures", u.short, p.members));
        }
        if u.has_track() && p.damage >= u.dies_at {
            return Err(format!("{} is alive with {} damage", u.short, p.damage));
        }
        count[u.figure.index()] += u32::from(p.members);
    }
    // Droids on their way to the staging zone.
    for f in &s.stack {
        if let Frame::ToPalacePlace { kind, left, .. } = f {
            count[d.unit(*kind).figure.index()] += u32::from(*left);
        }
    }
    for (i, (name, total)) in d.figures.iter().enumerate() {
        let n = count[i] + u32::from(s.destroyed[i]) + u32::from(s.retired[i]);
        if n != u32::from(*total) {
            return Err(format!("{name}: {n} figures accounted for, the box holds {total}"));
        }
    }
    for p in s.pieces.iter().filter(|p| !p.alive()) {
        if p.members != 0 || p.gone.is_none() {
            return Err("a piece off the board still has figures".into());
        }
    }
    Ok(())
}

/// Everything `saved` checks, plus the rules' invariants.
pub fn all(d: &Data, s: &State) -> Result<(), String> {
    saved(d, s)?;
    let board = Board::build(d, &s.pieces)?;
    if board != s.board {
        return Err("the board index does not match the pieces".into());
    }
    figures_accounted(d, s)?;
    // Hands: full while planning, short of the played cards while resolving.
    let full = s.mode.hand_per_deck() * 2;
    for (i, ss) in s.seats.iter().enumerate() {
        let expected = match s.phase {
            Phase::Planning if !ss.locked => full,
            Phase::Over => ss.hand.len(),
            _ => full - s.mode.plan_size(),
        };
        if ss.hand.len() != expected {
            return Err(format!("seat {i} holds {} cards, expected {expected}", ss.hand.len()));
        }
        if ss.plan.len() > s.mode.plan_size() {
            return Err(format!("seat {i} plans {} cards", ss.plan.len()));
        }
    }
    match s.phase {
        Phase::Planning if !s.stack.is_empty() => {
            return Err("cards are resolving during planning".into());
        }
        Phase::Resolving if s.seats.iter().any(|ss| !ss.locked) => {
            return Err("resolving with an open plan".into());
        }
        Phase::Over if s.outcome.is_none() => {
            return Err("the game is over without a winner".into());
        }
        _ => {}
    }
    if s.outcome.is_some() != (s.phase == Phase::Over) {
        return Err("the outcome and the phase disagree".into());
    }
    Ok(())
}

//! Scripted plans: the cards of the hand ranked by the taste of `rules::Taste` (what each could do now,
//! seen from the seat's view), the best first. The easy level plans this way, and the search draws its
//! candidate plans from the same ranking.

use super::Seen;
use crate::games::queens_gambit::rules::{CardId, Choice, Data, Prompt, Taste};

/// The cards the seat may still add to its plan, each with what the taste says it is worth, best first.
pub fn ranked(d: &Data, seen: &Seen) -> Vec<(CardId, f64)> {
    let board = Taste::of_view(d, &seen.view);
    let side = seen.seat.side();
    let mut cards: Vec<(CardId, f64)> = seen
        .choices()
        .filter_map(|c| match c {
            Choice::PlanAdd(card) => Some((*card, board.card_worth(d, side, *card))),
            _ => None,
        })
        .collect();
    // Best first; equal worths keep the options' order.
    cards.sort_by(|a, b| b.1.total_cmp(&a.1));
    cards
}

/// The scripted plan's next step: add the best card while there is room, then lock in.
pub fn next_step(d: &Data, seen: &Seen) -> Option<Choice> {
    if !matches!(seen.prompt, Prompt::Plan { .. }) {
        return None;
    }
    match ranked(d, seen).first() {
        Some((card, _)) => Some(Choice::PlanAdd(*card)),
        None => seen.choices().find(|c| **c == Choice::PlanLock).cloned(),
    }
}

//! What an agent is given: its seat, what that seat may see, and the question it must answer now.

use crate::games::queens_gambit::rules::{Choice, Prompt, Question, Seat, View, Worlds};
use std::sync::Arc;

/// A question put to one seat, with everything that seat may know and nothing more.
#[derive(Clone, Debug)]
pub struct Seen {
    pub seat: Seat,
    /// The seat's own view: its hand and plan, the board, the public counts.
    pub view: View,
    pub prompt: Prompt,
    /// The question's words.
    pub question: String,
    /// The legal answers, each with its label; an agent answers with one of these choices.
    pub options: Vec<(Choice, String)>,
    /// Time left to answer, in milliseconds (none: no clock).
    pub ms_left: Option<u64>,
    /// Worlds consistent with what the seat knows, for a search (none: the agent plays from the view).
    pub worlds: Option<Arc<Worlds>>,
}

impl Seen {
    /// The question put to `seat` (it must be the seat's own view).
    pub fn new(seat: Seat, view: View, q: &Question) -> Seen {
        Seen {
            seat,
            view,
            prompt: q.prompt.clone(),
            question: q.text.clone(),
            options: q.answers.iter().map(|a| (a.choice.clone(), a.label.clone())).collect(),
            ms_left: None,
            worlds: None,
        }
    }

    /// The same question with worlds to search.
    pub fn with_worlds(mut self, worlds: Worlds) -> Seen {
        self.worlds = Some(Arc::new(worlds));
        self
    }

    pub fn choices(&self) -> impl Iterator<Item = &Choice> {
        self.options.iter().map(|(c, _)| c)
    }
}

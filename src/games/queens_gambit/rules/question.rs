//! Decisions as a reader sees them: the question and each answer already in words. The words need the
//! whole state (which unit stands on a hex, which card a plan slot holds), so the engine writes them and
//! hands them out inside views; a front end shows them without ever holding the game.

use super::data::Data;
use super::decision::{Choice, Decision, Prompt};
use super::describe::{option_label, prompt_text};
use super::side::Seat;
use super::state::State;
use super::view::View;

/// One legal answer and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub choice: Choice,
    pub label: String,
}

/// A pending decision, worded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    pub seat: Seat,
    pub prompt: Prompt,
    /// The question in a line.
    pub text: String,
    pub answers: Vec<Answer>,
}

impl Question {
    pub(super) fn of(d: &Data, s: &State, dec: &Decision) -> Question {
        Question {
            seat: dec.seat,
            prompt: dec.prompt.clone(),
            text: prompt_text(d, s, dec),
            answers: dec
                .options
                .iter()
                .map(|c| Answer { choice: c.clone(), label: option_label(d, s, dec, c) })
                .collect(),
        }
    }

    /// Whether `choice` is one of the answers.
    pub fn allows(&self, choice: &Choice) -> bool {
        self.answers.iter().any(|a| a.choice == *choice)
    }
}

impl Prompt {
    /// The unit this question is about, when it is about one acting now.
    pub fn piece(&self) -> Option<super::piece::PieceId> {
        match self {
            Prompt::Move { piece, .. }
            | Prompt::Attack { piece }
            | Prompt::Duel { piece, .. }
            | Prompt::DuelDice { piece, .. } => Some(*piece),
            _ => None,
        }
    }

    /// Whether the question itself is secret to the deciding side (its answers name cards in a hand, or
    /// which queen is real): it is asked in private, never in public.
    pub fn is_secret(&self) -> bool {
        matches!(self, Prompt::Plan { .. } | Prompt::ChooseQueen)
    }
}

/// What everyone may see of a game: a spectator's view, and the questions asked in public with their
/// answers. Only the engine makes one, so a value of this type never holds a hand, a plan, a bonus card
/// or the real queen before the rules reveal it; a message for everyone is built from this and nothing
/// else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicView {
    view: View,
    questions: Vec<Question>,
}

impl PublicView {
    pub(super) fn new(d: &Data, s: &State, pending: &[Decision]) -> PublicView {
        PublicView {
            view: super::view::view(d, s, pending, super::view::Viewer::Spectator),
            questions: pending.iter().filter(|d| !d.prompt.is_secret()).map(|dec| Question::of(d, s, dec)).collect(),
        }
    }

    /// The board and the public counts, as a spectator sees them.
    pub fn view(&self) -> &View {
        &self.view
    }

    /// The questions asked in public now (the secret ones, planning and the queen, are left out).
    pub fn questions(&self) -> &[Question] {
        &self.questions
    }

    /// The public question `seat` must answer now.
    pub fn question_for(&self, seat: Seat) -> Option<&Question> {
        self.questions.iter().find(|q| q.seat == seat)
    }
}

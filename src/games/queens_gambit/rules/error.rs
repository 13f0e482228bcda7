//! Why a choice was refused. The state is untouched whenever an error is returned.
//!
//! A player's answer is refused with a `Refusal`: a reason a program branches on (the computer player,
//! a front end choosing how to show it), worded by its `Display`. A position a script or test builds by
//! hand (`Game::place`, `rig_hand`, ...) is refused in words only: that is for the script's author.

use super::side::Seat;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    /// `name`: the seat's title in this game (its battles in a 4-player game).
    #[error("{name} has nothing to decide now: the game is waiting for {waiting}")]
    NotYourTurn { seat: Seat, name: String, waiting: String },
    #[error("{0}")]
    Refused(Refusal),
    #[error("{0}")]
    Setup(String),
    #[error("a forced die does not fit: {0}")]
    Forced(String),
    #[error("the saved game is damaged: {0}")]
    Corrupt(String),
}

/// Why an answer to the question asked was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The answer is not one the question allows. `question`: the question as a sentence; `allowed`: the
    /// first answers it allows, `more` how many others.
    #[error("'{answer}' is not allowed now. {question} Allowed: {}{}", allowed.join(", "), more_text(*more))]
    NotAllowed { answer: String, question: String, allowed: Vec<String>, more: usize },
    /// An option number past the end of the list (numbers count from 1).
    #[error("there is no option {number}")]
    NoOption { number: usize },
    /// More cards than the plan holds.
    #[error("a plan holds {holds} cards, not {given}")]
    PlanTooLong { holds: usize, given: usize },
    /// A card planned that is not in the hand (its code).
    #[error("{card} is not in your hand")]
    NotInHand { card: String },
    /// The same card planned twice.
    #[error("{card} is in the plan twice")]
    PlannedTwice { card: String },
    /// A plan position past the end of the plan.
    #[error("the plan has {cards} cards: positions go from 1 to {cards}")]
    NoPlanPosition { cards: usize },
}

impl Refusal {
    /// What was refused and what the question is, without the list of allowed answers.
    pub fn reason(&self) -> String {
        match self {
            Refusal::NotAllowed { answer, question, .. } => format!("'{answer}' is not allowed now. {question}"),
            other => other.to_string(),
        }
    }
}

fn more_text(more: usize) -> String {
    if more > 0 { format!(" ... and {more} more") } else { String::new() }
}

impl From<Refusal> for RuleError {
    fn from(r: Refusal) -> RuleError {
        RuleError::Refused(r)
    }
}

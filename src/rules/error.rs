//! Why a choice was refused. The state is untouched whenever an error is returned.

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("{seat} has nothing to decide now: the game is waiting for {waiting}")]
    NotYourTurn { seat: String, waiting: String },
    #[error("{0}")]
    Illegal(String),
    #[error("a forced die does not fit: {0}")]
    Forced(String),
    #[error("the saved game is damaged: {0}")]
    Corrupt(String),
}

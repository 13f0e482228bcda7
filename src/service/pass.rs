//! Proofs of access. A call that hands out a secret (a seat's private lines, the whole engine game, a
//! replay script with its seed) takes one of these, and only the service makes them: a `SeatPass` when
//! it has checked that the caller holds the seat, a `HostPass` for the command line. A front end cannot
//! make either (their fields are private), so it cannot ask for what it was not given; the Discord layer
//! is never given a `HostPass` (`tests/service/layers.rs` holds it to that).
//!
//! ```compile_fail,E0451
//! // A front end cannot write itself a pass for another seat.
//! let forged = gambit::service::SeatPass { game: 1, seat: 1 };
//! ```
//!
//! ```compile_fail,E0423
//! // Nor a host pass.
//! let forged = gambit::service::HostPass(());
//! ```

use crate::store::GameId;

/// Proof that the one asking is the host at the terminal (the command line, and tests): it reaches every
/// game, secrets included. Only `host::terminal` makes one.
#[derive(Debug)]
pub struct HostPass(());

/// Proof that the one asking holds seat number `seat` of `game` (or is the host): what reading that
/// seat's secrets takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatPass {
    game: GameId,
    seat: usize,
}

impl HostPass {
    /// Made only by `host::terminal`.
    pub(super) fn mint() -> HostPass {
        HostPass(())
    }

    /// The host may read any seat.
    pub fn seat(&self, game: GameId, seat: usize) -> SeatPass {
        SeatPass { game, seat }
    }
}

impl SeatPass {
    /// Made by the service once it has checked the seat is the caller's.
    pub(super) fn mint(game: GameId, seat: usize) -> SeatPass {
        SeatPass { game, seat }
    }

    pub fn game(&self) -> GameId {
        self.game
    }

    pub fn seat(&self) -> usize {
        self.seat
    }
}

//! The seal of a game's seed: what a game posts as it starts, so that nobody can choose its seed
//! afterwards, and what anyone checks the seed against at its end.

use crate::store::GameId;

/// The seal of a game's seed, posted when it starts: SHA-256 of "gambit game ID seed SEED", in hex. The
/// seed stays secret until the end, when anyone can check it against the seal and replay every roll.
pub fn seal(game: GameId, seed: u64) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(format!("gambit game {game} seed {seed}").as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seal_is_sha256_of_the_game_and_its_seed() {
        // printf 'gambit game 7 seed 42' | sha256sum
        assert_eq!(seal(7, 42), "1ccfb1ddacebdaa1249dff063ab621baff5e1b0fcd3a584469aa5a630ee1922d");
        assert_ne!(seal(7, 42), seal(8, 42));
        assert_ne!(seal(7, 42), seal(7, 43));
    }
}

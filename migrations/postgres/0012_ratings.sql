-- Each player's rating on a server's ladder (a game, and players a side: the first game's two-player and
-- four-player games apart), on the shown scale. Kept in step with the finished games: updated in the
-- transaction that ends a rated game, and rebuilt from the games by `gambit ratings --rebuild`.
CREATE TABLE ratings (
    guild_id    TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    per_side    BIGINT NOT NULL,
    user_id     TEXT    NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (guild_id, game, per_side, user_id)
);

-- What one rated game did to each of its players' ratings: their trend, and what an undo restores.
CREATE TABLE rating_changes (
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     TEXT    NOT NULL,
    per_side    BIGINT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL,
    after       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- The name each member goes by on a server, as Discord showed it when they last took a seat there: the
-- web pages name the players of the server's leaderboards by it (the bot itself shows Discord's mentions).
CREATE TABLE member_names (
    guild_id    TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

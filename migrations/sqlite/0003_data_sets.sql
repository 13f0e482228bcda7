-- The game data (units, decks, maps...) each game plays with: every distinct set of data files is kept
-- once, addressed by the hash of its content, and each game points at the set it started with, so a
-- host can change the data files without touching the games already under way.
CREATE TABLE data_sets (
    id          TEXT PRIMARY KEY,
    -- The data files as a JSON object: path under assets/ -> file text.
    sources     TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
);

-- NULL for games started before data sets were kept: they are given the running program's data the first
-- time they load.
ALTER TABLE games ADD COLUMN data_set TEXT REFERENCES data_sets (id);

CREATE INDEX games_by_guild ON games (guild_id, status);

-- One row, written by the health check to prove the database takes writes.
CREATE TABLE health (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    checked_at  INTEGER NOT NULL
);

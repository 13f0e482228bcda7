-- The whole schema as SQLite's migrations 0001 to 0006 leave it, for PostgreSQL (it starts at version 6:
-- a later change adds the same version number to both folders).
-- Times are Unix seconds (UTC). Discord ids are stored as text. Every number is BIGINT, as the store
-- reads them all as 64-bit integers.

CREATE TABLE data_sets (
    id          TEXT PRIMARY KEY,
    -- The data files as a JSON object: path under assets/ -> file text.
    sources     TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL
);

CREATE TABLE games (
    -- Given by the store (the one after the highest, or a random free number): never reused.
    id              BIGINT  PRIMARY KEY,
    guild_id        TEXT,
    channel_id      TEXT,
    thread_id       TEXT,
    title           TEXT    NOT NULL DEFAULT '',
    mode            TEXT    NOT NULL CHECK (mode IN ('2p', '4p')),
    status          TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'paused', 'finished', 'abandoned')),
    -- The engine's random seed: it decides every die and shuffle, so it never leaves the server.
    seed            BIGINT  NOT NULL,
    -- Number of actions in the log (the engine state's step).
    version         BIGINT  NOT NULL DEFAULT 0,
    settings        TEXT    NOT NULL DEFAULT '{}',
    winner          TEXT,
    reason          TEXT,
    created_by      TEXT    NOT NULL,
    created_at      BIGINT  NOT NULL,
    updated_at      BIGINT  NOT NULL,
    waiting_since   BIGINT,
    remind_at       BIGINT,
    deadline_at     BIGINT,
    -- Raised by one on every change (an action or an undo): what a save is checked against.
    revision        BIGINT  NOT NULL DEFAULT 0,
    data_set        TEXT    REFERENCES data_sets (id),
    rules           BIGINT,
    moves           BIGINT  NOT NULL DEFAULT 0,
    public_revision BIGINT  NOT NULL DEFAULT 0,
    draw_offer      TEXT,
    stall           TEXT
);

CREATE INDEX games_by_channel ON games (channel_id);
CREATE INDEX games_by_status ON games (status);
CREATE INDEX games_by_guild ON games (guild_id, status);
CREATE INDEX games_by_thread ON games (thread_id);

CREATE TABLE seats (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        BIGINT  NOT NULL,
    user_id     TEXT,
    joined_at   BIGINT,
    invited     TEXT,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         BIGINT  NOT NULL,
    seat        BIGINT,
    user_id     TEXT    NOT NULL,
    line        TEXT    NOT NULL,
    events      TEXT    NOT NULL,
    undoable    BOOLEAN NOT NULL,
    created_at  BIGINT  NOT NULL,
    public_move BIGINT,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE snapshots (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version     BIGINT  NOT NULL,
    state       TEXT    NOT NULL,
    PRIMARY KEY (game_id, version)
);

CREATE TABLE user_settings (
    user_id     TEXT PRIMARY KEY,
    settings    TEXT    NOT NULL DEFAULT '{}',
    updated_at  BIGINT  NOT NULL
);

CREATE TABLE guild_settings (
    guild_id    TEXT PRIMARY KEY,
    settings    TEXT    NOT NULL DEFAULT '{}',
    updated_at  BIGINT  NOT NULL
);

CREATE TABLE health (
    id          BIGINT PRIMARY KEY CHECK (id = 1),
    checked_at  BIGINT NOT NULL
);

CREATE TABLE expectations (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        BIGINT  NOT NULL,
    round       BIGINT  NOT NULL,
    value       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat, round)
);

-- Games, their seats, the append-only action log, state snapshots and settings.
-- Times are Unix seconds (UTC). Discord ids are stored as text.

CREATE TABLE games (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        TEXT,
    channel_id      TEXT,
    thread_id       TEXT,
    title           TEXT    NOT NULL DEFAULT '',
    mode            TEXT    NOT NULL CHECK (mode IN ('2p', '4p')),
    status          TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'paused', 'finished', 'abandoned')),
    -- The engine's random seed: it decides every die and shuffle, so it never leaves the server.
    seed            INTEGER NOT NULL,
    -- Number of actions in the log (the engine state's step).
    version         INTEGER NOT NULL DEFAULT 0,
    settings        TEXT    NOT NULL DEFAULT '{}',
    winner          TEXT,
    reason          TEXT,
    created_by      TEXT    NOT NULL,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    -- When the current wait began, when to remind, when the deadline passes (NULL: nothing due).
    waiting_since   INTEGER,
    remind_at       INTEGER,
    deadline_at     INTEGER
);

CREATE INDEX games_by_channel ON games (channel_id);
CREATE INDEX games_by_status ON games (status);

CREATE TABLE seats (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     TEXT,
    joined_at   INTEGER,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    seat        INTEGER,
    user_id     TEXT    NOT NULL,
    -- The action as a replay-script line ("naboo move 1E4", "concede tf").
    line        TEXT    NOT NULL,
    -- The events it produced (JSON), including private ones: filtered before anyone sees them.
    events      TEXT    NOT NULL,
    -- Whether its author may still take it back (it revealed nothing and rolled no dice).
    undoable    INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE snapshots (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,
    state       TEXT    NOT NULL,
    PRIMARY KEY (game_id, version)
);

CREATE TABLE user_settings (
    user_id     TEXT PRIMARY KEY,
    settings    TEXT    NOT NULL DEFAULT '{}',
    updated_at  INTEGER NOT NULL
);

CREATE TABLE guild_settings (
    guild_id    TEXT PRIMARY KEY,
    settings    TEXT    NOT NULL DEFAULT '{}',
    updated_at  INTEGER NOT NULL
);

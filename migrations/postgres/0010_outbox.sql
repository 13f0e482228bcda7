-- What the thread is owed: a row per saved step whose posts (its news, who is asked next) have not yet
-- been sent. Written in the step's own transaction, removed once its posts are sent. `teller` names the
-- process that saved it (its shards) and tells it; `lease_until` (Unix seconds) is when another process
-- may take it over, if that one died before telling. A process restarted with the same shards tells its
-- own at once.
CREATE TABLE outbox (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq BIGINT NOT NULL,
    teller TEXT NOT NULL,
    lease_until BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

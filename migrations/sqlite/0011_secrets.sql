-- Secrets the bot makes once and keeps (the key that signs web page links). Never logged; a move to
-- another database carries them.
CREATE TABLE secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

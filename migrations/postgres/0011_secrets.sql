-- Secrets the bot makes once and keeps (the key that signs web page links). Never logged or exported.
CREATE TABLE secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

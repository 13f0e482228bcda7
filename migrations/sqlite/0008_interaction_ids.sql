-- The Discord interaction that caused an action (its id, unique): an interaction delivered twice, or
-- retried through another process, is applied once. Empty for actions from before this version and for
-- those the bot took on its own (a computer seat, a deadline).
ALTER TABLE actions ADD COLUMN interaction TEXT;
CREATE UNIQUE INDEX actions_by_interaction ON actions (interaction);

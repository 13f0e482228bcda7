-- The rules version each game is played under (rules::RulesVersion): a release that changes what a
-- sequence of choices does adds a version, and every game keeps replaying and playing under its own.
-- NULL for games saved before versions were recorded: the service gives each the version its log replays
-- under to its saved state, the first time it is loaded (or at `gambit migrate`).
ALTER TABLE games ADD COLUMN rules INTEGER;

-- A seat kept for an invited member until they accept (they take it) or decline (it opens): an invitation
-- seats nobody by itself, so it counts toward no one's limits and starts nothing without its guest.
ALTER TABLE seats ADD COLUMN invited TEXT;

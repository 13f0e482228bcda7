-- The rules version each game is played under (rules::RulesVersion): a release that changes what a
-- sequence of choices does adds a version, and every game keeps replaying and playing under its own.
-- NULL for games saved before versions were recorded: the service gives each the version its log replays
-- under to its saved state, the first time it is loaded (or at `gambit migrate`).
ALTER TABLE games ADD COLUMN rules INTEGER;

-- A seat kept for an invited member until they accept (they take it) or decline (it opens): an invitation
-- seats nobody by itself, so it counts toward no one's limits and starts nothing without its guest.
ALTER TABLE seats ADD COLUMN invited TEXT;

-- What the other side may count. `moves` counts the public moves (actions that showed anyone something),
-- `public_revision` the changes a public button can see; a secret step (a plan change) raises neither,
-- so the number in `/qg status`, the log's numbering and public buttons tell nothing about it. Each action
-- keeps its public move number (NULL: a secret step).
ALTER TABLE games ADD COLUMN moves INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN public_revision INTEGER NOT NULL DEFAULT 0;
ALTER TABLE actions ADD COLUMN public_move INTEGER;

-- Saved games: an action is public when one of its events is for everyone ("to": "all"); an event list
-- that cannot be read counts as public (its number then shows nothing new).
UPDATE actions SET public_move = numbered.n
FROM (
    SELECT game_id, seq, public, SUM(public) OVER (PARTITION BY game_id ORDER BY seq) AS n
    FROM (
        SELECT game_id, seq,
               CASE WHEN json_valid(events)
                    THEN EXISTS (SELECT 1 FROM json_each(events) WHERE json_extract(value, '$.to') = 'all')
                    ELSE 1 END AS public
        FROM actions
    )
) AS numbered
WHERE numbered.game_id = actions.game_id AND numbered.seq = actions.seq AND numbered.public = 1;
UPDATE games SET moves = COALESCE((SELECT MAX(public_move) FROM actions WHERE game_id = games.id), 0),
                 public_revision = revision;

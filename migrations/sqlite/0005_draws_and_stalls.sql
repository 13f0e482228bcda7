-- A draw by agreement (a house rule: the rulebook has no draws). One side offers it ("SIDE:ROUND", e.g.
-- "tf:12"); the offer stands until the other side accepts or that round ends. A drawn game ends as
-- 'abandoned' with reason 'draw'.
ALTER TABLE games ADD COLUMN draw_offer TEXT;

-- What each side needed to win at the start of the latest round, and since which round it has not changed
-- (JSON: {"needs": ..., "since": N}): a game going nowhere for long is told so, and a draw suggested.
ALTER TABLE games ADD COLUMN stall TEXT;

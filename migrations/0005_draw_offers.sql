-- A draw by agreement (a house rule: the rulebook has no draws). One side offers it ("SIDE:ROUND", e.g.
-- "tf:12"); the offer stands until the other side accepts or that round ends. A drawn game ends as
-- 'abandoned' with reason 'draw'.
ALTER TABLE games ADD COLUMN draw_offer TEXT;

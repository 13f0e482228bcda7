-- Every change of a game (an action or an undo) raises its revision by one. Buttons carry the revision
-- they were made for, so a button from a state that an undo took back never matches again, even when
-- the action count comes back to the same number.
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
UPDATE games SET revision = version;

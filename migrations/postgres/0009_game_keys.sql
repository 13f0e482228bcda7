-- Which game a row is: the bot plays more than one. Every game before this version is The Queen's Gambit.
-- Its rules version (the `rules` column) is that game's own numbering.
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'queens-gambit';

-- Until when a player is away (Unix seconds; none: here): their games wait for them till then, or till
-- they move (the move's own transaction clears it).
ALTER TABLE user_settings ADD COLUMN away_until INTEGER;

-- What a computer player expected of its game (its search's estimate of winning, 0 to 1) as it locked
-- each round's plan. Shown only once the game is over. Not part of the game: no replay reads it.
CREATE TABLE expectations (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    round       INTEGER NOT NULL,
    value       REAL    NOT NULL,
    PRIMARY KEY (game_id, seat, round)
);

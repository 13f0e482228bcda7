-- A process that takes a due reminder or deadline holds it until this time (Unix seconds) while it posts:
-- with several processes on one database, each timer is taken by one of them; if that one dies, another
-- takes it when the lease runs out (and its post carries the same nonce, so Discord keeps one message).
ALTER TABLE games ADD COLUMN timer_lease INTEGER;

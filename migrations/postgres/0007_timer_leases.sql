-- A process that takes a due reminder or deadline holds it until this time (Unix seconds) while it posts:
-- each timer is taken by one process; if that one dies, another takes it when the lease runs out.
ALTER TABLE games ADD COLUMN timer_lease BIGINT;

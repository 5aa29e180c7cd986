-- When an account that never proved its address, and has not been used for a while, was told
-- it will be deleted a week later (see accounts/dormant.rs). NULL: not told since it was last
-- used.
ALTER TABLE accounts ADD COLUMN purge_warned_at INTEGER;

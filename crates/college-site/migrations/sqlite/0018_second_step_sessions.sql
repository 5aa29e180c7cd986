-- Whether a session passed the second step belongs to the session, not the account: a staff
-- route needs a session that did, whenever the role or the factor came. `second_step_at` is
-- when it did (a code, a passkey or security key as the second step, setting the factor up, or a
-- passkey that was itself added by such a session). Sessions from before this column did not
-- prove it: staff sign in once more after the upgrade.
ALTER TABLE sessions ADD COLUMN second_step_at INTEGER;

-- A passkey added by a session that passed the second step signs in alone; one added without
-- it (while the account held no role and had no factor) signs in as a first step only, once the
-- account must have a factor, and never answers the second step. Earlier passkeys are treated
-- as added without it, since nothing recorded how they were added.
ALTER TABLE passkeys ADD COLUMN with_second_step INTEGER NOT NULL DEFAULT 0;

-- The account page: verified email addresses, the links that verify them, and what the list
-- of sessions shows. Times are Unix milliseconds (UTC).

-- When the account's email was last proved (a verification link, or Google saying so); NULL
-- until then.
ALTER TABLE accounts ADD COLUMN email_verified_at BIGINT;

-- A session as the account page names it. The token's hash stays on the server: it is the key
-- that finds a session from its cookie.
ALTER TABLE sessions ADD COLUMN public_id TEXT;
UPDATE sessions SET public_id = md5(random()::text || token_hash);
CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);
-- The browser's User-Agent at sign-in (at most 512 characters), to name the device.
ALTER TABLE sessions ADD COLUMN user_agent TEXT;

-- Links that verify an address, sent by mail. Only the SHA-256 of the link's token is stored,
-- as for password resets. For a change of email, `email` is the new address, which becomes
-- the sign-in email only when the link is used.
CREATE TABLE email_verifications (
    token_hash  TEXT    PRIMARY KEY,
    account_id  TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    email       TEXT    NOT NULL,
    email_key   TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL
);
CREATE INDEX email_verifications_account ON email_verifications (account_id, created_at);

-- A verification mail's outbox row goes with its link, as a reset mail's does.
ALTER TABLE outbox ADD COLUMN email_verification TEXT REFERENCES email_verifications (token_hash) ON DELETE CASCADE;
CREATE INDEX outbox_email_verification ON outbox (email_verification);

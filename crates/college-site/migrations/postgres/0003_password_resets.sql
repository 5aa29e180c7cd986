-- Links to choose a new password, sent by mail. Only the SHA-256 of the link's token is
-- stored, as for sessions. Times are Unix milliseconds (UTC).

CREATE TABLE password_resets (
    token_hash  TEXT    PRIMARY KEY,
    account_id  TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL
);
CREATE INDEX password_resets_account ON password_resets (account_id, created_at);

-- A reset mail's outbox row goes with its link: once the link is used or expired, a mail not
-- yet sent is not sent, and the link is not kept in the outbox.
ALTER TABLE outbox ADD COLUMN password_reset TEXT REFERENCES password_resets (token_hash) ON DELETE CASCADE;
CREATE INDEX outbox_password_reset ON outbox (password_reset);

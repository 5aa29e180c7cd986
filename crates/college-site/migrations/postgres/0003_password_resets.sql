-- Links to choose a new password, sent by mail. Only the SHA-256 of the link's token is
-- stored, as for sessions. Times are Unix milliseconds (UTC).

CREATE TABLE password_resets (
    token_hash  TEXT    PRIMARY KEY,
    account_id  TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL
);
CREATE INDEX password_resets_account ON password_resets (account_id, created_at);

-- An account's authenticator app (TOTP): its secret, sealed with the server's
-- SECOND_FACTOR_KEY and bound to the account. `confirmed_at` is NULL while the owner has
-- scanned the key but not yet typed a first code: the factor is on once it is set.
-- `last_step` is the newest time step a code was accepted for: a code of that step or an
-- earlier one is refused, so a code works once. `failures` counts wrong codes since the last
-- right one; past the limit the factor refuses every code until `locked_until`.
CREATE TABLE second_factors (
    account_id    TEXT    PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    totp_secret   TEXT    NOT NULL,
    created_at    BIGINT  NOT NULL,
    confirmed_at  BIGINT,
    last_step     BIGINT  NOT NULL DEFAULT 0,
    failures      BIGINT  NOT NULL DEFAULT 0,
    locked_until  BIGINT  NOT NULL DEFAULT 0
);

-- Single-use recovery codes, by their SHA-256: shown once when made, never stored.
CREATE TABLE recovery_codes (
    account_id  TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    code_hash   TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    used_at     BIGINT,
    PRIMARY KEY (account_id, code_hash)
);

-- A sign-in whose password (or Google, or reset link) is done and whose second factor is
-- not: its cookie opens nothing but the page that asks for the code. Short-lived.
CREATE TABLE pending_sign_ins (
    token_hash  TEXT    PRIMARY KEY,
    account_id  TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    remember    BOOLEAN NOT NULL,
    user_agent  TEXT,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL
);
CREATE INDEX pending_sign_ins_by_expiry ON pending_sign_ins (expires_at);

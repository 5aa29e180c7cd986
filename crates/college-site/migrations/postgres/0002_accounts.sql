-- Accounts (credentials), the users profile record, sessions, failed logins and pending
-- Google sign-ins. Times are Unix milliseconds (UTC).

CREATE TABLE accounts (
    id               TEXT    PRIMARY KEY,
    -- Trimmed and lower-cased: emails are unique without regard to case.
    email_key        TEXT    NOT NULL UNIQUE,
    password_hash    TEXT,
    google_sub       TEXT    UNIQUE,
    created_at       BIGINT  NOT NULL
);

-- The profile record, keyed by the account's id. `extra` holds fields callers merge in (JSON).
CREATE TABLE users (
    id            TEXT    PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    display_name  TEXT,
    email         TEXT    NOT NULL,
    mobile        TEXT,
    extra         JSONB   NOT NULL DEFAULT '{}',
    created_at    BIGINT  NOT NULL
);

-- The cookie holds a random token; only its SHA-256 is stored, so a copy of the database
-- cannot be used to sign in.
CREATE TABLE sessions (
    token_hash    TEXT    PRIMARY KEY,
    account_id    TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    remember      BOOLEAN NOT NULL,
    created_at    BIGINT  NOT NULL,
    last_seen_at  BIGINT  NOT NULL,
    expires_at    BIGINT  NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);

CREATE TABLE login_failures (
    email_key  TEXT    NOT NULL,
    failed_at  BIGINT  NOT NULL
);
CREATE INDEX login_failures_by_email ON login_failures (email_key, failed_at);

CREATE TABLE oidc_flows (
    state          TEXT    PRIMARY KEY,
    nonce          TEXT    NOT NULL,
    pkce_verifier  TEXT    NOT NULL,
    return_to      TEXT    NOT NULL,
    popup          BOOLEAN NOT NULL,
    created_at     BIGINT  NOT NULL
);

-- An account's passkeys and security keys (WebAuthn). A 'passkey' checked its user (a
-- fingerprint, a face, a PIN) when it was added and at every use, so it signs in alone; a
-- 'security-key' proves only that the key is present, so it is a second factor, beside the
-- authenticator app. `credential` is the public key with its counter and flags as the
-- WebAuthn library keeps them (JSON); nothing in it is secret. `user_handle` is the account's
-- random WebAuthn id, the same on all its passkeys: a passkey tells it at sign-in.
CREATE TABLE passkeys (
    id             TEXT    PRIMARY KEY,
    account_id     TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    credential_id  TEXT    NOT NULL UNIQUE,
    user_handle    TEXT    NOT NULL,
    kind           TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    credential     TEXT    NOT NULL,
    created_at     BIGINT  NOT NULL,
    last_used_at   BIGINT
);
CREATE INDEX passkeys_by_account ON passkeys (account_id);

-- A WebAuthn ceremony under way: the challenge sent to the browser, kept here until its answer
-- comes back, and then taken (it works once). `account_id` is NULL for a sign-in with a passkey,
-- which learns whose it is from the answer. Short-lived.
CREATE TABLE passkey_ceremonies (
    token_hash  TEXT    PRIMARY KEY,
    account_id  TEXT    REFERENCES accounts (id) ON DELETE CASCADE,
    purpose     TEXT    NOT NULL,
    state       TEXT    NOT NULL,
    expires_at  BIGINT  NOT NULL
);
CREATE INDEX passkey_ceremonies_by_expiry ON passkey_ceremonies (expires_at);

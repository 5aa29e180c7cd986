-- Failed logins are counted per account and client, so that a stranger guessing at an
-- account does not lock its owner out (OWASP's "device cookies"): a browser that signed in
-- to the account before carries a device cookie and counts its own failures; every other
-- client shares the count 'anyone'.
ALTER TABLE login_failures ADD COLUMN client TEXT NOT NULL DEFAULT 'anyone';
DROP INDEX login_failures_by_email;
CREATE INDEX login_failures_by_client ON login_failures (email_key, client, failed_at);

-- The device cookies given at sign-in, by the hash of their token, with the account (email)
-- they were given for. Forgotten a year after they were given.
CREATE TABLE sign_in_devices (
    token_hash  TEXT    PRIMARY KEY,
    email_key   TEXT    NOT NULL,
    issued_at   BIGINT  NOT NULL
);
CREATE INDEX sign_in_devices_by_age ON sign_in_devices (issued_at);

-- Messages sent from the contact form, and the outbox of mails the worker delivers.
-- Times are Unix milliseconds (UTC), the same on both backends.

CREATE TABLE contact_messages (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    name        TEXT    NOT NULL,
    email       TEXT    NOT NULL,
    subject     TEXT    NOT NULL,
    message     TEXT    NOT NULL,
    client_ip   TEXT,
    created_at  INTEGER NOT NULL
);

CREATE TABLE outbox (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    contact_id       INTEGER REFERENCES contact_messages (id),
    recipient        TEXT    NOT NULL,
    reply_to         TEXT    NOT NULL,
    subject          TEXT    NOT NULL,
    body             TEXT    NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  INTEGER NOT NULL,
    locked_until     INTEGER,
    last_error       TEXT,
    created_at       INTEGER NOT NULL,
    sent_at          INTEGER
);

CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

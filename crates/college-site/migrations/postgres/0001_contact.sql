-- Messages sent from the contact form, and the outbox of mails the worker delivers.
-- Times are Unix milliseconds (UTC), the same on both backends.

CREATE TABLE contact_messages (
    id          BIGSERIAL PRIMARY KEY,
    name        TEXT   NOT NULL,
    email       TEXT   NOT NULL,
    subject     TEXT   NOT NULL,
    message     TEXT   NOT NULL,
    client_ip   TEXT,
    created_at  BIGINT NOT NULL
);

CREATE TABLE outbox (
    id               BIGSERIAL PRIMARY KEY,
    contact_id       BIGINT REFERENCES contact_messages (id),
    recipient        TEXT    NOT NULL,
    reply_to         TEXT    NOT NULL,
    subject          TEXT    NOT NULL,
    body             TEXT    NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  BIGINT  NOT NULL,
    locked_until     BIGINT,
    last_error       TEXT,
    created_at       BIGINT  NOT NULL,
    sent_at          BIGINT
);

CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

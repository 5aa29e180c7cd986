-- The office's staff area: what the office did with each contact message, disabled
-- accounts, the identity check that guards an admin's changes, each mail's fixed
-- Message-ID, and the audit log of staff actions. Times are Unix milliseconds (UTC).

-- What the office did with a message, kept apart from what its mail did (the outbox row).
-- Messages from before the staff area start as new: nobody has read them on the site.
ALTER TABLE contact_messages ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'read', 'answered', 'archived'));
ALTER TABLE contact_messages ADD COLUMN status_changed_at BIGINT;
-- Who changed it last, as "Name <email>" at the time: the inbox shows it even after that
-- staff account is gone.
ALTER TABLE contact_messages ADD COLUMN status_changed_by TEXT;
CREATE INDEX contact_messages_status ON contact_messages (status, id);

-- Set when the mail is queued and kept through every attempt and a resend, so that a copy
-- sent twice (a crash between sending and recording it) reads as one message.
ALTER TABLE outbox ADD COLUMN message_id TEXT;
-- When an attempt last failed (its error is `last_error`), for the mail health page.
ALTER TABLE outbox ADD COLUMN last_failed_at BIGINT;
CREATE INDEX outbox_contact ON outbox (contact_id);
-- Mail health reads the newest error and today's sent mail.
CREATE INDEX outbox_last_failed ON outbox (last_failed_at);
CREATE INDEX outbox_sent ON outbox (sent_at);

-- A disabled account cannot sign in; its sessions were ended when it was disabled.
ALTER TABLE accounts ADD COLUMN disabled_at BIGINT;
-- When the account last used the site (a sign-in, or a request of a session, at most one
-- update a minute): the people list shows it, and it outlives the sessions.
ALTER TABLE accounts ADD COLUMN last_active_at BIGINT;
UPDATE accounts SET last_active_at =
    (SELECT MAX(last_seen_at) FROM sessions WHERE sessions.account_id = accounts.id);

-- When this session last passed the identity check (the password again): an admin's role
-- changes and disabling need one within the last ten minutes.
ALTER TABLE sessions ADD COLUMN identity_confirmed_at BIGINT;

-- Every staff action. Who and whom are copied as words, so an entry reads the same after
-- either account is gone; the server deletes entries older than its retention setting.
CREATE TABLE audit_log (
    id            BIGSERIAL PRIMARY KEY,
    at            BIGINT  NOT NULL,
    -- NULL for the command line (`college-site roles`).
    actor_email   TEXT,
    actor_name    TEXT,
    action        TEXT    NOT NULL,
    -- The account acted on, if any, to filter by person.
    target_email  TEXT,
    -- What was done, in words ("teacher for asha@example.com", "message 17").
    target        TEXT    NOT NULL,
    ip            TEXT
);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_actor ON audit_log (actor_email, at);
CREATE INDEX audit_log_target ON audit_log (target_email, at);

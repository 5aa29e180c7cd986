-- Admission enquiries join the contact messages: one inbox, two kinds. An enquiry names its
-- course and may give a phone instead of an email; it has states of its own (contacted, a
-- follow-up on a day, enrolled, closed), and the office keeps notes on any message.
--
-- The status's CHECK now depends on the kind, and SQLite cannot change a CHECK in place: the
-- table is made again. Its rows are kept aside, the table dropped and made anew under its own
-- name, and the rows put back; the outbox's references to them are checked at the end of the
-- migration (deferred), by when every message is back with its id.
PRAGMA defer_foreign_keys = ON;

CREATE TEMP TABLE contact_messages_kept AS
    SELECT id, name, email, subject, message, client_ip, created_at,
           status, status_changed_at, status_changed_by
    FROM contact_messages;
CREATE TEMP TABLE contact_messages_sequence AS
    SELECT seq FROM sqlite_sequence WHERE name = 'contact_messages';

DROP TABLE contact_messages;

CREATE TABLE contact_messages (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    -- 'message' from the contact form, 'enquiry' from a course's page.
    kind               TEXT    NOT NULL DEFAULT 'message' CHECK (kind IN ('message', 'enquiry')),
    name               TEXT    NOT NULL,
    -- Empty for an enquiry that gave only a phone.
    email              TEXT    NOT NULL,
    subject            TEXT    NOT NULL,
    message            TEXT    NOT NULL,
    client_ip          TEXT,
    created_at         INTEGER NOT NULL,
    status             TEXT    NOT NULL DEFAULT 'new',
    status_changed_at  INTEGER,
    status_changed_by  TEXT,
    -- An enquiry's: its course (the slug), the phone as +91 and ten digits, what the student
    -- studies now, when to call, and the day to call again (YYYY-MM-DD, the college's own).
    course             TEXT,
    phone              TEXT,
    current_study      TEXT,
    call_time          TEXT,
    follow_up_on       TEXT,
    search_text        TEXT GENERATED ALWAYS AS (
        name || char(10) || email || char(10) || subject || char(10) || message
            || coalesce(char(10) || phone, '')
    ) VIRTUAL,
    CHECK ((kind = 'message' AND status IN ('new', 'read', 'answered', 'archived'))
        OR (kind = 'enquiry' AND status IN ('new', 'contacted', 'follow-up', 'enrolled', 'closed'))),
    CHECK (kind = 'message' OR email <> '' OR phone IS NOT NULL)
);

INSERT INTO contact_messages (id, name, email, subject, message, client_ip, created_at,
                              status, status_changed_at, status_changed_by)
    SELECT id, name, email, subject, message, client_ip, created_at,
           status, status_changed_at, status_changed_by
    FROM temp.contact_messages_kept;
-- AUTOINCREMENT never gives an id twice: the counter goes on from where it was.
UPDATE sqlite_sequence
    SET seq = max(seq, coalesce((SELECT seq FROM temp.contact_messages_sequence), 0))
    WHERE name = 'contact_messages';
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'contact_messages', seq FROM temp.contact_messages_sequence
    WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'contact_messages');
DROP TABLE temp.contact_messages_kept;
DROP TABLE temp.contact_messages_sequence;

CREATE INDEX contact_messages_status ON contact_messages (status, id);
CREATE INDEX contact_messages_kind ON contact_messages (kind, id);
CREATE INDEX contact_messages_course ON contact_messages (course, id) WHERE course IS NOT NULL;
CREATE INDEX contact_messages_follow_up ON contact_messages (follow_up_on) WHERE follow_up_on IS NOT NULL;

-- The office's notes on a message, with who wrote each, as words (they read the same after
-- that account is gone).
CREATE TABLE inbox_notes (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    contact_id  INTEGER NOT NULL REFERENCES contact_messages (id) ON DELETE CASCADE,
    at          INTEGER NOT NULL,
    author      TEXT    NOT NULL,
    text        TEXT    NOT NULL
);
CREATE INDEX inbox_notes_message ON inbox_notes (contact_id, id);

-- Admission enquiries join the contact messages: one inbox, two kinds. An enquiry names its
-- course and may give a phone instead of an email; it has states of its own (contacted, a
-- follow-up on a day, enrolled, closed), and the office keeps notes on any message.
ALTER TABLE contact_messages ADD COLUMN kind TEXT NOT NULL DEFAULT 'message'
    CHECK (kind IN ('message', 'enquiry'));
-- An enquiry's: its course (the slug), the phone as +91 and ten digits, what the student
-- studies now, when to call, and the day to call again (YYYY-MM-DD, the college's own).
ALTER TABLE contact_messages ADD COLUMN course TEXT;
ALTER TABLE contact_messages ADD COLUMN phone TEXT;
ALTER TABLE contact_messages ADD COLUMN current_study TEXT;
ALTER TABLE contact_messages ADD COLUMN call_time TEXT;
ALTER TABLE contact_messages ADD COLUMN follow_up_on TEXT;
ALTER TABLE contact_messages DROP CONSTRAINT contact_messages_status_check;
ALTER TABLE contact_messages ADD CONSTRAINT contact_messages_status_check
    CHECK ((kind = 'message' AND status IN ('new', 'read', 'answered', 'archived'))
        OR (kind = 'enquiry' AND status IN ('new', 'contacted', 'follow-up', 'enrolled', 'closed')));
-- Empty email for an enquiry that gave only a phone.
ALTER TABLE contact_messages ADD CONSTRAINT contact_messages_reachable
    CHECK (kind = 'message' OR email <> '' OR phone IS NOT NULL);
-- The search covers the phone too (a message without one reads as before).
ALTER TABLE contact_messages DROP COLUMN search_text;
ALTER TABLE contact_messages ADD COLUMN search_text TEXT
    GENERATED ALWAYS AS (lower(name || chr(10) || email || chr(10) || subject || chr(10) || message
        || coalesce(chr(10) || phone, ''))) STORED;
CREATE INDEX contact_messages_kind ON contact_messages (kind, id);
CREATE INDEX contact_messages_course ON contact_messages (course, id) WHERE course IS NOT NULL;
CREATE INDEX contact_messages_follow_up ON contact_messages (follow_up_on) WHERE follow_up_on IS NOT NULL;

-- The office's notes on a message, with who wrote each, as words (they read the same after
-- that account is gone).
CREATE TABLE inbox_notes (
    id          BIGSERIAL PRIMARY KEY,
    contact_id  BIGINT NOT NULL REFERENCES contact_messages (id) ON DELETE CASCADE,
    at          BIGINT NOT NULL,
    author      TEXT   NOT NULL,
    text        TEXT   NOT NULL
);
CREATE INDEX inbox_notes_message ON inbox_notes (contact_id, id);

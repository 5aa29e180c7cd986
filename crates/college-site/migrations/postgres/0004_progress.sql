-- A signed-in student's tutorial progress: lessons marked done, challenges passed (with the
-- code that passed) and edited demo files. Times are Unix milliseconds (UTC); each row keeps
-- the time of the change it holds, so that the newer change wins when several devices save.

-- A mark taken back (done = false) is kept, not deleted: otherwise an older "done" from
-- another device would bring it back.
CREATE TABLE lesson_marks (
    account_id  TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    lesson      TEXT    NOT NULL,
    done        BOOLEAN NOT NULL,
    changed_at  BIGINT  NOT NULL,
    PRIMARY KEY (account_id, lesson)
);

-- A pass is never taken back. `files` is a JSON object: file name -> the code that passed.
CREATE TABLE challenge_passes (
    account_id  TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    challenge   TEXT    NOT NULL,
    passed_at   BIGINT  NOT NULL,
    files       JSONB   NOT NULL,
    PRIMARY KEY (account_id, challenge)
);

-- One edited file of a demo. `code` NULL means the student reset the file to the demo's own
-- code: the row stays, so that the reset wins over older edits from other devices. `base`
-- identifies (a hash of) the original code the edit started from. `other_code` keeps the
-- losing version when the edits of two browsers are merged, so that neither is lost.
CREATE TABLE saved_files (
    account_id       TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    lesson           TEXT    NOT NULL,
    demo             TEXT    NOT NULL,
    file             TEXT    NOT NULL,
    code             TEXT,
    base             TEXT    NOT NULL,
    edited_at        BIGINT  NOT NULL,
    other_code       TEXT,
    other_edited_at  BIGINT,
    PRIMARY KEY (account_id, demo, file)
);
CREATE INDEX saved_files_lesson ON saved_files (account_id, lesson);

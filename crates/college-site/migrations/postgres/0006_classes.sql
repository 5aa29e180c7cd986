-- Roles, classes and what a class's teacher reads of its students. Times are Unix
-- milliseconds (UTC).

-- The roles an account holds ("teacher"; more come later). Granted by the site's operator
-- (`college-site roles grant`); nobody can give themselves one from the site.
CREATE TABLE account_roles (
    account_id  TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    role        TEXT    NOT NULL,
    granted_at  BIGINT  NOT NULL,
    PRIMARY KEY (account_id, role)
);

-- A teacher's class. `code` opens the join link while `joining` is on; a new code replaces
-- it. An archived class is read-only.
CREATE TABLE classes (
    id          TEXT    PRIMARY KEY,
    teacher_id  TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name        TEXT    NOT NULL,
    code        TEXT    NOT NULL UNIQUE,
    joining     BOOLEAN NOT NULL,
    archived    BOOLEAN NOT NULL,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX classes_teacher ON classes (teacher_id);

-- A student who joined a class, after reading what its teacher will see.
CREATE TABLE class_members (
    class_id    TEXT    NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
    account_id  TEXT    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    joined_at   BIGINT  NOT NULL,
    PRIMARY KEY (class_id, account_id)
);
CREATE INDEX class_members_account ON class_members (account_id);

-- When a student's progress last reached the server (`active_at`: the teacher's "last
-- active"), and a counter that goes up whenever something a teacher sees of it changes
-- (`version`): an open class view compares versions to find the rows to send again, on
-- whichever server instance the change was saved.
CREATE TABLE progress_activity (
    account_id  TEXT    PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    active_at   BIGINT  NOT NULL,
    version     BIGINT  NOT NULL
);

-- Students who worked before this table existed: their newest mark or pass.
INSERT INTO progress_activity (account_id, active_at, version)
SELECT account_id, MAX(at), 1 FROM (
    SELECT account_id, changed_at AS at FROM lesson_marks
    UNION ALL SELECT account_id, passed_at FROM challenge_passes
    UNION ALL SELECT account_id, edited_at FROM saved_files
) AS work GROUP BY account_id;

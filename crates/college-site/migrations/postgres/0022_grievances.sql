-- Students' grievances under the UGC (Redressal of Grievances of Students) Regulations, 2023:
-- each filed online by a signed-in student or applicant, numbered per calendar year
-- (GRV-2026-0042), with the days by which the college must act kept beside it, so that a
-- committee's queue can be sorted and filtered by its clock in the database.

-- The last number given in each year: taken and raised in the filing's own transaction.
CREATE TABLE grievance_numbers (
    year BIGINT  PRIMARY KEY,
    last BIGINT  NOT NULL
);

CREATE TABLE grievances (
    id            BIGSERIAL PRIMARY KEY,
    number        TEXT    NOT NULL UNIQUE,
    -- The student's account; kept as none if the account is deleted, with the name and email
    -- the student filed under, because the college must keep the record.
    account_id    TEXT    REFERENCES accounts (id) ON DELETE SET NULL,
    student_email TEXT    NOT NULL,
    student_name  TEXT    NOT NULL,
    category      TEXT    NOT NULL,
    happened      TEXT    NOT NULL,
    asked_for     TEXT    NOT NULL,
    -- Whether the department concerned may see the student's name.
    share_name    BOOLEAN NOT NULL,
    -- received, referred, hearing, decided, appealed, closed
    status        TEXT    NOT NULL,
    received_at   BIGINT  NOT NULL,
    -- The ends (exclusive, in milliseconds) of the days by which the college must refer it to
    -- the committee and the committee must report.
    refer_by      BIGINT  NOT NULL,
    report_by     BIGINT  NOT NULL,
    referred_at   BIGINT,
    hearing_at    BIGINT,
    hearing_place TEXT,
    decided_at    BIGINT,
    decision      TEXT,
    appeal_by     BIGINT,
    appealed_at   BIGINT,
    closed_at     BIGINT,
    -- The due moment the committee was last reminded of, and last told was missed: each
    -- reminder goes once per due day, by whichever instance claims it.
    reminded_for  BIGINT,
    overdue_for   BIGINT,
    updated_at    BIGINT  NOT NULL,
    client_ip     TEXT    NOT NULL
);
CREATE INDEX grievances_of_account ON grievances (account_id, received_at);
CREATE INDEX grievances_by_status ON grievances (status, received_at);
-- For the daily allowance of each address.
CREATE INDEX grievances_from_address ON grievances (client_ip, received_at);

-- What happened to a grievance, in order: the student's replies, the committee's messages to
-- the student, the committee's own notes (never shown to the student) and each change of
-- status.
CREATE TABLE grievance_entries (
    id             BIGSERIAL PRIMARY KEY,
    grievance_id   BIGINT  NOT NULL REFERENCES grievances (id),
    at             BIGINT  NOT NULL,
    -- student, committee, note, status
    kind           TEXT    NOT NULL,
    author_name    TEXT    NOT NULL,
    body           TEXT    NOT NULL
);
CREATE INDEX grievance_entries_of ON grievance_entries (grievance_id, id);

-- The college's holidays, which the committee's clock of working days skips (Sundays too).
CREATE TABLE college_holidays (
    day  TEXT PRIMARY KEY,
    name TEXT NOT NULL
);

-- What a student attaches to a grievance (up to three files with a filing or a reply), and the
-- documents the committee sends with a message or its decision. Kept in the database like the
-- editors' files, so that every instance serves them and the backup holds them, but in a table
-- of their own: nothing here is ever public, and only the student and the committee read it.
CREATE TABLE grievance_files (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    grievance_id   INTEGER NOT NULL REFERENCES grievances (id),
    -- The entry it came with: the filing's, a reply's, a message's or the decision's.
    entry_id       INTEGER NOT NULL REFERENCES grievance_entries (id),
    -- Sent by the committee (a message's or the decision's document), not by the student.
    from_committee INTEGER NOT NULL,
    name           TEXT    NOT NULL,
    content_type   TEXT    NOT NULL,
    size           INTEGER NOT NULL,
    created_at     INTEGER NOT NULL,
    data           BLOB    NOT NULL
);
CREATE INDEX grievance_files_of ON grievance_files (grievance_id, id);

-- The committee's chairperson, marked on the member: one of the grievance committee's members.
ALTER TABLE account_roles ADD COLUMN chair INTEGER NOT NULL DEFAULT 0;

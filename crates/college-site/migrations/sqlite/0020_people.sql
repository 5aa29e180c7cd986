-- The college's people (faculty and staff: the directory, leadership, committees) are items of
-- their own kind, `person`, whose revisions keep their fields as JSON like a course's.
--
-- SQLite cannot change a CHECK in place, so the table is made again, as 0019 did (its rows, and
-- the revisions and files that refer to them, are kept aside first so that nothing cascades).
-- This time the kinds are checked by triggers instead of a CHECK: the next kind replaces the
-- triggers and leaves the table as it is.
PRAGMA defer_foreign_keys = ON;

CREATE TEMP TABLE content_items_kept AS SELECT * FROM content_items;
CREATE TEMP TABLE content_items_sequence AS
    SELECT seq FROM sqlite_sequence WHERE name = 'content_items';
CREATE TEMP TABLE content_revisions_kept AS SELECT * FROM content_revisions;
CREATE TEMP TABLE content_files_kept AS SELECT * FROM content_files;
CREATE TEMP TABLE content_file_copies_kept AS SELECT * FROM content_file_copies;

DELETE FROM content_file_copies;
DELETE FROM content_files;
DELETE FROM content_revisions;
DROP TABLE content_items;

CREATE TABLE content_items (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    -- One of the kinds the triggers below allow.
    kind                TEXT    NOT NULL,
    -- "en" today; a translation is another item with the same slug.
    language            TEXT    NOT NULL,
    -- Unique within its kind: `bca` names a course, `about` a page.
    slug                TEXT    NOT NULL,
    created_at          INTEGER NOT NULL,
    -- The newest revision's number: the draft editors see.
    head                INTEGER NOT NULL,
    -- The revision visitors see; NULL before the first publish and after an unpublish.
    live                INTEGER,
    -- When it first went live (a notice's date) and when the live revision did ("updated").
    first_published_at  INTEGER,
    live_since          INTEGER,
    -- A revision waiting for its time; the server's timer makes it live at `publish_at`.
    scheduled           INTEGER,
    publish_at          INTEGER,
    -- After this, the live revision leaves the lists and the feed; its own page says so.
    expires_at          INTEGER,
    -- The newest revision's title, for the editors' search.
    head_title          TEXT    NOT NULL DEFAULT '',
    UNIQUE (kind, language, slug)
);

INSERT INTO content_items (id, kind, language, slug, created_at, head, live, first_published_at,
                           live_since, scheduled, publish_at, expires_at, head_title)
    SELECT id, kind, language, slug, created_at, head, live, first_published_at, live_since,
           scheduled, publish_at, expires_at, head_title
    FROM temp.content_items_kept;
-- AUTOINCREMENT never gives an id twice: the counter goes on from where it was.
UPDATE sqlite_sequence
    SET seq = max(seq, coalesce((SELECT seq FROM temp.content_items_sequence), 0))
    WHERE name = 'content_items';
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'content_items', seq FROM temp.content_items_sequence
    WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'content_items');

INSERT INTO content_revisions SELECT * FROM temp.content_revisions_kept;
INSERT INTO content_files SELECT * FROM temp.content_files_kept;
INSERT INTO content_file_copies SELECT * FROM temp.content_file_copies_kept;

DROP TABLE temp.content_items_kept;
DROP TABLE temp.content_items_sequence;
DROP TABLE temp.content_revisions_kept;
DROP TABLE temp.content_files_kept;
DROP TABLE temp.content_file_copies_kept;

CREATE INDEX content_items_due ON content_items (publish_at);
CREATE INDEX content_items_live ON content_items (kind, language, live, first_published_at);

CREATE TRIGGER content_items_kind_on_insert BEFORE INSERT ON content_items
    WHEN NEW.kind NOT IN ('notice', 'page', 'course', 'disclosure', 'person')
    BEGIN SELECT RAISE(ABORT, 'content_items.kind is not a kind of content'); END;
CREATE TRIGGER content_items_kind_on_update BEFORE UPDATE OF kind ON content_items
    WHEN NEW.kind NOT IN ('notice', 'page', 'course', 'disclosure', 'person')
    BEGIN SELECT RAISE(ABORT, 'content_items.kind is not a kind of content'); END;

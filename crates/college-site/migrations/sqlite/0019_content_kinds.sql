-- Every kind of item is named by its own column: a course was a page kept as `courses/bca`, an
-- item of the disclosure a page kept as `disclosure/iqac`. They become kind `course` and kind
-- `disclosure`, with the slug visitors and editors know (`bca`, `iqac`); their addresses on the
-- site do not change. Lists then ask for a kind instead of reading every page for a prefix.
--
-- The kind's CHECK changes, and SQLite cannot change a CHECK in place: the table is made again.
-- Dropping it would delete, through the references' ON DELETE CASCADE, every revision and file
-- of every item, so those rows are kept aside and the two tables emptied first; they are put
-- back, with their ids, once the items are back with theirs.
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
    kind                TEXT    NOT NULL CHECK (kind IN ('notice', 'page', 'course', 'disclosure')),
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
    SELECT id,
           CASE WHEN kind = 'page' AND substr(slug, 1, 8) = 'courses/' THEN 'course'
                WHEN kind = 'page' AND substr(slug, 1, 11) = 'disclosure/' THEN 'disclosure'
                ELSE kind END,
           language,
           CASE WHEN kind = 'page' AND substr(slug, 1, 8) = 'courses/' THEN substr(slug, 9)
                WHEN kind = 'page' AND substr(slug, 1, 11) = 'disclosure/' THEN substr(slug, 12)
                ELSE slug END,
           created_at, head, live, first_published_at, live_since, scheduled, publish_at,
           expires_at, head_title
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

-- What the college publishes itself: notices now, its pages next. An item is a notice or a
-- page in one language; every save is a new revision and none is ever changed, so the
-- history can be compared and restored. Times are Unix milliseconds (UTC).
CREATE TABLE content_items (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    kind                TEXT    NOT NULL CHECK (kind IN ('notice', 'page')),
    -- "en" today; a translation is another item with the same slug.
    language            TEXT    NOT NULL,
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
    UNIQUE (kind, language, slug)
);
CREATE INDEX content_items_due ON content_items (publish_at);
CREATE INDEX content_items_live ON content_items (kind, language, live, first_published_at);

CREATE TABLE content_revisions (
    item_id        INTEGER NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
    number         INTEGER NOT NULL,
    created_at     INTEGER NOT NULL,
    -- Who saved it, as words: the history reads the same after that account is gone.
    author_email   TEXT    NOT NULL,
    author_name    TEXT,
    title          TEXT    NOT NULL,
    category       TEXT    NOT NULL,
    pinned         INTEGER NOT NULL,
    -- A notice's Markdown (a page's fields, as JSON, later).
    body           TEXT    NOT NULL,
    -- Set on a revision that restores an older one.
    restored_from  INTEGER,
    PRIMARY KEY (item_id, number)
);

-- Goes up with every change visitors can see (a publish, an unpublish, a schedule that came
-- due, a delete), so each instance knows when to drop the pages it rendered.
CREATE TABLE content_generation (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    generation  INTEGER NOT NULL
);
INSERT INTO content_generation (id, generation) VALUES (1, 0);

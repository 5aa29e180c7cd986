-- Files editors attach to an item: a PDF as uploaded, an image re-encoded at a few widths. Kept
-- in the database, so that every instance serves them and the backup holds them.
CREATE TABLE content_files (
    id            BIGSERIAL PRIMARY KEY,
    item_id       BIGINT  NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
    -- As the editor's computer named it: the link's words and the name a download gets.
    name          TEXT    NOT NULL,
    created_at    BIGINT  NOT NULL,
    author_email  TEXT    NOT NULL,
    author_name   TEXT,
    -- Every copy's bytes together: what counts against the site's budget.
    bytes         BIGINT  NOT NULL
);
CREATE INDEX content_files_item ON content_files (item_id);

CREATE TABLE content_file_copies (
    -- Its address under /files/: the file's id and a hash of the bytes, so it is cached for good.
    key           TEXT    PRIMARY KEY,
    file_id       BIGINT  NOT NULL REFERENCES content_files (id) ON DELETE CASCADE,
    content_type  TEXT    NOT NULL,
    width         BIGINT,
    height        BIGINT,
    data          BYTEA   NOT NULL
);
CREATE INDEX content_file_copies_file ON content_file_copies (file_id);

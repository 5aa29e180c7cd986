-- The college's people (faculty and staff: the directory, leadership, committees) are items of
-- their own kind, `person`, whose revisions keep their fields as JSON like a course's.
ALTER TABLE content_items DROP CONSTRAINT content_items_kind_check;
ALTER TABLE content_items ADD CONSTRAINT content_items_kind_check
    CHECK (kind IN ('notice', 'page', 'course', 'disclosure', 'person'));

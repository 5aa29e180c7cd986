-- Every kind of item is named by its own column: a course was a page kept as `courses/bca`, an
-- item of the disclosure a page kept as `disclosure/iqac`. They become kind `course` and kind
-- `disclosure`, with the slug visitors and editors know (`bca`, `iqac`); their addresses on the
-- site do not change. Lists then ask for a kind instead of reading every page for a prefix.
-- Ids stay, so every revision, file and schedule stays with its item.
ALTER TABLE content_items DROP CONSTRAINT content_items_kind_check;

UPDATE content_items SET kind = 'course', slug = substr(slug, 9)
    WHERE kind = 'page' AND substr(slug, 1, 8) = 'courses/';
UPDATE content_items SET kind = 'disclosure', slug = substr(slug, 12)
    WHERE kind = 'page' AND substr(slug, 1, 11) = 'disclosure/';

ALTER TABLE content_items ADD CONSTRAINT content_items_kind_check
    CHECK (kind IN ('notice', 'page', 'course', 'disclosure'));

-- When an editor last checked that what visitors read of an item still holds, without changing
-- it: the disclosure's items need review when neither this nor a publish is within a year.
ALTER TABLE content_items ADD COLUMN reviewed_at BIGINT;

-- Upgrades of the content that SQL cannot make (they read the fields' JSON), each made once,
-- by whichever instance claims it first: the committees' members written as text become
-- links to the people's records.
CREATE TABLE content_upgrades (
    name    TEXT   PRIMARY KEY,
    done_at BIGINT NOT NULL
);

-- The inbox's search is a LIKE '%words%' over `search_text` (migration 0008), which reads every
-- row: about 100 ms over 150,000 messages and enquiries. A trigram index (pg_trgm, shipped with
-- PostgreSQL) answers such a LIKE from the index. Where the server's PostgreSQL lacks the
-- extension, or the site's role may not create it, the search stays as it was: slower, never
-- broken, and the server still starts.
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX contact_messages_search_trigram
        ON contact_messages USING gin (search_text gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'the inbox search has no trigram index: %', SQLERRM;
END
$$;

-- Nothing on SQLite: FTS5 hands its matches newest first and the search stops at its window,
-- so it never fetches the older ones (the PostgreSQL migration of this name says why it
-- differs there).
SELECT 1;

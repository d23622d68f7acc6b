-- The staff's order search by whole words: the trigram index answered a common name only
-- after rechecking every candidate, once per status counted. The search form's words and, as
-- words of their own, the list's filters — `zc` and the city, `zo` and the source, `ze` and the
-- sales engineer — are kept in a stored `tsvector` (so the planner knows how common a word is,
-- and a walk newest first reads it rather than rebuilding it), indexed per audience. The words
-- are taken as they are (`array_to_tsvector`), not through a text-search parser, so Arabic is
-- read the same whatever the server's locale.
DROP INDEX order_search;
ALTER TABLE orders ADD COLUMN search_words tsvector GENERATED ALWAYS AS (
    array_to_tsvector(array_remove(string_to_array(
        search_text || ' zc' || city_id::text || ' zo' || source || COALESCE(' ze' || sales_engineer_id::text, ''), ' '), ''))
) STORED;
CREATE INDEX orders_clients_words ON orders USING gin (search_words) WHERE user_id IS NOT NULL;
CREATE INDEX orders_guests_words ON orders USING gin (search_words) WHERE user_id IS NULL;

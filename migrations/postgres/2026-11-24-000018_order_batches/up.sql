-- A search by a common name matched thousands of orders over the years, and each match was
-- fetched from the table for its id and status (a GIN index holds neither) only to keep the
-- newest 500. Each order's words now also name its batch — `zb` and its id divided by 131,072 —
-- so a search asks first within the newest batches and fetches only the matches there,
-- widening only when they are too few.
DROP INDEX orders_guests_words;
DROP INDEX orders_clients_words;
ALTER TABLE orders DROP COLUMN search_words;
ALTER TABLE orders ADD COLUMN search_words tsvector GENERATED ALWAYS AS (
    array_to_tsvector(array_remove(string_to_array(
        search_text || ' zc' || city_id::text || ' zo' || source || COALESCE(' ze' || sales_engineer_id::text, '')
            || ' zb' || (id >> 17)::text, ' '), ''))
) STORED;
CREATE INDEX orders_clients_words ON orders USING gin (search_words) WHERE user_id IS NOT NULL;
CREATE INDEX orders_guests_words ON orders USING gin (search_words) WHERE user_id IS NULL;

DROP INDEX orders_guests_words;
DROP INDEX orders_clients_words;
ALTER TABLE orders DROP COLUMN search_words;
ALTER TABLE orders ADD COLUMN search_words tsvector GENERATED ALWAYS AS (
    array_to_tsvector(array_remove(string_to_array(
        search_text || ' zc' || city_id::text || ' zo' || source || COALESCE(' ze' || sales_engineer_id::text, ''), ' '), ''))
) STORED;
CREATE INDEX orders_clients_words ON orders USING gin (search_words) WHERE user_id IS NOT NULL;
CREATE INDEX orders_guests_words ON orders USING gin (search_words) WHERE user_id IS NULL;

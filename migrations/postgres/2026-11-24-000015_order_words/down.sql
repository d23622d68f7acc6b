DROP INDEX orders_guests_words;
DROP INDEX orders_clients_words;
ALTER TABLE orders DROP COLUMN search_words;
CREATE INDEX order_search ON orders USING gin (search_text gin_trgm_ops);

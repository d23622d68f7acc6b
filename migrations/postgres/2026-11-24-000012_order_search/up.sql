-- The staff's order search over a million orders: a trigram index (pg_trgm) of `search_text`
-- answers `LIKE '%…%'` without reading every order; lists of one city are read newest first
-- from their index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX order_search ON orders USING gin (search_text gin_trgm_ops);
DROP INDEX orders_by_city;
CREATE INDEX orders_by_city ON orders (city_id, id);

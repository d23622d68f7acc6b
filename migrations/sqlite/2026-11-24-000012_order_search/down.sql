DROP INDEX orders_by_city;
CREATE INDEX orders_by_city ON orders (city_id);
DROP TRIGGER order_search_update;
DROP TRIGGER order_search_delete;
DROP TRIGGER order_search_insert;
DROP TABLE order_search;

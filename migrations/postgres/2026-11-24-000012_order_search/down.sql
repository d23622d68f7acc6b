DROP INDEX orders_by_city;
CREATE INDEX orders_by_city ON orders (city_id);
DROP INDEX order_search;

-- The staff's lists count each status and read the newest first within one audience (clients'
-- orders, or those without an account): partial indexes per audience answer both from the
-- index alone, instead of visiting every order to check its account, status, city or source.
CREATE INDEX orders_clients_by_status ON orders (status, id) WHERE user_id IS NOT NULL;
CREATE INDEX orders_guests_by_status ON orders (status, id) WHERE user_id IS NULL;
CREATE INDEX orders_clients_by_city ON orders (city_id, status, id) WHERE user_id IS NOT NULL;
CREATE INDEX orders_guests_by_city ON orders (city_id, status, id) WHERE user_id IS NULL;
CREATE INDEX orders_clients_by_source ON orders (source, status, id) WHERE user_id IS NOT NULL;
CREATE INDEX orders_guests_by_source ON orders (source, status, id) WHERE user_id IS NULL;
CREATE INDEX orders_clients_by_engineer ON orders (sales_engineer_id, status, id) WHERE user_id IS NOT NULL;
CREATE INDEX orders_clients_by_day ON orders (status, created_at) WHERE user_id IS NOT NULL;
CREATE INDEX orders_guests_by_day ON orders (status, created_at) WHERE user_id IS NULL;
DROP INDEX orders_by_status;
DROP INDEX orders_by_created;

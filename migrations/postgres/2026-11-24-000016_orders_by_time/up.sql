-- A list within days reads its page newest first from an index by time, per audience, instead
-- of walking every later order back to the days asked for (and the counts of those days read
-- `(status, created_at)`, migration 000013).
CREATE INDEX orders_clients_by_time ON orders (created_at, id) WHERE user_id IS NOT NULL;
CREATE INDEX orders_guests_by_time ON orders (created_at, id) WHERE user_id IS NULL;

-- The overview's daily totals (ordering::overview): orders placed, delivered and cancelled and
-- revenue per day, city and sales engineer (0 for none); orders per status; clients joined per
-- day. A tally of the status changes and new accounts not tallied yet keeps them, outside the
-- orders' own transactions, one tally at a time (`tally_lock`). What exists now is tallied here.
-- What exists takes TRUE from the column's default without rewriting the tables; new rows FALSE.
ALTER TABLE order_history ADD COLUMN tallied BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE order_history ALTER COLUMN tallied SET DEFAULT FALSE;
ALTER TABLE users ADD COLUMN tallied BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE users ALTER COLUMN tallied SET DEFAULT FALSE;

CREATE TABLE order_day_totals (
    day DATE NOT NULL,
    city_id BIGINT NOT NULL,
    sales_engineer_id BIGINT NOT NULL,
    placed BIGINT NOT NULL DEFAULT 0,
    delivered BIGINT NOT NULL DEFAULT 0,
    cancelled BIGINT NOT NULL DEFAULT 0,
    revenue BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (day, city_id, sales_engineer_id)
);
CREATE INDEX order_day_totals_by_engineer ON order_day_totals (sales_engineer_id, day);

CREATE TABLE order_status_totals (
    status TEXT NOT NULL,
    sales_engineer_id BIGINT NOT NULL,
    orders BIGINT NOT NULL,
    PRIMARY KEY (status, sales_engineer_id)
);

CREATE TABLE client_day_totals (
    day DATE PRIMARY KEY,
    joined BIGINT NOT NULL
);

CREATE TABLE tally_lock (name TEXT PRIMARY KEY);
INSERT INTO tally_lock (name) VALUES ('overview');

INSERT INTO order_day_totals (day, city_id, sales_engineer_id, placed, delivered, cancelled, revenue)
SELECT CAST(h.changed_at AS DATE), o.city_id, COALESCE(o.sales_engineer_id, 0),
       SUM(CASE WHEN h.from_status IS NULL THEN 1 ELSE 0 END),
       SUM(CASE WHEN h.from_status IS NOT NULL AND h.to_status = 'delivered' THEN 1 ELSE 0 END),
       SUM(CASE WHEN h.from_status IS NOT NULL AND h.to_status = 'cancelled' THEN 1 ELSE 0 END),
       SUM(CASE WHEN h.from_status IS NOT NULL AND h.to_status = 'delivered' THEN o.total ELSE 0 END)
FROM order_history h JOIN orders o ON o.id = h.order_id
GROUP BY CAST(h.changed_at AS DATE), o.city_id, COALESCE(o.sales_engineer_id, 0);
INSERT INTO order_status_totals (status, sales_engineer_id, orders)
SELECT status, COALESCE(sales_engineer_id, 0), COUNT(*) FROM orders GROUP BY status, COALESCE(sales_engineer_id, 0);
INSERT INTO client_day_totals (day, joined)
SELECT CAST(created_at AS DATE), COUNT(*) FROM users WHERE role = 'customer' GROUP BY CAST(created_at AS DATE);

CREATE INDEX order_history_untallied ON order_history (id) WHERE tallied = FALSE;
CREATE INDEX users_untallied ON users (id) WHERE tallied = FALSE;

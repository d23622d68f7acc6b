-- The spine of what happens to orders: every change (placed, status changed, cancelled,
-- assigned) writes a machine-readable row in the change's own transaction, so whoever hears of
-- changes (notifications, couriers, webhooks) reads one ordered record that never disagrees
-- with the orders. `version` counts an order's changes, so a reader can drop a stale event.
ALTER TABLE orders ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
CREATE TABLE order_events (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    order_id BIGINT NOT NULL REFERENCES orders (id),
    order_version INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    occurred_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX order_events_version ON order_events (order_id, order_version);
-- Each reader of the spine keeps how far it has read; the news of orders is the first.
CREATE TABLE event_cursors (
    consumer TEXT PRIMARY KEY,
    last_seq BIGINT NOT NULL
);
INSERT INTO event_cursors (consumer, last_seq) VALUES ('order_news', 0);

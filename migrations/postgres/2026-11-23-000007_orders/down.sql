DROP TABLE idempotency_keys;
DROP TABLE order_history;
DROP TABLE order_items;
DROP TABLE orders;

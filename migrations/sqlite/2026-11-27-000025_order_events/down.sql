DROP TABLE event_cursors;
DROP TABLE order_events;
ALTER TABLE orders DROP COLUMN version;

-- Running the orders (design §5): who looks after a client and their orders, the language an
-- order was placed in (its SMS are worded in it), staff notes, notifications, and the queue of
-- messages written in the same transaction as the change they announce.

-- A client's sales engineer; none means the shop's default one (the first sales account).
ALTER TABLE users ADD COLUMN sales_engineer_id BIGINT REFERENCES users (id) ON DELETE SET NULL;
-- The sales engineer of the order's client when it was placed, or the one staff assigned.
ALTER TABLE orders ADD COLUMN sales_engineer_id BIGINT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE orders ADD COLUMN locale TEXT NOT NULL DEFAULT 'ar';
-- The staff search's text: buyer, receiver, phones and product names in their search form
-- (one alef, ي for ى, ه for ة…), so Arabic spelling variants find the order.
ALTER TABLE orders ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
UPDATE orders SET search_text = lower(customer_name || ' ' || customer_phone);
ALTER TABLE order_history ADD COLUMN note TEXT;

-- The staff lists: newest first within a status, a source, a sales engineer or a day range.
CREATE INDEX orders_by_status ON orders (status, id);
CREATE INDEX orders_by_source ON orders (source, id);
CREATE INDEX orders_by_sales_engineer ON orders (sales_engineer_id, id);
CREATE INDEX orders_by_created ON orders (created_at);

-- What staff wrote about an order, with who and when.
CREATE TABLE order_notes (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    author_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX order_notes_by_order ON order_notes (order_id, id);

-- One row per event for a user, worded in both languages.
CREATE TABLE notifications (
    id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title_ar TEXT NOT NULL,
    title_en TEXT NOT NULL,
    body_ar TEXT NOT NULL,
    body_en TEXT NOT NULL,
    link TEXT,
    created_at TIMESTAMP NOT NULL,
    read_at TIMESTAMP
);
CREATE INDEX notifications_by_user ON notifications (user_id, id);

-- SMS and e-mails waiting to go: written with the change they announce, sent after it and
-- retried with backoff, so a failing gateway loses nothing and a crash loses nothing.
CREATE TABLE message_queue (
    id INTEGER PRIMARY KEY,
    channel TEXT NOT NULL,
    recipient TEXT NOT NULL,
    subject TEXT,
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP,
    last_error TEXT
);
CREATE INDEX message_queue_due ON message_queue (sent_at, next_attempt_at);

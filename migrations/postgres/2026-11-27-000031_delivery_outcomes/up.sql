-- Cash on delivery (issue 39): a parcel the courier could not hand over is a delivery attempt
-- that failed (the order stays on delivery, the buyer is asked to set the address or time);
-- the last allowed attempt, or the buyer refusing at the door, cancels the order as refused.
-- A cancellation keeps why (`called_off`, `unconfirmed`, `refused`) beside the order: the
-- orders table is at Diesel's 32 columns. Cancellations before this one have no row and read
-- as called off, but those the spine says were unconfirmed.
CREATE TABLE order_cancellations (
    order_id BIGINT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
    cause TEXT NOT NULL
);
INSERT INTO order_cancellations (order_id, cause)
SELECT id, 'unconfirmed' FROM orders
WHERE status = 'cancelled' AND id IN (SELECT order_id FROM order_events WHERE kind = 'order.cancelled' AND payload LIKE '%"unconfirmed":true%');
CREATE TABLE delivery_attempts (
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    attempt INTEGER NOT NULL,
    reason TEXT NOT NULL,
    recorded_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    recorded_at TIMESTAMP NOT NULL,
    PRIMARY KEY (order_id, attempt)
);

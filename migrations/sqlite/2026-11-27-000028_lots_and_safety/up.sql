-- Batches and safety (issue 38). A product's units on the shelf are kept per lot (batch,
-- expiry, how many): products.quantity stays the count an order's guarded update takes from
-- (the sum of the lots still in date, for a product with lots), and each order's line takes
-- from the lots soonest to expire first, never an expired one, recorded per line with the
-- batch and expiry the invoice prints. An order of a dangerous product records the buyer's
-- acknowledgement of its safety.
ALTER TABLE orders ADD COLUMN safety_acknowledged BOOLEAN NOT NULL DEFAULT FALSE;
CREATE TABLE product_lots (
    id INTEGER PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    batch TEXT NOT NULL,
    expires_on DATE NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity >= 0),
    received_at TIMESTAMP NOT NULL,
    UNIQUE (product_id, batch)
);
CREATE INDEX product_lots_by_expiry ON product_lots (expires_on);
CREATE TABLE order_lot_takes (
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL,
    lot_id BIGINT REFERENCES product_lots (id) ON DELETE SET NULL,
    batch TEXT NOT NULL,
    expires_on DATE NOT NULL,
    quantity BIGINT NOT NULL,
    PRIMARY KEY (order_id, product_id, batch)
);

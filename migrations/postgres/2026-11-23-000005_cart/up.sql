-- A signed-in buyer's cart: one row per product with the quantity wanted. Prices are never
-- kept here: the cart is priced at today's prices each time it is read.
CREATE TABLE cart_items (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    added_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, product_id)
);

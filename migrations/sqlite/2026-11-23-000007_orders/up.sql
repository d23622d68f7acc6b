-- Orders with snapshots of what was bought (names, prices, weights) and of where it goes, so
-- later changes to products, cities or addresses leave them alone. `number` is set from the
-- id in the transaction that stores the order.
CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    number TEXT UNIQUE,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    source TEXT NOT NULL,
    status TEXT NOT NULL,
    kind TEXT NOT NULL,
    payment_method TEXT NOT NULL,
    customer_name TEXT NOT NULL,
    customer_phone TEXT NOT NULL,
    receiver_name TEXT,
    receiver_phone TEXT,
    address TEXT NOT NULL,
    city_id BIGINT NOT NULL REFERENCES shipping_cities (id),
    city_name_ar TEXT NOT NULL,
    city_name_en TEXT NOT NULL,
    notes TEXT,
    copoun TEXT,
    subtotal BIGINT NOT NULL,
    discount BIGINT NOT NULL,
    shipping_base BIGINT NOT NULL,
    shipping_extra BIGINT NOT NULL,
    total BIGINT NOT NULL,
    total_weight_grams BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX orders_by_user ON orders (user_id, id);
CREATE INDEX orders_by_phone ON orders (customer_phone);
CREATE INDEX orders_by_city ON orders (city_id);

CREATE TABLE order_items (
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    product_id BIGINT REFERENCES products (id) ON DELETE SET NULL,
    slug TEXT NOT NULL,
    name_ar TEXT NOT NULL,
    name_en TEXT NOT NULL,
    image TEXT,
    quantity INTEGER NOT NULL CHECK (quantity > 0),
    unit_price BIGINT NOT NULL,
    weight_grams BIGINT NOT NULL,
    line_total BIGINT NOT NULL,
    PRIMARY KEY (order_id, position)
);

-- Every change of an order's status: who, when, from, to.
CREATE TABLE order_history (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    from_status TEXT,
    to_status TEXT NOT NULL,
    changed_at TIMESTAMP NOT NULL,
    changed_by BIGINT REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX order_history_by_order ON order_history (order_id, id);

-- Idempotency-Key records: the key is written first in the order's transaction, so parallel
-- repeats of one key meet on the primary key and only one order is stored.
CREATE TABLE idempotency_keys (
    caller TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    order_id BIGINT REFERENCES orders (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (caller, key)
);

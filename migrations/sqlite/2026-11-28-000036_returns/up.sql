-- Returns (issue 39): what a buyer asks to send back of a delivered order, and each step staff
-- take on it. A category can hold products that cannot be returned once opened (pesticides,
-- opened fertiliser). Points a return takes back that the client's balance lacks are a debt
-- the client's next earnings pay.
ALTER TABLE categories ADD COLUMN returnable BOOLEAN NOT NULL DEFAULT TRUE;
CREATE TABLE order_returns (
    id INTEGER PRIMARY KEY,
    order_id BIGINT NOT NULL REFERENCES orders(id),
    state TEXT NOT NULL,
    reason TEXT NOT NULL,
    asked_at TIMESTAMP NOT NULL,
    opened_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    note TEXT,
    refund BIGINT NOT NULL,
    resaleable BOOLEAN,
    points_back BIGINT,
    updated_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX order_returns_order ON order_returns (order_id);
CREATE TABLE order_return_lines (
    return_id BIGINT NOT NULL REFERENCES order_returns(id),
    product_id BIGINT NOT NULL,
    name_ar TEXT NOT NULL,
    name_en TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    unit_price BIGINT NOT NULL,
    PRIMARY KEY (return_id, product_id)
);
CREATE TABLE points_debts (
    user_id BIGINT PRIMARY KEY REFERENCES users(id),
    points BIGINT NOT NULL
);

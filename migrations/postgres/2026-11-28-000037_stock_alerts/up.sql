-- "Tell me when it is back" (issue 40): a client waiting for a product out of stock, told once
-- (in the bell, and by SMS when they asked for it and take SMS) when it is back, then forgotten.
CREATE TABLE stock_alerts (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    by_sms BOOLEAN NOT NULL,
    locale TEXT NOT NULL,
    asked_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, product_id)
);
CREATE INDEX stock_alerts_product ON stock_alerts (product_id);

-- Units written off outside any lot, with why (issue 63): when a product's first lot is
-- received, the units it held in no lot are kept as an opening lot or written off here, so
-- the stock that goes is accounted for.
CREATE TABLE stock_write_offs (
    id BIGSERIAL PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    units BIGINT NOT NULL,
    reason TEXT NOT NULL,
    written_at TIMESTAMP NOT NULL
);
CREATE INDEX stock_write_offs_product ON stock_write_offs (product_id);

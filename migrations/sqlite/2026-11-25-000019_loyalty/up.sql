-- Loyalty (design §5): the points ledger gets what each row is (`kind`), what it is about
-- (an order, a coupon, the staff member who adjusted), a key that lets a grant happen once
-- (`entry_key`: `earn:<order>`), and lots: a row that adds points may expire
-- (`expires_at`), and its expiry is a row of its own naming it (`lot_id`, once per lot).
-- `open_lot` marks lots whose end is still to be written, so the sweep finds them cheaply.
ALTER TABLE points_ledger ADD COLUMN kind TEXT NOT NULL DEFAULT 'adjust';
ALTER TABLE points_ledger ADD COLUMN entry_key TEXT;
ALTER TABLE points_ledger ADD COLUMN order_id BIGINT REFERENCES orders (id) ON DELETE SET NULL;
ALTER TABLE points_ledger ADD COLUMN copoun_id BIGINT REFERENCES copouns (id) ON DELETE SET NULL;
ALTER TABLE points_ledger ADD COLUMN staff_id BIGINT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE points_ledger ADD COLUMN expires_at TIMESTAMP;
ALTER TABLE points_ledger ADD COLUMN lot_id BIGINT;
ALTER TABLE points_ledger ADD COLUMN open_lot BOOLEAN NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX points_ledger_entry_key ON points_ledger (entry_key);
CREATE UNIQUE INDEX points_ledger_lot ON points_ledger (lot_id);
CREATE INDEX points_ledger_due ON points_ledger (expires_at) WHERE open_lot = TRUE;
-- A client's history is read newest first.
DROP INDEX points_ledger_user;
CREATE INDEX points_ledger_user ON points_ledger (user_id, id);

-- What points buy: staff's rules.
CREATE TABLE points_rules (
    id INTEGER PRIMARY KEY,
    points BIGINT NOT NULL CHECK (points > 0),
    discount INTEGER NOT NULL CHECK (discount BETWEEN 1 AND 100),
    active BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- A coupon bought with points is a promo code of one client's.
ALTER TABLE copouns ADD COLUMN owner_id BIGINT REFERENCES users (id) ON DELETE CASCADE;
CREATE INDEX copouns_by_owner ON copouns (owner_id, id) WHERE owner_id IS NOT NULL;

-- An exchange's Idempotency-Key names the ledger row it wrote, as a checkout's names its order.
ALTER TABLE idempotency_keys ADD COLUMN points_entry_id BIGINT REFERENCES points_ledger (id) ON DELETE CASCADE;

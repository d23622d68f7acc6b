-- Couriers (issue 39): an order's parcel handed to a courier, booked through its API (Bosta)
-- or with a courier staff booked themselves (manual), one per order; and every report its
-- webhook sent, kept raw and once per tracking number, state code and time (a courier
-- retries, and may send the same report many times at once).
CREATE TABLE shipments (
    order_id BIGINT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
    courier TEXT NOT NULL,
    courier_name TEXT NOT NULL,
    tracking TEXT NOT NULL,
    tracking_url TEXT,
    state TEXT NOT NULL,
    cod BIGINT NOT NULL,
    collected BIGINT,
    handed_over_at TIMESTAMP NOT NULL,
    handed_over_by BIGINT REFERENCES users(id) ON DELETE SET NULL,
    UNIQUE (courier, tracking)
);
CREATE TABLE courier_reports (
    id INTEGER PRIMARY KEY,
    courier TEXT NOT NULL,
    tracking TEXT NOT NULL,
    code INTEGER NOT NULL,
    state TEXT NOT NULL,
    occurred_at TIMESTAMP NOT NULL,
    raw TEXT NOT NULL,
    received_at TIMESTAMP NOT NULL,
    UNIQUE (courier, tracking, code, occurred_at)
);

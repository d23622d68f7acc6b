ALTER TABLE sms_broadcasts ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX sms_broadcasts_key ON sms_broadcasts (created_by, idempotency_key);
DROP TABLE idempotency_keys;
CREATE TABLE idempotency_keys (
    caller TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    order_id BIGINT REFERENCES orders (id) ON DELETE CASCADE,
    created_at TIMESTAMP NOT NULL,
    refusal_status INTEGER,
    refusal_body TEXT,
    points_entry_id BIGINT REFERENCES points_ledger (id) ON DELETE CASCADE,
    PRIMARY KEY (caller, key)
);

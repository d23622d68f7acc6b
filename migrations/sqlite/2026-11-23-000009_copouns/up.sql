-- Promo codes (the spec's "copouns"). `used_count` is raised by a guarded update in the
-- order's transaction, never read-then-written, so parallel checkouts cannot pass
-- `usage_limit`; a cancelled order lowers it again. Codes are kept folded (upper case, Latin
-- digits). Money in piastres; a percent code keeps its percent in `value`.
CREATE TABLE copouns (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
    value BIGINT NOT NULL CHECK (value > 0),
    min_subtotal BIGINT,
    max_discount BIGINT,
    starts_at TIMESTAMP,
    expires_at TIMESTAMP,
    usage_limit INTEGER,
    per_user_limit INTEGER,
    used_count INTEGER NOT NULL DEFAULT 0 CHECK (used_count >= 0),
    active BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- Which orders use a code, by account and phone, for the per-buyer limit.
CREATE TABLE copoun_uses (
    order_id BIGINT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    copoun_id BIGINT NOT NULL REFERENCES copouns (id) ON DELETE CASCADE,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    phone TEXT NOT NULL
);
CREATE INDEX copoun_uses_by_code ON copoun_uses (copoun_id, user_id);
CREATE INDEX copoun_uses_by_phone ON copoun_uses (copoun_id, phone);

-- Integrators (issue 41): API keys that act for the staff member who made them within their
-- scopes, and webhook endpoints that are sent the shop's events, signed, at least once.

-- A key's secret is shown once and kept as its SHA-256 (a random 32-byte secret needs no slow
-- hash); `prefix` is what the dashboard shows of it. The minute window counts requests for
-- the key's rate limit in the same write that records its last use.
CREATE TABLE api_keys (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    prefix TEXT NOT NULL,
    secret_hash TEXT NOT NULL UNIQUE,
    scopes TEXT NOT NULL,
    allowed_addresses TEXT NOT NULL,
    created_by BIGINT NOT NULL REFERENCES users (id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP,
    revoked_at TIMESTAMP,
    last_used_at TIMESTAMP,
    request_count BIGINT NOT NULL DEFAULT 0,
    window_started_at TIMESTAMP,
    window_count INTEGER NOT NULL DEFAULT 0
);

-- The signing secret is kept as it is (it signs every send); the previous one stays valid
-- until `previous_secret_until`, so a receiver can roll over without missing an event.
-- `lease_until` is held by the node sending the endpoint's due deliveries, in order.
CREATE TABLE webhook_endpoints (
    id BIGSERIAL PRIMARY KEY,
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    active BOOLEAN NOT NULL,
    secret TEXT NOT NULL,
    previous_secret TEXT,
    previous_secret_until TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    failures_in_row INTEGER NOT NULL DEFAULT 0,
    last_success_at TIMESTAMP,
    disabled_at TIMESTAMP,
    disabled_reason TEXT,
    lease_until TIMESTAMP
);

-- An event as it is sent: its whole body, written once, so every attempt, resend and replay
-- sends the same bytes under the same id.
CREATE TABLE webhook_events (
    seq BIGSERIAL PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    occurred_at TIMESTAMP NOT NULL
);
CREATE INDEX webhook_events_occurred ON webhook_events (occurred_at);

CREATE TABLE webhook_deliveries (
    id BIGSERIAL PRIMARY KEY,
    endpoint_id BIGINT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event_seq BIGINT NOT NULL REFERENCES webhook_events (seq),
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    UNIQUE (endpoint_id, event_seq)
);
-- The senders' poll reads only what is still to send.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (endpoint_id, event_seq) WHERE state = 'pending';

-- Each try: the receiver's status (none when it did not answer), what it said (at most 1 KB,
-- with anything that looks like a secret blanked) and how long it took.
CREATE TABLE webhook_attempts (
    id BIGSERIAL PRIMARY KEY,
    delivery_id BIGINT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempted_at TIMESTAMP NOT NULL,
    status INTEGER,
    outcome TEXT NOT NULL,
    response TEXT NOT NULL,
    duration_ms INTEGER NOT NULL
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id);

-- The webhooks read the order spine from now on: orders placed before an endpoint existed
-- are not sent.
INSERT INTO event_cursors (consumer, last_seq) SELECT 'webhooks', COALESCE(MAX(seq), 0) FROM order_events;

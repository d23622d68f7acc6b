-- Who made each API key and webhook endpoint (issue 62). A key or endpoint outlives its maker's
-- account: removing a staff member revokes their keys and pauses their endpoints in the same
-- transaction, the reference goes null and the maker's name stays as text.
CREATE TABLE api_keys_kept (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    prefix TEXT NOT NULL,
    secret_hash TEXT NOT NULL UNIQUE,
    scopes TEXT NOT NULL,
    allowed_addresses TEXT NOT NULL,
    created_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP,
    revoked_at TIMESTAMP,
    last_used_at TIMESTAMP,
    request_count BIGINT NOT NULL DEFAULT 0,
    window_started_at TIMESTAMP,
    window_count INTEGER NOT NULL DEFAULT 0,
    maker_name TEXT NOT NULL DEFAULT ''
);
INSERT INTO api_keys_kept (id, name, prefix, secret_hash, scopes, allowed_addresses, created_by, created_at, expires_at, revoked_at,
                           last_used_at, request_count, window_started_at, window_count, maker_name)
SELECT k.id, k.name, k.prefix, k.secret_hash, k.scopes, k.allowed_addresses, k.created_by, k.created_at, k.expires_at, k.revoked_at,
       k.last_used_at, k.request_count, k.window_started_at, k.window_count, COALESCE(u.name, '')
FROM api_keys k LEFT JOIN users u ON u.id = k.created_by;
DROP TABLE api_keys;
ALTER TABLE api_keys_kept RENAME TO api_keys;
CREATE INDEX api_keys_maker ON api_keys (created_by);

-- An endpoint carries only what its maker may read: the person who last saved its URL or
-- events. Endpoints saved before makers were kept wait, paused, for a person to save them.
ALTER TABLE webhook_endpoints ADD COLUMN created_by BIGINT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE webhook_endpoints ADD COLUMN maker_name TEXT NOT NULL DEFAULT '';
ALTER TABLE webhook_endpoints ADD COLUMN paused_reason TEXT;
UPDATE webhook_endpoints SET paused_reason = 'unsaved';
CREATE INDEX webhook_endpoints_maker ON webhook_endpoints (created_by);

-- Who may read an event: a product's, a guest order's, a client order's or a client's (with
-- the sales engineer who looks after them), so a delivery or a replay reaches only endpoints
-- whose makers may read it. Events stored before are for makers who read everything.
ALTER TABLE webhook_events ADD COLUMN audience TEXT NOT NULL DEFAULT 'unknown';
ALTER TABLE webhook_events ADD COLUMN engineer_id BIGINT;

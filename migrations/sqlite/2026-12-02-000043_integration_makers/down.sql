ALTER TABLE webhook_events DROP COLUMN engineer_id;
ALTER TABLE webhook_events DROP COLUMN audience;
DROP INDEX webhook_endpoints_maker;
ALTER TABLE webhook_endpoints DROP COLUMN paused_reason;
ALTER TABLE webhook_endpoints DROP COLUMN maker_name;
ALTER TABLE webhook_endpoints DROP COLUMN created_by;
DROP INDEX api_keys_maker;
DELETE FROM api_keys WHERE created_by IS NULL;
CREATE TABLE api_keys_kept (
    id INTEGER PRIMARY KEY,
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
INSERT INTO api_keys_kept SELECT id, name, prefix, secret_hash, scopes, allowed_addresses, created_by, created_at, expires_at, revoked_at, last_used_at,
    request_count, window_started_at, window_count FROM api_keys;
DROP TABLE api_keys;
ALTER TABLE api_keys_kept RENAME TO api_keys;

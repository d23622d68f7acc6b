-- Who made each API key and webhook endpoint (issue 62). A key or endpoint outlives its maker's
-- account: removing a staff member revokes their keys and pauses their endpoints in the same
-- transaction, the reference goes null and the maker's name stays as text.
ALTER TABLE api_keys ALTER COLUMN created_by DROP NOT NULL;
ALTER TABLE api_keys DROP CONSTRAINT api_keys_created_by_fkey;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_created_by_fkey FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE api_keys ADD COLUMN maker_name TEXT NOT NULL DEFAULT '';
UPDATE api_keys SET maker_name = users.name FROM users WHERE users.id = api_keys.created_by;
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

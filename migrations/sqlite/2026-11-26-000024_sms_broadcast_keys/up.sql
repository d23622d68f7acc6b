-- A broadcast sent under an Idempotency-Key keeps it, so a repeat of the request (a double
-- click, a retry after a lost answer) answers the broadcast already queued instead of sending
-- the message to everybody again. One key per sender.
ALTER TABLE sms_broadcasts ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX sms_broadcasts_key ON sms_broadcasts (created_by, idempotency_key);
CREATE INDEX sms_broadcasts_recent ON sms_broadcasts (created_at);

DROP INDEX sms_broadcasts_recent;
DROP INDEX sms_broadcasts_key;
ALTER TABLE sms_broadcasts DROP COLUMN idempotency_key;

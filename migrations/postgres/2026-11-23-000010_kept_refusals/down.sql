ALTER TABLE idempotency_keys DROP COLUMN refusal_body;
ALTER TABLE idempotency_keys DROP COLUMN refusal_status;

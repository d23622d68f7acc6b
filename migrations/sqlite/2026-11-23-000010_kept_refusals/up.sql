-- The first answer for an Idempotency-Key is kept, refusals too (design §5): a repeat of a
-- refused checkout gets the same answer back instead of asking again.
ALTER TABLE idempotency_keys ADD COLUMN refusal_status INTEGER;
ALTER TABLE idempotency_keys ADD COLUMN refusal_body TEXT;

-- Every keyed request's first answer in one shape: the answer as the HTTP edge wrote it (its
-- status and body), written in the transaction that made what it answers, or alone for a
-- refusal. The column per kind of thing (order, points entry, refusal) and the SMS broadcasts'
-- own key go. Keys kept in the old shape are forgotten: a repeat of a request answered before
-- this release (at most a day old) is asked again.
DROP TABLE idempotency_keys;
CREATE TABLE idempotency_keys (
    caller TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    answer TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (caller, key)
);
DROP INDEX sms_broadcasts_key;
ALTER TABLE sms_broadcasts DROP COLUMN idempotency_key;

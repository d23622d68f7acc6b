-- The shop's SMS to its clients: a client who opts out (by the link every SMS ends with, or
-- in their settings) is kept with when; a broadcast keeps a row per recipient, written with
-- it, which the sending job claims with a lease, so a restart resumes it and nobody gets it
-- twice.
ALTER TABLE users ADD COLUMN sms_opt_out_at TIMESTAMP;

CREATE TABLE sms_broadcasts (
    id INTEGER PRIMARY KEY,
    message TEXT NOT NULL,
    audience_kind TEXT NOT NULL,
    audience_id BIGINT,
    parts INTEGER NOT NULL,
    created_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE sms_recipients (
    id INTEGER PRIMARY KEY,
    broadcast_id BIGINT NOT NULL REFERENCES sms_broadcasts (id) ON DELETE CASCADE,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    phone TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP,
    error TEXT
);
CREATE UNIQUE INDEX sms_recipients_once ON sms_recipients (broadcast_id, user_id);
CREATE INDEX sms_recipients_by_status ON sms_recipients (broadcast_id, status);
CREATE INDEX sms_recipients_due ON sms_recipients (next_attempt_at) WHERE status IN ('pending', 'sending');

-- A new phone or e-mail a user asked for, kept until they enter the code sent to it; the
-- account's contacts stay as they were until then.
CREATE TABLE contact_changes (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    phone TEXT,
    email TEXT,
    requested_at TIMESTAMP NOT NULL
);

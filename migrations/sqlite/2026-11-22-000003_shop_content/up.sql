-- Settings staff change (contacts, shipping rule numbers, points rate), as name and value;
-- the code holds the defaults.
CREATE TABLE shop_settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

-- The about, terms, privacy and refund pages in both languages.
CREATE TABLE pages (
    slug TEXT PRIMARY KEY,
    title_ar TEXT NOT NULL,
    title_en TEXT NOT NULL,
    body_ar TEXT NOT NULL,
    body_en TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

-- Messages sent from the contact page, for staff.
CREATE TABLE contact_messages (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    phone TEXT,
    email TEXT,
    message TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    handled_at TIMESTAMP
);
CREATE INDEX contact_messages_created ON contact_messages (created_at);

-- People as staff manage them (design §5): client groups (named segments that SMS and promo
-- codes aim at), a client's group, staff notes on clients, and promo codes limited to a group.
CREATE TABLE client_groups (
    id INTEGER PRIMARY KEY,
    name_ar TEXT NOT NULL,
    name_en TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
INSERT INTO client_groups (name_ar, name_en, created_at) VALUES
    ('مزارعون', 'Farmers', CURRENT_TIMESTAMP),
    ('زراعة منزلية', 'Home growers', CURRENT_TIMESTAMP),
    ('تجار جملة', 'Wholesalers', CURRENT_TIMESTAMP);

ALTER TABLE users ADD COLUMN group_id BIGINT REFERENCES client_groups (id) ON DELETE SET NULL;
ALTER TABLE copouns ADD COLUMN group_id BIGINT REFERENCES client_groups (id) ON DELETE SET NULL;

-- The staff lists of clients and of staff: newest first within a role, and by group and
-- sales engineer.
CREATE INDEX users_by_role ON users (role, id);
CREATE INDEX users_by_group ON users (group_id, id) WHERE group_id IS NOT NULL;
CREATE INDEX users_by_sales_engineer ON users (sales_engineer_id, id) WHERE sales_engineer_id IS NOT NULL;

CREATE TABLE client_notes (
    id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    author_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX client_notes_by_user ON client_notes (user_id, id);

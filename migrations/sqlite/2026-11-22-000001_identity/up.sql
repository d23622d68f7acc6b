-- Shipping cities: Egypt's governorates with a base shipping cost in piastres.
CREATE TABLE shipping_cities (
    id INTEGER PRIMARY KEY,
    name_ar TEXT NOT NULL,
    name_en TEXT NOT NULL,
    shipping_cost BIGINT NOT NULL CHECK (shipping_cost >= 0),
    active BOOLEAN NOT NULL DEFAULT 1,
    sort_order INTEGER NOT NULL DEFAULT 0
);

-- Staff access roles and the permission strings they hold.
CREATE TABLE access_roles (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    built_in BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE role_permissions (
    role_id BIGINT NOT NULL REFERENCES access_roles (id) ON DELETE CASCADE,
    permission TEXT NOT NULL,
    PRIMARY KEY (role_id, permission)
);

CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT UNIQUE,
    phone TEXT UNIQUE,
    password_hash TEXT,
    role TEXT NOT NULL CHECK (role IN ('customer', 'admin', 'sales')),
    access_role_id BIGINT REFERENCES access_roles (id),
    verified_at TIMESTAMP,
    blocked BOOLEAN NOT NULL DEFAULT 0,
    city_id BIGINT REFERENCES shipping_cities (id),
    country TEXT,
    gender TEXT,
    google_subject TEXT UNIQUE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

-- A token names a session; ending the session revokes the token.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    ended_at TIMESTAMP
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE otps (
    id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    wrong_tries INTEGER NOT NULL DEFAULT 0,
    consumed_at TIMESTAMP
);
CREATE INDEX otps_user_purpose ON otps (user_id, purpose);

-- Failed logins, wrong codes and codes sent, for rate limits shared by every node.
CREATE TABLE auth_attempts (
    id INTEGER PRIMARY KEY,
    attempt_key TEXT NOT NULL,
    at TIMESTAMP NOT NULL
);
CREATE INDEX auth_attempts_key_at ON auth_attempts (attempt_key, at);

-- Every change of a user's points; the balance is the sum.
CREATE TABLE points_ledger (
    id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    delta BIGINT NOT NULL,
    reason TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX points_ledger_user ON points_ledger (user_id);

-- The addresses buyers save for checkout. An address keeps its city; a city used by addresses
-- is deactivated rather than removed (RESTRICT keeps a mistake from orphaning one).
CREATE TABLE addresses (
    id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    city_id BIGINT NOT NULL REFERENCES shipping_cities (id) ON DELETE RESTRICT,
    address TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX addresses_by_user ON addresses (user_id, id);
CREATE INDEX addresses_by_city ON addresses (city_id);

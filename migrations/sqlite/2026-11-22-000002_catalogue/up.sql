-- The catalogue: categories, products with their images, offers.
CREATE TABLE categories (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name_ar TEXT NOT NULL,
    name_en TEXT NOT NULL,
    image TEXT,
    sort_order INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    name_ar TEXT NOT NULL,
    name_en TEXT NOT NULL,
    description_ar TEXT NOT NULL,
    description_en TEXT NOT NULL,
    -- Piastres.
    price BIGINT NOT NULL CHECK (price >= 0),
    -- The product's own discount, percent.
    discount INTEGER NOT NULL DEFAULT 0 CHECK (discount BETWEEN 0 AND 100),
    expires_at DATE,
    weight_grams BIGINT NOT NULL CHECK (weight_grams >= 0),
    weight_unit TEXT NOT NULL CHECK (weight_unit IN ('kg', 'g')),
    quantity BIGINT NOT NULL CHECK (quantity >= 0),
    featured BOOLEAN NOT NULL DEFAULT 0,
    is_package BOOLEAN NOT NULL DEFAULT 0,
    pieces_per_package INTEGER,
    category_id BIGINT REFERENCES categories (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX products_category ON products (category_id);
CREATE INDEX products_created ON products (created_at);

CREATE TABLE product_images (
    id INTEGER PRIMARY KEY,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX product_images_product ON product_images (product_id);

CREATE TABLE offers (
    id INTEGER PRIMARY KEY,
    title_ar TEXT NOT NULL,
    title_en TEXT NOT NULL,
    banner_image TEXT,
    percentage INTEGER NOT NULL CHECK (percentage BETWEEN 1 AND 90),
    -- An offer covers a category, or the products listed in offer_products.
    category_id BIGINT REFERENCES categories (id) ON DELETE CASCADE,
    starts_at TIMESTAMP NOT NULL,
    ends_at TIMESTAMP NOT NULL,
    active BOOLEAN NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE offer_products (
    offer_id BIGINT NOT NULL REFERENCES offers (id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    PRIMARY KEY (offer_id, product_id)
);

-- Bumped in the same transaction as every catalogue write, so that each node can tell when
-- its in-memory copy of the catalogue is stale.
CREATE TABLE catalogue_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version BIGINT NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (1, 1);

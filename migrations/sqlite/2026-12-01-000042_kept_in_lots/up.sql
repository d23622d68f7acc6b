-- Whether a product is kept in lots travels with its row (issue 42): an order's stock
-- statement, which holds the row, answers it, and an order of products without lots reads no
-- lots. Lots are added and removed only under their product's row lock, which also sets this.
ALTER TABLE products ADD COLUMN kept_in_lots BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE products SET kept_in_lots = EXISTS (SELECT 1 FROM product_lots WHERE product_lots.product_id = products.id);

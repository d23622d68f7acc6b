ALTER TABLE products DROP COLUMN kept_in_lots;

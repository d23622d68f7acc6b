ALTER TABLE catalogue_version DROP COLUMN stock_version;

-- Bumped by every order that takes or gives back stock: a sale makes the nodes reread the
-- quantities only, never the whole catalogue.
ALTER TABLE catalogue_version ADD COLUMN stock_version BIGINT NOT NULL DEFAULT 0;

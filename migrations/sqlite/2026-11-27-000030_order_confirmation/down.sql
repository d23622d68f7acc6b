DROP INDEX orders_awaiting_confirmation;
ALTER TABLE orders DROP COLUMN confirmed_via;
ALTER TABLE orders DROP COLUMN confirmed_by;
ALTER TABLE orders DROP COLUMN confirmed_at;

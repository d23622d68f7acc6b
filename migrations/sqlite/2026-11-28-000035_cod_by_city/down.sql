ALTER TABLE shipping_cities DROP COLUMN cod_fee;
ALTER TABLE shipping_cities DROP COLUMN cod_fee_kind;
ALTER TABLE shipping_cities DROP COLUMN cod_accepted;

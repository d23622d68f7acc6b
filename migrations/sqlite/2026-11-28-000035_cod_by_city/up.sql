-- Cash on delivery per governorate (issue 39): whether a city's buyers can pay at the door and
-- the fee it costs there — none, a flat amount in piastres, or a share of what the courier
-- collects in hundredths of a percent. An order keeps no column of its own for the fee (the
-- orders table is at Diesel's 32 columns): it is what its total holds beyond goods and shipping.
ALTER TABLE shipping_cities ADD COLUMN cod_accepted BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE shipping_cities ADD COLUMN cod_fee_kind TEXT NOT NULL DEFAULT 'none';
ALTER TABLE shipping_cities ADD COLUMN cod_fee BIGINT NOT NULL DEFAULT 0;

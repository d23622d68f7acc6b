DROP TABLE active_ingredients;
DROP TABLE pests;
DROP TABLE crops;
ALTER TABLE products DROP COLUMN agronomy;

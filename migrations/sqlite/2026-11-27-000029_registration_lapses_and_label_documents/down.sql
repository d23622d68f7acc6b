ALTER TABLE products DROP COLUMN sds_pdf;
ALTER TABLE products DROP COLUMN label_pdf;
DROP TABLE registration_lapses;

ALTER TABLE shipments DROP COLUMN remittance_id;
DROP TABLE courier_remittances;

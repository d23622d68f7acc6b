ALTER TABLE addresses DROP COLUMN landmark;
ALTER TABLE addresses DROP COLUMN recipient_phone;
ALTER TABLE addresses DROP COLUMN recipient_name;
ALTER TABLE addresses DROP COLUMN label;

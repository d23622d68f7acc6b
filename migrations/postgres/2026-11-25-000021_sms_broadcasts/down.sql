DROP TABLE sms_recipients;
DROP TABLE sms_broadcasts;
ALTER TABLE users DROP COLUMN sms_opt_out_at;

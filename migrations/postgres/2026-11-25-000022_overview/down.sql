DROP INDEX users_untallied;
DROP INDEX order_history_untallied;
DROP TABLE tally_lock;
DROP TABLE client_day_totals;
DROP TABLE order_status_totals;
DROP TABLE order_day_totals;
ALTER TABLE users DROP COLUMN tallied;
ALTER TABLE order_history DROP COLUMN tallied;

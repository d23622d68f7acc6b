DROP TABLE points_debts;
DROP TABLE order_return_lines;
DROP TABLE order_returns;
ALTER TABLE categories DROP COLUMN returnable;

DROP TABLE order_lot_takes;
DROP TABLE product_lots;
ALTER TABLE orders DROP COLUMN safety_acknowledged;

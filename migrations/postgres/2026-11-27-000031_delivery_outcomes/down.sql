DROP TABLE delivery_attempts;
DROP TABLE order_cancellations;

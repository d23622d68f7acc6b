DROP TABLE cart_items;

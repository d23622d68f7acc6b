DROP TABLE stock_write_offs;

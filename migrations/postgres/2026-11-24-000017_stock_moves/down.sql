DROP SEQUENCE stock_moves;

DROP TABLE stock_alerts;

DROP TABLE webhook_watches;

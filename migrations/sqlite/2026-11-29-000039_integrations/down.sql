DELETE FROM event_cursors WHERE consumer = 'webhooks';
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_events;
DROP TABLE webhook_endpoints;
DROP TABLE api_keys;

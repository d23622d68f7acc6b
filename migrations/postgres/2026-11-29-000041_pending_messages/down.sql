DROP INDEX notifications_read;
DROP INDEX message_queue_pending;

-- The sender's poll reads the messages still to send from an index of those alone, so its
-- cost follows what is pending, not every message the shop ever sent (issue 42); the pruning
-- job finds read notifications past their keeping by the time they were made.
CREATE INDEX message_queue_pending ON message_queue (id) WHERE sent_at IS NULL;
CREATE INDEX notifications_read ON notifications (created_at) WHERE read_at IS NOT NULL;

-- Readers of one notification: how many agents read a broadcast (operator list), and the
-- cascade when a notification is deleted, without scanning every read.
CREATE INDEX notification_reads_notification_idx ON notification_reads (notification_id);

-- Notifications: personal ones (user_id set) and broadcasts to every agent (user_id NULL).
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('broadcast', 'funding', 'refund', 'purchase', 'account')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL,
  created_by uuid REFERENCES users (id)
);
CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_broadcast_created_idx ON notifications (created_at DESC, id DESC) WHERE user_id IS NULL;

-- Who has read what: one row per reader and notification (broadcasts are read per agent).
CREATE TABLE notification_reads (
  notification_id uuid NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, notification_id)
);

-- The dashboard summary aggregates an agent's orders of the last 30 days and of this month.
-- This index serves those range scans by (user_id, created_at) and carries every column the
-- aggregates read, so they are index-only scans: the cost follows the orders in the window,
-- not the agent's whole history (see docs/decisions/020).
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at) INCLUDE (status, service, face_value, price);

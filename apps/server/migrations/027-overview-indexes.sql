-- The console's overview (issue 21) reads every agent's orders by time, not one agent's: these
-- indexes keep its aggregates to the rows of their window (docs/decisions/020's rule).
-- Today's and this month's figures: a range of created_at, carrying every column they read,
-- so the aggregate is an index-only scan of the month's orders.
CREATE INDEX orders_created_idx ON orders (created_at) INCLUDE (status, face_value, price);
-- The last hour's failure rates: orders settled in the window, by service and network.
CREATE INDEX orders_settled_idx ON orders (settled_at) INCLUDE (status, service, service_id)
  WHERE settled_at IS NOT NULL;
-- Pending orders and the oldest of them: the unresolved ones only, by when they were placed.
CREATE INDEX orders_unresolved_created_idx ON orders (created_at) WHERE status IN ('debited', 'pending');

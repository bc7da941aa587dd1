-- The console's overview (issue 21) reads every agent's orders by time, not one agent's: these
-- indexes keep its aggregates to the rows of their window (docs/decisions/020's rule).
-- Today's and this month's figures: a range of orders_created_idx (migration 026), which carries
-- every column they read, so the aggregate is an index-only scan of the month's orders.
-- The last hour's failure rates: orders delivered or failed in the window, by service and
-- network. Partial on the query's own states, so that no index on the state competes with it.
CREATE INDEX orders_settled_idx ON orders (settled_at) INCLUDE (status, service, service_id)
  WHERE status IN ('delivered', 'failed');
-- Pending orders and the oldest of them: orders_unresolved_idx (migration 008), the few unresolved.

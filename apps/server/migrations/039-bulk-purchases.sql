-- Bulk purchases (issue 23, decision 045): one batch of independent orders. A batch is unique
-- per agent by the client's key, so a retry answers the same batch; each row becomes an order
-- through the ordinary purchase, under its own requestId, so a row placed twice is one order.
-- No money is kept here: a row's price and fate are its order's.
CREATE TABLE bulk_purchases (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_key text NOT NULL CHECK (length(client_key) BETWEEN 8 AND 80),
  -- The rows as asked: the same key with other rows is a conflict, not a replay.
  request_hash text NOT NULL,
  source text NOT NULL CHECK (source IN ('dashboard', 'api')),
  row_count int NOT NULL CHECK (row_count BETWEEN 1 AND 1000),
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX bulk_purchases_user_key ON bulk_purchases (user_id, client_key);

-- state: queued (not placed yet), placed (its order exists: the order tells the rest),
-- rejected (never charged: message says why). claimed_until: a worker placing it until then;
-- past it (the process died), the row is claimed again and its requestId replays the order.
CREATE TABLE bulk_purchase_rows (
  bulk_id uuid NOT NULL REFERENCES bulk_purchases (id) ON DELETE CASCADE,
  idx int NOT NULL CHECK (idx >= 0),
  request_id text NOT NULL,
  service text NOT NULL CHECK (service IN ('airtime', 'data')),
  network text NOT NULL,
  phone text NOT NULL,
  amount bigint CHECK (amount > 0),
  plan_code text,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'placed', 'rejected')),
  message text,
  queued_at timestamptz NOT NULL,
  claimed_until timestamptz,
  PRIMARY KEY (bulk_id, idx),
  CHECK ((service = 'airtime') = (amount IS NOT NULL AND plan_code IS NULL))
);
-- The worker takes the oldest queued rows first.
CREATE INDEX bulk_purchase_rows_queued_idx ON bulk_purchase_rows (queued_at, bulk_id, idx) WHERE state = 'queued';

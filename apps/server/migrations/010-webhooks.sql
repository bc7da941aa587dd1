-- Signed webhooks. One endpoint per agent. Its signing secret must be used again at every
-- send, so it cannot be hashed: it is kept encrypted (AES-256-GCM under a key derived from
-- SECRET_KEY for this purpose alone; iv || tag || ciphertext, the agent's id as associated
-- data), with its first 12 characters to show which secret is in use.
CREATE TABLE webhook_endpoints (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  url text CHECK (length(url) <= 2048),
  enabled boolean NOT NULL DEFAULT false,
  secret_encrypted bytea,
  secret_prefix text CHECK (secret_prefix ~ '^whsec_'),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (url IS NOT NULL OR NOT enabled),
  CHECK ((secret_encrypted IS NULL) = (secret_prefix IS NULL))
);

-- The outbox: one row per event per agent, written in the same transaction as the change it
-- reports (an order's settlement), so no event is lost to a crash. `body` is the JSON exactly
-- as sent, the same bytes at every attempt; only the signature's timestamp changes.
CREATE TABLE webhook_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_id text NOT NULL,
  event_type text NOT NULL CHECK (event_type IN ('purchase.delivered', 'purchase.failed', 'test')),
  -- The order an event reports: each order sends each event type at most once.
  order_id uuid REFERENCES orders (id),
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- Pending: when the worker may take it next (also its lease while a send is in flight).
  next_attempt_at timestamptz,
  last_status_code integer,
  last_error text,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz,
  CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
);
CREATE UNIQUE INDEX webhook_deliveries_event_key ON webhook_deliveries (event_id);
CREATE UNIQUE INDEX webhook_deliveries_order_event_key ON webhook_deliveries (order_id, event_type)
  WHERE order_id IS NOT NULL;
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX webhook_deliveries_user_idx ON webhook_deliveries (user_id, id DESC);

-- Every attempt, for the record: when, how long, what the receiver answered or what went wrong.
CREATE TABLE webhook_attempts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempted_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  status_code integer,
  error text
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, id);

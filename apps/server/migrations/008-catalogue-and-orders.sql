-- What agents can buy, synced from the upstream; operators set discounts and prices.
CREATE TABLE catalog_services (
  service_id text PRIMARY KEY,
  category text NOT NULL CHECK (category IN ('airtime', 'data', 'electricity', 'cable', 'result-checker')),
  name text NOT NULL,
  image_url text,
  product_type text NOT NULL CHECK (product_type IN ('fix', 'flexible')),
  min_amount bigint CHECK (min_amount >= 0),
  max_amount bigint CHECK (max_amount >= 0),
  -- The agent's discount off face value, in basis points (150 = 1.5 %).
  discount_bps integer NOT NULL DEFAULT 0 CHECK (discount_bps BETWEEN 0 AND 10000),
  enabled boolean NOT NULL DEFAULT true,
  synced_at timestamptz NOT NULL
);
CREATE INDEX catalog_services_category_idx ON catalog_services (category, service_id);

CREATE TABLE catalog_variations (
  service_id text NOT NULL REFERENCES catalog_services (service_id),
  code text NOT NULL,
  name text NOT NULL,
  face_value bigint NOT NULL CHECK (face_value >= 0),
  -- A fixed agent price set by an operator; otherwise face value less the service discount.
  agent_price bigint CHECK (agent_price > 0),
  enabled boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0,
  synced_at timestamptz NOT NULL,
  PRIMARY KEY (service_id, code)
);

-- One purchase. The debit commits with the order; the upstream is called after; the order
-- settles delivered, failed (refunded once) or stays pending until requery resolves it.
CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  request_id text NOT NULL,
  request_hash text NOT NULL,
  upstream_request_id text NOT NULL,
  service text NOT NULL CHECK (service IN ('airtime', 'data', 'electricity', 'cable', 'result-checker')),
  service_id text NOT NULL,
  variation_code text,
  product_name text NOT NULL,
  recipient text NOT NULL,
  phone text NOT NULL,
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 10),
  subscription_type text,
  face_value bigint NOT NULL CHECK (face_value > 0),
  price bigint NOT NULL CHECK (price > 0),
  status text NOT NULL CHECK (status IN ('debited', 'pending', 'delivered', 'failed')),
  transaction_id uuid REFERENCES wallet_transactions (id),
  refund_transaction_id uuid REFERENCES wallet_transactions (id),
  result jsonb NOT NULL DEFAULT '{}',
  upstream_code text,
  upstream_message text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  sent_at timestamptz,
  settled_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (status <> 'failed' OR refund_transaction_id IS NOT NULL)
);
CREATE UNIQUE INDEX orders_user_request_key ON orders (user_id, request_id);
CREATE UNIQUE INDEX orders_upstream_request_key ON orders (upstream_request_id);
CREATE INDEX orders_unresolved_idx ON orders (next_attempt_at) WHERE status IN ('debited', 'pending');
CREATE INDEX orders_user_recipient_idx ON orders (user_id, service, created_at DESC);

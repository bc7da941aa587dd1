-- More than one upstream, routed per service, with failover that never sells twice
-- (issue 22, docs/decisions/037).

-- The upstreams the provider buys from. The operator configures them (console and CLI); the
-- environment's first configuration seeds them at start. Credentials are sealed with a key
-- derived from the server's secret (AES-256-GCM, the upstream's id as associated data) and never
-- leave the server again.
CREATE TABLE upstreams (
  id text PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9-]{1,31}$'),
  kind text NOT NULL CHECK (kind IN ('vtpass', 'clubkonnect')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  -- Null: the built-in sandbox of its kind, on this server's own port.
  base_url text,
  credentials bytea NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Per service (our service id: a network's airtime or data, a disco, a TV, an exam), the
-- upstreams an order is offered to, in order. A service without routes goes to the catalogue's
-- own upstream alone.
CREATE TABLE upstream_routes (
  service_id text NOT NULL,
  position smallint NOT NULL CHECK (position >= 0),
  upstream_id text NOT NULL REFERENCES upstreams (id),
  PRIMARY KEY (service_id, upstream_id),
  UNIQUE (service_id, position)
);

-- Each upstream's own plans as it lists them, with what it charges the provider, and the plan
-- of our catalogue each one sells (set by the operator, or matched by size and validity).
CREATE TABLE upstream_plans (
  upstream_id text NOT NULL REFERENCES upstreams (id),
  service_id text NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  cost bigint NOT NULL CHECK (cost >= 0),
  variation_code text,
  synced_at timestamptz NOT NULL,
  PRIMARY KEY (upstream_id, service_id, code)
);
CREATE UNIQUE INDEX upstream_plans_mapped_key ON upstream_plans (upstream_id, service_id, variation_code)
  WHERE variation_code IS NOT NULL;

-- The upstream an order is with now, and the plan code that upstream is sent (null: the
-- catalogue's own code). Every order so far was the catalogue upstream's.
ALTER TABLE orders ADD COLUMN upstream_id text NOT NULL DEFAULT 'vtpass';
ALTER TABLE orders ADD COLUMN upstream_variation_code text;

-- The attempts an order moved on from: each ended in a definitive "not processed" from its
-- upstream (or was never sent), under its own upstream request id. The order's row holds the
-- attempt in progress, so a purchase that never fails over writes nothing here.
CREATE TABLE order_attempts (
  order_id uuid NOT NULL REFERENCES orders (id),
  attempt smallint NOT NULL CHECK (attempt >= 1),
  upstream_id text NOT NULL,
  upstream_request_id text NOT NULL UNIQUE,
  upstream_variation_code text,
  verdict text NOT NULL,
  code text NOT NULL,
  message text NOT NULL,
  ended_at timestamptz NOT NULL,
  PRIMARY KEY (order_id, attempt)
);

-- agentdesk_routing: any change to the upstreams, their routes or their plans empties the
-- purchases' cache of them (docs/decisions/026), on every instance.
CREATE FUNCTION notify_routing_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('agentdesk_routing', '');
  RETURN NULL;
END $$;

CREATE TRIGGER upstreams_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON upstreams
FOR EACH STATEMENT EXECUTE FUNCTION notify_routing_change();
CREATE TRIGGER upstream_routes_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON upstream_routes
FOR EACH STATEMENT EXECUTE FUNCTION notify_routing_change();
CREATE TRIGGER upstream_plans_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON upstream_plans
FOR EACH STATEMENT EXECUTE FUNCTION notify_routing_change();

-- An answer saying that an attempt the order moved on from delivered after all: the order may
-- have been sold twice, and an operator must look (the upstream's answer is in alert_detail).
ALTER TABLE orders DROP CONSTRAINT orders_alert_check;
ALTER TABLE orders ADD CONSTRAINT orders_alert_check
  CHECK (alert IN ('upstream-refused', 'delivered-after-refund', 'earlier-attempt-delivered'));

-- Upstream health (issue 22, item 4; decision 040): the last hour's outcomes per upstream and
-- service, read from the orders and the attempts they moved on from; the circuit breaker's
-- openings and the operators' alerts, shared by every instance.

-- The last hour of one upstream's orders (health, the breaker's last attempts, the balance's
-- sales rate): an index range per upstream.
CREATE INDEX orders_upstream_created_idx ON orders (upstream_id, created_at)
  INCLUDE (service_id, status, face_value, upstream_cost, sent_at, settled_at);

-- The last hour of one upstream's moved-on attempts.
CREATE INDEX order_attempts_upstream_ended_idx ON order_attempts (upstream_id, ended_at);

-- One row per opening of an upstream's breaker for a service. `window_start` is when the
-- attempts it judged began to count (the previous opening's end): two instances judging the
-- same attempts open it once.
CREATE TABLE upstream_breaker_openings (
  upstream_id text NOT NULL,
  service_id text NOT NULL,
  window_start timestamptz NOT NULL,
  opened_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  attempts integer NOT NULL CHECK (attempts > 0),
  delivered integer NOT NULL CHECK (delivered >= 0),
  PRIMARY KEY (upstream_id, service_id, window_start)
);
CREATE INDEX upstream_breaker_openings_latest_idx ON upstream_breaker_openings (upstream_id, service_id, closes_at DESC);

-- What operators were told (console and email): a breaker opening, a balance that will not
-- last the day. `dedupe_key` makes each one once (per opening, per upstream and Lagos day).
CREATE TABLE upstream_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('breaker-open', 'low-balance')),
  upstream_id text NOT NULL,
  service_id text,
  dedupe_key text NOT NULL UNIQUE,
  message text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX upstream_alerts_created_idx ON upstream_alerts (created_at DESC);

-- Every exchange with the upstream about an order, per attempt (docs/decisions/035): a pay, a
-- requery, each as the adapter sent and received it, secrets redacted before they reach this
-- table. Written best-effort after the answer and before it is applied: a row that could not be
-- written is logged and never changes what the answer does to the order's money.
CREATE TABLE upstream_exchanges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Orders an order's exchanges as they were written (two may share an instant).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  -- The order the exchange was about (by its upstream request id, when it names one).
  order_id uuid REFERENCES orders (id),
  upstream_request_id text,
  call text NOT NULL CHECK (call IN ('pay', 'requery', 'verify')),
  method text NOT NULL,
  -- The URL's path and query, credentials redacted.
  path text NOT NULL,
  request_body jsonb,
  -- The HTTP status, null when no answer came (a timeout, a dropped connection).
  response_status integer,
  -- The answer as JSON when it was JSON, otherwise its text (cut at 8 KiB) as a JSON string.
  response_body jsonb,
  -- A timeout or a transport error, in words.
  error text,
  -- What the adapter read the answer as (docs/decisions/029) and the upstream's code.
  verdict text,
  code text,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL CHECK (duration_ms >= 0)
);
CREATE INDEX upstream_exchanges_order_idx ON upstream_exchanges (order_id, seq) WHERE order_id IS NOT NULL;

-- The operators' orders list, newest first by (created_at, id). Every index here is written by
-- every purchase, so the list has one of its own: a page filtered by state, service or agent
-- walks it (or the agent's orders_user_created_idx, or orders_unresolved_idx for the few
-- pending ones) and filters, rather than each filter writing an index of its own on every
-- purchase and on every settlement (bench/README.md, 2026-11-25). The rare alerts have their
-- own, written only when an order is alerted.
-- orders_created_idx also carries what the overview's aggregates read (migration 027), so both
-- use one index: read backwards for the newest first, forwards over a day or a month.
CREATE INDEX orders_created_idx ON orders (created_at, id) INCLUDE (status, face_value, price);
CREATE INDEX orders_alert_created_idx ON orders (created_at DESC, id DESC) WHERE alert IS NOT NULL;
-- A search by phone, meter, smartcard, request id or reference finds its few orders first.
CREATE INDEX orders_recipient_idx ON orders (recipient);
CREATE INDEX orders_phone_idx ON orders (phone);
CREATE INDEX orders_request_id_idx ON orders (request_id);
CREATE INDEX orders_transaction_idx ON orders (transaction_id);
CREATE INDEX orders_refund_transaction_idx ON orders (refund_transaction_id) WHERE refund_transaction_id IS NOT NULL;

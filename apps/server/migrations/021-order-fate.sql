-- What decides an order's fate besides its status (docs/decisions/029).
-- `sending_until`: a pay for the order may be in flight until then (the caller's timeout and a
--   margin). The order is never sent again, nor refunded by an operator's force, before it.
-- `alert`: what an operator must look at, set once: `upstream-refused` (the upstream refused a
--   call for a reason of the provider's account: credentials, balance, whitelisting) or
--   `delivered-after-refund` (the upstream says it delivered an order we had refunded). The
--   upstream's own answer is kept in `alert_detail`.
-- `resolved_by`, `resolution_note`: the operator who settled the order, and why (a refund by
--   force names the upstream's answer it overrode).
ALTER TABLE orders
  ADD COLUMN sending_until timestamptz,
  ADD COLUMN alert text CHECK (alert IN ('upstream-refused', 'delivered-after-refund')),
  ADD COLUMN alert_detail text,
  ADD COLUMN alerted_at timestamptz,
  ADD COLUMN resolved_by uuid REFERENCES users (id),
  ADD COLUMN resolution_note text;

-- Operators' list of alerts, newest first.
CREATE INDEX orders_alerted_idx ON orders (alerted_at DESC) WHERE alert IS NOT NULL;

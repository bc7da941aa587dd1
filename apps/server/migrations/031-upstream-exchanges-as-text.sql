-- The exchange log made cheap enough for every purchase (docs/decisions/035, bench/README.md
-- 2026-11-25): what migration 026 wrote cost a quarter of the purchases' throughput.
--
-- The bodies are the text the adapter sent and received, credentials redacted, stored as they
-- are and parsed only when an operator reads them (jsonb parsed and rebuilt every body on every
-- purchase). Rows written before keep their JSON, as text.
ALTER TABLE upstream_exchanges
  ALTER COLUMN request_body TYPE text USING request_body::text,
  ALTER COLUMN response_body TYPE text USING response_body::text;

-- A row is filed under the upstream request id of the order's attempt it belongs to (its own,
-- or for a verification the pay's that followed it) and linked to its order when read, in one
-- place (upstream-exchanges.repo.ts, ORDER_REQUEST_IDS): writing one looks up no order and
-- takes no lock on it (the foreign key's check locked the order's row that its settlement was
-- about to update).
ALTER TABLE upstream_exchanges ADD COLUMN order_request_id text;
UPDATE upstream_exchanges e SET order_request_id = o.upstream_request_id FROM orders o WHERE o.id = e.order_id;
UPDATE upstream_exchanges SET order_request_id = upstream_request_id WHERE order_request_id IS NULL;
DROP INDEX upstream_exchanges_order_idx;
ALTER TABLE upstream_exchanges DROP COLUMN order_id;
CREATE INDEX upstream_exchanges_order_request_idx ON upstream_exchanges (order_request_id, seq);

-- Numbered by its sequence alone: an insert appends to that index's last page, where a random
-- uuid wrote a page anywhere in its own.
ALTER TABLE upstream_exchanges DROP COLUMN id;
ALTER TABLE upstream_exchanges ADD PRIMARY KEY (seq);

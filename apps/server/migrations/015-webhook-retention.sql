-- Webhook deliveries are kept 30 days after they were recorded, once they are settled
-- (delivered or failed); their attempts go with them (ON DELETE CASCADE). This index finds the
-- settled ones by age without reading the pending ones, which the worker's index serves.
CREATE INDEX webhook_deliveries_settled_idx ON webhook_deliveries (created_at) WHERE status <> 'pending';

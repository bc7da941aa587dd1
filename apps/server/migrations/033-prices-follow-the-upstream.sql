-- Prices that follow the upstream (issue 22, item 6; docs/decisions/041).

-- How each level's prices follow a change of the catalogue upstream's amount for a plan:
-- 'keep-discount' moves the price in proportion (the agent keeps the same share off the face
-- value), 'keep-margin' moves it by the same naira (the agent keeps the same naira off).
ALTER TABLE price_levels ADD COLUMN follow_rule text NOT NULL DEFAULT 'keep-discount'
  CHECK (follow_rule IN ('keep-discount', 'keep-margin'));

-- Why a plan was switched off by a cost that rose above a level's price (null: it was not, or an
-- operator switched it on again since). The switch itself is `enabled`, the operators' own, so
-- that switching the plan back on is the operators' decision, made as before.
ALTER TABLE catalog_variations ADD COLUMN off_reason text CHECK (length(off_reason) BETWEEN 1 AND 500);
ALTER TABLE catalog_variations ADD COLUMN off_at timestamptz;
ALTER TABLE catalog_variations ADD CONSTRAINT catalog_variations_off_check
  CHECK ((off_reason IS NULL) = (off_at IS NULL) AND (off_reason IS NULL OR NOT enabled));

-- Agents are told of the prices that changed for them.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('broadcast', 'funding', 'refund', 'purchase', 'account', 'referral', 'prices'));

-- Reseller clients receive `catalog.updated` when their prices or plans change.
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_type_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_type_check
  CHECK (event_type IN ('purchase.delivered', 'purchase.failed', 'catalog.updated', 'test'));

-- A plan the upstream no longer lists cannot be sold: selling it would only come back failed
-- (code 010) and be refunded. `listed` is the upstream's word, kept apart from `enabled`, the
-- operators' switch: a plan listed again on a later sync is for sale again, unless an operator
-- switched it off.
ALTER TABLE catalog_variations ADD COLUMN listed boolean NOT NULL DEFAULT true;

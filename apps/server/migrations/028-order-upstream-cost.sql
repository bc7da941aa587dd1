-- What the upstream debited us for a delivered order, in kobo, when its answer said
-- (VTpass's total_amount: the amount less its commission). Null when it did not: the
-- console's cost and margin are then unknown rather than guessed (issue 21, decision 036).
ALTER TABLE orders ADD COLUMN upstream_cost bigint CHECK (upstream_cost >= 0);

-- The overview's aggregates read it with the rest, still from the index alone.
DROP INDEX orders_created_idx;
CREATE INDEX orders_created_idx ON orders (created_at, id) INCLUDE (status, face_value, price, upstream_cost);

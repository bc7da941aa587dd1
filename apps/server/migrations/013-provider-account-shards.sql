-- Every purchase debits a wallet and credits the provider's upstream float in one
-- transaction, and a row lock lasts until commit: with one float account, every purchase
-- of every agent queued behind the one before it (75 % of busy backends waited on that lock
-- in bench/purchases.mjs). The float is split into 16 accounts of the same kind; a movement
-- picks one from its idempotency key, and the float's balance is their sum.
-- See docs/decisions/022-sharded-provider-accounts.md.
INSERT INTO ledger_accounts (code, kind, allow_negative)
SELECT 'provider:upstream_float:' || n, 'upstream_float', true FROM generate_series(1, 15) AS n;

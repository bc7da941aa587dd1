-- Fewer round trips per purchase (docs/decisions/023-fewer-round-trips-per-purchase.md).
--
-- post_movement: a journal entry, the balances it moves and its postings, in one call. It
-- answers one row per posting (the account's code and its balance after), or no rows when
-- the idempotency key was already posted. Accounts are locked in the order of their codes, so
-- concurrent movements never deadlock; a wallet's first movement creates it (a wallet's code
-- is `wallet:<user id>`). The CHECK on wallets refuses a balance below zero (23514) and the
-- deferred trigger of 002 refuses, at commit, an entry whose postings do not sum to zero.
-- The caller (apps/server/src/modules/ledger/ledger.service.ts) sorts, checks and balances the
-- postings; this only applies them.
CREATE FUNCTION post_movement(
  p_kind text, p_key text, p_description text, p_at timestamptz, p_codes text[], p_amounts bigint[]
) RETURNS TABLE (entry_id uuid, code text, balance_after bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_entry uuid;
  v_locked integer;
BEGIN
  IF cardinality(p_codes) IS DISTINCT FROM cardinality(p_amounts) OR cardinality(p_codes) < 2 THEN
    RAISE EXCEPTION 'post_movement: % codes, % amounts', cardinality(p_codes), cardinality(p_amounts);
  END IF;
  INSERT INTO journal_entries (kind, idempotency_key, description, created_at)
  VALUES (p_kind, p_key, p_description, p_at)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_entry;
  IF v_entry IS NULL THEN
    RETURN;
  END IF;

  PERFORM 1 FROM ledger_accounts a WHERE a.code = ANY (p_codes) ORDER BY a.code FOR UPDATE;
  GET DIAGNOSTICS v_locked = ROW_COUNT;
  IF v_locked < cardinality(p_codes) THEN
    INSERT INTO ledger_accounts (code, kind, user_id)
    SELECT c, 'wallet', substr(c, 8)::uuid FROM unnest(p_codes) AS c WHERE c LIKE 'wallet:%'
    ON CONFLICT (code) DO NOTHING;
    PERFORM 1 FROM ledger_accounts a WHERE a.code = ANY (p_codes) ORDER BY a.code FOR UPDATE;
    GET DIAGNOSTICS v_locked = ROW_COUNT;
    IF v_locked < cardinality(p_codes) THEN
      RAISE EXCEPTION 'post_movement: a ledger account of % is missing', p_codes;
    END IF;
  END IF;

  RETURN QUERY
  WITH moved AS (
    UPDATE ledger_accounts a SET balance = a.balance + p.amount
    FROM unnest(p_codes, p_amounts) AS p (code, amount)
    WHERE a.code = p.code
    RETURNING a.id, a.code, a.balance, p.amount
  ), posted AS (
    INSERT INTO postings (entry_id, account_id, amount, balance_after)
    SELECT v_entry, moved.id, moved.amount, moved.balance FROM moved
  )
  SELECT v_entry, moved.code, moved.balance FROM moved;
END $$;

-- post_wallet_movement: post_movement for a movement of one agent's wallet, with the history
-- row the agent sees (wallet_transactions), in the same call. Answers the entry and the
-- wallet's balance before and after, or no rows when the idempotency key was already posted.
-- The caller chooses the history row's id, so that another row can point at it.
CREATE FUNCTION post_wallet_movement(
  p_kind text, p_key text, p_description text, p_at timestamptz, p_codes text[], p_amounts bigint[],
  p_user_id uuid, p_transaction_id uuid, p_ref text, p_status text, p_name text,
  p_service text, p_recipient text, p_image_url text, p_details jsonb
) RETURNS TABLE (entry_id uuid, balance_before bigint, balance_after bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_entry uuid;
  v_after bigint;
  v_amount bigint;
BEGIN
  IF array_position(p_codes, 'wallet:' || p_user_id) IS NULL THEN
    RAISE EXCEPTION 'post_wallet_movement: the movement does not post to the wallet of %', p_user_id;
  END IF;
  SELECT m.entry_id, m.balance_after INTO v_entry, v_after
  FROM post_movement(p_kind, p_key, p_description, p_at, p_codes, p_amounts) AS m
  WHERE m.code = 'wallet:' || p_user_id;
  IF v_entry IS NULL THEN
    RETURN;
  END IF;
  v_amount := p_amounts[array_position(p_codes, 'wallet:' || p_user_id)];
  INSERT INTO wallet_transactions (id, user_id, entry_id, ref, type, status, direction, amount, balance_before,
    balance_after, name, description, service, recipient, image_url, details, created_at, updated_at)
  VALUES (p_transaction_id, p_user_id, v_entry, p_ref, p_kind, p_status,
    CASE WHEN v_amount > 0 THEN 'credit' ELSE 'debit' END, abs(v_amount), v_after - v_amount,
    v_after, p_name, p_description, p_service, p_recipient, p_image_url, p_details, p_at, p_at);
  RETURN QUERY SELECT v_entry, v_after - v_amount, v_after;
END $$;

-- An order is inserted already pointing at the history row its debit writes next, in the same
-- transaction: the reference is checked at commit.
ALTER TABLE orders ALTER CONSTRAINT orders_transaction_id_fkey DEFERRABLE INITIALLY DEFERRED;

-- Room on each page for the settlement's update of a row written a moment before: an update
-- that changes no indexed column then stays on its page (a HOT update) and touches no index.
ALTER TABLE wallet_transactions SET (fillfactor = 85);

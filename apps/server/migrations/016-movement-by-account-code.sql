-- post_movement (migration 014) reads each account it moves through the unique index on its
-- code, one account at a time, in the order of the codes.
--
-- 014 locked the accounts with `code = ANY (p_codes)` and moved them with a join on
-- `unnest(p_codes, p_amounts)`. PL/pgSQL runs both as generic plans, which cannot see that the
-- arrays hold two or three codes: the planner assumed ten, and with a thousand accounts it
-- judged a sequential scan of all of them cheaper than ten index probes. Every purchase then
-- read every ledger account twice (bench/purchases.mjs, "rows read by sequential scans"),
-- a cost that grew with the number of agents. An UPDATE by one code always uses the index.
--
-- What it does is unchanged: answers one row per posting (the account's code and its balance
-- after), or no rows when the idempotency key was already posted; accounts are locked (by the
-- UPDATE) in the order of their codes, so concurrent movements never deadlock; a wallet's
-- first movement creates it; a missing provider account fails the whole call.
CREATE OR REPLACE FUNCTION post_movement(
  p_kind text, p_key text, p_description text, p_at timestamptz, p_codes text[], p_amounts bigint[]
) RETURNS TABLE (entry_id uuid, code text, balance_after bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_entry uuid;
  v_code text;
  v_amount bigint;
  v_account uuid;
  v_balance bigint;
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

  FOR v_code, v_amount IN SELECT u.c, u.a FROM unnest(p_codes, p_amounts) AS u (c, a) ORDER BY u.c LOOP
    UPDATE ledger_accounts a SET balance = a.balance + v_amount WHERE a.code = v_code
    RETURNING a.id, a.balance INTO v_account, v_balance;
    IF v_account IS NULL AND v_code LIKE 'wallet:%' THEN
      INSERT INTO ledger_accounts (code, kind, user_id) VALUES (v_code, 'wallet', substr(v_code, 8)::uuid)
      ON CONFLICT (code) DO NOTHING;
      UPDATE ledger_accounts a SET balance = a.balance + v_amount WHERE a.code = v_code
      RETURNING a.id, a.balance INTO v_account, v_balance;
    END IF;
    IF v_account IS NULL THEN
      RAISE EXCEPTION 'post_movement: a ledger account of % is missing', p_codes;
    END IF;
    INSERT INTO postings (entry_id, account_id, amount, balance_after) VALUES (v_entry, v_account, v_amount, v_balance);
    entry_id := v_entry;
    code := v_code;
    balance_after := v_balance;
    RETURN NEXT;
  END LOOP;
END $$;

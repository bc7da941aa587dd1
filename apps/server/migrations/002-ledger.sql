-- Double-entry ledger. Every money movement is one journal entry whose postings sum to
-- zero; each account's balance is kept beside it in the same transaction. Wallets may
-- never go negative; the provider's own accounts may (they mirror money held elsewhere).
CREATE TABLE ledger_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('wallet', 'funding_clearing', 'gateway_clearing', 'upstream_float', 'revenue', 'refunds', 'bonuses', 'adjustments', 'fees')),
  user_id uuid REFERENCES users (id),
  balance bigint NOT NULL DEFAULT 0,
  allow_negative boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_balance_check CHECK (allow_negative OR balance >= 0),
  CONSTRAINT ledger_accounts_wallet_owner_check CHECK ((kind = 'wallet') = (user_id IS NOT NULL)),
  CONSTRAINT ledger_accounts_wallet_not_negative CHECK (kind <> 'wallet' OR NOT allow_negative)
);
CREATE UNIQUE INDEX ledger_accounts_code_key ON ledger_accounts (code);
CREATE UNIQUE INDEX ledger_accounts_user_key ON ledger_accounts (user_id) WHERE user_id IS NOT NULL;

INSERT INTO ledger_accounts (code, kind, allow_negative) VALUES
  ('provider:funding_clearing', 'funding_clearing', true),
  ('provider:gateway_clearing', 'gateway_clearing', true),
  ('provider:upstream_float', 'upstream_float', true),
  ('provider:revenue', 'revenue', true),
  ('provider:refunds', 'refunds', true),
  ('provider:bonuses', 'bonuses', true),
  ('provider:adjustments', 'adjustments', true),
  ('provider:fees', 'fees', true);

CREATE TABLE journal_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  -- What makes a retry the same movement: a funding request id, a gateway reference...
  idempotency_key text NOT NULL,
  description text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX journal_entries_idempotency_key ON journal_entries (idempotency_key);

CREATE TABLE postings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id uuid NOT NULL REFERENCES journal_entries (id),
  account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL
);
CREATE INDEX postings_entry_idx ON postings (entry_id);
CREATE INDEX postings_account_idx ON postings (account_id, id);

-- Checked at commit: an entry whose postings do not sum to zero cannot exist.
CREATE FUNCTION journal_entry_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  n integer;
BEGIN
  SELECT coalesce(sum(amount), 0), count(*) INTO total, n FROM postings WHERE entry_id = NEW.entry_id;
  IF n < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance (% postings, sum %)', NEW.entry_id, n, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER postings_balance_check AFTER INSERT OR UPDATE ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balances();

-- Postings are history: never changed, never removed.
CREATE FUNCTION postings_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'postings are immutable' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER postings_no_update BEFORE UPDATE OR DELETE ON postings FOR EACH ROW EXECUTE FUNCTION postings_are_immutable();
CREATE TRIGGER journal_entries_no_update BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION postings_are_immutable();

-- What the agent sees: one row per movement of their wallet (and per pending purchase).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE wallet_transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  entry_id uuid REFERENCES journal_entries (id),
  ref text NOT NULL,
  type text NOT NULL CHECK (type IN ('funding', 'purchase', 'refund', 'commission', 'referral_bonus', 'adjustment')),
  status text NOT NULL CHECK (status IN ('pending', 'success', 'failed', 'reversed')),
  direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
  amount bigint NOT NULL CHECK (amount > 0),
  balance_before bigint NOT NULL CHECK (balance_before >= 0),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  name text NOT NULL,
  description text NOT NULL,
  service text,
  recipient text,
  image_url text,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  search_text text GENERATED ALWAYS AS (lower(name || ' ' || ref || ' ' || coalesce(recipient, '') || ' ' || description)) STORED,
  CONSTRAINT wallet_transactions_balance_moves CHECK (
    (direction = 'credit' AND balance_after = balance_before + amount) OR
    (direction = 'debit' AND balance_after = balance_before - amount)
  )
);
CREATE UNIQUE INDEX wallet_transactions_ref_key ON wallet_transactions (ref);
CREATE INDEX wallet_transactions_user_created_idx ON wallet_transactions (user_id, created_at DESC, id DESC);
CREATE INDEX wallet_transactions_search_idx ON wallet_transactions USING gin (search_text public.gin_trgm_ops);

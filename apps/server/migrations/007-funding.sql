-- The provider's bank accounts that agents transfer to, with their charge and minimum.
CREATE TABLE funding_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bank_name text NOT NULL,
  bank_code text NOT NULL,
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{10}$'),
  account_name text NOT NULL,
  instructions text NOT NULL DEFAULT '',
  charge_flat bigint NOT NULL DEFAULT 0 CHECK (charge_flat >= 0),
  charge_bps integer NOT NULL DEFAULT 0 CHECK (charge_bps BETWEEN 0 AND 10000),
  minimum bigint NOT NULL DEFAULT 100 CHECK (minimum > 0),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX funding_accounts_number_key ON funding_accounts (bank_code, account_number);

-- Transfers agents report; an operator approves (credits once) or rejects them.
CREATE TABLE funding_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  funding_account_id uuid NOT NULL REFERENCES funding_accounts (id),
  amount bigint NOT NULL CHECK (amount > 0),
  charge bigint NOT NULL CHECK (charge >= 0 AND charge < amount),
  sender_name text NOT NULL,
  reference text NOT NULL,
  transfer_date date NOT NULL,
  proof_name text,
  proof_type text,
  proof bytea,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reject_reason text,
  reviewed_by uuid REFERENCES users (id),
  reviewed_at timestamptz,
  transaction_id uuid REFERENCES wallet_transactions (id),
  created_at timestamptz NOT NULL,
  CHECK ((status = 'approved') = (transaction_id IS NOT NULL)),
  CHECK ((status = 'rejected') = (reject_reason IS NOT NULL))
);
CREATE INDEX funding_requests_user_created_idx ON funding_requests (user_id, created_at DESC, id DESC);
CREATE INDEX funding_requests_status_created_idx ON funding_requests (status, created_at, id);
-- The same bank transfer cannot be reported twice while the first report stands.
CREATE UNIQUE INDEX funding_requests_reference_key ON funding_requests (funding_account_id, lower(reference)) WHERE status <> 'rejected';

-- Gateway virtual accounts (Paystack dedicated NUBAN, Monnify reserved account) of each agent.
CREATE TABLE virtual_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  provider text NOT NULL CHECK (provider IN ('paystack', 'monnify')),
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{10}$'),
  bank_name text NOT NULL,
  account_name text NOT NULL,
  -- Paystack customer code or Monnify account reference: how the webhook names the agent.
  provider_reference text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX virtual_accounts_number_key ON virtual_accounts (provider, account_number);
CREATE UNIQUE INDEX virtual_accounts_reference_key ON virtual_accounts (provider, provider_reference);
CREATE UNIQUE INDEX virtual_accounts_user_key ON virtual_accounts (user_id, provider);

-- Every signed gateway event, once per provider reference, with what became of it.
CREATE TABLE gateway_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL,
  reference text NOT NULL,
  user_id uuid REFERENCES users (id),
  amount bigint,
  outcome text NOT NULL CHECK (outcome IN ('credited', 'ignored', 'unmatched')),
  transaction_id uuid REFERENCES wallet_transactions (id),
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX gateway_events_reference_key ON gateway_events (provider, reference);

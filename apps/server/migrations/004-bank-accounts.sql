-- The agent's own bank accounts (payouts and refunds). bank_code is our code of the bank
-- (its NIP code, or its CBN code when it has none); the name is what the bank answered.
CREATE TABLE bank_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  bank_code text NOT NULL CHECK (bank_code ~ '^([0-9]{3}|[0-9]{6})$'),
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{10}$'),
  account_name text NOT NULL CHECK (length(account_name) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX bank_accounts_user_bank_number_key ON bank_accounts (user_id, bank_code, account_number);
CREATE INDEX bank_accounts_user_created_idx ON bank_accounts (user_id, created_at DESC, id DESC);

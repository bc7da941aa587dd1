-- The referral programme. Every user already has a unique referral_code and an optional
-- referred_by (migration 001), so there is nothing to backfill: this adds the bonus rule
-- operators set and the bonuses paid.

-- The rule, one row like provider_settings. Zero turns a part off; both are off at first.
CREATE TABLE referral_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- Kobo paid to the referrer when the referred agent's first funding is credited.
  funding_bonus bigint NOT NULL DEFAULT 0 CHECK (funding_bonus >= 0),
  -- Share of the referred agent's margin (face value less price), in basis points (1000 = 10 %) ...
  margin_bps integer NOT NULL DEFAULT 0 CHECK (margin_bps BETWEEN 0 AND 10000),
  -- ... on their first this-many delivered purchases.
  margin_purchases integer NOT NULL DEFAULT 0 CHECK (margin_purchases BETWEEN 0 AND 1000),
  updated_at timestamptz,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL
);
INSERT INTO referral_settings (id) VALUES (true);

-- One row per bonus paid. The unique event key makes a second attempt at the same event a
-- no-op; the ledger entry carries the same key (prefixed 'referral:') as its idempotency key.
CREATE TABLE referral_bonuses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  referrer_id uuid NOT NULL REFERENCES users (id),
  referred_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('first_funding', 'purchase_margin')),
  -- 'first-funding:<referred user id>' or 'order:<order id>'.
  event_key text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  -- The referrer's wallet credit.
  transaction_id uuid NOT NULL REFERENCES wallet_transactions (id),
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX referral_bonuses_event_key ON referral_bonuses (event_key);
CREATE INDEX referral_bonuses_referrer_idx ON referral_bonuses (referrer_id, referred_id);
CREATE INDEX referral_bonuses_referred_kind_idx ON referral_bonuses (referred_id, kind);

-- The referrer's list of agents, newest first, by keyset.
CREATE INDEX users_referred_by_idx ON users (referred_by, created_at DESC, id DESC) WHERE referred_by IS NOT NULL;

-- Referrers are told when a bonus is paid.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('broadcast', 'funding', 'refund', 'purchase', 'account', 'referral'));

-- Agents as operators manage them (issue 21, item 2; docs/decisions/033): suspension, the
-- agents' search, and wallet adjustments with a second operator's approval above a threshold.

-- A suspended agent cannot sign in, and has no live session nor usable API key (its sessions
-- are revoked with the suspension; the session and key lookups refuse it besides).
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
ALTER TABLE users ADD COLUMN suspension_reason text;
ALTER TABLE users ADD CONSTRAINT users_suspension_check
  CHECK ((suspended_at IS NULL) = (suspension_reason IS NULL) AND (suspended_at IS NULL OR role = 'agent'));

-- The agents' list, newest first, by cursor; and the suspended agents apart (a few rows).
CREATE INDEX users_agents_idx ON users (created_at DESC, id DESC) WHERE role = 'agent';
CREATE INDEX users_agents_suspended_idx ON users (created_at DESC, id DESC)
  WHERE role = 'agent' AND suspended_at IS NOT NULL;

-- The agents' search: any part of a name, username, email or phone (three characters or more),
-- by trigram. The expression is the one agents-admin.repo.ts searches with. Not partial: the
-- search's first step names no role, so that the only index it can use is this one (the
-- handful of operators' rows cost nothing).
CREATE INDEX users_search_idx ON users
  USING gin ((lower(first_name || ' ' || last_name || ' ' || username || ' ' || email || ' ' || phone)) public.gin_trgm_ops);

-- An operator's credit or debit of a wallet. Posted at once up to the approval threshold;
-- above it pending until a second, different operator approves (posted) or rejects it.
-- The client's idempotency key makes a retry the same adjustment; the journal entry's key
-- (`adjustment:<id>`) makes it post once.
CREATE TABLE wallet_adjustments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL REFERENCES users (id),
  direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
  amount bigint NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  idempotency_key text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'posted', 'rejected')),
  requested_by uuid NOT NULL REFERENCES users (id),
  decided_by uuid REFERENCES users (id),
  decided_at timestamptz,
  decision_reason text,
  transaction_id uuid REFERENCES wallet_transactions (id),
  balance_before bigint,
  balance_after bigint,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((status = 'posted') = (transaction_id IS NOT NULL)),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  -- Approved or rejected by someone else than the requester (posted at once: nobody decided).
  CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
CREATE UNIQUE INDEX wallet_adjustments_key ON wallet_adjustments (agent_id, idempotency_key);
CREATE INDEX wallet_adjustments_agent_idx ON wallet_adjustments (agent_id, created_at DESC, id DESC);

-- Identity checks of agents (decision 046): the BVN or NIN is kept only encrypted (AES-256-GCM,
-- bound to the agent's id) and masked; never in plain text.
CREATE TABLE agent_kyc (
  user_id uuid PRIMARY KEY REFERENCES users (id),
  id_type text NOT NULL CHECK (id_type IN ('bvn', 'nin')),
  id_ciphertext text NOT NULL CHECK (id_ciphertext LIKE 'v1:%'),
  id_masked text NOT NULL CHECK (id_masked ~ '^[0-9]{3}\*{4}[0-9]{4}$'),
  first_name text NOT NULL,
  last_name text NOT NULL,
  -- submitted: the gateways are being asked (a submit in flight); verified: every enabled gateway
  -- opened the agent's account; failed: refused or unreachable, the agent may submit again.
  status text NOT NULL CHECK (status IN ('submitted', 'verified', 'failed')),
  failure_message text,
  submitted_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  verified_at timestamptz,
  CONSTRAINT agent_kyc_failed_message_check CHECK (status <> 'failed' OR failure_message IS NOT NULL)
);

-- What the gateway's verify call said, and the fee kept, on each payment.
ALTER TABLE gateway_events
  ADD COLUMN fee bigint CHECK (fee IS NULL OR fee >= 0),
  ADD COLUMN verify_note text;

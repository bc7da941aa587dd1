-- Reseller API keys: `adk_` + 32 random bytes. Only an HMAC-SHA256 of the key under a key
-- derived from SECRET_KEY is kept (a database leak alone cannot test guesses), with its
-- first 12 characters to tell keys apart. Revoked keys stay, marked, for the agent's record.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  key_hash bytea NOT NULL,
  prefix text NOT NULL CHECK (prefix ~ '^adk_'),
  -- Addresses or CIDR ranges the key may be used from; empty: anywhere.
  allowed_ips jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(allowed_ips) = 'array'),
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE UNIQUE INDEX api_keys_key_hash_key ON api_keys (key_hash);
CREATE INDEX api_keys_user_created_idx ON api_keys (user_id, created_at DESC, id DESC);

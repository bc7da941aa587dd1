-- People who sign in: agents, and the provider's operators.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  role text NOT NULL DEFAULT 'agent' CHECK (role IN ('agent', 'operator')),
  first_name text NOT NULL,
  last_name text NOT NULL,
  username text NOT NULL CHECK (username ~ '^[a-z0-9_.]{3,30}$'),
  email text NOT NULL CHECK (email = lower(email)),
  phone text NOT NULL CHECK (phone ~ '^0[789][01][0-9]{8}$'),
  password_hash text NOT NULL,
  referral_code text NOT NULL,
  referred_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_username_key ON users (username);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_phone_key ON users (phone);
CREATE UNIQUE INDEX users_referral_code_key ON users (referral_code);

-- Bearer sessions: only the SHA-256 of the token is kept.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  user_agent text,
  ip text
);
CREATE UNIQUE INDEX sessions_token_hash_key ON sessions (token_hash);
CREATE INDEX sessions_user_active_idx ON sessions (user_id) WHERE revoked_at IS NULL;

-- One-time password-reset codes (argon2id hash) and the reset tokens they are exchanged for (SHA-256).
CREATE TABLE password_resets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  code_expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  token_hash bytea,
  token_expires_at timestamptz,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at DESC);
CREATE UNIQUE INDEX password_resets_token_hash_key ON password_resets (token_hash) WHERE token_hash IS NOT NULL;

-- Every email goes through this outbox: delivered by SMTP when configured, otherwise kept
-- for development. The text of a delivered email is erased.
CREATE TABLE email_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text,
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'development')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE INDEX email_outbox_created_idx ON email_outbox (created_at DESC);
CREATE INDEX email_outbox_pending_idx ON email_outbox (created_at) WHERE status = 'pending';
